"""Who won a game of Maestro Leonardo and why, in the reader's language: the winner with their money,
the rule that decides (scoring.winner, bound over the pack: 001 §11), what broke each tie on money
(the tie-breaks the pack's data lists, in order), and the standings."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from regola.games.maestro_leonardo.table import money
from regola.text.speech import Speech

__all__ = ["summary"]


def _tie_words(speech: Speech, game: Any) -> list[str]:
    """One phrase per element of the standings key (rounds.standings_key), in the data's order."""
    rules = game.ruleset.rules
    phrases: list[str] = []
    for tie_break in rules.tie_breaks:
        if tie_break == "money":
            phrases.append(speech.gettext("more money"))
        elif tie_break == "inventions":
            phrases.append(speech.gettext("more inventions"))
        elif tie_break == "tier_counts":
            phrases += [speech.gettext("more inventions of tier {tier}", tier=speech.name("tiers", tier))
                        for tier in reversed(rules.tiers)]
    return phrases


def summary(game: Any, speech: Speech) -> list[str]:
    from regola.text.present import rule_line, sentence, table

    result: list[dict[str, Any]] = game.result() or []
    if not result:
        return [speech.gettext("The game ended before its final scoring.")]
    color = {r["seat"]: speech.name("colors", r["color"]) for r in result}
    winners = [r for r in result if r["rank"] == 1]
    amount = money(speech, winners[0]["money"])
    if len(winners) == 1:
        lines = [speech.gettext("{who} wins with {money}.", who=color[winners[0]["seat"]], money=amount)]
    else:
        lines = [speech.gettext("{who} share the win with {money} each.",
                                who=speech.words.join(color[r["seat"]] for r in winners), money=amount)]
    lines.append(rule_line(game, speech, "scoring.winner"))
    phrases = _tie_words(speech, game)
    for ahead, behind in pairwise(result):
        if ahead["money"] != behind["money"] or ahead["rank"] == behind["rank"]:
            continue
        i = next(i for i, (a, b) in enumerate(zip(ahead["key"], behind["key"], strict=True)) if a != b)
        lines.append(speech.gettext("{first} and {second} both have {money}; {first} is ahead on the tie-break: "
                                    "{reason} ({a} to {b}).", first=color[ahead["seat"]], second=color[behind["seat"]],
                                    money=money(speech, ahead["money"]), reason=phrases[i] if i < len(phrases) else "",
                                    a=ahead["key"][i], b=behind["key"][i]))
    headers = [speech.gettext("rank"), speech.gettext("colour"), speech.gettext("money"),
               speech.gettext("end bonus"), speech.gettext("inventions"), speech.gettext("completed")]
    rows = [[speech.gettext("{rank}.", rank=r["rank"]), color[r["seat"]], money(speech, r["money"]),
             speech.number(r["bonus"]), speech.number(r["inventions"]), speech.number(r["completed"])]
            for r in result]
    return [sentence(line) for line in lines] + table(headers, rows)

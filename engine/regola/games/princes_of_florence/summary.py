"""Who won a game of Princes of Florence and why, in the reader's language: the winner with their
prestige, the rule that decides (scoring.winner, 004 Zakończenie gry), a tie on prestige broken by
money, and the standings (seats numbered as `regola play --human` numbers them)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from regola.text.speech import Speech

__all__ = ["summary"]


def summary(game: Any, speech: Speech) -> list[str]:
    from regola.text.present import rule_line, sentence, table

    result: list[dict[str, Any]] = game.result() or []
    if not result:
        return [speech.gettext("The game ended before its final scoring.")]
    seat = {r["seat"]: speech.gettext("seat {seat}", seat=str(r["seat"])) for r in result}
    winners = [r for r in result if r["rank"] == 1]
    points = speech.amount(winners[0]["prestige"], "point")
    if len(winners) == 1:
        lines = [speech.gettext("{who} wins with {prestige}.", who=seat[winners[0]["seat"]], prestige=points)]
    else:
        lines = [speech.gettext("{who} share the win with {prestige} each.",
                                who=speech.words.join(seat[r["seat"]] for r in winners), prestige=points)]
    lines.append(rule_line(game, speech, "scoring.winner"))
    for ahead, behind in pairwise(result):
        if ahead["prestige"] == behind["prestige"] and ahead["rank"] != behind["rank"]:
            lines.append(speech.gettext("{first} and {second} both have {prestige}; {first} is ahead on money "
                                        "({a} to {b}).", first=seat[ahead["seat"]], second=seat[behind["seat"]],
                                        prestige=speech.amount(ahead["prestige"], "point"),
                                        a=speech.amount(ahead["money"], "floren"),
                                        b=speech.amount(behind["money"], "floren")))
    headers = [speech.gettext("rank"), speech.gettext("seat"), speech.gettext("prestige"), speech.gettext("money"),
               speech.gettext("from prestige cards")]
    rows = [[speech.gettext("{rank}.", rank=r["rank"]), speech.number(r["seat"]),
             speech.amount(r["prestige"], "point"), speech.amount(r["money"], "floren"),
             speech.number(r["prestige_cards"])] for r in result]
    return [sentence(line) for line in lines] + table(headers, rows)

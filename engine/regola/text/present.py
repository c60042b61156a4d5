"""The words a game says about its result at a terminal: who won and why, what broke each tie, and the
standings (``summary``, one for every game, shaped by the game's :class:`Standing`), with its small
pieces (a sentence's capital, a standings table, the rule behind a result). `regola play`'s closing
uses them (``cli/summary.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from regola.text.wrap import display_width

if TYPE_CHECKING:
    from regola.core.game import Game
    from regola.text.speech import Speech

__all__ = ["Standing", "rule_line", "sentence", "summary", "table"]


def sentence(text: str) -> str:
    """A sentence starts with a capital, also when a name that is written small starts it ('bleu gagne')."""
    return text[:1].upper() + text[1:]


def table(headers: list[str], rows: list[list[str]]) -> list[str]:
    """Columns separated by two spaces, each as wide as its widest cell; the first left, the rest right."""
    widths = [max(display_width(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        out = []
        for i, cell in enumerate(cells):
            pad = " " * (widths[i] - display_width(cell))
            out.append(cell + pad if i == 0 else pad + cell)
        return "  ".join(out).rstrip()

    return [line(headers), *(line(r) for r in rows)]


def rule_line(game: Game, speech: Speech, rule_id: str) -> str:
    """'Why: <the rule's text> [rule id]', the rule bound over the game's own pack."""
    from regola.text.bind import bind_rule

    bound = bind_rule(speech.catalog, game.ruleset.pack, rule_id, speech.fallback)
    return speech.gettext("Why: {title} — {text} [{rule}]", title=bound.title, text=bound.text, rule=rule_id)


#: a result row -> one value of it
Row = dict[str, Any]


@dataclass(frozen=True)
class Standing:
    """How a game's result reads (its own judgement of what matters, not a rule): the score that decides,
    how a player is named, the tie-breaks in the order the pack applies them, and the columns of the
    standings. Each callable takes the reader's ``Speech`` first."""

    #: the score that decides the winner, said with its unit ('12 guldenů', '31 points')
    score: Callable[[Speech, Row], str]
    #: the value the score compares (a tie on it goes to the tie-breaks)
    value: Callable[[Row], Any]
    #: how a player is named: a colour, a seat
    name: Callable[[Speech, Row], str]
    #: (phrase, the value it compares) per tie-break, in the pack's order ('more money')
    tie_breaks: Callable[[Speech, Game], Sequence[tuple[str, Callable[[Row], Any]]]]
    #: (header, cell) per column of the standings after the rank
    columns: Callable[[Speech], Sequence[tuple[str, Callable[[Speech, Row], str]]]]


def measure_tie_break(speech: Speech, game: Game, name: str, index: int) -> tuple[str, Callable[[Row], Any]]:
    """A tie-break that is a measure of the pack's parts ('more jesters'), and its value in a result row's
    ``key`` at ``index``, counted in the measure's unit."""
    from regola.mechanics.parts import units as part_units
    from regola.mechanics.ranking import fewer
    from regola.text.bind import plural, with_unit

    least, measure = fewer(name)
    unit = part_units(game.ruleset.pack.data.get("mechanics") or {}).get(measure)
    sign = -1 if least else 1  # the key holds a fewer-is-better measure negated
    shown = lambda r: with_unit(speech.catalog, sign * r["key"][index], unit)  # noqa: E731
    winner = speech.catalog.rules.get("scoring.winner") or {}
    for spec in (winner.get("args") or {}).values():  # the rule's own words for it, where it has a case
        if spec.get("format") == "measures" and name in (spec.get("cases") or {}):
            return str(spec["cases"][name]), shown
    try:
        noun = plural(speech.catalog, unit, 5) if unit else measure
    except KeyError:  # the check reports a unit a catalog lacks (TEXT_UNTRANSLATED)
        noun = measure
    if least:
        # TRANSLATORS: a tie-break of the final standings where fewer is better ('fewer debts', genitive)
        return speech.gettext("fewer {measure}", measure=noun), shown
    # TRANSLATORS: a tie-break of the final standings: the noun counts many ('more jesters', Czech genitive)
    return speech.gettext("more {measure}", measure=noun), shown


def summary(game: Game, speech: Speech, standing: Standing) -> list[str]:
    """Who won with what, the rule that decides (``scoring.winner``, bound over the game's pack), what broke
    each tie on the score, and the standings table."""
    result: list[Row] = game.result() or []
    if not result:
        return [speech.gettext("The game ended before its final scoring.")]
    name = {r["seat"]: standing.name(speech, r) for r in result}
    winners = [r for r in result if r["rank"] == 1]
    score = standing.score(speech, winners[0])
    if len(winners) == 1:
        lines = [speech.gettext("{who} wins with {score}.", who=name[winners[0]["seat"]], score=score)]
    else:
        lines = [speech.gettext("{who} share the win with {score} each.",
                                who=speech.words.join(name[r["seat"]] for r in winners), score=score)]
    lines.append(rule_line(game, speech, "scoring.winner"))
    breaks = standing.tie_breaks(speech, game)
    for ahead, behind in pairwise(result):
        if standing.value(ahead) != standing.value(behind) or ahead["rank"] == behind["rank"]:
            continue
        reason, get = next(((p, g) for p, g in breaks if g(ahead) != g(behind)), ("", standing.value))
        lines.append(speech.gettext("{first} and {second} both have {score}; {first} is ahead on the tie-break: "
                                    "{reason} ({a} to {b}).", first=name[ahead["seat"]], second=name[behind["seat"]],
                                    score=standing.score(speech, ahead), reason=reason, a=str(get(ahead)),
                                    b=str(get(behind))))
    columns = standing.columns(speech)
    headers = [speech.gettext("rank"), *(header for header, _ in columns)]
    rows = [[speech.gettext("{rank}.", rank=r["rank"]), *(cell(speech, r) for _, cell in columns)] for r in result]
    return [sentence(line) for line in lines] + table(headers, rows)

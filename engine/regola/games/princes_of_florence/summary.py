"""How a game of Princes of Florence's result reads (regola.text.present.summary): the winner by
prestige (scoring.winner, 004 Zakończenie gry), a tie broken by money (or the pack's tie-breaks), and the
standings by seat (named as every surface names them, regola.text.seats)."""

from __future__ import annotations

from typing import Any

from regola.text.present import Row, Standing, measure_tie_break
from regola.text.seats import seat_name, seat_number
from regola.text.speech import Speech

__all__ = ["STANDING"]


def _tie_breaks(speech: Speech, game: Any) -> list[tuple[str, Any]]:
    """One phrase per standings key after the score (scoring.tiebreak: money as printed, any measure of the
    pack's parts under a house rule)."""
    out: list[tuple[str, Any]] = []
    for i, tie_break in enumerate(game.ruleset.rules.tiebreak):
        if tie_break == "money":
            out.append((speech.gettext("more money"), lambda r: speech.amount(r["money"], "floren")))
        elif i:  # the first key is the score itself (prestige)
            out.append(measure_tie_break(speech, game, tie_break, i))
    return out


def _columns(speech: Speech) -> list[tuple[str, Any]]:
    return [(speech.gettext("seat"), lambda sp, r: sp.number(seat_number(r["seat"]))),
            (speech.gettext("prestige"), lambda sp, r: sp.amount(r["prestige"], "point")),
            (speech.gettext("money"), lambda sp, r: sp.amount(r["money"], "floren")),
            (speech.gettext("from prestige cards"), lambda sp, r: sp.number(r["prestige_cards"]))]


def _value(r: Row) -> Any:
    return r["prestige"]


STANDING = Standing(score=lambda speech, r: speech.amount(r["prestige"], "point"), value=_value,
                    name=lambda speech, r: seat_name(speech, r["seat"]),
                    tie_breaks=_tie_breaks, columns=_columns)

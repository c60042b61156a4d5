"""How a game of Maestro Leonardo's result reads (regola.text.present.summary): the winner by money
(scoring.winner, 001 §11), the tie-breaks the pack's data lists, in order, and the standings by colour."""

from __future__ import annotations

from typing import Any

from regola.games.maestro_leonardo.table import money
from regola.text.present import Row, Standing, measure_tie_break
from regola.text.seats import seat_name
from regola.text.speech import Speech

__all__ = ["STANDING"]


def _tie_breaks(speech: Speech, game: Any) -> list[tuple[str, Any]]:
    """One phrase per element of the standings key (rounds.standings_key), in the data's order."""
    rules = game.ruleset.rules
    out: list[tuple[str, Any]] = []
    for tie_break in rules.tie_breaks:
        at = len(out)
        if tie_break == "money":
            out.append((speech.gettext("more money"), lambda r, i=at: r["key"][i]))
        elif tie_break == "inventions":
            out.append((speech.gettext("more inventions"), lambda r, i=at: r["key"][i]))
        elif tie_break == "tier_counts":
            out += [(speech.gettext("more inventions of tier {tier}", tier=speech.name("tiers", tier)),
                     lambda r, i=at + k: r["key"][i]) for k, tier in enumerate(reversed(rules.tiers))]
        else:  # any other measure of the pack's parts (a house rule's tie-break)
            out.append(measure_tie_break(speech, game, tie_break, at))
    return out


def _columns(speech: Speech) -> list[tuple[str, Any]]:
    return [(speech.gettext("colour"), lambda sp, r: seat_name(sp, r["seat"], r["color"])),
            (speech.gettext("money"), lambda sp, r: money(sp, r["money"])),
            (speech.gettext("end bonus"), lambda sp, r: sp.number(r["bonus"])),
            (speech.gettext("inventions"), lambda sp, r: sp.number(r["inventions"])),
            (speech.gettext("completed"), lambda sp, r: sp.number(r["completed"]))]


def _value(r: Row) -> Any:
    return r["money"]


STANDING = Standing(score=lambda speech, r: money(speech, r["money"]), value=_value,
                    name=lambda speech, r: seat_name(speech, r["seat"], r["color"]), tie_breaks=_tie_breaks,
                    columns=_columns)

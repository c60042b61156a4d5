"""How a game of Maestro Leonardo's result reads (regola.text.present.summary): the winner by money
(scoring.winner, 001 §11), the tie-breaks the pack's data lists, in order, and the standings by colour."""

from __future__ import annotations

from typing import Any

from regola.games.maestro_leonardo.table import money
from regola.text.present import Row, Standing
from regola.text.seats import seat_name
from regola.text.speech import Speech

__all__ = ["STANDING"]


def _tie_breaks(speech: Speech, game: Any) -> list[tuple[str, Any]]:
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
    return [(phrase, lambda r, i=i: r["key"][i]) for i, phrase in enumerate(phrases)]


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

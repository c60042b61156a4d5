"""The one name a seat goes by on every surface: the terminal, the tables' pages and boards, records as
they are shown, summaries and reports (issue 30 item 3).

A game whose set-up gives each seat a colour (Maestro Leonardo: setup.yaml's seat colours) names a seat
by its colour, in the rule catalog's word for it; a game without (Princes of Florence) names it "Seat 2",
counted from 1 as people count, and as `regola play --human` takes it. Records keep seats counted from
0: that is data, never shown as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regola.text.speech import Speech

__all__ = ["color_in", "seat_name", "seat_number"]


def seat_number(seat: int) -> int:
    """The number people see for a seat (records and the engine count from 0)."""
    return seat + 1


def seat_name(speech: Speech, seat: int, color: str | None = None) -> str:
    """``seat``'s name in ``speech``'s language: its colour where it has one, else 'Seat N'."""
    if color:  # a name: capitalised wherever it stands ("Žlutá kupuje…", "du spielst Gelb", "Yellow")
        name = speech.name("colors", color)
        return name[:1].upper() + name[1:]
    # TRANSLATORS: a player named by their place at the table, counted from 1 (in games whose seats have no
    # colour); it starts a sentence and stands alone in lists, so write it as a name
    return speech.gettext("Seat {seat}", seat=speech.number(seat_number(seat)))


def color_in(view: Mapping[str, Any], seat: int) -> str | None:
    """The colour a game's view gives ``seat`` (its ``players`` entries' ``color``), or None."""
    players = view.get("players")
    if isinstance(players, list) and 0 <= seat < len(players) and isinstance(players[seat], Mapping):
        color = players[seat].get("color")
        return str(color) if color else None
    return None

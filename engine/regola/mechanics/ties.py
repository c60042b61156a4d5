"""Tie rules: who of several tied players wins (an auction's highest bids), as an order of preference
counted from the round's start player (regola.mechanics.start; Maestro Leonardo: Leonardo's holder).

- ``start_then_clockwise``: the start player, then the nearest clockwise (Maestro Leonardo, R7);
- ``after_start_clockwise``: the first clockwise after the start player; the start player last;
- ``nobody``: no tied player wins: the lot stays unsold (where a game offers it: Maestro Leonardo's
  completion auction, the card staying in the display).
"""

from __future__ import annotations

from regola.mechanics.seating import Order, after, in_turn_from

__all__ = ["NOBODY", "TIE_ORDERS", "preference"]

TIE_ORDERS = ("start_then_clockwise", "after_start_clockwise")
#: the tie rule under which a tie for the highest bid leaves the lot unsold
NOBODY = "nobody"


def preference(kind: str, start: int, n: int, direction: Order = "clockwise") -> list[int]:
    """The seats, most preferred first, under the tie rule ``kind`` ('clockwise' meaning the order of play,
    regola.mechanics.seating)."""
    first = start if kind == "start_then_clockwise" else after(start, n, direction)
    return in_turn_from(first, n, direction)

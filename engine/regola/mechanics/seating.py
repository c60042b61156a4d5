"""The order of play around the table (``mechanics.turn_order``): who comes after whom.

- ``clockwise``: each next player sits to the left (both games as printed);
- ``counterclockwise``: each next player sits to the right;
- ``fewest`` / ``most`` ``by`` a measure: as each round begins, the seats are put in order of the
  measure (the fewest, or the most, first; equal ones clockwise from the previous start player), and
  for that round each next player is the next in that order, going round (regola.mechanics.compile
  keeps the round's order in the state's ``marks``).

Every "in turn" of a game and of the library (the start player's rotation, a tie rule's order, who bids
next) goes through these two calls, so the order is chosen once, in data: a direction, or the round's
order as a tuple of seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["DIRECTIONS", "MEASURED", "Order", "after", "in_turn_from", "measured_order"]

DIRECTIONS = ("clockwise", "counterclockwise")
#: the kinds of a turn order that a measure sets anew each round
MEASURED = ("fewest", "most")
#: a direction round the table, or one round's order of every seat
Order = str | tuple[int, ...]


def in_turn_from(first: int, n: int, direction: Order = "clockwise") -> list[int]:
    """The ``n`` seats in the order of play, ``first`` first."""
    if isinstance(direction, tuple):
        at = direction.index(first)
        return [*direction[at:], *direction[:at]]
    if direction == "counterclockwise":
        return [(first - i) % n for i in range(n)]
    return [(first + i) % n for i in range(n)]


def after(seat: int, n: int, direction: Order = "clockwise", steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the order of play."""
    if isinstance(direction, tuple):
        return direction[(direction.index(seat) + steps) % n]
    return (seat - steps) % n if direction == "counterclockwise" else (seat + steps) % n


def measured_order(value: Callable[[int], int], n: int, most: bool, previous_start: int) -> tuple[int, ...]:
    """Every seat in order of ``value`` (the fewest first, or with ``most`` the most), equal values in
    clockwise order from ``previous_start``."""
    around: Sequence[int] = in_turn_from(previous_start, n)
    return tuple(sorted(around, key=lambda seat: -value(seat) if most else value(seat)))

"""The order of play around the table (``mechanics.turn_order``): who comes after whom.

- ``clockwise``: each next player sits to the left (both games as printed);
- ``counterclockwise``: each next player sits to the right.

Every "in turn" of a game and of the library (the start player's rotation, a tie rule's order, who bids
next) goes through these two calls, so the direction is chosen once, in data.
"""

from __future__ import annotations

__all__ = ["DIRECTIONS", "after", "in_turn_from"]

DIRECTIONS = ("clockwise", "counterclockwise")


def in_turn_from(first: int, n: int, direction: str = "clockwise") -> list[int]:
    """The ``n`` seats in the order of play, ``first`` first."""
    if direction == "counterclockwise":
        return [(first - i) % n for i in range(n)]
    return [(first + i) % n for i in range(n)]


def after(seat: int, n: int, direction: str = "clockwise", steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the order of play."""
    return (seat - steps) % n if direction == "counterclockwise" else (seat + steps) % n

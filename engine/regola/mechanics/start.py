"""Who starts each round.

- ``holder``: the pack's own rule moves the start (Maestro Leonardo: whoever holds Leonardo); the
  library changes nothing;
- ``rotate``: the start passes ``step`` seats on at each new round (Princes of Florence: 1), in the
  order of play (clockwise unless ``turn_order`` says otherwise);
- ``fixed``: whoever started the first round starts every round (the game's first seat,
  ``GameTerms.first_seat``), whatever moved the start during a round (Maestro Leonardo's council);
- ``fewest`` / ``most``: at each round's start, including the first, the player with the fewest (most)
  of the measure ``by`` starts; a tie goes to the tied player who comes first in the order of play from
  the previous start player, that player included (``tie: clockwise_from_previous``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.mechanics.ranking import extremes
from regola.mechanics.seating import Order, after, in_turn_from
from regola.mechanics.terms import GameTerms

__all__ = ["START_KINDS", "TIE_RULES", "StartRule", "round_start_seat"]

START_KINDS = ("holder", "rotate", "fixed", "fewest", "most")
TIE_RULES = ("clockwise_from_previous",)


@dataclass(frozen=True)
class StartRule:
    kind: str
    step: int = 1
    by: str | None = None
    tie: str = "clockwise_from_previous"


def round_start_seat(state: Any, rule: StartRule, terms: GameTerms, n: int, round_number: int,
                     direction: Order = "clockwise") -> int:
    """The seat that starts round ``round_number`` (the start seat is still the previous round's); seats are
    passed and counted in the order of play (regola.mechanics.seating)."""
    previous = terms.start_seat(state)
    if rule.kind == "holder":
        return previous
    if rule.kind == "rotate":
        return previous if round_number == 1 else after(previous, n, direction, rule.step)
    if rule.kind == "fixed":
        assert terms.first_seat is not None  # compile_mechanics refuses 'fixed' for a game without one
        return terms.first_seat(state)
    assert rule.by is not None
    tied = set(extremes([terms.measures[rule.by](state, seat) for seat in range(n)], most=rule.kind == "most"))
    return next(seat for seat in in_turn_from(previous, n, direction) if seat in tied)

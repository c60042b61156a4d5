"""End conditions beyond the pack's round count, tested once a round is over, before the next begins;
the pack's last round stays the latest end.

- ``reaches``: after the round in which a player's measure reaches a threshold ("after the round in
  which someone has 50 prestige");
- ``runs_out``: after the round in which one of the game's piles (``mechanics.piles``) is empty ("after
  the round in which the invention pile runs out").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.mechanics.terms import GameTerms

__all__ = ["END_KINDS", "EndCondition", "ended"]

END_KINDS = ("reaches", "runs_out")


@dataclass(frozen=True)
class EndCondition:
    kind: str  # one of END_KINDS
    by: str  # reaches: the measure; runs_out: the pile
    at_least: int  # reaches: the threshold (runs_out: 0)
    index: int  # its rule id: mechanics.end.<index>


def ended(state: Any, conditions: tuple[EndCondition, ...], terms: GameTerms, n: int) -> bool:
    """Whether some condition holds now (at a round's end)."""
    for c in conditions:
        if c.kind == "runs_out":
            if terms.piles[c.by](state) == 0:
                return True
        elif any(terms.measures[c.by](state, seat) >= c.at_least for seat in range(n)):
            return True
    return False

"""End conditions beyond the pack's round count: the game ends after the round in which a player's
measure reaches a threshold ("after the round in which someone has 50 prestige"). Tested once a round
is over, before the next begins; the pack's last round stays the latest end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.mechanics.terms import GameTerms

__all__ = ["END_KINDS", "EndCondition", "ended"]

END_KINDS = ("reaches",)


@dataclass(frozen=True)
class EndCondition:
    kind: str  # "reaches"
    by: str
    at_least: int
    index: int  # its rule id: mechanics.end.<index>


def ended(state: Any, conditions: tuple[EndCondition, ...], terms: GameTerms, n: int) -> bool:
    """Whether some condition holds now (at a round's end)."""
    return any(terms.measures[c.by](state, seat) >= c.at_least for c in conditions for seat in range(n))

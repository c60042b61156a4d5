"""Take-backs as the pack declares them (its ``undo`` data, schemas/undo.schema.json, rule
``flow.take_back``): which of a seat's latest decisions it may still withdraw.

Followed decision by decision: the window of decisions that may be taken back is the trailing run of
one seat's decisions; a decision of another seat or a chance outcome empties it (the next player has
acted), and so do a decision that shows its seat something hidden (``reveals``) and one after which the
flow is in another phase or round (``closes_at_phase_end``). A closed decision stands, and so does
everything before it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from regola.core.errors import IllegalAction

__all__ = ["RULE", "TakeBacks", "UndoPolicy"]

RULE = "flow.take_back"


@dataclass(frozen=True)
class UndoPolicy:
    take_back: str = "never"
    closes_at_phase_end: bool = True
    reveals: tuple[tuple[Any, ...], ...] = ()

    @classmethod
    def of(cls, data: dict[str, Any]) -> UndoPolicy:
        """The policy of a pack document (validated by its schema); none declared: no take-backs."""
        undo = data.get("undo")
        if not undo:
            return cls()
        return cls(undo["take_back"], bool(undo["closes_at_phase_end"]),
                   tuple(tuple(entry["action"]) for entry in undo["reveals"]))

    def reveals_to_actor(self, action: list[Any] | tuple[Any, ...]) -> bool:
        return any(len(action) >= len(p) and tuple(action[:len(p)]) == p for p in self.reveals)


def phase_of(state: Any) -> tuple[Any, Any]:
    """The flow state and the round (where the game counts rounds): a change of either ends a phase."""
    return state.flow_state, getattr(state, "round", None)


@dataclass
class TakeBacks:
    """The window of decisions one seat may still take back."""

    policy: UndoPolicy
    seat: int | None = None
    open: int = 0  # how many of the latest decisions (all of ``seat``) may be taken back
    closed_by: str = field(default="")  # why the window is empty, for the refusal

    def after(self, who: int, action: list[Any], phase_before: Any, phase_after: Any) -> None:
        """Follow one decision (``who`` < 0: a chance outcome)."""
        if who < 0:
            self.seat, self.open, self.closed_by = None, 0, "chance decided since"
            return
        if who != self.seat:
            self.seat, self.open = who, 0
        if self.policy.take_back == "never":
            self.open, self.closed_by = 0, "this game's decisions stand once given"
        elif self.policy.reveals_to_actor(action):
            self.open, self.closed_by = 0, "that decision showed something hidden"
        elif self.policy.closes_at_phase_end and phase_before != phase_after:
            self.open, self.closed_by = 0, "a new phase or round has begun"
        else:
            self.open += 1

    def check(self, seat: int) -> None:
        """None if ``seat`` may take back its latest decision; IllegalAction naming flow.take_back otherwise."""
        if self.policy.take_back == "never":
            raise IllegalAction(RULE, "this game's decisions stand once given", ("take_back",))
        if self.seat != seat:
            raise IllegalAction(RULE, "the latest decision is not yours, or another player has acted since",
                                ("take_back",))
        if self.open <= 0:
            raise IllegalAction(RULE, self.closed_by or "nothing of yours to take back", ("take_back",))

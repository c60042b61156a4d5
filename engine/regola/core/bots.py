"""Bots see what their seat sees: an Observation holds the legal actions and builds the seat's view
only when asked (the random bot never asks, which keeps simulations fast)."""

from __future__ import annotations

import random
from typing import Any, Protocol

from regola.core.step import Action


class Observation:
    """What a seat knows at its decision: its legal actions and, on demand, its view."""

    __slots__ = ("_view", "_view_fn", "legal", "seat")

    def __init__(self, seat: int, legal: list[Action], view_fn: Any) -> None:
        self.seat = seat
        self.legal = legal
        self._view_fn = view_fn
        self._view: dict[str, Any] | None = None

    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._view_fn(self.seat)
        return self._view


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action: ...


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seat: int, seed: int | str | None, rules: Any = None) -> None:
        self.rng = random.Random(f"{seed}/{seat}")

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        return legal[self.rng.randrange(len(legal))]

"""Bots see what their seat sees: an Observation holds the legal actions and builds the seat's view
only when asked (the random bot never asks, which keeps simulations fast)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from regola.core.errors import RegolaError
from regola.core.step import Action


class Observation:
    """What a seat knows at its decision: its legal actions and, on demand, its view or its
    information state (a game with the hidden parts as placeholders, for search bots)."""

    __slots__ = ("_info_fn", "_view", "_view_fn", "legal", "seat")

    def __init__(self, seat: int, legal: Sequence[Action], view_fn: Any, info_fn: Any = None) -> None:
        self.seat = seat
        self.legal = legal
        self._view_fn = view_fn
        self._view: dict[str, Any] | None = None
        self._info_fn = info_fn

    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._view_fn(self.seat)
        return self._view

    def info(self) -> Any:
        """The seat's information state (a Game); RegolaError where the caller offers none."""
        if self._info_fn is None:
            raise RegolaError("this seat is not given an information state")
        return self._info_fn(self.seat)


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action: ...


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seat: int, seed: int | str | None, rules: Any = None) -> None:
        self.rng = random.Random(f"{seed}/{seat}")
        self._bits = self.rng.getrandbits

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        n = len(legal)
        if not n:
            raise RegolaError(f"seat {obs.seat} has no legal action to choose from")
        # randrange(n) without its argument checks and two calls: the rejection sampling CPython's
        # Random._randbelow does, so the draws (and every record of a random game) stay the same
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]

"""Bots see what their seat sees: an Observation holds the legal actions and builds the seat's view
only when asked (the random bot never asks, which keeps simulations fast)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from regola.core.errors import RegolaError
from regola.core.step import Action
from regola.core.streams import Stream


class Observation:
    """What a seat knows at its decision: its legal actions and, on demand, its view or its
    information state (a game with the hidden parts as placeholders, for search bots).

    ``lean_fn`` (where the caller has one) builds the part of the view the game's own bots read
    (``SearchHooks.bot_view``: no board picture, no other player's hidden entry), at a fraction of the
    cost; a bot that reads only that part asks ``lean()``, and gets the whole view where there is none.

    ``moment`` names where in the game the decision is (``regola.core.streams.moment_key``; None where
    the caller does not say): bots draw their random numbers by moment, so a variant that adds a
    decision in one phase leaves the draws of the others as they were."""

    __slots__ = ("_info_fn", "_lean", "_lean_fn", "_view", "_view_fn", "legal", "moment", "seat")

    def __init__(self, seat: int, legal: Sequence[Action], view_fn: Any, info_fn: Any = None,
                 moment: int | None = None, lean_fn: Any = None) -> None:
        self.seat = seat
        self.legal = legal
        self._view_fn = view_fn
        self._view: dict[str, Any] | None = None
        self._lean_fn = lean_fn
        self._lean: dict[str, Any] | None = None
        self._info_fn = info_fn
        self.moment = moment

    def narrowed(self, legal: Sequence[Action]) -> Observation:
        """The same decision with fewer legal actions, a list or a range (the view is shared, not built again)."""
        obs = Observation(self.seat, legal, self._view_fn, self._info_fn, self.moment, self._lean_fn)
        obs._view = self._view
        obs._lean = self._lean
        return obs

    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._view_fn(self.seat)
        return self._view

    def lean(self) -> dict[str, Any]:
        """The part of the view a game's own bots read (the whole view where the caller gives no lean one)."""
        if self._lean_fn is None:
            return self.view()
        if self._lean is None:
            self._lean = self._lean_fn(self.seat)
        return self._lean

    def info(self) -> Any:
        """The seat's information state (a Game); RegolaError where the caller offers none."""
        if self._info_fn is None:
            raise RegolaError("this seat is not given an information state")
        return self._info_fn(self.seat)


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action: ...


class RandomBot:
    """Uniform over the legal actions, from the seat's own stream drawn by moment (core/streams.py)."""

    name = "random"

    def __init__(self, seat: int, seed: int | str | None, rules: Any = None) -> None:
        self.rng = Stream(seed, seat, "random")

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        n = len(legal)
        if not n:
            raise RegolaError(f"seat {obs.seat} has no legal action to choose from")
        return legal[self.rng.at(obs.moment).below(n)]


class SoftenedBot:
    """A bot made weaker and more varied by a temperature: a softmax over its own ranking.

    The bot ranks the legal actions by asking its inner bot again with its choices taken away: its
    first choice, then what it would do without that, … down to ``top`` ranks (every other action
    shares the rank after). The action of rank r is then chosen with weight exp(-r / temp): a low
    temperature plays like the inner bot, a high one like the random bot, and in between mistakes are
    mostly second-best moves. The noise comes from the seat's own stream, drawn by moment."""

    def __init__(self, inner: Any, seat: int, seed: int | str | None, temp: object, top: object = 3) -> None:
        # options arrive as parsed text (core.play.parse_bot_spec): checked here, one line each
        if isinstance(temp, bool) or not isinstance(temp, int | float) or not 0 <= temp <= 1e6:
            raise RegolaError(f"bot option temp={temp!r}: give a temperature from 0 (the bot itself) up")
        if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= 8:
            raise RegolaError(f"bot option top={top!r}: rank 1 to 8 of the bot's choices")
        self.inner = inner
        self.name: str = getattr(inner, "name", "bot")
        self.temp = float(temp)
        self.top: int = top
        self.rng = Stream(seed, seat, "softened")

    def ranking(self, obs: Observation) -> list[Action]:
        """The inner bot's first ``top`` choices, best first."""
        ranked: list[Action] = []
        left = list(obs.legal)
        while left and len(ranked) < self.top:
            choice = self.inner.choose(obs if not ranked else obs.narrowed(left))
            if choice not in left:  # the bot insists on an action already ranked: it ranks no further
                break
            ranked.append(choice)
            left.remove(choice)
        return ranked

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if self.temp == 0 or len(legal) == 1:
            return self.inner.choose(obs)  # type: ignore[no-any-return]
        ranked = self.ranking(obs)
        rest = [a for a in legal if a not in ranked]
        weights = [math.exp(-r / self.temp) for r in range(len(ranked))]
        tail = math.exp(-len(ranked) / self.temp)
        u = self.rng.at(obs.moment).random() * (sum(weights) + tail * len(rest))
        for action, w in zip(ranked, weights, strict=True):
            u -= w
            if u < 0:
                return action
        return rest[min(len(rest) - 1, int(u / tail))] if rest else ranked[-1]

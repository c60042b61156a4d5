"""Chance events as sequences of single draws with their probabilities.

The engine's chance steps draw a whole outcome at once (a shuffled deck) from the game's generator.
A program that must see every outcome with its probability (OpenSpiel's explicit chance nodes, CFR,
expectimax, exact best response) needs the same event as a sequence of small draws instead: the deck
card by card. A game offers that with a :class:`ChanceModel`:

* ``domain(rules)``: every value a single draw can take (numbered by position: the chance outcome ids);
* ``start(state, step)``: the draws of the chance event pending at ``state`` (``step``: its step name).

A :class:`Draws` object then lists the next draw's outcomes with their probabilities, takes one at a
time, and once complete gives the engine's own outcome (``("deal", deck, removed)``), which the game
applies and the record keeps as always. The probabilities are those of the engine's sampler: the
product over the draws of a complete outcome is the chance that ``sample`` returns it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from regola.core.step import Action

__all__ = ["ChanceModel", "Draws", "Shuffles"]


class Draws:
    """The single draws of one chance event. Subclasses fill ``_options`` and ``_take``."""

    def __init__(self, domain: Sequence[Any]) -> None:
        self.domain = tuple(domain)
        self.index = {v: i for i, v in enumerate(self.domain)}
        self.taken: list[int] = []  # the outcome ids drawn so far (a partial event replays from them)

    def outcomes(self) -> list[tuple[int, float]]:
        """The next draw's outcome ids with their probabilities, ids increasing, probabilities summing to 1."""
        weights = self._options()
        total = sum(weights.values())
        return [(self.index[v], w / total) for v, w in sorted(weights.items(), key=lambda kv: self.index[kv[0]])]

    def take(self, outcome: int) -> None:
        value = self.domain[outcome]
        if value not in self._options():
            raise ValueError(f"chance outcome {outcome} ({value!r}) cannot be drawn now")
        self.taken.append(outcome)
        self._take(value)

    def done(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> Action:
        """The whole chance outcome in the engine's form, once every draw is made."""
        raise NotImplementedError

    def text(self, outcome: int) -> str:
        value = self.domain[outcome]
        return " ".join(str(v) for v in value) if isinstance(value, tuple) else str(value)

    def _options(self) -> dict[Any, float]:
        """The values the next draw can take, each with a weight proportional to its probability."""
        raise NotImplementedError

    def _take(self, value: Any) -> None:
        raise NotImplementedError


class Shuffles(Draws):
    """Uniform shuffles of a few piles, one card at a time (a card drawn with the chance of its copies
    among what is left), then ``picks`` draws without replacement; ``finish`` turns the drawn sequences
    into the engine's outcome. Pile items are wrapped as ``(label, item)`` in the domain."""

    def __init__(self, domain: Sequence[Any], piles: Sequence[tuple[str, Sequence[Any], int]],
                 finish: Callable[[list[list[Any]]], Action]) -> None:
        super().__init__(domain)
        # (label, what is left of the pile, how many draws it still takes)
        self._piles = [(label, Counter(items), count) for label, items, count in piles]
        self._drawn: list[list[Any]] = [[] for _ in piles]
        self._pile = 0
        self._finish = finish
        self._skip_empty()

    def _skip_empty(self) -> None:
        while self._pile < len(self._piles) and len(self._drawn[self._pile]) >= self._piles[self._pile][2]:
            self._pile += 1

    def done(self) -> bool:
        return self._pile >= len(self._piles)

    def _options(self) -> dict[Any, float]:
        if self.done():
            return {}
        label, left, _ = self._piles[self._pile]
        return {(label, item): float(n) for item, n in left.items() if n > 0}

    def _take(self, value: Any) -> None:
        _label, item = value
        left = self._piles[self._pile][1]
        left[item] -= 1
        self._drawn[self._pile].append(item)
        self._skip_empty()

    def outcome(self) -> Action:
        if not self.done():
            raise ValueError("the chance event is not complete yet")
        return self._finish(self._drawn)


@dataclass(frozen=True)
class ChanceModel:
    """How a game's chance events decompose into single draws (see the module docstring)."""

    domain: Callable[[Any], tuple[Any, ...]]
    start: Callable[[Any, str], Draws]
    #: (rules, players, step) -> the most single draws one chance event of that step takes (regola.core.bounds)
    most: Callable[[Any, int, str], int] | None = None

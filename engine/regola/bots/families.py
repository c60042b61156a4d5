"""Moves grouped the way a player thinks of them, and the one-move look-ahead the search bots use where
their heuristic has nothing to say.

A move's *family* is its verb, with its first argument when that names a place or a thing (a string):
``("place", "I", 2)`` is of the family ``("place", "I")`` (an apprentice in district I), ``("bid", 7)``
of ``("bid",)``. A house rule that adds a district, a lot or a verb adds a family, so a bot that gives
every family a hearing hears the house rule too.

Where the verb has a *size* (``Verb.size``: a bid, a raise, how many people), the moves of a family at
one decision are told apart by it: those of the least size offered there (``LEAST``) and the larger ones
(``LARGER``) are two families, ``("raise", "larger")`` beside ``("raise", "least")``, and the family is the
move but for its size (``("place", "D", "larger")``). A bot that plays the
least size by habit so hears the larger ones as a rival, and a house rule that allows larger raises or
bids is played.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter

from regola.bots.valuation import Valuation
from regola.core.game import Game
from regola.core.step import Action, ActionRange
from regola.core.verbs import least_sizes

__all__ = ["LARGER", "LEAST", "Family", "Grouping", "ahead", "family", "group", "lead", "sample", "screen",
           "unknown", "verbs"]

Family = tuple[object, ...]

#: the size words of a sized verb's families (module docstring)
LEAST, LARGER = "least", "larger"


def family(action: Action, sizes: Mapping[str, int] | None = None,
           least: Mapping[Action, int] | None = None) -> Family:
    """The move's family; with ``sizes`` (``Verbs.sizes``) and ``least`` (``least_sizes`` of the decision),
    a sized move's family is the move but for its size, and whether that is the least offered."""
    if sizes and least:
        at = sizes.get(str(action[0]))
        if at is not None and len(action) > at and action[:at] in least:
            return (*action[:at], LEAST if action[at] == least[action[:at]] else LARGER)
    return action[:2] if len(action) > 1 and type(action[1]) is str else action[:1]


class Grouping:
    """The moves of one decision by family, sizes told apart (``family``)."""

    __slots__ = ("groups", "least", "sizes")

    def __init__(self, legal: Sequence[Action], rng: random.Random, cap: int,
                 sizes: Mapping[str, int] | None = None) -> None:
        self.sizes = sizes or {}
        self.least = least_sizes(legal, self.sizes)
        self.groups: dict[Family, list[Action]] = {}
        for a in sample(legal, rng, cap):
            self.groups.setdefault(self.of(a), []).append(a)

    def of(self, action: Action) -> Family:
        return family(action, self.sizes, self.least)


def verbs(legal: Sequence[Action]) -> set[str]:
    if type(legal) is ActionRange:
        return {legal.verb}
    return {str(a[0]) for a in legal}


_VERB = itemgetter(0)


def all_known(legal: Sequence[Action], knows: frozenset[str] | set[str]) -> bool:
    """Whether ``knows`` holds every verb of ``legal``: ``verbs(legal) <= knows`` without a set built in
    Python (a rollout asks at each of its decisions)."""
    if type(legal) is ActionRange:
        return legal.verb in knows
    return knows.issuperset(map(_VERB, legal))


def unknown(legal: Sequence[Action], knows: frozenset[str] | set[str]) -> Sequence[Action]:
    """The moves of ``legal`` whose verb is not in ``knows``."""
    if type(legal) is ActionRange:
        return legal if legal.verb not in knows else []
    return [a for a in legal if a[0] not in knows]


def group(legal: Sequence[Action], rng: random.Random, cap: int,
          sizes: Mapping[str, int] | None = None) -> dict[Family, list[Action]]:
    """Up to ``cap`` moves of ``legal`` by family (sizes told apart with ``sizes``), every family
    represented while ``cap`` allows (a long list is sampled, never walked whole: a bid range may hold a
    purse of millions)."""
    return Grouping(legal, rng, cap, sizes).groups


def sample(legal: Sequence[Action], rng: random.Random, cap: int) -> list[Action]:
    """``legal`` itself when it has at most ``cap`` moves; else its first and last and a random rest."""
    n = len(legal)
    if n <= cap:
        return list(legal)
    picks = {0, n - 1}
    while len(picks) < cap:
        picks.add(rng.randrange(n))
    return [legal[i] for i in sorted(picks)]


def lead(values: Sequence[float], seat: int) -> float:
    """How far ``seat`` is ahead of the best other seat (behind: negative)."""
    best_other = max((v for i, v in enumerate(values) if i != seat), default=0.0)
    return values[seat] - best_other


def screen(world: Game, seat: int, moves: Iterable[Action], keep: Action, worth: Valuation,
           rng: random.Random) -> tuple[Action, float]:
    """The move among ``moves`` (and ``keep``) after which ``seat`` leads by most, valued by ``worth``
    (state -> each seat's worth; regola.bots.valuation) one move ahead in ``world``; ``keep`` unless
    another is strictly better. Returns the move and its lead."""
    best, best_lead = keep, ahead(world, keep, seat, worth, rng)
    for a in moves:
        if a == keep:
            continue
        value = ahead(world, a, seat, worth, rng)
        if value > best_lead:
            best, best_lead = a, value
    return best, best_lead


def ahead(world: Game, action: Action, seat: int, worth: Valuation, rng: random.Random) -> float:
    """How far ``seat`` leads by ``worth`` once ``action`` is made in a copy of ``world``."""
    g = world.clone(rng)
    g.apply(action)
    return lead(worth(g.state), seat)

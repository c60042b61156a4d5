"""What a game offers search bots: an information state and a way to sample worlds consistent with it.

A search bot must act on what its seat may know. The game supplies:

* ``information_state(state, seat)``: a copy of the state with everything the seat cannot know
  replaced by placeholders (other hands, the deck below what the seat has seen, sealed bids, …). Two
  states the seat cannot tell apart give equal information states: that is the contract a test holds
  every game to.
* ``determinize(info, seat, rng)``: a full, playable state drawn from that information state — every
  placeholder filled by a guess consistent with what is public. It reads nothing but ``info``.
* optionally ``playout(state, legal, rng)``, a cheap policy for rollouts, and ``evaluate(state)``, a
  value per seat for rollouts cut off before the end (higher is better).
* optionally ``bot_view(state, seat)``: the part of the seat's view the game's bots read, cheaper to
  build than the whole view; a search hands it to the bots it plays rollouts with.
* optionally ``plain_view(state, seat)``: the seat's whole view without what is drawn from the rest of
  it (a board's text picture): the same information at less cost, for fingerprints of what a seat saw
  (regola.openspiel.recall).
* optionally ``unseen_draws(state, seat)``: the chance draws' values (cards, in the game's chance domain,
  regola.core.chance) lying where the seat cannot see them now: the pile below what it knows, other
  hands. A history resampled for the seat may deal these to one another's places (regola.openspiel.resample).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from regola.core.step import Action

__all__ = ["SearchHooks"]


@dataclass(frozen=True)
class SearchHooks:
    information_state: Callable[[Any, int], Any]
    determinize: Callable[[Any, int, random.Random], Any]
    playout: Callable[[Any, Sequence[Action], random.Random], Action] | None = None
    evaluate: Callable[[Any], list[float]] | None = None
    bot_view: Callable[[Any, int], dict[str, Any]] | None = None
    plain_view: Callable[[Any, int], dict[str, Any]] | None = None
    unseen_draws: Callable[[Any, int], Collection[Any]] | None = None

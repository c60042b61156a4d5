"""Positions to try things on: a state some random steps into a game (tests, benchmarks, examples)."""

from __future__ import annotations

from typing import Any


def random_position(game: Any, rng: Any, steps: int, at_decision: bool = False) -> Any:
    """A new state of ``game`` after ``steps`` steps (decisions and chance draws, as ``history()`` counts
    them) or at its end: decisions uniform among the legal ones, chance by its probabilities; with
    ``at_decision``, chance draws go on until someone decides. ``rng``: a ``numpy.random.RandomState``."""
    state = game.new_initial_state()
    while not state.is_terminal() and (len(state.history()) < steps or (at_decision and state.is_chance_node())):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    return state

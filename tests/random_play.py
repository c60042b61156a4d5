"""Random play one move at a time, for tests that check something after every move."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from regola.core.game import CHANCE, Game


def random_moves(game: Game, rng: random.Random,
                 choose: Callable[[Game, random.Random], Any] | None = None) -> Iterator[Game]:
    """Play ``game`` to its end, chance from its own stream and every decision uniformly at random (or by
    ``choose``), yielding it after each move."""
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
        elif choose is not None:
            game.apply(choose(game, rng))
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        yield game

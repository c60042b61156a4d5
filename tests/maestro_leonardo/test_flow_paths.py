"""The compiled dispatch table and the transitions Machine play the same games (docs/ARCHITECTURE.md,
Flow): same seeds, same choices, identical final states."""

from __future__ import annotations

import json
import random

import pytest

from regola.core.game import CHANCE, Game


def _play(ruleset, n, setup, seed, use_machine):
    game = Game.new(ruleset, n, seed=seed, setup=setup, use_machine=use_machine)
    rng = random.Random(seed * 7 + n)
    path = []
    while not game.is_terminal():
        path.append(game.state.flow_state)
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    return game, path


@pytest.mark.rule("flow.turn")
@pytest.mark.parametrize(("n", "setup"), [(n, s) for n in range(2, 6) for s in ("beginner", "advanced")])
@pytest.mark.parametrize("seed", [1, 2])
def test_machine_and_compiled_table_end_in_the_same_state(ruleset, n, setup, seed):
    fast, fast_path = _play(ruleset, n, setup, seed, use_machine=False)
    slow, slow_path = _play(ruleset, n, setup, seed, use_machine=True)
    assert slow_path == fast_path
    assert json.dumps(slow.to_json(), sort_keys=True) == json.dumps(fast.to_json(), sort_keys=True)
    assert slow.result() == fast.result() and fast.state.flow_state == "game_over"

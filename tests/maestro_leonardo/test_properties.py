"""Random legal play (hypothesis): conservation laws after every action, the end after the last round,
and a JSON round trip that changes nothing (001 §1, §10, §11; R6)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.core.game import CHANCE, Game

from .scenario import check_invariants, start_log

players = st.integers(min_value=2, max_value=5)
setups = st.sampled_from(["beginner", "advanced"])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.rule("game.components", "game.limits", "district.payment", "planning.materials_fixed",
                  "rounds.schedule", "flow.turn")
@settings(max_examples=40, deadline=None, database=None)
@given(n=players, setup=setups, seed=seeds, data=st.data())
def test_random_play_keeps_every_component_and_gulden(ruleset, n, setup, seed, data):
    game = Game.new(ruleset, n, seed=seed, setup=setup)
    opening = start_log(game)
    check_invariants(game, opening)
    steps = 0
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            action = game.sample_chance()
        else:
            legal = game.legal_actions()
            assert legal
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="choice")]
        game.apply(action)
        check_invariants(game, opening)
        steps += 1
        assert steps < 5000
    assert game.state.round == ruleset.rules.rounds
    result = game.result()
    assert result is not None and sorted(r["seat"] for r in result) == list(range(n))
    assert [r["rank"] for r in result] == sorted(r["rank"] for r in result)


def _play(ruleset, n, setup, seed, choice_seed, trip_at=None):
    game = Game.new(ruleset, n, seed=seed, setup=setup)
    rng = random.Random(choice_seed)
    steps = 0
    while not game.is_terminal():
        if steps == trip_at:
            game = Game.from_json(ruleset, json.loads(json.dumps(game.to_json())))
        legal = None if game.current_player() == CHANCE else game.legal_actions()
        game.apply(game.sample_chance() if legal is None else legal[rng.randrange(len(legal))])
        steps += 1
    return game, steps


@pytest.mark.rule("flow.turn")
@settings(max_examples=25, deadline=None, database=None)
@given(n=players, setup=setups, seed=seeds, choice_seed=seeds, at=st.floats(0, 1))
def test_a_json_round_trip_mid_game_changes_nothing(ruleset, n, setup, seed, choice_seed, at):
    plain, steps = _play(ruleset, n, setup, seed, choice_seed)
    tripped, steps2 = _play(ruleset, n, setup, seed, choice_seed, trip_at=int(at * (steps - 1)))
    assert steps2 == steps
    assert json.dumps(tripped.to_json(), sort_keys=True) == json.dumps(plain.to_json(), sort_keys=True)
    assert tripped.result() == plain.result()

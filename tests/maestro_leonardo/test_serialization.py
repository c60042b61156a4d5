"""The JSON round trip of a game: at any decision, to_json -> from_json gives the same game, and the
game continued from it reaches the same end."""

from __future__ import annotations

import json
import random

import pytest

from regola.core.game import CHANCE, Game

from .scenario import Scenario, canonical


def _random_game(ruleset, n, setup, seed):
    game = Game.new(ruleset, n, seed=seed, setup=setup)
    rng = random.Random(seed)
    return game, rng


def _step(game, rng):
    if game.current_player() == CHANCE:
        game.apply(game.sample_chance())
    else:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


@pytest.mark.rule("flow.turn")
@pytest.mark.parametrize(("n", "setup"), [(n, s) for n in range(2, 6) for s in ("beginner", "advanced")])
def test_round_trip_at_every_decision(ruleset, n, setup):
    game, rng = _random_game(ruleset, n, setup, seed=400 + n)
    while not game.is_terminal():
        data = game.to_json()
        text = json.dumps(data)
        back = Game.from_json(ruleset, json.loads(text))
        assert canonical(back.to_json()) == canonical(data)
        assert back.current_player() == game.current_player()
        assert back.legal_actions() == game.legal_actions()
        for seat in range(n):
            assert canonical(back.view(seat)) == canonical(game.view(seat))
        _step(game, rng)
    assert Game.from_json(ruleset, json.loads(json.dumps(game.to_json()))).result() == game.result()


@pytest.mark.rule("flow.turn")
def test_the_record_names_the_pack_and_its_rules(ruleset, pack):
    data = Scenario(ruleset, 3, seed=401).game.to_json()
    assert data["game"] == "maestro-leonardo" and data["pack"] == "cs"
    assert data["content_hash"] == pack.content_hash and data["seed"] == 401


@pytest.mark.rule("setup.deck")
def test_chance_continues_identically_after_a_round_trip(ruleset):
    """The generator state travels with the game: a restored game at the deal draws the same deck."""
    game = Game.new(ruleset, 4, seed=402, setup="advanced")
    back = Game.from_json(ruleset, json.loads(json.dumps(game.to_json())))
    assert back.sample_chance() == game.sample_chance()

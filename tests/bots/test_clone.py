"""Game.clone: a copy for search that evolves on its own and plays exactly like the original."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from regola.core.game import CHANCE, Game, Ruleset


def _step(game: Game, rng: random.Random) -> None:
    if game.current_player() == CHANCE:
        game.apply(game.sample_chance())
    else:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def _snapshot(game: Game, rng: bool = True) -> str:
    data = game.to_json()
    if not rng:
        del data["rng"]
    return json.dumps({"game": data, "history": game.history, "who": game.current_player()}, sort_keys=True)


@settings(max_examples=30, deadline=None, database=None)
@given(n=st.integers(2, 5), setup=st.sampled_from(["beginner", "advanced"]), seed=st.integers(0, 2**32 - 1),
       prefix=st.integers(0, 400), own_rng=st.booleans())
def test_a_clone_and_its_original_evolve_independently(ruleset: Ruleset, n: int, setup: str, seed: int,
                                                        prefix: int, own_rng: bool) -> None:
    game = Game.new(ruleset, n, seed=seed, setup=setup)
    moves = random.Random(seed)
    while not game.is_terminal() and len(game.history) < prefix:
        _step(game, moves)
    before = _snapshot(game)
    clone = game.clone(random.Random(seed) if own_rng else None)
    assert _snapshot(clone, rng=not own_rng) == _snapshot(game, rng=not own_rng)  # own generator: the one difference

    # the clone plays on to the end: the original does not move
    clone_moves = random.Random(seed + 1)
    while not clone.is_terminal():
        _step(clone, clone_moves)
    assert _snapshot(game) == before

    # the original plays the same actions: it reaches the same end, and the clone stays where it was
    after_clone = _snapshot(clone)
    for _, action in clone.history[len(game.history):]:
        game.apply(action)
    assert _snapshot(clone) == after_clone
    assert game.result() == clone.result()
    assert game.state.to_json() == clone.state.to_json()


def test_a_clone_shares_no_mutable_part_with_its_original(ruleset: Ruleset) -> None:
    game = Game.new(ruleset, 4, seed=5)
    moves = random.Random(5)
    while len(game.history) < 150:
        _step(game, moves)
    clone = game.clone()
    seen: dict[int, str] = {}

    def walk(value: object, path: str, into: dict[int, str]) -> None:
        if isinstance(value, (list, dict)) or hasattr(value, "__slots__"):
            into[id(value)] = path
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{path}/{k}", into)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{path}/{i}", into)
        elif hasattr(value, "__slots__") and not isinstance(value, Ruleset):
            for slot in value.__slots__:
                if slot != "rules":
                    walk(getattr(value, slot, None), f"{path}.{slot}", into)

    walk(game.state, "state", seen)
    walk(game.history, "history", seen)
    mine: dict[int, str] = {}
    walk(clone.state, "state", mine)
    walk(clone.history, "history", mine)
    shared = sorted(seen[i] for i in seen.keys() & mine.keys())
    assert shared == []

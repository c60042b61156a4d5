"""The numbered action space (regola.core.actionspace): every legal action of every pack and variant has
one id that maps back to it, in every state; the space's size is exact; what lies outside is refused
with the kind and parameter named."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.core.actionspace import ActionKind, ActionOutOfSpace, ActionSpace
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack

PACKS = [("cs", ()), ("cs", ("codex-leonardi-1", "codex-leonardi-2")), ("de", ()), ("fr", ()),
         ("pl", ()), ("pl", ("muse-and-princess",)), ("pl", ("shared-building",)),
         ("pl", ("two-player-four-freedoms",)), ("pl", ("muse-and-princess", "shared-building"))]


@cache
def ruleset(pack: str, variants: tuple[str, ...]) -> Ruleset:
    return Ruleset(load_pack(pack, variants=list(variants)))


@settings(max_examples=12, deadline=None)
@given(which=st.sampled_from(PACKS), seed=st.integers(0, 10**6), players=st.integers(2, 5),
       advanced=st.booleans())
def test_every_legal_action_has_one_id_that_maps_back(which: tuple[str, tuple[str, ...]], seed: int, players: int,
                                                      advanced: bool) -> None:
    rs = ruleset(*which)
    space = rs.action_space()
    modes = rs.definition.setup_modes(rs.rules)
    game = Game.new(rs, players, seed, modes[-1] if advanced else modes[0])
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.is_chance():
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        ids = game.legal_ids()
        assert ids == sorted(ids) and len(set(ids)) == len(legal)
        assert all(0 <= i < space.size for i in ids)
        assert {game.action_of(i) for i in ids} == set(legal)
        game.apply_legal(rng.randrange(len(legal)))


def test_the_size_is_the_sum_of_the_kinds_and_ids_are_stable_across_games() -> None:
    rs = ruleset("cs", ())
    space = rs.action_space()
    assert space.size == sum(k.size for k in space.kinds)
    rows = space.describe()
    assert [r["first_id"] for r in rows] == sorted(r["first_id"] for r in rows)
    # the same move has the same id in two unrelated positions of two games
    a, b = Game.new(rs, 2, 1), Game.new(rs, 5, 2, "advanced")
    for action in [("pass",), ("start", 0, 1), ("place", "B", 2), ("bid", 7), ("leonardo", 3)]:
        assert a.action_id(action) == b.action_id(action) == space.id(action)
        assert space.action(space.id(action)) == action
        assert space.text(space.id(action)) == str(list(action)).replace("'", '"')


def test_a_peek_is_numbered_by_positions_so_one_id_is_one_rearrangement() -> None:
    rs = ruleset("cs", ())
    game = Game.new(rs, 4, 3)
    game.apply(game.sample_chance())
    top = game.state.deck[:4]
    order = ("order", (top[2], top[0], top[1], top[3]))
    index = game.action_id(order)
    assert game.action_of(index) == order
    assert rs.action_space().text(index) == '["order@", [2, 0, 1, 3]]'  # without the position: positions
    with pytest.raises(ActionOutOfSpace, match="relative to the position"):
        rs.action_space().id(order)


def test_what_lies_outside_the_space_is_refused_by_name() -> None:
    space = ruleset("cs", ()).action_space()
    with pytest.raises(ActionOutOfSpace, match="no action kind"):
        space.id(("fly", 1))
    with pytest.raises(ActionOutOfSpace, match=r"parameter 1 \('Z'\) is outside the domain of kind 'master'"):
        space.id(("master", "Z"))
    with pytest.raises(ActionOutOfSpace, match="outside 0"):
        space.action(space.size)


def test_a_malformed_declaration_is_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        ActionSpace([ActionKind("pass"), ActionKind("pass")])
    with pytest.raises(ValueError, match="empty domain"):
        ActionSpace([ActionKind("bid", ((),))])
    with pytest.raises(ValueError, match="repeats"):
        ActionSpace([ActionKind("bid", ((1, 1),))])


def test_apply_legal_carries_out_the_indexed_action_and_refuses_a_bad_index() -> None:
    rs = ruleset("cs", ())
    one, two = Game.new(rs, 4, 5), Game.new(rs, 4, 5)
    for game in (one, two):
        game.apply(game.sample_chance())
    legal = one.legal_actions()
    one.apply(legal[-1])
    assert two.apply_legal(len(legal) - 1) == legal[-1]
    assert one.state.to_json() == two.state.to_json()
    from regola.core.errors import IllegalAction

    with pytest.raises(IllegalAction, match="no legal action number"):
        two.apply_legal(10_000)


def test_batches_play_whole_games_in_one_call() -> None:
    from regola.core.game import play_random_games

    rs = ruleset("cs", ())
    assert play_random_games(rs, 4, [1, 2]) > 200
    game = Game.new(rs, 3, 9)
    before = game.state.to_json()
    results = game.random_rollouts(3, seed=4)
    assert len(results) == 3 and all(r is not None and len(r) == 3 for r in results)
    assert game.state.to_json() == before  # the game itself is left as it was
    assert game.random_rollouts(3, seed=4) == results  # one seed, the same rollouts

"""The 2-player rules (004 Zasady gry w wersji dla dwóch osób) come from tables keyed by the player
count: starting money, opening bid, the landscapes as one lot, five freedom tokens."""

from __future__ import annotations

import pytest

from .pof import ruleset, start


def test_money_and_opening_bid_by_player_count() -> None:
    doc = ruleset().pack.data
    for n in (2, 3, 4, 5):
        game = start(n)
        assert {p.money for p in game.state.players} == {doc["setup"]["money"][str(n)]}
    assert doc["setup"]["money"]["2"] == 2500 and doc["setup"]["money"]["4"] == 3500
    game = start(2)
    before = game.state.players[0].money
    game.apply(("open", "jester"))
    game.apply(("pass",))
    assert before - game.state.players[0].money == doc["auction"]["opening_bid"]["2"] == 300


def test_landscapes_are_one_lot_with_two() -> None:
    game = start(2)
    lots = {a[1] for a in game.legal_actions() if a[0] == "open"}
    assert "landscape" in lots and not lots & {"forest", "lake", "park"}
    game.apply(("open", "landscape"))
    game.apply(("pass",))
    kinds = {a[1] for a in game.legal_actions()}
    assert kinds == {"forest", "lake", "park"}  # the winner picks the kind as he places it
    game.apply(next(a for a in game.legal_actions() if a[1] == "lake"))
    # the other player may not choose any landscape this round
    assert game.current_player() == 1
    assert not {a[1] for a in game.legal_actions() if len(a) > 1} & {"landscape", "forest", "lake", "park"}


def test_landscapes_are_three_lots_with_more() -> None:
    lots = {a[1] for a in start(3).legal_actions() if a[0] == "open"}
    assert {"forest", "lake", "park"} <= lots and "landscape" not in lots


@pytest.mark.parametrize("seed", range(8))
def test_five_freedoms_with_two_players(seed: int) -> None:
    supply = start(2, seed).state.freedoms
    assert sum(supply.values()) == 5
    assert sorted(supply.values()) == [1, 2, 2]  # one of each kind, two more of different kinds


@pytest.mark.parametrize("n", [3, 4, 5])
def test_freedoms_are_players_minus_one(n: int) -> None:
    assert set(start(n).state.freedoms.values()) == {n - 1}


@pytest.mark.parametrize("seed", range(4))
def test_harder_two_player_variant_has_four_freedoms(seed: int) -> None:
    supply = start(2, seed, "two-player-four-freedoms").state.freedoms
    assert sorted(supply.values()) == [1, 1, 2]

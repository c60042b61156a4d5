"""The auction of phase A (004 Faza Licytacji), with the seed's worked example played move by move."""

from __future__ import annotations

import pytest

from regola.core.errors import IllegalAction

from .pof import start, to_actions


def _place_first(game) -> None:  # type: ignore[no-untyped-def]
    game.apply(next(a for a in game.legal_actions() if a[0] == "place"))


def test_worked_example_four_players() -> None:
    """004 Przykład: Anna 0, Bartek 1, Cezary 2, Dawid 3; Anna starts."""
    game = start(4)
    doc = game.ruleset.pack.data
    opening, step = doc["auction"]["opening_bid"]["4"], doc["mechanics"]["auction"]["raise"]["by"]
    money = [p.money for p in game.state.players]
    # 1. Anna chooses the park; nobody raises; she pays the opening bid and places it.
    assert game.current_player() == 0
    game.apply(("open", "park"))
    for seat in (1, 2, 3):
        assert game.current_player() == seat
        game.apply(("pass",))
    assert game.current_player() == 0
    _place_first(game)
    # 2. Bartek chooses the jester; Cezary, Dawid, Bartek, Cezary, Dawid raise; Bartek and Cezary pass.
    assert game.current_player() == 1
    game.apply(("open", "jester"))
    for seat in (2, 3, 1, 2, 3):
        assert game.current_player() == seat  # Anna bought: she is skipped
        game.apply(("raise",))
    for seat in (1, 2):
        assert game.current_player() == seat
        game.apply(("pass",))
    # 3. Bartek lost, so he chooses again: the forest; Cezary and he raise until Cezary passes at 600.
    assert game.current_player() == 1
    assert ("open", "jester") not in game.legal_actions() and ("open", "park") not in game.legal_actions()
    game.apply(("open", "forest"))
    for seat in (2, 1, 2, 1):
        assert game.current_player() == seat
        game.apply(("raise",))
    game.apply(("pass",))
    assert game.current_player() == 1
    _place_first(game)
    # 4. Cezary is the last: he buys without an auction, from the stacks not sold this round.
    assert game.current_player() == 2
    assert sorted(a[1] for a in game.legal_actions() if a[0] == "buy") == \
        ["architect", "lake", "prestige", "recruitment"]
    game.apply(("buy", "architect"))
    assert game.state.flow_state == "actions"
    paid = [money[s] - game.state.players[s].money for s in range(4)]
    assert paid == [opening, opening + 4 * step, opening, opening + 5 * step]
    assert paid == [200, 600, 200, 700]  # the figures of the seed's example
    state = game.state
    assert state.players[3].jesters == 1 and state.players[2].architects == 1
    assert [pl.piece for pl in state.players[0].board.pieces] == ["park"]
    assert [pl.piece for pl in state.players[1].board.pieces] == ["forest"]


def test_passing_is_final_and_the_winner_is_out() -> None:
    game = start(3)
    game.apply(("open", "jester"))
    game.apply(("pass",))  # seat 1 leaves this lot
    game.apply(("raise",))  # seat 2
    game.apply(("raise",))  # seat 0 again; seat 1 is skipped
    assert game.current_player() == 2
    game.apply(("pass",))
    assert game.state.players[0].jesters == 1
    # seat 0 won: the next chooser is seat 1, and seat 0 may not bid any more this round
    assert game.current_player() == 1
    game.apply(("open", "lake"))
    assert game.current_player() == 2
    game.apply(("pass",))
    assert game.current_player() == 1  # the placement of the lake


def test_raise_needs_the_money() -> None:
    game = start(2)
    game.state.players[1].money = game.ruleset.pack.data["auction"]["opening_bid"]["2"]
    game.apply(("open", "jester"))
    # seat 1 cannot pay a raise: he withdraws, and seat 0 wins at the opening bid
    assert game.state.players[0].jesters == 1


def test_decline_leaves_the_round() -> None:
    game = start(3)
    game.apply(("decline",))
    assert game.state.step["out"] == [True, False, False]
    game.apply(("open", "jester"))  # seat 1
    assert game.current_player() == 2  # seat 0 declined: he may not bid
    with pytest.raises(IllegalAction):
        game.apply(("open", "lake"))


def test_sold_stack_names_its_rule() -> None:
    game = start(3)
    game.apply(("open", "jester"))
    game.apply(("pass",))
    game.apply(("pass",))
    with pytest.raises(IllegalAction) as err:
        game.apply(("open", "jester"))
    assert err.value.rule == "auction.one_per_stack"


def test_fourth_architect_is_refused() -> None:
    game = start(3)
    game.state.players[0].architects = game.ruleset.pack.data["components"]["max_architects"]
    assert ("open", "architect") not in game.legal_actions()
    with pytest.raises(IllegalAction) as err:
        game.apply(("open", "architect"))
    assert err.value.rule == "auction.architect_limit"


def test_nobody_buys_then_actions() -> None:
    game = to_actions(start(5))
    assert game.state.flow_state == "actions"
    assert all(p.money == 3500 for p in game.state.players)

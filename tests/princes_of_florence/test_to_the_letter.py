"""Princes of Florence to the letter of seed 004: the auction limits read from the pack, recruitment
when won and at any moment of the action phase, refusals that name the rule that forbids the move,
and the rulings R15-R18 that settle the readings the seed leaves open."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from regola.core.errors import IllegalAction
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.variant import variant_from_dict
from regola.games.princes_of_florence.state import RECRUITMENT, State

from .pof import edited, put, start, to_actions


@functools.cache
def _with(*changes: tuple[str, Any]) -> Ruleset:
    variant = variant_from_dict({"id": "test", "base": "pl", "title": "test", "changes": [
        {"op": "replace", "path": path, "value": value} for path, value in changes]}, "<test>")
    return Ruleset(load_pack("pl", variants=[variant]))


def _start(ruleset: Ruleset, players: int) -> Game:
    game = Game.new(ruleset, players, 1, "standard")
    while game.state.flow_state != "auction":
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[0])
    return game


def _refused(game: Game, action: tuple[Any, ...]) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.to_json() == before  # a refusal changes nothing
    return err.value


# --- auction.per_player and auction.per_stack are read ----------------------------------------------


@pytest.mark.rule("auction.one_per_player")
def test_one_lot_per_player_comes_from_the_pack() -> None:
    for per_player, still_in in ((1, False), (2, True)):
        game = _start(_with(("/auction/per_player", per_player)), 3)
        game.apply(("open", "jester"))
        game.apply(("pass",))
        game.apply(("pass",))  # seat 0 wins the jester
        assert game.state.players[0].jesters == 1
        assert game.state.step["out"][0] is not still_in
        game.apply(("open", "architect"))  # seat 1 chooses next either way
        assert game.current_player() == 2
        game.apply(("pass",))
        if still_in:  # with two lots each, the winner of the jester may bid for the architect
            assert game.current_player() == 0
            assert ("raise",) in game.legal_actions()
        else:
            assert game.state.players[1].architects == 1  # seat 0 is out: seat 1 won


@pytest.mark.rule("auction.one_per_stack")
def test_one_lot_per_stack_comes_from_the_pack() -> None:
    for per_stack, again in ((1, False), (2, True)):
        game = _start(_with(("/auction/per_stack", per_stack)), 3)
        game.apply(("open", "jester"))
        game.apply(("pass",))
        game.apply(("pass",))  # seat 0 wins a jester; seat 1 chooses
        assert (("open", "jester") in game.legal_actions()) is again
        if not again:
            err = _refused(game, ("open", "jester"))
            assert err.rule == "auction.one_per_stack"


# --- recruitment: when won, and at any moment of the action phase ---------------------------------


@pytest.mark.rule("actions.recruit")
def test_a_recruitment_card_can_be_used_when_it_is_won() -> None:
    game = edited(start(3), lambda st: setattr(st.players[2], "table", [7]))
    game.apply(("open", "recruitment"))
    game.apply(("pass",))
    game.apply(("pass",))
    assert game.current_player() == 0
    assert set(game.legal_actions()) == {("recruit", 2, 7), ("wait",)}
    game.apply(("recruit", 2, 7))
    assert 7 in game.state.players[0].hand and game.state.players[2].table == [RECRUITMENT]
    assert game.current_player() == 1  # the auction goes on


@pytest.mark.rule("actions.recruit")
def test_a_recruitment_card_kept_for_later_is_used_between_turns() -> None:
    def edit(st: State) -> None:
        st.players[2].recruits = 1
        st.players[1].table = [7]

    game = edited(to_actions(start(3)), edit)
    assert game.current_player() == 0
    game.apply(("end",))  # seat 0 ends his turn: before seat 1 acts, seat 2 may recruit
    assert game.current_player() == 2
    assert set(game.legal_actions()) == {("recruit", 1, 7), ("wait",)}
    err = _refused(game, ("build", "chapel"))
    assert err.rule == "actions.recruit"
    game.apply(("wait",))
    assert game.current_player() == 1
    game.apply(("end",))  # seat 1's turn is over: seat 2 is asked again, and it is his own turn next
    assert game.current_player() == 2 and ("recruit", 1, 7) in game.legal_actions()


@pytest.mark.rule("actions.recruit")
def test_recruitment_refusals_name_the_recruitment_rule() -> None:
    def edit(st: State) -> None:
        st.round = 3
        st.players[0].recruits = 1
        st.players[0].table = [5]
        st.players[1].hand = [9]
        st.players[1].table = [RECRUITMENT]

    game = edited(to_actions(start(3)), edit)
    own = _refused(game, ("recruit", 0, 5))
    assert own.rule == "actions.recruit" and "own" in own.message
    hidden = _refused(game, ("recruit", 1, 9))
    assert hidden.rule == "actions.recruit" and "face up" in hidden.message
    card = _refused(game, ("recruit", 1, RECRUITMENT))
    assert card.rule == "actions.recruit"


def test_recruiting_as_an_action_when_the_pack_says_so() -> None:
    game = _start(_with(("/actions/recruit_is_action", True)), 3)
    game = edited(to_actions(game), lambda st: (setattr(st.players[0], "recruits", 1),
                                                setattr(st.players[1], "table", [7])))
    game.apply(("recruit", 1, 7))
    assert game.state.step["done"] == 1  # it took one of the two actions


# --- refusals name the rule that forbids the move ------------------------------------------------


@pytest.mark.rule("auction.raise")
def test_a_raise_of_another_size_cites_the_raise_rule() -> None:
    game = start(3)
    game.apply(("open", "jester"))
    err = _refused(game, ("raise", 200))
    assert err.rule == "auction.raise"
    assert "exactly 100" in err.message


@pytest.mark.rule("placement.unique_building")
def test_a_second_building_of_a_kind_cites_the_placement_rule() -> None:
    def edit(st: State) -> None:
        put(st, 0, "chapel")
        st.players[0].money = 5000

    game = edited(to_actions(start(3)), edit)
    err = _refused(game, ("build", "chapel"))
    assert err.rule == "placement.unique_building"


@pytest.mark.rule("placement.overlap")
def test_a_forest_over_a_forest_cites_the_overlap_rule() -> None:
    game = edited(start(3), lambda st: put(st, 0, "forest"))
    laid = game.state.players[0].board.pieces[0]
    game.apply(("open", "forest"))
    game.apply(("pass",))
    game.apply(("pass",))
    assert game.current_player() == 0 and game.state.step["pending"]["kind"] == "place"
    err = _refused(game, ("place", *laid))
    assert err.rule == "placement.overlap" and "forest" in err.message


# --- rulings ------------------------------------------------------------------------------------


@pytest.mark.rule("actions.prestige_for_money")
def test_r15_moving_back_for_money_in_the_auction() -> None:
    game = edited(start(3), lambda st: setattr(st.players[1], "prestige", 2))
    game.apply(("open", "jester"))
    assert game.current_player() == 1 and ("sell",) in game.legal_actions()
    money = game.state.players[1].money
    game.apply(("sell",))
    assert game.state.players[1].prestige == 1 and game.state.players[1].money == money + 100
    assert game.current_player() == 1  # still his decision


@pytest.mark.rule("actions.prestige_for_money")
def test_r15_a_bidder_short_of_money_may_sell_to_raise() -> None:
    def edit(st: State) -> None:
        st.players[1].money = 250
        st.players[1].prestige = 1

    game = edited(start(3), edit)
    game.apply(("open", "jester"))  # 200: a raise to 300 needs 50 more than seat 1 has
    assert game.current_player() == 1
    assert ("raise",) not in game.legal_actions()
    game.apply(("sell",))
    assert ("raise",) in game.legal_actions()


@pytest.mark.rule("auction.last_player")
def test_r16_the_last_player_pays_the_opening_bid_in_force() -> None:
    game = start(2)
    game.apply(("decline",))
    money = game.state.players[1].money
    game.apply(("buy", "jester"))
    assert money - game.state.players[1].money == game.ruleset.pack.data["auction"]["opening_bid"]["2"] == 300


@pytest.mark.rule("auction.prestige_card")
def test_r17_the_player_orders_the_cards_going_back() -> None:
    game = start(3)
    game.apply(("open", "prestige"))
    game.apply(("pass",))
    game.apply(("pass",))
    drawn = game.state.step["pending"]["cards"]
    game.apply(("keep", drawn[0]))
    rest = drawn[1:]
    orders = game.legal_actions()
    assert len(orders) == 24 and all(sorted(a[1]) == sorted(rest) for a in orders)
    chosen = tuple(reversed(rest))
    game.apply(("under", chosen))
    assert game.state.prestige_deck[-len(rest):] == list(chosen)
    err = _refused(game, ("open", "jester")) if game.current_player() == 0 else None
    assert err is None or err.rule.startswith("auction.")


@pytest.mark.rule("setup.money", "setup.seat_money")
def test_each_seat_starts_with_the_money_plus_its_own_extra() -> None:
    """004 gives every player 3,500 florins (4 players); a house rule may add florins seat by seat, the
    lever `regola tune --goal fair-seats` moves for this pack."""
    plain = Game.new(Ruleset(load_pack("pl")), 4, 1, "standard").state
    assert [p.money for p in plain.players] == [3500] * 4
    evened = Game.new(_with(("/setup/seat_money/1", 100), ("/setup/seat_money/3", 450)), 4, 1, "standard").state
    assert [p.money for p in evened.players] == [3500, 3600, 3500, 3950]
    from regola.sim.goals import knobs

    found, setup = knobs(load_pack("pl"), "fair-seats", 4)
    assert [k.path for k in found] == [f"/setup/seat_money/{s}" for s in range(4)] and setup == "standard"
    assert all(k.base == 0 and (k.low, k.high) == (0, 1000) for k in found)

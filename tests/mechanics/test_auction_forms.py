"""Princes of Florence's phase A in each form of the library's auction (mechanics.auction): the house
rules pf-dutch-auction and pf-sealed-auction as their words state them, and forms no house rule of the
corpus uses (a raise by any multiple of a step, a fixed price) written as variants here."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from tests.princes_of_florence.pof import edited, start

from regola.core.errors import IllegalAction, PackError
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.games.princes_of_florence.search import UNKNOWN, determinize, information_state
from regola.games.princes_of_florence.steps.auction import sealed_options
from regola.mechanics.auction import (
    Auction,
    RaiseRule,
    dutch_decline,
    dutch_state,
    dutch_turn,
    sealed_order,
    tied_lots,
)


def _variant(tmp_path: Path, auction: str) -> Ruleset:
    path = tmp_path / "house.yaml"
    path.write_text("variant:\n  id: house\n  base: [pl]\n  title: House\n  changes:\n"
                    f"    - {{op: replace, path: /mechanics/auction, value: {auction}}}\n", encoding="utf-8")
    return Ruleset(load_pack("pl", variants=[path]))


def _price(game: Game) -> Any:
    return game.view(0)["step"]["price"]


def _refused(game: Game, action: tuple[Any, ...]) -> IllegalAction:
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.to_json() == before
    return err.value


# --- pf-dutch-auction: 700, falling by 100 each time round the table, first to accept pays ------------

def test_a_dutch_lot_falls_each_round_unclaimed_and_the_first_to_accept_pays() -> None:
    game = start(3, 1, "pf-dutch-auction")
    s = game.state.start
    a, b, c = s, (s + 1) % 3, (s + 2) % 3
    game = edited(game, lambda st: setattr(st.players[b], "money", 650))  # cannot pay 700: passed over
    money = [p.money for p in game.state.players]
    game.apply(("open", "jester"))
    assert game.current_player() == a and _price(game) == 700  # the one who put it up is asked first
    game.apply(("pass",))
    assert game.current_player() == c  # b cannot pay 700 and is not asked
    game.apply(("pass",))
    assert game.current_player() == a and _price(game) == 600  # once round unclaimed: 100 less
    game.apply(("pass",))
    assert game.current_player() == b
    game.apply(("accept",))
    assert game.state.players[b].money == 650 - 600 and game.state.players[b].jesters == 1
    assert [p.money for p in game.state.players][a] == money[a]
    assert game.current_player() == a and game.view(a)["step"]["lot"] is None  # a lost: a chooses again


def test_a_dutch_lot_nobody_takes_at_the_floor_stays_unsold_this_round() -> None:
    game = start(3, 1, "pf-dutch-auction")
    chooser = game.current_player()
    game.apply(("open", "jester"))
    prices = []
    while game.view(0)["step"]["lot"] is not None:
        prices.append(_price(game))
        game.apply(("pass",))
    assert sorted(set(prices), reverse=True) == [700, 600, 500, 400, 300, 200, 100]
    assert len(prices) == 7 * 3 and game.state.jesters == game.ruleset.rules.jesters
    assert game.current_player() == chooser and "jester" in game.view(0)["step"]["unsold"]
    assert ("open", "jester") not in game.legal_actions() and ("open", "architect") in game.legal_actions()


def test_the_dutch_offer_bookkeeping_skips_rounds_nobody_could_pay() -> None:
    rule = Auction(kind="dutch", start=700, step=100, floor=100)
    offer = dutch_state([0, 1], 700)
    can_pay = {0: 350, 1: 250}
    for _ in range(2):
        dutch_decline(offer, rule, lambda seat, price: can_pay[seat] >= price)
    assert offer["price"] == 300 and dutch_turn(offer) == 0  # 600, 500 and 400 nobody could pay
    for _ in range(2 * 3):
        dutch_decline(offer, rule, lambda seat, price: can_pay[seat] >= price)
    assert offer["price"] is None and dutch_turn(offer) is None


# --- pf-sealed-auction: a stack and a bid each, in secret; highest first; a taken stack wins nothing ---

def test_sealed_bids_are_settled_from_the_highest_and_a_taken_stack_wins_nothing() -> None:
    game = start(3, 1, "pf-sealed-auction")
    s = game.state.start
    a, b, c = s, (s + 1) % 3, (s + 2) % 3
    money = [p.money for p in game.state.players]
    assert game.current_player() == a
    assert not any(x[0] in ("open", "buy") for x in game.legal_actions())
    assert ("seal", "jester", 200) in game.legal_actions() and ("seal", "jester", 100) not in game.legal_actions()
    game.apply(("seal", "jester", 500))
    game.apply(("seal", "jester", 500))  # b: the same bid on the same stack
    seen = game.view(c)["step"]
    assert seen["bid"] == sorted([a, b]) and "own_bid" not in seen  # who has bid, not what
    assert game.view(a)["step"]["own_bid"] == ["jester", 500]
    game.apply(("seal", "architect", 400))
    # a tie goes to the start player first (tie: start_then_clockwise): a takes the jester, b nothing
    st = game.state
    assert st.players[a].jesters == 1 and st.players[a].money == money[a] - 500
    assert st.players[b].jesters == 0 and st.players[b].money == money[b]
    assert st.players[c].architects == 1 and st.players[c].money == money[c] - 400
    assert st.flow_state == "actions"


@pytest.mark.parametrize(("bids", "jester_to"), [((500, 500, 300), None), ((500, 600, 600), None),
                                                ((500, 400, 300), 0), ((400, 600, 300), 1)])
def test_under_the_tie_rule_nobody_equal_highest_bids_leave_the_stack_unsold(
        bids: tuple[int, int, int], jester_to: int | None) -> None:
    """pf-sealed-tie-nobody: every seat bids on the jester; equal highest bids void every bid on it (a
    lower bidder does not take it either); a single highest bid still wins."""
    game = start(3, 1, "pf-sealed-tie-nobody")
    order = [(game.state.start + k) % 3 for k in range(3)]
    money = [p.money for p in game.state.players]
    jesters = game.state.jesters
    for bid in bids:
        game.apply(("seal", "jester", bid))
    st = game.state
    winner = None if jester_to is None else order[jester_to]
    for seat in range(3):
        took = seat == winner
        assert st.players[seat].jesters == int(took)
        assert st.players[seat].money == money[seat] - (bids[order.index(seat)] if took else 0)
    assert st.jesters == jesters - (winner is not None)  # an unsold jester stays in the supply
    assert st.flow_state == "actions"


def test_tied_lots_are_the_lots_whose_highest_bid_is_shared() -> None:
    assert tied_lots({0: ("jester", 500), 1: ("jester", 500), 2: ("architect", 300)}) == {"jester"}
    assert tied_lots({0: ("jester", 500), 1: ("jester", 400), 2: ("jester", 400)}) == set()
    assert tied_lots({0: ("jester", 300), 1: ("jester", 300), 2: ("jester", 700)}) == set()


def test_a_sealed_bid_is_hidden_from_the_search_and_guessed_within_what_was_possible() -> None:
    game = start(3, 1, "pf-sealed-auction")
    first = game.current_player()
    game.apply(("seal", "prestige", 900))
    me = (first + 1) % 3
    info = information_state(game.state, me)
    assert info.step["sealed"]["bids"][str(first)] == [UNKNOWN, UNKNOWN]
    assert game.state.step["sealed"]["bids"][str(first)] == ["prestige", 900]  # the game's own state untouched
    options = sealed_options(game.state, first)
    for seed in range(5):
        guessed = determinize(info, me, random.Random(seed)).step["sealed"]["bids"][str(first)]
        assert ("seal", *guessed) in options


def test_sealed_order_puts_equal_bids_in_the_tie_rules_order() -> None:
    assert sealed_order({0: 300, 1: 500, 2: 500}, [2, 0, 1]) == [2, 1, 0]
    assert sealed_order({0: 300, 1: 500, 2: 500}, [1, 2, 0]) == [1, 2, 0]


# --- forms no house rule of the corpus uses ----------------------------------------------------------

def test_a_raise_by_any_multiple_of_a_step_up_to_a_most(tmp_path: Path) -> None:
    rs = _variant(tmp_path, "{kind: open, raise: {kind: multiple, by: 100, min: 200, max: 400}}")
    game = Game.new(rs, 3, 1, "standard")
    game = start_like(game)
    game.apply(("open", "jester"))
    legal = game.legal_actions()
    assert [x for x in legal if x[0] == "raise"] == [("raise", 200), ("raise", 300), ("raise", 400)]
    assert _refused(game, ("raise", 100)).rule == "auction.raise"
    assert _refused(game, ("raise",)).rule == "auction.raise"
    opening = _price(game)
    game.apply(("raise", 400))
    assert _price(game) == opening + 400


@pytest.mark.parametrize("price", [None, 400])
def test_a_fixed_price_sells_the_chosen_lot_without_bidding(tmp_path: Path, price: int | None) -> None:
    """Without a price of its own a lot goes for the opening bid; pf-fixed-price names 400."""
    rs = _variant(tmp_path, "{kind: fixed}" if price is None else f"{{kind: fixed, price: {price}}}")
    game = start_like(Game.new(rs, 3, 1, "standard"))
    seat = game.current_player()
    money = game.state.players[seat].money
    assert {x[0] for x in game.legal_actions()} <= {"buy", "decline", "sell"}
    game.apply(("buy", "jester"))
    assert game.state.players[seat].money == money - (price or rs.rules.opening_bid[3])
    assert game.current_player() == (seat + 1) % 3


@pytest.mark.parametrize(("auction", "field", "says"), [
    ("{kind: open, raise: {kind: any}}", "/mechanics/auction/raise/kind", "lists its bids"),
    ("{kind: open, raise: {kind: multiple, by: 100, max: 90000}}", "/mechanics/auction/raise/max", "200"),
    ("{kind: dutch, start: 100, step: 100, floor: 200}", "/mechanics/auction/floor", "above"),
    ("{kind: dutch, start: 100000, step: 1, floor: 0}", "/mechanics/auction/step", "200 prices"),
    ("{kind: sealed}", "/mechanics/auction", "bids"),
])
def test_a_form_that_cannot_run_is_refused_at_its_field(tmp_path: Path, auction: str, field: str, says: str) -> None:
    with pytest.raises(PackError) as err:
        _variant(tmp_path, auction)
    assert err.value.field == field and says in str(err.value)


def test_the_raise_rule_lists_its_raises() -> None:
    assert RaiseRule("exactly", 100).raises() == (100,)
    assert RaiseRule("multiple", 100, 150, 500).raises() == (200, 300, 400, 500)
    assert RaiseRule().raises() is None
    assert RaiseRule("multiple", 50, 50, 150).bids(300, 420) == [350, 400]


def start_like(game: Game) -> Game:
    """Past the deal, to the first decision of phase A."""
    from regola.core.game import CHANCE

    while game.state.flow_state != "auction":
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[0])
    return game

"""A game's parts declared in its pack (mechanics.parts, issue 43 item 1): each part a player owns is a
measure from its declaration alone, each counter a resource given within its bounds and from its
supply, and a declaration that names nothing is refused at its line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.random_play import random_moves

from regola.bots.specs import make_bot
from regola.core.errors import PackError
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play


def _house(tmp_path: Path, pack: str, *changes: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"variant:\n  id: house\n  base: [{pack}]\n  title: House\n  changes:\n"
                    + "".join(f"    - {c}\n" for c in changes), encoding="utf-8")
    return path


def _random_game(rs: Ruleset, players: int, seed: int, setup: str) -> Game:
    """A random game, stepped one move at a time (the caller checks after each: a generator)."""
    return Game.new(rs, players, seed, setup)


def _moves(game: Game, seed: int) -> Iterator[Game]:
    return random_moves(game, random.Random(seed))


@pytest.mark.parametrize(("pack", "setup"), [("cs", "beginner"), ("pl", "standard")])
def test_a_runaway_award_stays_within_the_declared_bound(tmp_path: Path, pack: str, setup: str) -> None:
    """'money * 1000' every round once died of MemoryError listing a purse of billions of bids; the
    declared bound holds whatever the expression says, and the game plays to its end."""
    award = "{when: round_start, to: each, gain: money, amount: 'money * 1000'}"
    change = f"{{op: add, path: /mechanics/awards/-, value: {award}}}"
    rs = Ruleset(load_pack(pack, variants=[_house(tmp_path, pack, change)]))
    most = rs.rules.mechanics.parts["money"].most
    game = _random_game(rs, 3, 4, setup)
    richest = 0
    for _ in _moves(game, 4):
        richest = max(richest, *(p.money for p in game.state.players))
        assert richest <= most
    assert richest == most  # the bound was reached, not merely respected
    assert game.result() is not None


def test_a_part_no_game_lent_before_is_a_measure(tmp_path: Path) -> None:
    """'Each jester scores a prestige point at the end': Princes of Florence's code never lent its jesters
    as a measure; the pack's declaration makes them one."""
    base = Ruleset(load_pack("pl"))
    house = Ruleset(load_pack("pl", variants=[_house(tmp_path, "pl", "{op: add, path: /mechanics/awards/-, value: "
                                                     "{when: game_end, to: each, gain: prestige, amount: jesters}}")]))
    games = []
    for rs in (base, house):
        game = Game.new(rs, 3, 8, "standard")
        play(game, [make_bot("greedy", seat, 8, rs) for seat in range(3)])
        games.append(game)
    jesters = [p.jesters for p in games[0].state.players]
    assert any(jesters)
    assert [p.prestige for p in games[1].state.players] == \
        [p.prestige + j for p, j in zip(games[0].state.players, jesters, strict=True)]


def test_jesters_given_come_from_the_supply_and_go_no_further(tmp_path: Path) -> None:
    """A counter with a supply is given only what the supply holds, never past its own bound, and every
    jester is in the supply or with a player after every move."""
    rs = Ruleset(load_pack("pl", variants=[_house(tmp_path, "pl", "{op: add, path: /mechanics/awards/-, value: "
                                                  "{when: round_start, to: each, gain: jesters, amount: 2}}")]))
    total = rs.rules.jesters
    game = _random_game(rs, 4, 2, "standard")
    for _ in _moves(game, 2):
        state = game.state
        assert state.jesters + sum(p.jesters for p in state.players) == total
        assert state.jesters >= 0 and all(0 <= p.jesters <= total for p in state.players)
    assert game.state.jesters == 0  # 4 players x 2 a round emptied it


@pytest.mark.parametrize(("change", "field", "says"), [
    ("{op: replace, path: /mechanics/parts/jesters/at, value: clowns}", "/mechanics/parts/jesters/at",
     "keeps no 'clowns'"),
    ("{op: replace, path: /mechanics/parts/jesters/supply, value: money}", "/mechanics/parts/jesters/supply",
     "shared counter"),
    ("{op: replace, path: /mechanics/parts/jesters/max, value: /components/clowns}", "/mechanics/parts/jesters/max",
     "names nothing"),
    ("{op: add, path: /mechanics/awards/-, value: {when: game_end, to: each, gain: freedoms, amount: 1}}",
     "/mechanics/awards/0/gain", "only a counter"),
])
def test_a_part_that_names_nothing_is_refused_at_its_line(tmp_path: Path, change: str, field: str,
                                                          says: str) -> None:
    with pytest.raises(PackError) as err:
        Ruleset(load_pack("pl", variants=[_house(tmp_path, "pl", change)]))
    assert err.value.field == field and says in str(err.value)
    assert err.value.file is not None and err.value.file.endswith("house.yaml") and err.value.line


@pytest.mark.parametrize("award", ["{when: round_start, to: each, gain: money, amount: 'money * 1000'}",
                                   "{when: round_start, to: each, gain: money, amount: 90}"])
def test_every_bid_an_award_makes_affordable_has_an_action_id(tmp_path: Path, award: str) -> None:
    """Maestro Leonardo numbers its bids up to the most a purse can hold; gulden a house rule gives count
    towards it (a bid of 389 once fell outside the action space), never past the declared bound."""
    rs = Ruleset(load_pack("cs", variants=[_house(tmp_path, "cs", f"{{op: add, path: /mechanics/awards/-, "
                                                                  f"value: {award}}}")]))
    bids = 0
    for seed in range(4):
        game = _random_game(rs, 4, seed, "beginner")
        for _ in _moves(game, seed):
            if game.current_player() >= 0:
                legal = game.legal_actions()
                assert len(game.legal_ids()) == len(legal)
                bids += legal[0][0] == "bid" and len(legal) > 389
    assert bids  # some bid went past what the printed game allows


def _award_game(tmp_path: Path, pack: str, award: str, setup: str, players: int = 4) -> Game:
    rs = Ruleset(load_pack(pack, variants=[_house(tmp_path, pack, f"{{op: add, path: /mechanics/awards/-, "
                                                                  f"value: {award}}}")]))
    game = Game.new(rs, players, 1, setup)
    while game.current_player() == CHANCE:
        game.apply(game.sample_chance())
    return game


def test_a_payment_into_a_shared_place_lands_there(tmp_path: Path) -> None:
    """'The richest pay 1 gulden to the council': paid into the shared counter, not to the bank."""
    game = _award_game(tmp_path, "cs", "{when: round_end, to: most, by: money, gain: money, amount: -3, "
                                       "via: council}", "beginner")
    state = game.state
    for p, money in zip(state.players, (9, 2, 9, 1), strict=True):
        p.money = money
    council = state.council_money
    state.rules.mechanics.end_round(state, state.n)
    assert [p.money for p in state.players] == [6, 2, 6, 1]
    assert state.council_money == council + 6


def test_a_gift_out_of_a_shared_place_stops_when_it_is_empty(tmp_path: Path) -> None:
    game = _award_game(tmp_path, "cs", "{when: round_start, to: each, gain: money, amount: 4, via: council}",
                       "beginner")
    state = game.state
    state.council_money = 10
    before = [p.money for p in state.players]
    state.rules.mechanics.begin_round(state, state.n, 2)
    got = [p.money - b for p, b in zip(state.players, before, strict=True)]
    assert sorted(got) == [0, 2, 4, 4] and state.council_money == 0


@pytest.mark.parametrize(("award", "money", "after"), [
    # the poorest take 3 from each other player, each paying what they can
    ("{when: round_start, to: fewest, by: money, gain: money, amount: 3, via: others}", [0, 5, 1, 2], [6, 2, 0, 0]),
    # the richest pay 2 to each other player, in turn from the payer, while they can
    ("{when: round_start, to: most, by: money, gain: money, amount: -2, via: others}", [1, 3, 0, 0], [1, 0, 2, 1]),
])
def test_a_payment_between_players_keeps_every_florin(tmp_path: Path, award: str, money: list[int],
                                                     after: list[int]) -> None:
    game = _award_game(tmp_path, "pl", award, "standard")
    state = game.state
    for p, m in zip(state.players, money, strict=True):
        p.money = m
    bank = state.bank
    state.rules.mechanics.begin_round(state, state.n, 2)
    assert [p.money for p in state.players] == after
    assert state.bank == bank  # nothing went to or came from the bank


def test_an_award_moved_through_something_else_is_refused_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(PackError) as err:
        _award_game(tmp_path, "pl", "{when: round_start, to: each, gain: money, amount: 1, via: prestige}",
                    "standard")
    assert err.value.field == "/mechanics/awards/0/via" and "shared counter" in str(err.value)

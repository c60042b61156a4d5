"""Completing a work (004 Ukończenie Dzieła): each contribution on and off, the seed's worked example,
the round minimum, bonus cards played into a work, and the pay exchanged for prestige."""

from __future__ import annotations

import pytest

from regola.core.errors import IllegalAction
from regola.core.game import Game
from regola.games.princes_of_florence.state import RECRUITMENT, State

from .pof import edited, put, start, to_actions

POET = 19  # wants a theatre, a lake and freedom of movement (004 Przykład obliczania WD)


def _poet_game(edit, round_no: int = 3) -> Game:  # type: ignore[no-untyped-def]
    """Seat 0 to act in the action phase of ``round_no``, holding only the poet, then ``edit``ed."""
    game = to_actions(start(4))

    def setup(st: State) -> None:
        st.round = round_no
        p = st.players[0]
        p.hand = [POET]
        p.recruits = 0
        p.table = []
        edit(st)

    return edited(game, setup)


def _value(game: Game) -> int:
    game.apply(("work", POET))
    value: int = game.state.step["pending"]["value"]
    return value


def _anna(st: State) -> None:
    """The example: a theatre, freedom of movement, two jesters, four cards counting the poet and a
    recruitment card, no lake, no bonus card."""
    p = st.players[0]
    put(st, 0, "theatre", architects=0)
    p.freedoms = ["movement"]
    p.jesters = 2
    p.hand = [POET, 1]
    p.recruits = 1
    p.table = [2]


def test_worked_example() -> None:
    game = _poet_game(_anna)
    money = game.state.players[0].money
    prestige = game.state.players[0].prestige
    assert _value(game) == 15
    game.apply(("finish",))
    assert game.state.players[0].money == money + 1500
    assert ("convert", 7) in game.legal_actions() and ("convert", 8) not in game.legal_actions()
    game.apply(("convert", 7))
    assert game.state.players[0].money == money + 100
    assert game.state.players[0].prestige == prestige + 7
    assert game.state.work_marks[0] == 15
    assert game.state.players[0].table == [2, POET]


def _with(thing: str):  # type: ignore[no-untyped-def]
    def edit(st: State) -> None:
        _anna(st)
        p = st.players[0]
        if thing == "building":
            return
        if thing == "landscape":
            put(st, 0, "lake")
        elif thing == "no_building":
            p.board = st.rules.principality.empty_board()
        elif thing == "no_freedom":
            p.freedoms = []
        elif thing == "wrong_freedom":
            p.freedoms = ["speech"]
        elif thing == "jester":
            p.jesters = 3
        elif thing == "card":
            p.recruits = 2
        elif thing == "wrong_landscape":
            put(st, 0, "park")
    return edit


@pytest.mark.parametrize(("thing", "delta"), [
    ("building", 0), ("no_building", -4), ("landscape", 3), ("wrong_landscape", 0), ("no_freedom", -3),
    ("wrong_freedom", -3), ("jester", 2), ("card", 1)])
def test_each_contribution(thing: str, delta: int) -> None:
    assert _value(_poet_game(_with(thing), round_no=1)) == 15 + delta


def test_below_the_round_minimum_is_refused() -> None:
    def bare(st: State) -> None:
        st.players[0].jesters = 0

    game = _poet_game(bare, round_no=1)
    assert ("work", POET) not in game.legal_actions()
    with pytest.raises(IllegalAction) as err:
        game.apply(("work", POET))
    assert err.value.rule == "works.minimum"


def test_bonus_card_lifts_a_work_over_the_minimum() -> None:
    minimum = start(2).ruleset.pack.data["rounds"]["minimum_work"][0]

    def edit(st: State) -> None:
        p = st.players[0]
        p.jesters = (minimum - 1) // 2  # with the poet's own card: one short of the minimum
        p.bonus = [11]  # +2 per jester
        if 2 * p.jesters + 1 >= minimum:
            p.jesters -= 1

    game = _poet_game(edit, round_no=1)
    base = 2 * game.state.players[0].jesters + 1
    assert base < minimum
    game.apply(("work", POET))
    assert ("finish",) not in game.legal_actions()
    game.apply(("play_bonus", 11))
    assert game.state.step["pending"]["value"] == base + 2 * game.state.players[0].jesters
    assert game.state.players[0].bonus_used == [11] and game.state.players[0].bonus == []
    game.apply(("finish",))


def test_a_work_takes_an_action_and_two_are_allowed() -> None:
    def edit(st: State) -> None:
        _anna(st)
        st.players[0].hand = [POET, 1, 5]
        st.players[0].jesters = 4

    game = _poet_game(edit)
    game.apply(("work", POET))
    first = game.state.step["pending"]["value"]
    game.apply(("finish",))
    game.apply(("convert", 0))
    assert game.state.step["done"] == 1
    works = [a for a in game.legal_actions() if a[0] == "work"]
    assert works
    game.apply(works[0])
    second = game.state.step["pending"]["value"]
    game.apply(("finish",))
    game.apply(("convert", 0))
    assert game.current_player() == 1  # two actions: the turn passed on
    assert game.state.work_marks[0] == max(first, second)  # the better work stands on the track, not the sum


def test_recruiting_is_free_and_leaves_a_recruitment_card() -> None:
    def edit(st: State) -> None:
        st.players[0].recruits = 1
        st.players[2].table = [7]

    game = _poet_game(edit)
    game.apply(("recruit", 2, 7))
    assert game.state.players[2].table == [RECRUITMENT]
    assert 7 in game.state.players[0].hand and game.state.players[0].recruits == 0
    assert game.state.step["done"] == 0  # no action spent


def test_a_building_against_the_rules_names_the_rule() -> None:
    """In play, a placement the grid forbids is refused with the numbered rule it breaks."""
    def edit(st: State) -> None:
        put(st, 0, "tower", architects=0)
        st.players[0].architects = 0
        st.players[0].money = 5000

    game = _poet_game(edit)
    game.apply(("build", "chapel"))
    principality = game.ruleset.rules.principality
    tower = game.state.players[0].board.pieces[0]
    touching = [pl for pl in principality.legal_placements(game.state.players[0].board, "chapel", 2)
                if principality.grid.neighbours(principality.grid.mask(principality.cells(pl)))
                & principality.grid.mask(principality.cells(tower))]
    assert touching
    with pytest.raises(IllegalAction) as err:
        game.apply(("place", *touching[0]))
    assert err.value.rule == "placement.adjacency"
    with pytest.raises(IllegalAction) as err:
        game.apply(("place", "chapel", 0, 6, 6))
    assert err.value.rule == "placement.inside"
    with pytest.raises(IllegalAction) as err:
        game.apply(("place", *tower))
    assert err.value.rule in ("placement.overlap", "placement.piece")

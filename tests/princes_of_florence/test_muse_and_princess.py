"""Expansion "Muza i Księżniczka" (004): phase A2 with the seed's worked example, and each character."""

from __future__ import annotations

import pytest

from regola.core.game import Game
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps.characters import round_limit

from .pof import edited, put, start

VARIANT = "muse-and-princess"


def _to_a2(players: int = 4) -> Game:
    game = start(players, 1, VARIANT)
    while game.state.flow_state == "auction":
        game.apply(("decline",))
    assert game.state.flow_state == "characters"
    return game


def test_worked_example_of_phase_a2() -> None:
    """Anna 0, Bartek 1, Cezary 2, Dawid 3 (004 Przykład przebiegu fazy A2)."""
    game = _to_a2()
    money = [p.money for p in game.state.players]
    for action in [("bid", "cardinal", 300), ("bid", "merchant", 400), ("bid", "cardinal", 500),
                   ("bid", "princess", 300), ("bid", "banker", 0)]:
        game.apply(action)
    assert game.current_player() == 1
    game.apply(("hire", "merchant"))
    game.apply(("hire", "cardinal"))
    game.apply(("hire", "princess"))
    game.apply(("hire", "banker"))
    assert game.state.flow_state == "actions"
    assert [game.state.players[s].money - money[s] for s in range(4)] == [600, -400, -500, -300]
    assert game.state.extra["owners"] == {"merchant": 1, "cardinal": 2, "princess": 3, "banker": 0}
    assert game.state.extra["banker_money"] == 600  # used: a fresh 600 lies on it


def test_outbidding_needs_a_better_field() -> None:
    game = _to_a2(3)
    game.apply(("bid", "muse", 600))
    assert ("bid", "muse", 600) not in game.legal_actions()
    assert ("bid", "muse", 700) in game.legal_actions()
    game.apply(("bid", "banker", 200))
    assert ("bid", "banker", 200) not in game.legal_actions() and ("bid", "banker", 100) in game.legal_actions()


def test_the_banker_gathers_money_while_nobody_takes_him() -> None:
    """004: nobody took the banker in rounds 1 and 2: 800 lie on him in round 3."""
    game = start(2, 1, VARIANT)
    for _ in range(2):
        while game.state.flow_state != "actions":
            game.apply(("decline",) if ("decline",) in game.legal_actions() else ("withdraw",))
        while game.state.flow_state == "actions":
            game.apply(("end",))
    assert game.state.round == 3
    assert game.state.extra["banker_money"] == 800


def _holder(card: str, edit) -> Game:  # type: ignore[no-untyped-def]
    game = _to_a2(4)

    def setup(st: State) -> None:
        st.extra["owners"] = {card: 0}
        st.flow_state = "actions"
        st.step = {"order": st.in_turn_from(st.start), "idx": 0, "done": 0,
                   "used": [{} for _ in range(st.n)], "pending": None}
        edit(st)

    return edited(game, setup)


def test_princess_worked_example() -> None:
    """2 lakes, a university, a studio, 3 profession cards: 13 (004 Księżniczka)."""
    def edit(st: State) -> None:
        p = st.players[0]
        for piece in ("lake", "lake", "university", "studio"):
            put(st, 0, piece)
        p.architects = 0
        p.hand, p.recruits, p.table = [1, 2, 3], 0, []

    game = _holder("princess", edit)
    money = game.state.players[0].money
    game.apply(("princess",))
    assert game.state.players[0].money == money + 1300
    assert game.state.work_marks[0] == 13


@pytest.mark.parametrize("round_no", [1, 5])
def test_muse_adds_the_round_number(round_no: int) -> None:
    def edit(st: State) -> None:
        st.round = round_no
        p = st.players[0]
        p.hand, p.jesters, p.recruits, p.table = [19], 5, 0, []

    game = _holder("muse", edit)
    game.apply(("work", 19))
    assert game.state.step["pending"]["value"] == 5 * 2 + 1 + round_no


def test_cardinal_gives_a_third_action() -> None:
    game = _holder("cardinal", lambda st: None)

    def draw_and_keep(kind: str) -> None:
        game.apply((kind,))
        game.apply(next(a for a in game.legal_actions() if a[0] == "take"))
        game.apply(game.legal_actions()[0])  # the order of the cards going back under the pile

    draw_and_keep("bonus")
    draw_and_keep("bonus")
    assert game.current_player() == 0  # still his turn
    assert ("profession",) in game.legal_actions()
    draw_and_keep("profession")
    assert game.current_player() != 0


@pytest.mark.rule("characters.effects")
def test_the_cardinal_lifts_the_limit_on_bonus_cards_not_on_professions() -> None:
    """004: with the cardinal there is no limit on works, buildings or bonus cards; the one profession card
    a round stays. Three bonus cards in one turn; the limit of profession cards stays at one."""
    game = _holder("cardinal", lambda st: None)

    def draw_and_keep(kind: str) -> None:
        game.apply((kind,))
        game.apply(next(a for a in game.legal_actions() if a[0] == "take"))
        game.apply(game.legal_actions()[0])

    for _ in range(3):
        assert ("bonus",) in game.legal_actions()
        draw_and_keep("bonus")
    assert game.current_player() != 0  # three actions taken: the turn has passed
    state = game.state
    assert round_limit(state, 0, "bonus") == 3 and round_limit(state, 0, "profession") == 1
    assert round_limit(state, 1, "bonus") == 2  # not the cardinal's holder


def test_no_selling_prestige_with_the_expansion() -> None:
    game = _holder("muse", lambda st: setattr(st.players[0], "prestige", 5))
    assert ("sell",) not in game.legal_actions()
    base = edited(start(4), lambda st: None)
    assert base.ruleset.pack.data["actions"]["prestige_for_money"]["allowed"] is True


def test_the_tokens_and_holders_are_in_every_view_and_on_the_board() -> None:
    """The tokens lie open on the character cards: every seat and a spectator see them, and the board
    and the terminal show them (they were missing from the views, so no board could)."""
    from regola.games.princes_of_florence import table
    from regola.tables.boards import draw
    from regola.tables.words import Words
    from regola.text.speech import speech_for

    game = _to_a2()
    game.apply(("bid", "cardinal", 300))
    for seat in (0, 2, 99):  # the bidder, another seat, a spectator
        seen = game.view(seat)
        assert seen["step"]["tokens"] == {"cardinal": [0, 300]}, seat
        assert seen["characters"] == {"owners": {}, "banker_money": None, "merchant": None}
    words = Words(game.ruleset.pack, "en")
    cardinal = words.name("characters", "cardinal")
    assert f"{cardinal}: Seat 1, 300\u00a0florins" in draw(game.ruleset.pack.game, game.view(2), words)
    speech = speech_for(game.ruleset.pack, "en")
    assert any(f"{cardinal}: Seat 1, 300" in line for line in table.board(game.state, 2, speech))
    while game.state.flow_state == "characters":  # everyone else withdraws: seat 0 pays and holds it
        legal = game.legal_actions()
        game.apply(("withdraw",) if ("withdraw",) in legal else legal[0])
    assert game.view(1)["characters"]["owners"].get("cardinal") == 0

"""Prestige: buildings, repeated landscapes, architects, the best work of a round, and every bonus and
prestige card scored on the example principality of 004's card lists."""

from __future__ import annotations

import pytest

from regola.games.princes_of_florence.measures import bonus_value, prestige_points
from regola.games.princes_of_florence.state import RECRUITMENT, State
from regola.games.princes_of_florence.steps.rounds import best_work, final_scoring
from regola.games.princes_of_florence.supply import hire_architect

from .pof import put, start

EXAMPLE_PIECES = ("university", "workshop", "opera", "tower", "chapel", "forest", "forest", "lake")


def _example(st: State, seat: int = 0, on_table: int = 3, in_hand: int = 1) -> None:
    """The principality of 004's lists: 2 forests, 1 lake, 2 architects, 1 prestige card, 2 freedoms,
    university, workshop, opera, tower, chapel; no park, no jester."""
    p = st.players[seat]
    p.board = st.rules.principality.empty_board()
    for piece in EXAMPLE_PIECES:
        put(st, seat, piece, architects=2)
    p.architects = 2
    p.jesters = 0
    p.prestige_cards = [99]
    p.freedoms = ["religion", "speech"]
    p.table = list(range(1, on_table + 1))
    p.hand = [20] * in_hand
    p.recruits = 1


def _blank(st: State, seat: int) -> None:
    p = st.players[seat]
    p.board = st.rules.principality.empty_board()
    p.architects = p.jesters = p.recruits = 0
    p.freedoms, p.table, p.hand, p.prestige_cards = [], [], [], []


# the values the seed prints for cards 1-20 on that principality (3 cards on the table, 1 + 1 in hand)
BONUS = [5, 4, 3, 5, 6, 3, 4, 2, 0, 4, 0, 2, 4, 3, 2, 3, 4, 5, 2, 3]


@pytest.mark.parametrize(("card", "expected"), list(enumerate(BONUS, start=1)))
def test_bonus_card(card: int, expected: int) -> None:
    st = start(3).state
    _example(st)
    assert bonus_value(st.rules, st.players[0], card) == expected


def _scene(other: dict[str, object]) -> State:
    """Seat 0 the example (4 professions + 1 recruitment card on the table, 1 in hand); seat 1 blank
    then given ``other``; seat 2 blank."""
    st = start(3).state
    _example(st, on_table=4, in_hand=1)
    st.players[0].table.append(RECRUITMENT)
    st.players[0].recruits = 0
    _blank(st, 1)
    _blank(st, 2)
    q = st.players[1]
    for piece in other.get("pieces", ()):  # type: ignore[attr-defined]
        put(st, 1, piece, architects=2)
    for key in ("jesters", "architects", "table", "freedoms"):
        if key in other:
            setattr(q, key, other[key])
    return st


# card id, what the other player has, the points the seed's example gives (004 list of 14)
PRESTIGE = [
    (1, {"pieces": ["university", "laboratory", "library", "opera", "tower"]}, 3),  # tie on 5 buildings
    (2, {"pieces": ["university", "laboratory"]}, 5),  # a threshold: others do not matter
    (3, {"pieces": [*EXAMPLE_PIECES, "park"]}, 0),  # another has fewer empty cells
    (4, {}, 0),  # 2 of 3 landscape kinds
    (5, {"pieces": ["forest", "lake", "park"]}, 4),  # tie on 3 landscapes
    (6, {"pieces": ["forest"]}, 7),  # sole most forests
    (7, {"pieces": ["lake"]}, 3),  # tie on lakes
    (8, {}, 0),  # 2 of 3 freedoms
    (9, {}, 6),  # 5 buildings, 2 freedoms, 5 cards on the table
    (10, {}, 0),  # no jester
    (11, {"architects": 1}, 6),  # sole most architects
    (12, {}, 0),  # nobody has a park: no tie, nobody scores
    (13, {}, 0),  # no jester
    (14, {"table": [5, 6, 7, 8, 9, 10]}, 0),  # another has more works
]


@pytest.mark.parametrize(("card", "other", "expected"), PRESTIGE)
def test_prestige_card(card: int, other: dict[str, object], expected: int) -> None:
    st = _scene(other)
    assert prestige_points(st, 0, st.rules.prestige[card]) == expected


def test_prestige_cards_count_only_for_their_owner_at_the_end() -> None:
    st = _scene({})
    st.players[0].prestige_cards = [9]  # 6 points, met
    st.players[1].prestige_cards = []
    before = [p.prestige for p in st.players]
    final_scoring(st)
    assert [p.prestige - b for p, b in zip(st.players, before, strict=True)] == [6, 0, 0]
    assert st.result is not None and st.result[0]["seat"] == 0


def test_tie_on_prestige_goes_to_money() -> None:
    st = start(3).state
    for p, (pp, money) in zip(st.players, [(10, 100), (10, 900), (4, 5000)], strict=True):
        p.prestige, p.money = pp, money
    final_scoring(st)
    assert st.result is not None
    assert [(r["seat"], r["rank"]) for r in st.result] == [(1, 1), (0, 2), (2, 3)]


def test_building_and_repeated_landscapes_earn_prestige() -> None:
    st = start(3).state
    doc = start(3).ruleset.pack.data["scoring"]
    p = st.players[0]
    gains = []
    for piece in ("tower", "forest", "forest", "lake", "forest", "lake"):
        before = p.prestige
        put(st, 0, piece)
        gains.append(p.prestige - before)
    b, r = doc["building_prestige"], doc["repeat_landscape_prestige"]
    assert gains == [b, 0, r, 0, r, r]


def test_second_and_third_architect_earn_prestige() -> None:
    st = start(3).state
    p = st.players[0]
    gains = []
    for _ in range(3):
        before = p.prestige
        hire_architect(st, 0)
        gains.append(p.prestige - before)
    assert gains == [0, 3, 3]
    assert [st.rules.price_of_building(n) for n in range(4)] == [700, 300, 300, 0]


@pytest.mark.parametrize(("marks", "gains"), [
    ([15, 12, 0, 0], [3, 0, 0, 0]), ([12, 15, 15, 0], [0, 3, 3, 0]), ([0, 0, 9, 0], [0, 0, 3, 0]),
    ([0, 0, 0, 0], [0, 0, 0, 0])])
def test_best_work_of_the_round(marks: list[int], gains: list[int]) -> None:
    st = start(4).state
    st.work_marks = list(marks)
    before = [p.prestige for p in st.players]
    best_work(st)
    assert [p.prestige - b for p, b in zip(st.players, before, strict=True)] == gains

"""Invariants of placement over random principalities: enumeration agrees with a plain set-based
reading of the data and with check(), placing never overlaps, adjacency is never broken without the
architects, and a board survives JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.core.errors import IllegalAction
from regola.games.princes_of_florence.placement import RULE_IDS, Board, Placement

from .placement_data import doc, palace_cells, principality

DATA = doc()["principality"]
COLUMNS, ROWS = DATA["grid"]["columns"], DATA["grid"]["rows"]
KINDS = sorted(DATA["pieces"])
CLASS = {piece: spec["class"] for piece, spec in DATA["pieces"].items()}
LIFT = DATA["classes"]["building"]["apart_lifted_by_architects"]
SETTINGS = settings(max_examples=120, deadline=None)


@st.composite
def boards(draw: st.DrawFn, max_architects: int = 3) -> Board:
    """A principality after up to 20 random legal placements, each with a random number of architects."""
    grid = principality()
    board = grid.empty_board()
    for _ in range(draw(st.integers(0, 20))):
        piece = draw(st.sampled_from(KINDS))
        options = grid.legal_placements(board, piece, draw(st.integers(0, max_architects)))
        if options:
            board = board.place(options[draw(st.integers(0, len(options) - 1))])
    return board


def covered(board: Board) -> dict[tuple[int, int], str]:
    """cell -> the class covering it, from the placements and the data alone."""
    cells = {cell: "palace" for cell in palace_cells()}
    for placement in board.pieces:
        for cell in principality().cells(placement):
            assert cell not in cells
            cells[cell] = CLASS[placement.piece]
    return cells


def oracle(board: Board, piece: str, architects: int) -> set[Placement]:
    """Every placement a reader of the rules would allow, tried cell by cell on sets."""
    taken = covered(board)
    rules = DATA["classes"][CLASS[piece]]
    if rules["once_per_kind"] and any(p.piece == piece for p in board.pieces):
        return set()
    apart = set(rules["apart_from"]) if architects < rules.get("apart_lifted_by_architects", 99) else set()
    found = set()
    for index, shape in enumerate(principality().orientations(piece)):
        for row in range(-3, ROWS + 3):
            for column in range(-3, COLUMNS + 3):
                cells = [(column + c, row + r) for c, r in shape]
                if not all(0 <= c < COLUMNS and 0 <= r < ROWS for c, r in cells):
                    continue
                if any(cell in taken for cell in cells):
                    continue
                sides = {(c + dc, r + dr) for c, r in cells for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))}
                if any(taken.get(cell) in apart for cell in sides):
                    continue
                found.add(Placement(piece, index, column, row))
    return found


@pytest.mark.rule("placement.inside", "placement.overlap", "placement.adjacency", "placement.unique_building",
                  "placement.landscape_contact")
@SETTINGS
@given(boards(), st.sampled_from(KINDS), st.integers(0, 3))
def test_enumeration_is_what_the_rules_allow(board, piece, architects):
    found = principality().legal_placements(board, piece, architects)
    assert len(found) == len(set(found))
    assert set(found) == oracle(board, piece, architects)


@pytest.mark.rule("placement.inside", "placement.overlap", "placement.adjacency", "placement.unique_building",
                  "placement.orientation")
@SETTINGS
@given(boards(), st.sampled_from(KINDS), st.integers(0, 3))
def test_check_accepts_exactly_the_enumerated_placements(board, piece, architects):
    grid = principality()
    legal = set(grid.legal_placements(board, piece, architects))
    for index in range(len(grid.orientations(piece)) + 1):
        for row in range(-2, ROWS + 1):
            for column in range(-2, COLUMNS + 1):
                placement = Placement(piece, index, column, row)
                try:
                    grid.check(board, placement, architects)
                except IllegalAction as error:
                    assert placement not in legal
                    assert error.rule in RULE_IDS
                    assert error.details["broken"][0] == error.rule
                else:
                    assert placement in legal


@pytest.mark.rule("placement.overlap")
@SETTINGS
@given(boards())
def test_placing_never_overlaps(board):
    grid = principality()
    cells = covered(board)  # asserts no cell is covered twice
    assert board.occupied.bit_count() == len(cells)
    assert set(grid.grid.cells(board.occupied)) == set(cells)
    union = 0
    for name, mask in zip(grid.class_names, board.class_masks, strict=True):
        assert union & mask == 0
        union |= mask
        assert set(grid.grid.cells(mask)) == {cell for cell, cls in cells.items() if cls == name}
    assert union == board.occupied
    assert board.empty_cells() == COLUMNS * ROWS - len(cells)


@pytest.mark.rule("placement.adjacency")
@SETTINGS
@given(boards(max_architects=LIFT - 1))
def test_adjacency_never_broken_without_the_architects(board):
    owner = {cell: ("palace", -1) for cell in palace_cells()}
    for number, placement in enumerate(board.pieces):
        if CLASS[placement.piece] == "building":
            owner.update({cell: ("building", number) for cell in principality().cells(placement)})
    for (column, row), (cls, number) in owner.items():
        if cls != "building":
            continue
        for side in ((column + 1, row), (column - 1, row), (column, row + 1), (column, row - 1)):
            assert owner.get(side, (None, number))[1] == number, f"{board.pieces[number]} touches {owner[side]}"


@pytest.mark.rule("placement.unique_building")
@SETTINGS
@given(boards())
def test_each_building_kind_at_most_once(board):
    buildings = [p.piece for p in board.pieces if CLASS[p.piece] == "building"]
    assert len(buildings) == len(set(buildings))
    assert board.count("building") == len(buildings)
    assert board.kinds == {p.piece for p in board.pieces}


@pytest.mark.rule("placement.permanent")
@SETTINGS
@given(boards())
def test_a_board_survives_json(board):
    text = json.dumps(board.to_json())
    again = Board.from_json(json.loads(text), principality())
    assert again == board
    assert (again.occupied, again.class_masks, again.kinds, again.pieces) == \
        (board.occupied, board.class_masks, board.kinds, board.pieces)
    assert hash(again) == hash(board)
    for placement in board.pieces:
        assert Placement.from_json(json.loads(json.dumps(placement))) == placement


@pytest.mark.rule("placement.overlap", "placement.unique_building", "placement.piece")
def test_a_tampered_board_is_refused():
    grid = principality()
    tower = ["tower", 0, 2, 0]
    with pytest.raises(IllegalAction) as caught:
        Board.from_json({"pieces": [tower, ["park", 0, 3, 0]]}, grid)
    assert caught.value.rule == "placement.overlap"
    with pytest.raises(IllegalAction) as caught:
        Board.from_json({"pieces": [tower, ["tower", 1, 6, 0]]}, grid)
    assert caught.value.rule == "placement.unique_building"
    with pytest.raises(IllegalAction) as caught:
        Board.from_json({"pieces": [["moat", 0, 0, 0]]}, grid)
    assert caught.value.rule == "placement.piece"
    for bad in ({"pieces": [["tower", 0, 2]]}, {"pieces": [["tower", "0", 2, 0]]}, {"pieces": [[1, 0, 2, 0]]},
                {"pieces": "tower"}, [], {"pieces": [["tower", True, 2, 0]]}):
        with pytest.raises(ValueError, match=r"placement|board"):
            Board.from_json(bad, grid)  # type: ignore[arg-type]

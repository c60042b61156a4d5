"""Each numbered placement rule of 004 "Wznoszenie Budynków", with the violations the seed shows.

The seed's pictures of violations (rules 1, 2, 3 and 5) are missing from the text copy; their captions
say what each shows, and the positions here are rebuilt from those captions on the pack's
(reconstructed) 7 x 7 grid with the palace in its lower-left 2 x 2 cells. Placements are written as the
cells they cover: [column, row], row 0 at the top.
"""

from __future__ import annotations

import dataclasses

import pytest

from regola.core.errors import IllegalAction

from .placement_data import at, board_with, palace_cells, principality

TOWER_TOP = at("tower", [(2, 0), (3, 0), (4, 0)])


def broken(board, placement, architects=0) -> list[str]:
    with pytest.raises(IllegalAction) as caught:
        principality().check(board, placement, architects)
    assert caught.value.action == placement
    return [caught.value.rule, *caught.value.details["broken"][1:]]


def legal(board, placement, architects=0) -> bool:
    principality().check(board, placement, architects)  # raises if not
    return placement in principality().legal_placements(board, placement.piece, architects)


# Rule 1: any rotation or mirror image, but inside the grid -------------------------------------------

@pytest.mark.rule("placement.inside")
def test_rule1_building_reaching_past_the_right_edge():
    """Caption 1: a building that does not fit in the grid. The university is three cells wide; laid at
    column 5 of a 7-column grid its right column would be column 7."""
    board = board_with()
    inside = at("university", [(4, 0), (5, 0), (6, 0), (4, 1), (5, 1), (6, 1), (4, 2)])
    assert legal(board, inside)
    outside = inside._replace(column=5)
    assert broken(board, outside) == ["placement.inside"]
    assert outside not in principality().legal_placements(board, "university", 3)


@pytest.mark.rule("placement.inside")
def test_rule1_outside_at_every_edge():
    board = board_with()
    tower_down = at("tower", [(6, 0), (6, 1), (6, 2)])
    assert legal(board, tower_down)
    for moved in (tower_down._replace(row=5), tower_down._replace(row=-1), tower_down._replace(column=7),
                  at("tower", [(-1, 2), (0, 2), (1, 2)])):
        assert broken(board, moved, architects=3) == ["placement.inside"]


@pytest.mark.rule("placement.orientation")
def test_rule1_any_rotation_and_mirror_image_of_a_building():
    """Rule 1: a building may be turned any way, and its tile is printed on both sides, so the mirror
    image of the library (an L of five) is as legal as the library itself."""
    library = at("library", [(2, 0), (2, 1), (3, 1), (4, 1), (5, 1)])
    mirrored = at("library", [(5, 0), (2, 1), (3, 1), (4, 1), (5, 1)])
    turned = at("library", [(3, 0), (4, 0), (3, 1), (3, 2), (3, 3)])
    board = board_with()
    assert len({library.orientation, mirrored.orientation, turned.orientation}) == 3
    for placement in (library, mirrored, turned):
        assert legal(board, placement)
    assert len(principality().orientations("library")) == 8


@pytest.mark.rule("placement.orientation")
def test_an_orientation_the_shape_does_not_have():
    board = board_with()
    assert broken(board, TOWER_TOP._replace(orientation=2)) == ["placement.orientation"]
    assert broken(board, TOWER_TOP._replace(orientation=-1)) == ["placement.orientation"]


@pytest.mark.rule("placement.piece")
def test_a_piece_that_is_no_kind_of_the_pack():
    board = board_with()
    assert broken(board, TOWER_TOP._replace(piece="cathedral")) == ["placement.piece"]
    with pytest.raises(IllegalAction) as caught:
        principality().legal_placements(board, "cathedral", 0)
    assert caught.value.rule == "placement.piece"
    assert broken(board, ("tower", 0, 2)) == ["placement.piece"]  # type: ignore[arg-type]


# Rule 2: no overlap ---------------------------------------------------------------------------------

@pytest.mark.rule("placement.overlap")
def test_rule2_building_covering_a_landscape():
    """Caption 2: a building lying (partly) on another building or a landscape. An opera whose bar would
    cover two cells of a forest."""
    forest = at("forest", [(3, 0), (4, 0), (3, 1), (4, 1)])
    board = board_with(forest)
    opera = at("opera", [(2, 1), (3, 1), (4, 1), (3, 2), (3, 3)])
    assert broken(board, opera, architects=3) == ["placement.overlap"]
    assert legal(board, opera._replace(row=2))  # one row lower it only touches the forest (rule 4)


@pytest.mark.rule("placement.overlap")
def test_rule2_building_covering_a_building_and_a_landscape_covering_a_building():
    board = board_with(TOWER_TOP)
    chapel = at("chapel", [(4, 0), (5, 0), (4, 1)])
    assert broken(board, chapel, architects=3) == ["placement.overlap"]
    lake = at("lake", [(3, 0), (3, 1), (2, 1)])
    assert broken(board, lake) == ["placement.overlap"]
    assert legal(board, lake._replace(row=1))


@pytest.mark.rule("placement.overlap")
def test_rule2_nothing_on_the_palace():
    board = board_with()
    park = at("park", [(1, 6), (2, 6)])
    assert (1, 6) in palace_cells()
    assert broken(board, park) == ["placement.overlap"]
    with pytest.raises(IllegalAction, match="palace"):
        principality().check(board, park, 0)


# Rule 3: buildings keep a side's distance from buildings and the palace -------------------------------

@pytest.mark.rule("placement.adjacency")
def test_rule3_building_beside_another_building():
    """Caption 3: a building directly beside another building, for a player without 2 or 3 architects.
    A chapel laid under the tower shares two sides with it."""
    board = board_with(TOWER_TOP)
    chapel = at("chapel", [(2, 1), (3, 1), (2, 2)])
    assert broken(board, chapel, architects=0) == ["placement.adjacency"]
    assert broken(board, chapel, architects=1) == ["placement.adjacency"]
    assert chapel not in principality().legal_placements(board, "chapel", 1)
    assert legal(board, chapel, architects=2)
    assert legal(board, chapel, architects=3)


@pytest.mark.rule("placement.adjacency")
def test_rule3_building_beside_the_palace():
    """Caption 3 names the palace too: a tower standing against the palace's right side."""
    board = board_with()
    tower = at("tower", [(2, 4), (2, 5), (2, 6)])
    assert broken(board, tower, architects=1) == ["placement.adjacency"]
    with pytest.raises(IllegalAction, match="palace"):
        principality().check(board, tower, 1)
    assert legal(board, tower, architects=2)
    assert legal(board, tower._replace(column=3))


@pytest.mark.rule("placement.adjacency")
def test_rule3_corners_may_touch():
    """Rule 3 allows buildings to meet at a corner: a chapel diagonally below the tower's end, and a
    tower meeting the palace's top-right corner."""
    board = board_with(TOWER_TOP)
    chapel = at("chapel", [(5, 1), (6, 1), (5, 2)])
    assert legal(board, chapel, architects=0)
    assert legal(board_with(), at("tower", [(2, 2), (2, 3), (2, 4)]), architects=0)


@pytest.mark.rule("placement.adjacency")
def test_rule3_the_number_of_architects_comes_from_the_data():
    lifted = principality().kinds["tower"].lifted_at
    assert lifted == 2  # 004 Architekt: the second architect lets buildings stand side by side
    board = board_with(TOWER_TOP)
    chapel = at("chapel", [(2, 1), (3, 1), (2, 2)])
    assert broken(board, chapel, architects=lifted - 1) == ["placement.adjacency"]
    assert legal(board, chapel, architects=lifted)


# Rule 4: anything may lie beside a landscape -----------------------------------------------------------

@pytest.mark.rule("placement.landscape_contact")
def test_rule4_landscapes_touch_buildings_the_palace_and_each_other():
    forest = at("forest", [(2, 5), (3, 5), (2, 6), (3, 6)])  # against the palace
    board = board_with(TOWER_TOP)
    assert legal(board, forest)
    board = board.place(forest)
    lake = at("lake", [(4, 5), (5, 5), (4, 6)])  # against the forest
    assert legal(board, lake)
    park = at("park", [(2, 1), (3, 1)])  # under the tower
    assert legal(board, park)
    board = board.place(lake).place(park)
    # and a building beside landscapes only, with no architects
    opera = at("opera", [(4, 2), (5, 2), (6, 2), (5, 3), (5, 4)])
    assert legal(board, opera, architects=0)


# Rule 5: each building once --------------------------------------------------------------------------

@pytest.mark.rule("placement.unique_building")
def test_rule5_a_second_tower():
    """Caption 5: two identical buildings; the second tower may not be built, wherever it would go."""
    board = board_with(TOWER_TOP)
    second = at("tower", [(5, 3), (5, 4), (5, 5)])
    assert broken(board, second, architects=3) == ["placement.unique_building"]
    assert principality().legal_placements(board, "tower", 3) == []
    assert legal(board_with(), second)


@pytest.mark.rule("placement.unique_building")
def test_rule5_landscapes_repeat():
    """A second and third forest score prestige (004 Las), so landscapes are not once per kind."""
    board = board_with(at("forest", [(0, 0), (1, 0), (0, 1), (1, 1)]))
    again = at("forest", [(5, 0), (6, 0), (5, 1), (6, 1)])
    assert legal(board, again)


@pytest.mark.rule("placement.inside", "placement.overlap", "placement.adjacency", "placement.unique_building")
def test_the_first_rule_broken_in_the_sources_order_and_all_of_them():
    board = board_with(TOWER_TOP, at("chapel", [(5, 2), (6, 2), (5, 3)]))
    # a second chapel hanging over the right edge, on the first chapel, beside the tower
    placement = at("chapel", [(6, 1), (7, 1), (6, 2)])
    with pytest.raises(IllegalAction) as caught:
        principality().check(board, placement, 0)
    assert caught.value.rule == "placement.inside"
    assert caught.value.details["broken"] == ["placement.inside", "placement.overlap",
                                              "placement.adjacency", "placement.unique_building"]


# Rule 6: nothing moves nor leaves --------------------------------------------------------------------

@pytest.mark.rule("placement.permanent")
def test_rule6_placing_makes_a_new_board_and_keeps_the_old():
    empty = board_with()
    board = empty.place(TOWER_TOP)
    assert empty.pieces == () and empty.occupied == principality().fixed_occupied
    assert board.pieces == (TOWER_TOP,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.pieces = ()  # type: ignore[misc]
    assert not any(hasattr(board, name) for name in ("remove", "move", "take"))


@pytest.mark.rule("placement.overlap", "placement.unique_building")
def test_place_itself_refuses_overlap_and_repeats():
    """Board.place checks what does not depend on architects, so a caller that skipped check() still
    cannot stack pieces."""
    board = board_with(TOWER_TOP)
    with pytest.raises(IllegalAction) as caught:
        board.place(at("park", [(4, 0), (5, 0)]))
    assert caught.value.rule == "placement.overlap"
    with pytest.raises(IllegalAction) as caught:
        board.place(at("tower", [(2, 2), (3, 2), (4, 2)]))
    assert caught.value.rule == "placement.unique_building"
    # adjacency is the caller's check: with architects it is legal, so place allows it
    assert board.place(at("chapel", [(2, 1), (3, 1), (2, 2)])).count("building") == 2


@pytest.mark.rule("placement.adjacency")
def test_cells_at_opposite_edges_are_not_neighbours():
    """Bit by bit, the last cell of a row sits next to the first cell of the next row; on the board they
    are far apart, so neither blocks the other."""
    right = at("tower", [(6, 0), (6, 1), (6, 2)])
    left = at("tower", [(0, 1), (0, 2), (0, 3)])
    board = board_with(right)
    assert legal(board, at("chapel", [(0, 1), (1, 1), (0, 2)]))
    assert legal(board_with(left), at("chapel", [(5, 0), (6, 0), (5, 1)]))
    assert legal(board_with(left), at("opera", [(4, 0), (5, 0), (6, 0), (5, 1), (5, 2)]))


@pytest.mark.rule("placement.grid")
def test_the_board_as_a_picture():
    """The palace in the lower-left corner (004 Przygotowanie gry), pieces lettered in order."""
    board = board_with(TOWER_TOP, at("forest", [(2, 5), (3, 5), (2, 6), (3, 6)]))
    assert principality().picture(board) == [
        "..AAA..",
        ".......",
        ".......",
        ".......",
        ".......",
        "##BB...",
        "##BB...",
    ]

"""Shapes and their orientations, the pack's shapes against what seed 004 states, and the data errors
the compiler reports with the JSON pointer at fault."""

from __future__ import annotations

import itertools

import pytest

from regola.core.errors import PackError
from regola.core.schemas import schema_id, schema_set
from regola.games.princes_of_florence.placement import compile_principality
from regola.games.princes_of_florence.placement.shapes import is_connected, normalize, orientations
from regola.paths import schemas_dir

from .placement_data import doc, principality


def rows(*picture: str) -> list[tuple[int, int]]:
    """Cells of a little picture: '#' is a cell, row 0 first."""
    return [(c, r) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]


def images(cells: list[tuple[int, int]], *, rotate: bool = True, flip: bool = True) -> set[tuple[tuple[int, int], ...]]:
    """An independent count: the shape under each of the 8 (or 4, 2, 1) matrices of the square's
    symmetry group, normalized, as a set."""
    same = ((1, 0), (0, 1))
    turns = [same, ((0, -1), (1, 0)), ((-1, 0), (0, -1)), ((0, 1), (-1, 0))] if rotate else [same]
    mirrors = [same, ((-1, 0), (0, 1))] if flip else [same]
    found = set()
    for ((a, b), (c, d)), ((e, f), (g, h)) in itertools.product(turns, mirrors):
        mirrored = [(e * x + f * y, g * x + h * y) for x, y in cells]
        moved = [(a * x + b * y, c * x + d * y) for x, y in mirrored]
        left, top = min(x for x, _ in moved), min(y for _, y in moved)
        found.add(tuple(sorted(((x - left, y - top) for x, y in moved), key=lambda cell: (cell[1], cell[0]))))
    return found


FREE_POLYOMINOES = {
    # name: (picture, orientations with rotation and mirror images)
    "monomino": (("#",), 1),
    "domino": (("##",), 2),
    "I3": (("###",), 2),
    "L3": (("##", "#."), 4),
    "square": (("##", "##"), 1),
    "I4": (("####",), 2),
    "L4": (("###", "#.."), 8),
    "T4": (("###", ".#."), 4),
    "S4": ((".##", "##."), 4),
    "F5": ((".##", "##.", ".#."), 8),
    "I5": (("#####",), 2),
    "L5": (("####", "#..."), 8),
    "N5": (("##..", ".###"), 8),
    "P5": (("##", "##", "#."), 8),
    "T5": (("###", ".#.", ".#."), 4),
    "U5": (("#.#", "###"), 4),
    "V5": (("###", "#..", "#.."), 4),
    "W5": (("#..", "##.", ".##"), 4),
    "X5": ((".#.", "###", ".#."), 1),
    "Y5": (("####", ".#.."), 8),
    "Z5": (("##.", ".#.", ".##"), 4),
}


@pytest.mark.rule("placement.orientation")
@pytest.mark.parametrize("name", sorted(FREE_POLYOMINOES))
def test_orientation_counts_of_known_polyominoes(name):
    picture, count = FREE_POLYOMINOES[name]
    cells = rows(*picture)
    found = orientations(cells, rotate=True, flip=True)
    assert len(found) == count
    assert len(set(found)) == count
    assert set(found) == images(cells)
    assert found[0] == normalize(cells)  # the shape as drawn is orientation 0


@pytest.mark.rule("placement.orientation")
def test_the_twelve_pentominoes_have_63_fixed_orientations():
    pentominoes = [picture for name, (picture, _) in FREE_POLYOMINOES.items() if name.endswith("5")]
    assert len(pentominoes) == 12
    assert sum(len(orientations(rows(*p), rotate=True, flip=True)) for p in pentominoes) == 63


@pytest.mark.rule("placement.orientation")
def test_rotation_only_and_mirror_only():
    l4, s4 = rows("###", "#.."), rows(".##", "##.")
    assert len(orientations(l4, rotate=True, flip=False)) == 4
    assert len(orientations(s4, rotate=True, flip=False)) == 2
    assert len(orientations(l4, rotate=False, flip=True)) == 2
    assert len(orientations(l4, rotate=False, flip=False)) == 1
    assert set(orientations(l4, rotate=True, flip=False)) == images(l4, flip=False)


@pytest.mark.rule("placement.orientation")
def test_every_pack_piece_has_every_image_once():
    data = doc()["principality"]
    for piece, spec in data["pieces"].items():
        rules = data["classes"][spec["class"]]
        found = principality().orientations(piece)
        assert set(found) == images([tuple(c) for c in spec["cells"]], rotate=rules["rotate"], flip=rules["flip"])
        assert len(found) == len(set(found)), piece


@pytest.mark.rule("placement.shapes")
def test_building_sizes_as_the_text_states():
    """004 Wznoszenie Budynków: three large buildings of 7 cells, five medium of 5, two small of 3."""
    grid = principality()
    data = doc()["principality"]
    assert data["sizes"] == {"large": 7, "medium": 5, "small": 3}
    by_size: dict[str, list[str]] = {}
    for piece, spec in data["pieces"].items():
        if spec["class"] == "building":
            by_size.setdefault(spec["size"], []).append(piece)
            assert grid.kinds[piece].size == data["sizes"][spec["size"]]
    assert {size: len(pieces) for size, pieces in by_size.items()} == {"large": 3, "medium": 5, "small": 2}
    assert {size: grid.kinds_of_size(size) for size in by_size} == {s: set(p) for s, p in by_size.items()}
    assert grid.kinds_of_size("large") == {"university", "laboratory", "workshop"}
    assert len(grid.kinds_of("landscape")) == 3
    assert grid.kinds["lake"].size < grid.kinds["forest"].size  # 004 Jezioro
    assert grid.kinds["park"].size < grid.kinds["forest"].size  # 004 Park


@pytest.mark.rule("placement.shapes", "placement.grid")
def test_every_field_no_source_states_is_marked():
    """Shapes, grid size and the palace's cells exist only in pictures: each says 'reconstructed'."""
    data = doc()["principality"]
    assert data["grid"]["provenance"] == {"columns": "reconstructed", "rows": "reconstructed"}
    assert data["fixed"][0]["provenance"]["cells"] == "reconstructed"
    for spec in data["pieces"].values():
        assert spec["provenance"]["cells"] == "reconstructed"
    for spec in data["classes"].values():
        for key in spec:
            if key not in ("provenance", "note"):
                assert key in spec["provenance"], key


@pytest.mark.rule("placement.shapes")
def test_connectivity():
    assert is_connected(rows("##", ".#"))
    assert not is_connected(rows("#.", ".#"))  # corners do not join cells
    assert not is_connected([])


@pytest.mark.rule("placement.shapes", "placement.grid")
def test_the_data_file_is_valid_against_its_schema():
    schemas = schema_set(schemas_dir())
    sid = schema_id("princes-of-florence.principality")
    assert schemas.validate(doc()["principality"], sid) == []
    broken = doc()["principality"]
    broken["pieces"]["tower"]["cells"][1] = [1]
    broken["grid"]["columns"] = 0
    pointers = {finding.pointer for finding in schemas.validate(broken, sid)}
    assert pointers == {"/pieces/tower/cells/1", "/grid/columns"}


def _compile_error(edit) -> PackError:
    data = doc()
    edit(data["principality"])
    with pytest.raises(PackError) as caught:
        compile_principality(data)
    return caught.value


@pytest.mark.parametrize(("edit", "pointer", "words"), [
    (lambda p: p["pieces"]["tower"].update(cells=[[0, 0], [2, 0], [1, 1]]), "/principality/pieces/tower/cells",
     "not one connected piece"),
    (lambda p: p["pieces"]["tower"].update(cells=[[0, 0], [1, 0]]), "/principality/pieces/tower/cells",
     "small, which is 3 cells"),
    (lambda p: p["pieces"]["tower"].update(size="tiny"), "/principality/pieces/tower/size", "not one of"),
    (lambda p: p["pieces"]["park"].update(cells=[[0, 0], [1, 0], [2, 0], [3, 0]]), "/principality/pieces/park/cells",
     "smaller than forest"),
    (lambda p: p["pieces"]["park"].update(smaller_than="cathedral"), "/principality/pieces/park/smaller_than",
     "no piece"),
    (lambda p: p["pieces"]["park"].update({"class": "garden"}), "/principality/pieces/park/class", "garden"),
    (lambda p: p["classes"]["building"].update(apart_from=["building", "moat"]),
     "/principality/classes/building/apart_from/1", "moat"),
    (lambda p: p["fixed"][0].update(cells=[[0, 6], [7, 6]]), "/principality/fixed/0/cells/1", "outside"),
    (lambda p: p["fixed"][0].update(cells=[[0, 0]]), "/principality/fixed/0/cells", "lower-left corner"),
    (lambda p: p["fixed"].append(dict(p["fixed"][0], id="tower_of_the_palace")), "/principality/fixed/1/cells",
     "overlaps"),
    (lambda p: p["pieces"]["forest"].update(cells=[[x, 0] for x in range(8)]), "/principality/pieces/forest/cells",
     "fits nowhere"),
])
@pytest.mark.rule("placement.shapes", "placement.grid")
def test_data_errors_name_the_field(edit, pointer, words):
    error = _compile_error(edit)
    assert error.field == pointer
    assert words in error.message

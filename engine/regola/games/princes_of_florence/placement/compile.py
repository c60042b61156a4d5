"""The pack's `principality:` data compiled into a Principality: orientations, bitmasks and anchor tables
are computed once here, so play only shifts and masks integers.

The JSON Schema has already checked types; this checks what a schema cannot see (a class or size that
is not declared, a shape in several pieces, a palace off the grid, a count that contradicts the text) and
raises PackError with the JSON pointer at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regola.core.errors import PackError
from regola.games.princes_of_florence.placement.bitgrid import BitGrid
from regola.games.princes_of_florence.placement.board import Placement
from regola.games.princes_of_florence.placement.principality import NEVER, Orientation, PieceKind, Principality
from regola.games.princes_of_florence.placement.shapes import Shape, extent, is_connected, orientations

ROOT = "/principality"
CORNERS = {"upper_left": (0, 0), "upper_right": (-1, 0), "lower_left": (0, -1), "lower_right": (-1, -1)}


def compile_principality(doc: Mapping[str, Any]) -> Principality:
    """Compile ``doc['principality']`` (a pack document, already schema-valid)."""
    data = doc["principality"]
    grid = BitGrid(int(data["grid"]["columns"]), int(data["grid"]["rows"]))
    class_names = tuple(data["classes"])
    fixed_masks = _fixed(data["fixed"], grid, class_names)
    kinds = {piece_id: _kind(piece_id, spec, data, grid, class_names) for piece_id, spec in data["pieces"].items()}
    _check_relative_sizes(data["pieces"], kinds)
    return Principality(grid, class_names, kinds, fixed_masks)


def _fixed(entries: list[Mapping[str, Any]], grid: BitGrid, class_names: tuple[str, ...]) -> tuple[int, ...]:
    masks = [0] * len(class_names)
    taken = 0
    for number, entry in enumerate(entries):
        where = f"{ROOT}/fixed/{number}"
        index = _class_index(entry["class"], class_names, f"{where}/class")
        cells = [tuple(cell) for cell in entry["cells"]]
        for position, (column, row) in enumerate(cells):
            if not grid.inside(column, row):
                raise PackError(f"{entry['id']}: cell [{column}, {row}] lies outside the "
                                f"{grid.columns} x {grid.rows} grid", field=f"{where}/cells/{position}")
        corner = entry.get("corner")
        if corner is not None:
            column, row = CORNERS[corner]
            expected = (column % grid.columns, row % grid.rows)
            if expected not in cells:
                raise PackError(f"{entry['id']} is said to sit in the {corner.replace('_', '-')} corner, but its "
                                f"cells do not include that corner cell {list(expected)}", field=f"{where}/cells")
        mask = grid.mask(cells)  # type: ignore[arg-type]
        if mask & taken:
            raise PackError(f"{entry['id']} overlaps another fixed feature", field=f"{where}/cells")
        taken |= mask
        masks[index] |= mask
    return tuple(masks)


def _kind(piece_id: str, spec: Mapping[str, Any], data: Mapping[str, Any], grid: BitGrid,
          class_names: tuple[str, ...]) -> PieceKind:
    where = f"{ROOT}/pieces/{piece_id}"
    class_name = spec["class"]
    class_index = _class_index(class_name, class_names, f"{where}/class")
    rules = data["classes"][class_name]
    cells = [(int(c), int(r)) for c, r in spec["cells"]]
    if not is_connected(cells):
        raise PackError(f"{piece_id}: its cells are not one connected piece (every cell must share a side "
                        "with another)", field=f"{where}/cells")
    size = spec.get("size")
    if size is not None:
        sizes = data.get("sizes", {})
        if size not in sizes:
            raise PackError(f"{piece_id}: size '{size}' is not one of the declared sizes "
                            f"({', '.join(sizes) or 'none'})", field=f"{where}/size")
        if len(cells) != sizes[size]:
            raise PackError(f"{piece_id} is {size}, which is {sizes[size]} cells, but its shape has "
                            f"{len(cells)}", field=f"{where}/cells")
    apart = tuple(_class_index(name, class_names, f"{ROOT}/classes/{class_name}/apart_from/{n}")
                  for n, name in enumerate(rules.get("apart_from", [])))
    lifted_at = rules.get("apart_lifted_by_architects")
    shapes = orientations(cells, rotate=bool(rules.get("rotate")), flip=bool(rules.get("flip")))
    compiled = tuple(_orientation(piece_id, index, shape, grid) for index, shape in enumerate(shapes))
    if not any(o.domain for o in compiled):
        raise PackError(f"{piece_id} fits nowhere on the {grid.columns} x {grid.rows} grid", field=f"{where}/cells")
    return PieceKind(piece_id, class_name, class_index, compiled, bool(rules.get("once_per_kind")), apart,
                     NEVER if lifted_at is None else int(lifted_at), size)


def _orientation(piece_id: str, index: int, shape: Shape, grid: BitGrid) -> Orientation:
    width, height = extent(shape)
    offsets = tuple(grid.index(c, r) for c, r in shape)
    domain = 0
    table: list[Placement | None] = [None] * grid.size
    for row in range(grid.rows - height + 1):
        for column in range(grid.columns - width + 1):
            anchor = grid.index(column, row)
            domain |= 1 << anchor
            table[anchor] = Placement(piece_id, index, column, row)
    base = sum(1 << offset for offset in offsets)
    return Orientation(index, shape, width, height, base, offsets, domain, tuple(table))


def _class_index(name: str, class_names: tuple[str, ...], where: str) -> int:
    if name not in class_names:
        raise PackError(f"class '{name}' is not declared under principality.classes "
                        f"({', '.join(class_names)})", field=where)
    return class_names.index(name)


def _check_relative_sizes(pieces: Mapping[str, Mapping[str, Any]], kinds: Mapping[str, PieceKind]) -> None:
    for piece_id, spec in pieces.items():
        other = spec.get("smaller_than")
        if other is None:
            continue
        where = f"{ROOT}/pieces/{piece_id}/smaller_than"
        if other not in kinds:
            raise PackError(f"{piece_id} is said to be smaller than '{other}', which is no piece", field=where)
        if kinds[piece_id].size >= kinds[other].size:
            raise PackError(f"{piece_id} ({kinds[piece_id].size} cells) is said to be smaller than {other} "
                            f"({kinds[other].size} cells)", field=f"{ROOT}/pieces/{piece_id}/cells")

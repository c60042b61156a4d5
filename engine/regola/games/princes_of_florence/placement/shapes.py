"""Polyomino shapes as sets of (column, row) cells: normalizing, connectivity, rotations and mirror images.

Pure functions on small tuples; they run once per piece when a pack is compiled, never in play.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]
Shape = tuple[Cell, ...]  # sorted by (row, column), translated so the smallest column and row are 0


def normalize(cells: Iterable[Cell]) -> Shape:
    """The shape moved so that its bounding box starts at (0, 0), cells sorted row by row."""
    cells = list(cells)
    left = min(c for c, _ in cells)
    top = min(r for _, r in cells)
    return tuple(sorted(((c - left, r - top) for c, r in cells), key=lambda cell: (cell[1], cell[0])))


def is_connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells form one piece through shared sides (a polyomino)."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        column, row = stack.pop()
        for neighbour in ((column + 1, row), (column - 1, row), (column, row + 1), (column, row - 1)):
            if neighbour in remaining:
                remaining.remove(neighbour)
                stack.append(neighbour)
    return not remaining


def _quarter_turn(shape: Shape) -> Shape:
    # Clockwise on a grid whose rows grow downwards: (c, r) -> (-r, c).
    return normalize((-row, column) for column, row in shape)


def _mirror(shape: Shape) -> Shape:
    return normalize((-column, row) for column, row in shape)


def orientations(cells: Iterable[Cell], *, rotate: bool, flip: bool) -> tuple[Shape, ...]:
    """Every distinct orientation the shape may take, the given one first, then its quarter turns,
    then (if it may be flipped) its mirror image and that image's quarter turns. Orientations equal as
    shapes are kept once, so a square has one, a straight piece two, an L tetromino eight."""
    first = normalize(cells)
    starts = [first, _mirror(first)] if flip else [first]
    found: list[Shape] = []
    for start in starts:
        shape = start
        for _ in range(4 if rotate else 1):
            if shape not in found:
                found.append(shape)
            shape = _quarter_turn(shape)
    return tuple(found)


def extent(shape: Shape) -> tuple[int, int]:
    """(columns, rows) of the shape's bounding box."""
    return max(c for c, _ in shape) + 1, max(r for _, r in shape) + 1

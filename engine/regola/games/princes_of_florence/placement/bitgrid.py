"""A rectangular grid as a bitboard on a Python int: cell (column, row) is bit row * columns + column.

Sets of cells are ints, so union, intersection and emptiness are single integer operations, and the
orthogonal neighbours of a whole set come from four shifts with the edge columns masked off (a shift by
one must not wrap a cell from one row's end to the next row's start).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from regola.games.princes_of_florence.placement.shapes import Cell


@dataclass(frozen=True, slots=True)
class BitGrid:
    columns: int
    rows: int
    full: int = field(init=False)
    not_left: int = field(init=False)  # every cell but those of column 0
    not_right: int = field(init=False)  # every cell but those of the last column

    def __post_init__(self) -> None:
        full = (1 << (self.columns * self.rows)) - 1
        left = sum(1 << (row * self.columns) for row in range(self.rows))
        right = left << (self.columns - 1)
        object.__setattr__(self, "full", full)
        object.__setattr__(self, "not_left", full & ~left)
        object.__setattr__(self, "not_right", full & ~right)

    @property
    def size(self) -> int:
        return self.columns * self.rows

    def inside(self, column: int, row: int) -> bool:
        return 0 <= column < self.columns and 0 <= row < self.rows

    def index(self, column: int, row: int) -> int:
        return row * self.columns + column

    def cell(self, index: int) -> Cell:
        return index % self.columns, index // self.columns

    def mask(self, cells: Iterable[Cell]) -> int:
        """The set of the given cells; each must be inside the grid."""
        bits = 0
        for column, row in cells:
            bits |= 1 << (row * self.columns + column)
        return bits

    def cells(self, mask: int) -> Iterator[Cell]:
        """The cells of a set, in bit order (row by row)."""
        while mask:
            low = mask & -mask
            yield self.cell(low.bit_length() - 1)
            mask ^= low

    def neighbours(self, mask: int) -> int:
        """Every cell sharing a side with a cell of ``mask`` (cells of ``mask`` itself included only
        where they neighbour another one)."""
        columns = self.columns
        return (((mask & self.not_right) << 1) | ((mask & self.not_left) >> 1)
                | (mask << columns) | (mask >> columns)) & self.full

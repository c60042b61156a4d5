"""One player's principality in play: which cells are taken, by which class of piece, and by what.

A Board is immutable: placing returns a new Board, so a game can keep, compare and hash positions, and
nothing can move or remove a placed piece (004 Wznoszenie Budynków rule 6). Its JSON form is the list
of placements; reading it back replays them through the grid's checks, so a hand-edited state cannot
hold two pieces on one cell.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from regola.games.princes_of_florence.placement.principality import Principality


class Placement(NamedTuple):
    """A piece kind, the index of one of its orientations, and where the top-left corner of that
    orientation's bounding box lies. A plain tuple: hashable, and JSON as [piece, orientation, column, row]."""

    piece: str
    orientation: int
    column: int
    row: int

    @classmethod
    def from_json(cls, value: object) -> Placement:
        """A placement from its JSON form; ValueError saying what is wrong otherwise."""
        if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 4:
            raise ValueError(f"a placement is [piece, orientation, column, row], not {value!r}")
        piece, orientation, column, row = value
        if not isinstance(piece, str) or not all(type(n) is int for n in (orientation, column, row)):
            raise ValueError(f"a placement is [piece (text), orientation, column, row (whole numbers)], "
                             f"not {list(value)!r}")
        return cls(piece, orientation, column, row)


@dataclass(frozen=True, slots=True)
class Board:
    """``occupied``: every taken cell (fixed features included) as a bitmask; ``class_masks``: the taken
    cells per class of the principality (``Principality.class_names`` order); ``kinds``: every piece kind
    placed; ``pieces``: the placements in the order they were made."""

    principality: Principality = field(compare=False, repr=False)
    occupied: int
    class_masks: tuple[int, ...]
    kinds: frozenset[str]
    pieces: tuple[Placement, ...]
    # parts of buildings built across a border with a neighbour (expansion "Wspólne budowanie"):
    # (piece, cells on this board as a bitmask); empty in the base game
    shared: tuple[tuple[str, int], ...] = ()

    def place(self, placement: Placement) -> Board:
        """The board with ``placement`` added. Raises IllegalAction when it leaves the grid, covers a taken
        cell or repeats a kind that may be placed once; adjacency depends on the player's architects, so
        callers check it first with ``Principality.check``."""
        return self.principality.place(self, placement)

    def cells_of(self, class_name: str) -> int:
        """The cells taken by one class (e.g. 'building', 'palace') as a bitmask."""
        return self.class_masks[self.principality.class_index[class_name]]

    def count(self, class_name: str) -> int:
        """How many placed pieces belong to a class."""
        kinds = self.principality.kinds_of(class_name)
        return sum(1 for placement in self.pieces if placement.piece in kinds) + \
            sum(1 for piece, _ in self.shared if piece in kinds)

    def empty_cells(self) -> int:
        """How many cells of the grid are still free."""
        return self.principality.grid.size - self.occupied.bit_count()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"pieces": [list(placement) for placement in self.pieces]}
        if self.shared:
            data["shared"] = [[piece, mask] for piece, mask in self.shared]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], principality: Principality) -> Board:
        """A board from ``to_json`` output. ValueError for malformed data; IllegalAction (with the rule
        ID) for a placement the grid forbids whatever the architects."""
        if not isinstance(data, Mapping) or not isinstance(data.get("pieces"), list):
            raise ValueError("a principality board is {pieces: [[piece, orientation, column, row], ...]}")
        board = principality.empty_board()
        for item in data["pieces"]:
            board = board.place(Placement.from_json(item))
        for item in data.get("shared", []):
            from regola.games.princes_of_florence.placement.shared import add_part

            if not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str) \
                    or type(item[1]) is not int:
                raise ValueError(f"a shared part is [piece, cell mask], not {item!r}")
            board = add_part(board, item[0], item[1])
        return board

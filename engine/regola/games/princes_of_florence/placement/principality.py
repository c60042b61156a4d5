"""The compiled principality: every piece's orientations as bitmasks, legal placements, and checks that
name the placement rule a move breaks.

Enumeration is bit-parallel. For one orientation, the set of anchors where it fits is the set of anchors
where its bounding box stays on the grid (precomputed), minus, for each of its cells at offset d from the
anchor, every anchor whose cell d is forbidden: ``valid &= ~(forbidden >> d)``. That is one shift and one
AND per cell of the shape for all anchors at once; the surviving bits index a precomputed table of
Placement tuples. A building's forbidden cells are the taken cells plus the orthogonal neighbours of the
classes it must keep apart from (four shifts, see BitGrid.neighbours), unless the player's architects
lift that rule.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass

from regola.core.errors import IllegalAction
from regola.games.princes_of_florence.placement.bitgrid import BitGrid
from regola.games.princes_of_florence.placement.board import Board, Placement
from regola.games.princes_of_florence.placement.shapes import Cell, Shape

# Rule IDs (the pack's rules.yaml cites 004 Wznoszenie Budynków, rules 1-6, for each).
PIECE = "placement.piece"
ORIENTATION = "placement.orientation"
INSIDE = "placement.inside"
OVERLAP = "placement.overlap"
ADJACENCY = "placement.adjacency"
UNIQUE = "placement.unique_building"
RULE_IDS = (PIECE, ORIENTATION, INSIDE, OVERLAP, ADJACENCY, UNIQUE)

NEVER = sys.maxsize  # the architects that lift a rule no count lifts


@dataclass(frozen=True, slots=True)
class Orientation:
    index: int
    shape: Shape
    columns: int  # bounding box
    rows: int
    base: int  # the shape's cells with its anchor on cell 0
    offsets: tuple[int, ...]  # bit offset of each cell from the anchor
    domain: int  # anchors whose bounding box stays on the grid
    table: tuple[Placement | None, ...]  # by anchor bit: the Placement there (None outside the domain)


@dataclass(frozen=True, slots=True)
class PieceKind:
    id: str
    class_name: str
    class_index: int
    orientations: tuple[Orientation, ...]
    once: bool  # at most one of this kind per board
    apart: tuple[int, ...]  # class indexes it may not touch side by side
    lifted_at: int  # architects from which ``apart`` no longer applies (NEVER: no count)
    size_name: str | None  # the named size of the data (e.g. 'large'), if it gives one

    @property
    def size(self) -> int:
        return len(self.orientations[0].shape)


class Principality:
    """A compiled grid (see compile.compile_principality). Immutable after compilation and shared by all
    boards of a game."""

    __slots__ = ("_kinds_by_class", "class_index", "class_names", "fixed_masks", "fixed_occupied", "grid",
                 "kinds")

    def __init__(self, grid: BitGrid, class_names: tuple[str, ...], kinds: dict[str, PieceKind],
                 fixed_masks: tuple[int, ...]) -> None:
        self.grid = grid
        self.class_names = class_names
        self.class_index = {name: index for index, name in enumerate(class_names)}
        self.kinds = kinds
        self.fixed_masks = fixed_masks  # per class: cells printed on the board
        self.fixed_occupied = 0
        for mask in fixed_masks:
            self.fixed_occupied |= mask
        self._kinds_by_class = {name: frozenset(k for k, kind in kinds.items() if kind.class_name == name)
                                for name in class_names}

    # What the data declares --------------------------------------------------------------------------

    def kinds_of(self, class_name: str) -> frozenset[str]:
        """The piece kinds of a class, e.g. every building."""
        return self._kinds_by_class[class_name]

    def kinds_of_size(self, size_name: str) -> frozenset[str]:
        """The piece kinds of a named size, e.g. every large building."""
        return frozenset(k for k, kind in self.kinds.items() if kind.size_name == size_name)

    def orientations(self, piece: str) -> tuple[Shape, ...]:
        """Every distinct orientation of a piece (index = Placement.orientation), as normalized cells."""
        return tuple(o.shape for o in self._kind(piece, piece).orientations)

    def cells(self, placement: Placement) -> tuple[Cell, ...]:
        """The grid cells a placement covers (some may lie outside the grid if the placement is illegal)."""
        kind = self._kind(placement.piece, placement)
        orientation = self._orientation(kind, placement)
        return tuple((placement.column + c, placement.row + r) for c, r in orientation.shape)

    def empty_board(self) -> Board:
        return Board(self, self.fixed_occupied, self.fixed_masks, frozenset(), ())

    def picture(self, board: Board) -> list[str]:
        """The board as text, one string per row: '.' free, '#' a fixed feature, and the placed pieces
        lettered A, B, C… in the order they were placed, parts of buildings across a border a, b, c… (for a
        player at a terminal and for tests)."""
        grid = self.grid
        rows = [["."] * grid.columns for _ in range(grid.rows)]
        for column, row in grid.cells(self.fixed_occupied):
            rows[row][column] = "#"
        for number, placement in enumerate(board.pieces):
            letter = chr(ord("A") + number) if number < 26 else "*"
            for column, row in self.cells(placement):
                rows[row][column] = letter
        for number, (_, mask) in enumerate(board.shared):  # parts of buildings across a border: a, b, c…
            for column, row in grid.cells(mask):
                rows[row][column] = chr(ord("a") + number) if number < 26 else "+"
        return ["".join(row) for row in rows]

    # The hot path ----------------------------------------------------------------------------------

    def legal_placements(self, board: Board, piece: str, architects: int) -> list[Placement]:
        """Every placement of ``piece`` the rules allow on ``board`` for a player with ``architects``,
        by orientation, then row, then column."""
        kind = self.kinds.get(piece)
        if kind is None:
            raise self._unknown(piece, piece)
        if kind.once and piece in board.kinds:
            return []
        forbidden = board.occupied
        if kind.apart and architects < kind.lifted_at:
            blockers = 0
            masks = board.class_masks
            for index in kind.apart:
                blockers |= masks[index]
            forbidden |= self.grid.neighbours(blockers)
        found: list[Placement] = []
        append = found.append
        for orientation in kind.orientations:
            valid = orientation.domain
            for offset in orientation.offsets:
                valid &= ~(forbidden >> offset)
            if not valid:
                continue
            table = orientation.table
            while valid:
                low = valid & -valid
                append(table[low.bit_length() - 1])  # type: ignore[arg-type]  # domain bits are filled
                valid ^= low
        return found

    # Checks ----------------------------------------------------------------------------------------

    def check(self, board: Board, placement: Placement, architects: int) -> None:
        """None if the placement is legal; IllegalAction naming the first rule it breaks otherwise (in
        the source's order: inside, overlap, adjacency, once per kind). ``details['broken']`` lists every
        rule it breaks."""
        broken = list(self.broken_rules(board, placement, architects))
        if broken:
            rule, message = broken[0]
            raise IllegalAction(rule, message, placement, {"broken": [rule for rule, _ in broken]})

    def place(self, board: Board, placement: Placement) -> Board:
        """``board`` with ``placement`` added, after every check that does not depend on architects."""
        broken = next(self.broken_rules(board, placement, None), None)
        if broken is not None:
            raise IllegalAction(broken[0], broken[1], placement)
        kind = self.kinds[placement.piece]
        mask = self._orientation(kind, placement).base << self.grid.index(placement.column, placement.row)
        masks = list(board.class_masks)
        masks[kind.class_index] |= mask
        return Board(self, board.occupied | mask, tuple(masks), board.kinds | {placement.piece},
                     (*board.pieces, placement), board.shared)

    def broken_rules(self, board: Board, placement: Placement,
                     architects: int | None) -> Iterator[tuple[str, str]]:
        """(rule ID, message) for every rule the placement breaks; adjacency is skipped when
        ``architects`` is None."""
        if not isinstance(placement, tuple) or len(placement) != 4:
            yield PIECE, f"{placement!r} is not a placement [piece, orientation, column, row]"
            return
        piece, index, column, row = placement
        kind = self.kinds.get(piece) if isinstance(piece, str) else None
        if kind is None:
            yield PIECE, self._unknown(piece, placement).message
            return
        if type(index) is not int or not 0 <= index < len(kind.orientations):
            yield ORIENTATION, (f"{piece} has {len(kind.orientations)} orientations (0 to "
                                f"{len(kind.orientations) - 1}); {index!r} is none of them")
            return
        if type(column) is not int or type(row) is not int:
            yield INSIDE, f"column and row must be whole numbers, not {column!r} and {row!r}"
            return
        grid = self.grid
        shape = kind.orientations[index].shape
        cells = [(column + c, row + r) for c, r in shape]
        on_grid = [cell for cell in cells if grid.inside(*cell)]
        if len(on_grid) < len(cells):
            yield INSIDE, (f"{piece} at column {column}, row {row} reaches outside the "
                           f"{grid.columns} x {grid.rows} grid")
        mask = grid.mask(on_grid)
        if mask & board.occupied:
            covered = self._classes_in(board, mask)
            yield OVERLAP, f"{piece} would cover cells already taken by: {', '.join(covered)}"
        if architects is not None and kind.apart and architects < kind.lifted_at:
            near = grid.neighbours(mask)
            touched = [self.class_names[i] for i in kind.apart if board.class_masks[i] & near]
            if touched:
                yield ADJACENCY, (f"{piece} would touch {', '.join(touched)} side by side, which takes "
                                  f"{kind.lifted_at} architects; the player has {architects}")
        if kind.once and piece in board.kinds:
            yield UNIQUE, f"this principality already has a {piece}; each kind of {kind.class_name} is built once"

    # Helpers ---------------------------------------------------------------------------------------

    def _classes_in(self, board: Board, mask: int) -> list[str]:
        return [name for name, taken in zip(self.class_names, board.class_masks, strict=True) if taken & mask]

    def _kind(self, piece: str, action: object) -> PieceKind:
        kind = self.kinds.get(piece)
        if kind is None:
            raise self._unknown(piece, action)
        return kind

    def _orientation(self, kind: PieceKind, placement: Placement) -> Orientation:
        if not 0 <= placement.orientation < len(kind.orientations):
            raise IllegalAction(ORIENTATION, f"{kind.id} has no orientation {placement.orientation}", placement)
        return kind.orientations[placement.orientation]

    def _unknown(self, piece: object, action: object) -> IllegalAction:
        known = ", ".join(sorted(self.kinds))
        return IllegalAction(PIECE, f"{piece!r} is no piece of this principality (pieces: {known})", action)

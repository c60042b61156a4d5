"""Principalities side by side with shared borders (expansion "Wspólne budowanie", 004): which edge of
one player's grid lies against which edge of a neighbour's, the border cells that follow, and a building
laid across a border, part on each board.

The layout is data (a list of borders per player count); a border joins ``a``'s edge to the opposite
edge of ``b`` cell by cell (row to row for east/west, column to column for south/north). A joint building
is enumerated in the frame of the two grids put together; each part must obey its own board's rules
(overlap, and adjacency with that board owner's architects: the seed limits architects to their
owner's principality).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from regola.games.princes_of_florence.placement.board import Board
from regola.games.princes_of_florence.placement.principality import Principality
from regola.games.princes_of_florence.placement.shapes import Cell

OPPOSITE = {"east": "west", "west": "east", "south": "north", "north": "south"}


@dataclass(frozen=True, slots=True)
class Border:
    a: int
    a_edge: str
    b: int

    @property
    def b_edge(self) -> str:
        return OPPOSITE[self.a_edge]

    def edge_of(self, seat: int) -> str:
        return self.a_edge if seat == self.a else self.b_edge

    def other(self, seat: int) -> int:
        return self.b if seat == self.a else self.a


@dataclass(frozen=True, slots=True)
class JointPlacement:
    """A building across ``border``: its cells on seat ``a``'s board and on seat ``b``'s (bitmasks)."""
    piece: str
    a: int
    a_mask: int
    b: int
    b_mask: int


def borders_for(layouts: Mapping[str, Any], players: int) -> tuple[Border, ...]:
    """The borders of the shared board for a player count (empty when the data gives none)."""
    rows: Sequence[Mapping[str, Any]] = layouts.get(str(players), layouts.get(players, []))  # type: ignore[call-overload]
    return tuple(Border(int(r["a"]), str(r["a_edge"]), int(r["b"])) for r in rows)


def edge_cells(principality: Principality, edge: str) -> tuple[Cell, ...]:
    """The cells of a grid along one edge, in order (top to bottom, or left to right)."""
    grid = principality.grid
    if edge in ("east", "west"):
        column = grid.columns - 1 if edge == "east" else 0
        return tuple((column, row) for row in range(grid.rows))
    row = grid.rows - 1 if edge == "south" else 0
    return tuple((column, row) for column in range(grid.columns))


def edge_mask(principality: Principality, edge: str) -> int:
    return principality.grid.mask(edge_cells(principality, edge))


def across(principality: Principality, border: Border, seat: int, mask: int) -> int:
    """The cells of the neighbour's board that lie directly across the border from ``mask``'s cells on
    ``seat``'s edge."""
    mine = edge_cells(principality, border.edge_of(seat))
    theirs = edge_cells(principality, OPPOSITE[border.edge_of(seat)])
    grid = principality.grid
    out = 0
    for own, other in zip(mine, theirs, strict=True):
        if mask >> grid.index(*own) & 1:
            out |= 1 << grid.index(*other)
    return out


def _split(principality: Principality, edge: str, cells: list[Cell]) -> tuple[list[Cell], list[Cell]]:
    """Cells in the joined frame (a's grid, then b's beyond a's ``edge``) split into a's and b's."""
    grid = principality.grid
    if edge == "east":
        return [c for c in cells if c[0] < grid.columns], [(c[0] - grid.columns, c[1]) for c in cells
                                                             if c[0] >= grid.columns]
    if edge == "south":
        return [c for c in cells if c[1] < grid.rows], [(c[0], c[1] - grid.rows) for c in cells if c[1] >= grid.rows]
    if edge == "west":
        theirs, mine = _split(principality, "east", cells)
        return mine, theirs
    theirs, mine = _split(principality, "south", cells)
    return mine, theirs


def joint_placements(principality: Principality, border: Border, piece: str, boards: Mapping[int, Board],
                     architects: Mapping[int, int]) -> list[JointPlacement]:
    """Every way to lay ``piece`` across ``border`` with at least one cell on each side, each part legal
    on its own board (no overlap; adjacency unless that owner's architects lift it; the kind not yet on
    either board)."""
    kind = principality.kinds[piece]
    if kind.once and any(piece in boards[s].kinds or any(p == piece for p, _ in boards[s].shared)
                         for s in (border.a, border.b)):
        return []
    grid = principality.grid
    forbidden: dict[int, int] = {}
    for seat in (border.a, border.b):
        board = boards[seat]
        blocked = board.occupied
        if kind.apart and architects[seat] < kind.lifted_at:
            blockers = 0
            for index in kind.apart:
                blockers |= board.class_masks[index]
            blocked |= grid.neighbours(blockers)
        forbidden[seat] = blocked
    fa, fb = forbidden[border.a], forbidden[border.b]
    return [JointPlacement(piece, border.a, a_mask, border.b, b_mask)
            for a_mask, b_mask in _candidates(principality, piece, border.a_edge)
            if not a_mask & fa and not b_mask & fb]


_CANDIDATES: dict[tuple[int, str, str], tuple[tuple[int, int], ...]] = {}


def _candidates(principality: Principality, piece: str, a_edge: str) -> tuple[tuple[int, int], ...]:
    """Every split (a's cells, b's cells) of ``piece`` across an ``a_edge`` border with a cell on each
    side, computed once per grid, piece and edge (the hot path then only tests two masks)."""
    key = (id(principality), piece, a_edge)
    found = _CANDIDATES.get(key)
    if found is not None:
        return found
    grid = principality.grid
    horizontal = a_edge in ("east", "west")
    width = grid.columns * (2 if horizontal else 1)
    height = grid.rows * (1 if horizontal else 2)
    # the joined frame puts the first grid left/top: for a west or north edge the frame is (b, a)
    first_is_a = a_edge in ("east", "south")
    frame_edge = "east" if horizontal else "south"
    seen: dict[tuple[int, int], None] = {}
    for orientation in principality.kinds[piece].orientations:
        for row in range(height - orientation.rows + 1):
            for column in range(width - orientation.columns + 1):
                cells = [(column + c, row + r) for c, r in orientation.shape]
                left, right = _split(principality, frame_edge, cells)
                if not left or not right:
                    continue
                a_cells, b_cells = (left, right) if first_is_a else (right, left)
                seen[(grid.mask(a_cells), grid.mask(b_cells))] = None
    found = _CANDIDATES[key] = tuple(seen)
    return found


def add_part(board: Board, piece: str, mask: int) -> Board:
    """``board`` with one part of a building laid across a border."""
    principality = board.principality
    kind = principality.kinds.get(piece)
    if kind is None or mask & board.occupied or mask & ~((1 << principality.grid.size) - 1) or not mask:
        raise ValueError(f"the shared part {piece!r} {mask} does not fit this board")
    masks = list(board.class_masks)
    masks[kind.class_index] |= mask
    return Board(principality, board.occupied | mask, tuple(masks), board.kinds | {piece}, board.pieces,
                 (*board.shared, (piece, mask)))


def border_architects_needed(principality: Principality, borders: Sequence[Border], seat: int, mask: int,
                             boards: Mapping[int, Board], alone: int, occupied_across: int) -> int:
    """How many architects a building on ``seat``'s own board at ``mask`` needs because of the borders:
    ``alone`` when it lies along a border, ``occupied_across`` when a building lies across from it
    (0 when it touches no border)."""
    need = 0
    building = principality.class_index.get("building")
    for border in borders:
        if seat not in (border.a, border.b):
            continue
        on_edge = mask & edge_mask(principality, border.edge_of(seat))
        if not on_edge:
            continue
        need = max(need, alone)
        other = boards[border.other(seat)]
        if building is not None and across(principality, border, seat, on_edge) & other.class_masks[building]:
            need = max(need, occupied_across)
    return need

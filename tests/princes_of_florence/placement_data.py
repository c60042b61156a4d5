"""The Polish pack's principality, read straight from its data file and compiled once, and helpers that
name a placement by the grid cells it covers (so a test reads as a picture, whatever the orientation
order)."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from regola.core.yamlio import load_yaml
from regola.games.princes_of_florence.placement import Board, Placement, Principality, compile_principality
from regola.games.princes_of_florence.placement.shapes import normalize

DATA = Path(__file__).resolve().parents[2] / "rulepacks" / "pl" / "principality.yaml"


@functools.cache
def _doc() -> Any:
    return load_yaml(DATA)


def doc() -> dict[str, Any]:
    """A fresh copy of the file's document (tests edit it)."""
    import copy

    return copy.deepcopy(_doc())


@functools.cache
def principality() -> Principality:
    return compile_principality(_doc())


def at(piece: str, cells: Iterable[tuple[int, int]], grid: Principality | None = None) -> Placement:
    """The placement of ``piece`` that covers exactly ``cells`` (absolute [column, row]; cells off the
    grid allowed)."""
    grid = grid or principality()
    cells = list(cells)
    wanted = normalize(cells)
    left = min(c for c, _ in cells)
    top = min(r for _, r in cells)
    for index, shape in enumerate(grid.orientations(piece)):
        if shape == wanted:
            return Placement(piece, index, left, top)
    raise AssertionError(f"{piece} has no orientation covering {cells}")


def board_with(*placements: Placement, grid: Principality | None = None) -> Board:
    board = (grid or principality()).empty_board()
    for placement in placements:
        board = board.place(placement)
    return board


def palace_cells() -> set[tuple[int, int]]:
    return {tuple(cell) for entry in _doc()["principality"]["fixed"] if entry["class"] == "palace"  # type: ignore[misc]
            for cell in entry["cells"]}

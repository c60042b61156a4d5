"""Placement of polyomino pieces on a player's principality grid, as the pack declares it.

    principality = compile_principality(pack.document)
    board = principality.empty_board()
    moves = principality.legal_placements(board, "university", architects=0)
    principality.check(board, moves[0], architects=0)   # IllegalAction(rule=...) when illegal
    board = board.place(moves[0])

See docs/PLACEMENT.md for the mechanism.
"""

from regola.games.princes_of_florence.placement.board import Board, Placement
from regola.games.princes_of_florence.placement.compile import compile_principality
from regola.games.princes_of_florence.placement.principality import (
    ADJACENCY,
    INSIDE,
    ORIENTATION,
    OVERLAP,
    PIECE,
    RULE_IDS,
    UNIQUE,
    Principality,
)

__all__ = ["ADJACENCY", "INSIDE", "ORIENTATION", "OVERLAP", "PIECE", "RULE_IDS", "UNIQUE", "Board", "Placement",
           "Principality", "compile_principality"]

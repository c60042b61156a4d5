"""A board drawn from a view as SVG, by the drawing its game's definition names (``board``: each game's
``board.py`` in its own package). A drawing reads only the view it is given (what its seat may see) and
the words of its language, so it can show nothing more than the view holds. The SVG scales to its
container (``viewBox``, no fixed size) for phones."""

from __future__ import annotations

from typing import Any

from regola.core.errors import RegolaError
from regola.core.game import definition_for
from regola.tables.words import Words

__all__ = ["draw"]


def draw(game: str, view: dict[str, Any], words: Words) -> str:
    """The SVG of ``view`` (a seat's or the public view of a game ``game``)."""
    board = definition_for(game).board
    if board is None:
        raise RegolaError(f"no board drawing for the game '{game}'")
    drawing: str = board()(view, words)
    return drawing

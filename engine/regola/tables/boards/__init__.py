"""A board drawn from a view as SVG: one module per game, chosen by the game id. A drawing reads only
the view it is given (what its seat may see) and the words of its language, so it can show nothing
more than the view holds. The SVG scales to its container (``viewBox``, no fixed size) for phones."""

from __future__ import annotations

from typing import Any

from regola.core.errors import RegolaError
from regola.tables.words import Words

__all__ = ["draw"]


def draw(game: str, view: dict[str, Any], words: Words) -> str:
    """The SVG of ``view`` (a seat's or the public view of a game ``game``)."""
    module: Any
    if game == "maestro-leonardo":
        from regola.tables.boards import maestro_leonardo as module
    elif game == "princes-of-florence":
        from regola.tables.boards import princes_of_florence as module
    else:
        raise RegolaError(f"no board drawing for the game '{game}'")
    return module.draw(view, words)

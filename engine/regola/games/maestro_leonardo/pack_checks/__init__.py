"""Maestro Leonardo's own pack checks, run by ``regola check`` beside the generic ones (the game
definition's ``pack_checks``): names that must exist (refs) and facts that must hold for every player
count and setup (invariants). Each takes the document to check as a ``regola.core.gamedef.PackReport``
and returns what that report made of each problem, so the game names no check module."""

from regola.games.maestro_leonardo.pack_checks.invariants import check_invariants
from regola.games.maestro_leonardo.pack_checks.refs import check_game_refs

__all__ = ["check_game_refs", "check_invariants"]

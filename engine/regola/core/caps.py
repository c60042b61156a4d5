"""The decision cap: how many decisions (chance outcomes included) one game may take.

A game ends after a number of rounds its pack sets, so its decisions are bounded by the pack; a pack
whose numbers let a game run on (a round schedule of a hundred million rounds, a purse that feeds an
endless bidding war) must still stop. Each game offers an upper bound derived from its rules and
player count (``GameDefinition.decisions``: a few times the most any real game takes, so no
legitimate game comes near it); ``play``, ``simulate`` and ``replay`` stop past it with one clear
error. ``REGOLA_MAX_DECISIONS`` replaces the derived cap (to raise it for a house rule that plays
much longer, or to lower it).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from regola.core.errors import RegolaError

if TYPE_CHECKING:
    from regola.core.game import Ruleset

__all__ = ["DEFAULT_DECISIONS", "DecisionCapReached", "decision_cap"]

#: the cap of a game that derives none from its rules
DEFAULT_DECISIONS = 100_000
ENV = "REGOLA_MAX_DECISIONS"


class DecisionCapReached(RegolaError):
    """A game passed the decision cap of its pack and player count."""


def decision_cap(ruleset: Ruleset, players: int) -> int:
    """The most decisions a game of ``ruleset`` with ``players`` players may take."""
    raw = os.environ.get(ENV)
    if raw is not None:
        try:
            value = int(raw)
        except ValueError:
            value = 0
        if value <= 0:
            raise RegolaError(f"{ENV}={raw!r} is not a positive whole number")
        return value
    derive = ruleset.definition.decisions
    cap = DEFAULT_DECISIONS if derive is None else max(1, int(derive(ruleset.rules, players)))
    moves = getattr(ruleset, "moves", None)
    # each declared move is used at most its limit per turn, round or game by each player: per decision
    # of the game's own, no more than every player's every limit
    return cap * (1 + moves.extra_decisions(players)) if moves else cap


def reached(ruleset: Ruleset, players: int, cap: int) -> DecisionCapReached:
    """The error of a game stopped at ``cap`` decisions."""
    how = f"{ENV} raises it" if os.environ.get(ENV) is None else f"set by {ENV}"
    return DecisionCapReached(f"the game passed {cap:,} decisions, the cap of pack '{ruleset.pack.id}' with "
                              f"{players} players ({how}); its numbers let a game run on without end")

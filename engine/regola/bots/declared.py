"""How a heuristic bot weighs the moves a pack declares (regola.mechanics.moves), with no code per move.

A bot that knows only its game's own verbs (the greedy bots) asks here first: each declared move legal
now is tried on the seat's information state, and the position it leaves is valued as the search bots
value one (regola.bots.valuation: the game's evaluation and what the end-of-game awards would give).
The best move that leaves the seat better off than not moving is taken; else the bot decides among the
game's own actions as it always did. Over a hold limit (``until``) the declared moves are all there is,
and the best of them is taken. A search bot needs none of this: it hears a declared move as it
hears any move.
"""

from __future__ import annotations

from regola.bots.valuation import valuation
from regola.core.bots import Observation
from regola.core.errors import RegolaError
from regola.core.step import Action
from regola.mechanics.moves import Extended

__all__ = ["own_or_declared"]


def own_or_declared(obs: Observation) -> tuple[Observation, Action | None]:
    """(the decision narrowed to the game's own actions, the declared move worth taking now or None)."""
    legal = obs.legal
    if type(legal) is not Extended:  # final: the whole test, without ABCMeta's
        return obs, None
    own = obs.narrowed(legal.base)  # a list or a range: both are sequences
    try:
        info = obs.info()
    except RegolaError:  # a caller that gives no information state: the game's own actions only
        return own, None if legal.base else legal.extra[0]
    worth = valuation(info.ruleset)
    seat = obs.seat
    # over a hold limit the declared moves are all there is: the best of them, however it leaves the seat
    best, best_value = None, worth(info.state)[seat] if legal.base else float("-inf")
    for action in legal.extra:
        trial = info.clone()
        trial.apply(action)
        value = worth(trial.state)[seat]
        if value > best_value:
            best, best_value = action, value
    return own, best

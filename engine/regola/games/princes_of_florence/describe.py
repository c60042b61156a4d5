"""One line of plain words for an action (for `regola play` and logs)."""

from __future__ import annotations

from regola.core.step import Action
from regola.games.princes_of_florence.state import State

_WORDS = {
    "open": "opens the auction of {0}", "buy": "takes {0} for the opening bid", "decline": "declines to bid this round",
    "raise": "raises", "pass": "passes", "accept": "accepts the price offered",
    "seal": "bids {1} for {0} in secret", "keep": "keeps {0}", "return": "returns profession card {0}",
    "place": "places {0} (orientation {1}) at column {2}, row {3}", "work": "completes a work with profession card {0}",
    "build": "builds {0}", "profession": "buys a profession card", "freedom": "proclaims freedom of {0}",
    "bonus": "buys a bonus card", "take": "takes card {0}", "play_bonus": "plays bonus card {0}",
    "finish": "finishes the work", "convert": "exchanges pay for {0} prestige",
    "recruit": "recruits from seat {0} card {1}", "wait": "keeps the recruitment card for later",
    "under": "puts the other cards under the pile in the order {0}",
    "sell": "moves back one prestige for money", "end": "ends the turn", "deal": "deals the cards",
    "shuffle": "shuffles the profession pile",
}


def describe(state: State, action: Action) -> str:
    verb = str(action[0]) if action else ""
    words = _WORDS.get(verb)
    if words is None:
        return " ".join(str(a) for a in action)
    if verb == "keep" and len(action) == 1:
        return "keeps the dealt cards"
    if verb == "raise" and len(action) == 2:
        return f"raises by {action[1]}"
    return words.format(*action[1:], *([""] * 4))

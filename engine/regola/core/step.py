"""The protocol between the generic driver and a game's decision handlers ("steps").

A flow state that waits for decisions names a step. The driver asks the step who decides, what is
legal, and hands it a validated action. Steps never fire flow triggers: when ``decider`` returns
None the driver fires ``advance``.
"""

from __future__ import annotations

import random
from typing import Any

from regola.core.errors import IllegalAction

CHANCE = -1  # the decider at a chance node (OpenSpiel's convention)
TERMINAL = -2  # nobody decides: the game is over

Action = tuple[Any, ...]


class Step:
    """Base class of a decision handler. Subclasses override what they need."""

    #: the rule ID an action breaks when it is simply not among the legal ones
    rule = "flow.turn"
    #: a chance step's random stream: Game keeps one per purpose, so one kind of chance never shifts
    #: another. "chance" is the seed's own generator (the deal: a seed deals as it always did)
    stream = "chance"

    def decider(self, state: Any) -> int | None:
        """The seat that decides now, CHANCE, or None when the step is done."""
        raise NotImplementedError

    def legal(self, state: Any) -> list[Action]:
        """Every legal action of the decider (empty at chance nodes with too many outcomes)."""
        raise NotImplementedError

    def apply(self, state: Any, action: Action) -> None:
        """Carry out an action already known to be legal."""
        raise NotImplementedError

    def explain(self, state: Any, action: Action) -> IllegalAction:
        """Why ``action`` is not legal here: the most specific rule ID the step can name."""
        return IllegalAction(self.rule, "not one of the legal actions here", action)

    # chance nodes ---------------------------------------------------------------------------------
    def sample(self, state: Any, rng: random.Random) -> Action:
        raise NotImplementedError

    def check_chance(self, state: Any, action: Action) -> None:
        """Raise IllegalAction if a chance outcome (e.g. a transcribed shuffle) is impossible."""
        raise NotImplementedError

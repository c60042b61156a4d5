"""Every bot a game offers, at a budget a test can afford: the search bots keep their logic and every
kind of decision, with few rollouts cut short."""

from __future__ import annotations

from regola.bots.specs import bot_names
from regola.core.game import Ruleset

#: the search bots at a test's budget
CHEAP = {"mcts": "mcts:iters=3,depth=6", "probe": "probe:worlds=1,rivals=2,depth=6"}


def every_bot(rs: Ruleset) -> list[str]:
    """A spec for each bot the ruleset's game offers."""
    return [CHEAP.get(name, name) for name in bot_names(rs)]

"""Every bot a game offers, at a budget a test can afford: the search bots keep their logic and every
kind of decision, with few rollouts cut short."""

from __future__ import annotations

from regola.bots.specs import bot_names, make_bot
from regola.core.game import Game, Ruleset
from regola.core.play import play

#: the search bots at a test's budget
CHEAP = {"mcts": "mcts:iters=3,depth=6", "probe": "probe:worlds=1,rivals=2,depth=6"}


def every_bot(rs: Ruleset) -> list[str]:
    """A spec for each bot the ruleset's game offers."""
    return [CHEAP.get(name, name) for name in bot_names(rs)]


def every_bot_ends(rs: Ruleset, players: int, seed: int, setup: str, what: object = None) -> None:
    """Each bot of :func:`every_bot`, in every seat, plays a game of ``rs`` to its result."""
    for spec in every_bot(rs):
        game = Game.new(rs, players, seed, setup)
        play(game, [make_bot(spec, seat, seed, rs) for seat in range(players)])
        assert game.is_terminal() and game.result() is not None, (what, spec)

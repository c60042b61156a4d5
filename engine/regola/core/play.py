"""The loop that plays one game with bots (and optionally people): the main job of the engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from regola.core.bots import Bot, Observation, RandomBot
from regola.core.errors import RegolaError
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.record import RecordWriter
from regola.core.step import Action


def bot_names(ruleset: Ruleset) -> list[str]:
    return ["random", *ruleset.definition.bots]


def make_bot(name: str, seat: int, seed: int | None, ruleset: Ruleset) -> Bot:
    if name == "random":
        return RandomBot(seat, seed)
    factory = ruleset.definition.bots.get(name)
    if factory is None:
        raise RegolaError(f"unknown bot '{name}' (known: {', '.join(bot_names(ruleset))})")
    bot: Bot = factory(seat, seed, ruleset.rules)
    return bot


Chooser = Callable[[Game, Observation], Action]


def play(game: Game, bots: Sequence[Bot | Chooser], record: RecordWriter | None = None) -> Game:
    """Play to the end. A seat is a Bot, or a callable (e.g. a person at the terminal)."""
    choosers: list[Callable[[Observation], Action]] = [_chooser(game, agent) for agent in bots]
    view = game.view
    while True:
        who = game.current_player()
        if who < 0:
            if who != CHANCE:
                break
            action = game.sample_chance()
        else:
            action = choosers[who](Observation(who, game.legal_actions(), view))
        game.apply(action)
        if record is not None:
            record.action(who, action)
    if record is not None:
        record.result(game.result())
    return game


def _chooser(game: Game, agent: Bot | Chooser) -> Callable[[Observation], Action]:
    """One calling convention for both kinds of seat: a function of the observation."""
    choose = getattr(agent, "choose", None)
    if choose is not None:
        return choose  # type: ignore[no-any-return]
    person: Any = agent
    return lambda obs: person(game, obs)  # type: ignore[no-any-return]

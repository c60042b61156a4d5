"""Bots by name: the ``--bots`` specs of every command (``greedy``, ``greedy:temp=0.5``,
``mcts:iters=500,seed=3``) turned into bots of any game. Above the core, which plays whatever bots it
is given (``core.play``), and beside the search bot it names (``bots.ismcts``)."""

from __future__ import annotations

import inspect
from typing import Any

from regola.core.bots import Bot, RandomBot, SoftenedBot
from regola.core.errors import RegolaError
from regola.core.game import Ruleset

__all__ = ["SOFTENING", "bot_names", "make_bot", "parse_bot_spec", "split_bot_specs"]

#: options every bot but the random one takes: a softmax over its own ranking (core.bots.SoftenedBot)
SOFTENING = ("temp", "top")


def bot_names(ruleset: Ruleset) -> list[str]:
    generic = ["mcts", "probe"] if ruleset.definition.search is not None else []
    return ["random", *ruleset.definition.bots, *generic]


def split_bot_specs(text: str) -> list[str]:
    """``--bots`` text -> one spec per seat: "mcts:iters=500,time=1,greedy" is two seats, since a
    ``key=value`` piece after a comma continues the spec before it."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name`` or ``name:key=value,key=value`` -> (name, options); values become int, float or str."""
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    if rest:
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            key = key.strip()
            if not eq or not key.isidentifier():
                raise RegolaError(f"bot option {item!r} of '{spec}' is not key=value")
            options[key] = _option_value(value.strip())
    return name.strip(), options


def _option_value(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_bot(spec: str, seat: int, seed: int | None, ruleset: Ruleset) -> Bot:
    """The bot a ``--bots`` entry names, e.g. ``greedy``, ``greedy:temp=0.5`` or ``mcts:iters=500,seed=3``.

    Options go to the bot's constructor as keywords; ``seed`` replaces the game's seed for that bot;
    ``temp`` (and ``top``) soften any bot but the random one (core.bots.SoftenedBot).
    """
    name, options = parse_bot_spec(spec)
    # the pack's defaults for this bot (pack.yaml, bots), under what the spec says
    options = {**ruleset.pack.meta.get("bots", {}).get(name, {}), **options}
    seed = options.pop("seed", seed)
    soften = {k: options.pop(k) for k in SOFTENING if k in options}
    if soften and name == "random":
        raise RegolaError(f"bot '{spec}': the random bot has no preferences to soften (temp is for other bots)")
    if "top" in soften and "temp" not in soften:
        raise RegolaError(f"bot '{spec}': top= goes with temp=")
    factory: Any
    if name == "random":
        factory = RandomBot
    elif name == "mcts" and ruleset.definition.search is not None:
        from regola.bots.ismcts import ISMCTSBot  # imported on demand: a random game never needs it

        factory = ISMCTSBot
    elif name == "probe" and ruleset.definition.search is not None:
        from regola.bots.probe import ProbeBot

        factory = ProbeBot
    else:
        factory = ruleset.definition.bots.get(name)
        if factory is None:
            raise RegolaError(f"unknown bot '{name}' (known: {', '.join(bot_names(ruleset))})")
    if options:
        params = inspect.signature(factory).parameters
        accepts_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        unknown = [k for k in options if k not in params or k in ("seat", "seed", "rules")]
        if unknown and not accepts_any:
            raise RegolaError(f"bot '{name}' has no option {', '.join(unknown)} (given in --bots or in pack "
                              f"{ruleset.pack.id}'s pack.yaml, bots)")
    bot: Bot = factory(seat, seed, ruleset.rules, **options)
    if soften:
        bot = SoftenedBot(bot, seat, seed, **soften)
    return bot

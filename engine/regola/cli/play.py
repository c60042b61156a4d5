"""`regola play`: a full game with bots and, optionally, a person at the terminal.

The game is closed with a summary in the chosen language (``--lang``, else LANG, else the pack's):
who won and why, the standings, and what to try next (``cli/summary.py``). ``--json`` prints the
result as data, the same in every language.
"""

from __future__ import annotations

import argparse
import json
import secrets
import shutil
import sys
from pathlib import Path
from typing import Any

from regola.cli.common import add_pack_options, ruleset_from
from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import Game, Ruleset
from regola.core.play import bot_names, make_bot, parse_bot_spec, play, split_bot_specs
from regola.core.record import RecordWriter, header_for


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a full game", description="Play a full game with bots (and people).")
    add_pack_options(p)
    p.add_argument("--players", type=int, default=4, metavar="N",
                   help="number of seats (default: 4; the pack's rule game.players gives the range)")
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the shuffle and the bots, to play the same game again (default: a new one, "
                   "printed with the result)")
    p.add_argument("--setup", default=None, help="a setup mode of the pack (default: its first, e.g. beginner)")
    p.add_argument("--bots", default="greedy", help="comma-separated bot per seat, options after a colon "
                   "(mcts:iters=500,time=1); the last one fills the rest")
    p.add_argument("--human", type=int, action="append", default=[], metavar="SEAT",
                   help="a person plays this seat at the terminal (repeatable)")
    p.add_argument("--record", type=Path, help="write the game record (JSON Lines) to this file")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--lang", default=None,
                   help="language of the terminal game and the closing summary (e.g. cs, de-AT, fr, pl, en; "
                   "default: LANG, else the pack's)")
    p.set_defaults(run=run)


def standings_text(game: Game, lang: str | None = None) -> str:
    """Who won and why and the standings, in ``lang`` (else LANG, else the pack's language)."""
    from regola.cli.summary import standings

    return "\n".join(standings(game, _speech(game.ruleset, lang)))


def result_json(game: Game) -> dict[str, Any]:
    hook = game.ruleset.definition.present.get("result_json")
    if hook is not None:
        return dict(hook(game))
    result = game.result() or []
    return {
        "pack": game.ruleset.pack.id,
        "variants": [v.id for v in game.ruleset.pack.variants],
        "seed": game.seed,
        "decisions": len(game.history),
        "winner": [r["seat"] for r in result if r["rank"] == 1],
        "players": [{"seat": r["seat"], "color": r["color"], "rank": r["rank"], "money": r["money"],
                     "end_bonus": r["bonus"], "inventions": game.state.players[r["seat"]].cards,
                     "completed": game.state.players[r["seat"]].completed} for r in result],
    }


def new_seed() -> int:
    """A fresh seed, short enough to type again: the game it gives is printed and recorded with it."""
    return secrets.randbelow(1_000_000)


def new_game(ruleset: Ruleset, players: int, seed: int | None, setup: str) -> Game:
    """Game.new, with a player count or setup the pack does not allow said as the option that is wrong."""
    try:
        return Game.new(ruleset, players, seed, setup)
    except IllegalAction as err:
        option = {"game.players": f"--players {players}", "game.setup": f"--setup {setup}"}.get(err.rule)
        if option is None:
            raise
        raise RegolaError(f"{option}: {err.message} [rule {err.rule}]") from None


def run(args: argparse.Namespace) -> int:
    ruleset = ruleset_from(args)
    names = split_bot_specs(args.bots) or ["greedy"]
    known = bot_names(ruleset)
    for n in (parse_bot_spec(spec)[0] for spec in names):
        if n not in known:
            raise RegolaError(f"unknown bot '{n}' (known: {', '.join(known)})")
    names += [names[-1]] * (args.players - len(names))
    if args.seed is None:
        args.seed = new_seed()
    args.setup = args.setup or ruleset.definition.setup_modes(ruleset.rules)[0]
    game = new_game(ruleset, args.players, args.seed, args.setup)
    for seat in args.human:
        if not 0 <= seat < args.players:
            raise RegolaError(f"--human {seat}: seats are 0 to {args.players - 1}")
    agents: list[Any] = [make_bot(names[s], s, args.seed, ruleset) for s in range(args.players)]
    speech = _speech(ruleset, args.lang)
    table = None
    if args.human:  # people at the terminal: they choose here and hear what every other seat does
        from regola.cli.human import Table

        table = Table(game, args.lang)
        agents = [table.choose if s in args.human else table.watch(s, agents[s]) for s in range(args.players)]
    writer = None
    stream = None
    if args.record:
        stream = args.record.open("w", encoding="utf-8")
        seats = [{"seat": s, "player": "human" if s in args.human else names[s]} for s in range(args.players)]
        writer = RecordWriter(stream, header_for(game, args.setup, args.players, seats))
    try:
        play(game, agents, writer)
    finally:
        if stream:
            stream.close()
    if args.json:
        json.dump(result_json(game), sys.stdout, ensure_ascii=False)
        print()
    else:
        from regola.cli.summary import closing
        from regola.text.wrap import wrap

        width = shutil.get_terminal_size((100, 24)).columns
        for line in closing(game, speech, args.players, args.seed, list(args.human)):
            print("\n".join(wrap(line, max(20, width))))
    return 0


def _speech(ruleset: Ruleset, lang: str | None) -> Any:
    """The words of the game's summary (and terminal) in the negotiated language."""
    from regola.text.catalog import languages_of
    from regola.text.lang import negotiate
    from regola.text.speech import speech_for

    pack = ruleset.pack
    return speech_for(pack, negotiate(lang, pack.language, languages_of(pack.game), pack.id))

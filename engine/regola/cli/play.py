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

from regola.bots.specs import bot_names, make_bot, parse_bot_spec, split_bot_specs
from regola.cli.argtypes import seed, whole
from regola.cli.common import add_pack_options, command_name, ruleset_from
from regola.core.bots import Observation
from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.play import Moments, play
from regola.core.record import RecordWriter, header_for
from regola.core.results import result_json


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a full game", description="Play a full game with bots (and people).")
    add_pack_options(p)
    p.add_argument("--players", type=whole(1, 16), default=4, metavar="N",
                   help="number of seats (default: 4; the pack's rule game.players gives the range)")
    p.add_argument("--seed", type=seed, default=None,
                   help="seed of the shuffle and the bots, to play the same game again (default: a new one, "
                   "printed with the result)")
    p.add_argument("--setup", default=None, help="a setup mode of the pack (default: its first, e.g. beginner)")
    p.add_argument("--bots", default="greedy", help="comma-separated bot per seat, options after a colon "
                   "(mcts:iters=500,time=1); the last one fills the rest")
    p.add_argument("--human", type=whole(1, 16), action="append", default=[], metavar="SEAT",
                   help="a person plays this seat at the terminal, seats counted from 1 as the game names them "
                   "(repeatable)")
    p.add_argument("--record", type=Path, help="write the game record (JSON Lines) to this file")
    p.add_argument("--resume", type=Path, metavar="RECORD",
                   help="go on with a saved game (a record that !save or !quit wrote, or any unfinished record): "
                   "its pack, seats, seed and setup come from the record, which grows as the game goes on "
                   "(unless --record names another file)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--lang", default=None,
                   help="language of the terminal game and the closing summary (e.g. cs, de-AT, fr, pl, en; "
                   "default: LANG, else the pack's)")
    p.set_defaults(run=run)


def standings_text(game: Game, lang: str | None = None) -> str:
    """Who won and why and the standings, in ``lang`` (else LANG, else the pack's language)."""
    from regola.cli.summary import standings

    return "\n".join(standings(game, speech_of(game.ruleset, lang)))


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


def _resumed(args: argparse.Namespace) -> tuple[Game, list[Any], list[str], Moments]:
    """The game a record stopped at, rebuilt as the first run had it: the seed's chance streams drawn
    as far as the record went (its recorded outcomes applied), the moments counted from the start, and
    each bot thinking through its own past decisions again (its choice set aside, the record's
    applied), so whatever it draws at random is where it was: the game goes on exactly as if it had
    never stopped. Sets the run's players, seed, setup, people and record file from the record; the
    agent of each seat (a bot; a person's seat gets one too, never asked)."""
    from regola.core.record import replay

    if not args.resume.is_file():
        raise RegolaError(f"{args.resume}: no such record")
    done = replay(args.resume)  # refereed: a broken record is one line naming where
    if done.game.is_terminal():
        raise RegolaError(f"{args.resume}: this game is over (`regola replay {args.resume}` shows it)")
    header = done.header
    args.players, args.seed, args.setup = int(header["players"]), header.get("seed"), str(header["setup"])
    args.lang = recorded_language(header, args.lang, done.game.ruleset)
    seats = header.get("seats") or []
    kinds = [str(seat.get("player", "greedy")) for seat in seats] or ["greedy"] * args.players
    args.human = [i for i, kind in enumerate(kinds) if kind == "human"]
    args.record = args.record or args.resume
    ruleset = done.game.ruleset
    game = new_game(ruleset, args.players, args.seed, args.setup)
    names = [kind if kind != "human" else "greedy" for kind in kinds]
    agents: list[Any] = [make_bot(names[s], s, args.seed, ruleset) for s in range(args.players)]
    info = game.information_state if ruleset.definition.search is not None else None
    moments = Moments()
    for who, action in done.game.history:
        if who == CHANCE:
            game.sample_chance()  # the stream moves on as it did; the recorded outcome is what happened
        else:
            moment = moments.at(game.state.flow_state)
            if who not in args.human:
                agents[who].choose(Observation(who, game.legal_actions(), game.view, info, moment, game.bot_view))
        game.apply(action)
    return game, agents, names, moments


def run(args: argparse.Namespace) -> int:
    if args.resume is not None:
        game, agents, names, moments = _resumed(args)
        return _go_on(args, game.ruleset, game, agents, names, moments)
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
        if not 1 <= seat <= args.players:
            raise RegolaError(f"--human {seat}: seats are 1 to {args.players}")
    args.human = [seat - 1 for seat in args.human]  # the engine counts seats from 0
    agents = [make_bot(names[s], s, args.seed, ruleset) for s in range(args.players)]
    return _go_on(args, ruleset, game, agents, names, Moments())


def _go_on(args: argparse.Namespace, ruleset: Ruleset, game: Game, agents: list[Any], names: list[str],
           moments: Moments) -> int:
    """Play ``game`` from where it is to the end (or until a person stops it), then the closing words;
    ``names`` are the seats' bot specs, for the record's header."""
    args.lang = language_of(ruleset, args.lang)  # settled once: the record keeps it for a resumed game
    speech = speech_of(ruleset, args.lang)
    seats = [{"seat": s, "player": "human" if s in args.human else names[s]} for s in range(args.players)]
    finished: Game | None = game
    if args.human:  # people at the terminal: they choose here and hear what every other seat does
        finished = _play_at_the_terminal(game, agents, args, seats, moments)
    else:
        writer = _write_record(args.record, game, args, seats) if args.record else None
        try:
            play(game, agents, writer, moments)
        finally:
            if writer is not None:
                writer.stream.close()
    if finished is None:  # stopped by the person: the record so far is written, there is no result
        return 0
    game = finished
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


#: how many numbered names a new game's default record tries before it gives up
MOST_RECORD_NAMES = 1000


def fresh_record_path(pack: str, seed: object, folder: Path = Path()) -> Path:
    """Where a game at the terminal saves when no --record is given: ``regola-PACK-seedSEED.jsonl``, or, when a
    file of that name is there already (an earlier game's save), the first free ``…-2.jsonl``, ``…-3.jsonl``:
    a save never overwrites another game's."""
    stem = f"regola-{pack}-seed{seed}"
    for n in range(1, MOST_RECORD_NAMES + 1):
        path = folder / (f"{stem}.jsonl" if n == 1 else f"{stem}-{n}.jsonl")
        if not path.exists():
            return path
    raise RegolaError(f"{folder / stem}-*.jsonl: {MOST_RECORD_NAMES} records of this pack and seed are here "
                      "already; name one with --record")


class _Appender(RecordWriter):
    """The record of a game at the terminal: nothing until a file is chosen (``--record`` or ``!save``),
    then every decision appended to it."""

    def __init__(self, writer: RecordWriter | None) -> None:  # no super().__init__: it would write a header
        self.writer = writer

    def action(self, seat: int, action: Any) -> None:
        if self.writer is not None:
            self.writer.action(seat, action)
            self.writer.stream.flush()

    def result(self, result: list[dict[str, Any]] | None) -> None:
        if self.writer is not None:
            self.writer.result(result)


def _write_record(path: Path, game: Game, args: argparse.Namespace, seats: list[dict[str, Any]],
                  finished: bool = False) -> RecordWriter:
    """The record of ``game`` so far, written anew to ``path`` (after a take-back the old tail must go);
    the writer stays open to append the next decisions."""
    stream = path.open("w", encoding="utf-8")
    writer = RecordWriter(stream, header_for(game, args.setup, args.players, seats, args.lang))
    for who, action in game.history:
        writer.action(who, action)
    if finished:
        writer.result(game.result())
    stream.flush()
    return writer


def _play_at_the_terminal(game: Game, agents: list[Any], args: argparse.Namespace,
                          seats: list[dict[str, Any]], moments: Moments) -> Game | None:
    """A game with people at the terminal: their take-backs rebuild the game from its history (chance
    outcomes are recorded, so the same deals follow), ``!save`` writes the record so far, ``!quit``
    stops with the record written. None when a person stopped the game."""
    from regola.cli.human import StopRequested, Table, TakeBackRequested

    table = Table(game, args.lang, setup=args.setup)
    choosers = [table.choose if s in args.human else table.watch(s, agents[s]) for s in range(args.players)]
    path: Path = args.record or fresh_record_path(game.ruleset.pack.id, args.seed)
    record = _Appender(_write_record(path, game, args, seats) if args.record else None)

    def save() -> str:
        if record.writer is not None:
            record.writer.stream.close()
        record.writer = _write_record(path, table.game, args, seats)  # from now on every decision is added
        return str(path)

    table.save = save
    try:
        while True:
            try:
                play(table.game, choosers, record, moments)
                return table.game
            except TakeBackRequested:
                history = table.game.history[:-1]
                table.game = new_game(game.ruleset, args.players, args.seed, args.setup)
                for _, action in history:
                    table.game.apply(action)
                if record.writer is not None:
                    save()
            except StopRequested:
                where = save()
                # TRANSLATORS: {regola} is the command as it runs here ("regola", or a path to it)
                print(table.speech.ngettext("Game stopped after {n} step; the record so far is in {path}: "
                                            "`{regola} play --resume {path}` goes on with it, `{regola} replay "
                                            "{path}` referees it.",
                                            "Game stopped after {n} steps; the record so far is in {path}: "
                                            "`{regola} play --resume {path}` goes on with it, `{regola} replay "
                                            "{path}` referees it.", len(table.game.history), path=where,
                                            regola=command_name()))
                return None
    finally:
        if record.writer is not None:
            record.writer.stream.close()


#: the longest language tag a record's header may give (BCP 47 tags in use are far shorter)
MOST_TAG = 35


def recorded_language(header: dict[str, Any], lang: str | None, ruleset: Ruleset) -> str | None:
    """The language to speak of a recorded game: ``lang`` (--lang) when given, else the one the game was
    played in (the header's ``lang``, bounded before it is read, and only a language the game has: a
    record from elsewhere is no reader's request), else None (LANG, else the pack's)."""
    from regola.text.catalog import languages_of
    from regola.text.lang import LanguageError, negotiate

    said = header.get("lang")
    if lang is not None or not isinstance(said, str) or not 0 < len(said) <= MOST_TAG:
        return lang
    pack = ruleset.pack
    try:
        return str(negotiate(said, pack.language, languages_of(pack.game), pack.id))
    except LanguageError:
        return None


def language_of(ruleset: Ruleset, lang: str | None) -> str:
    """The language a game is played in: ``lang`` (else LANG, else the pack's) as the catalogs have it."""
    from regola.text.catalog import languages_of
    from regola.text.lang import negotiate

    pack = ruleset.pack
    return str(negotiate(lang, pack.language, languages_of(pack.game), pack.id))


def speech_of(ruleset: Ruleset, lang: str | None) -> Any:
    """The words of the game's summary (and terminal) in the negotiated language."""
    from regola.text.speech import speech_for

    return speech_for(ruleset.pack, language_of(ruleset, lang))

"""`regola replay FILE`: re-execute a record; exit 0 with the result, 1 with the line that breaks."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from regola.cli.play import recorded_language, speech_of, standings_text
from regola.core.errors import RecordError, RegolaError
from regola.core.game import CHANCE
from regola.core.record import replay
from regola.core.results import result_json
from regola.core.step import SPECTATOR
from regola.text.moves import flow_words, move_words
from regola.text.seats import color_in, seat_name
from regola.text.speech import Speech


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-execute a game record",
                       description="Re-execute a game record line by line: exit 0 when every line is legal "
                       "(and the recorded result is the replayed one), 1 with the line, field and rule that "
                       "break, 2 for bad usage.")
    p.add_argument("file", type=Path, metavar="FILE", help="the record (JSON Lines, as `regola play --record` writes)")
    p.add_argument("--lang", default=None, help="language of what it says (e.g. cs, de, fr, pl, en; default: "
                   "the one the game was played in, else LANG, else the pack's)")
    p.add_argument("--moves", action="store_true",
                   help="tell every move in words first (what each seat did, then what came of it), as the "
                   "terminal and the tables tell them; what a seat did in secret stays secret")
    p.add_argument("--json", action="store_true",
                   help="print the outcome as one JSON object, also on failure ({\"ok\": false, \"error\": …})")
    p.add_argument("--accept-pack-change", action="store_true",
                   help="referee a record made with another version of the pack (its content hash differs) "
                   "against today's pack, with a warning instead of an error")
    p.add_argument("--pack", metavar="PACK",
                   help="the recorded pack's folder (or id) when it is not under rulepacks/, e.g. a pack of your "
                   "own that `regola play --pack FOLDER` recorded; its id must be the record's")
    p.set_defaults(run=run)


def error_json(err: RegolaError) -> dict[str, Any]:
    """A failure as JSON: the one-line message and, for a record, where it is (file, line, field, rule)."""
    out: dict[str, Any] = {"message": str(err)}
    if isinstance(err, RecordError):
        out.update(reason=err.message, file=err.file, line=err.line, field=getattr(err, "field", None),
                   rule=err.rule)
    return {"ok": False, "error": out}


def run(args: argparse.Namespace) -> int:
    try:
        rep = replay(args.file, accept_pack_change=args.accept_pack_change, pack=args.pack)
    except RegolaError as err:
        if not args.json:
            raise  # the command line prints it as one line
        json.dump(error_json(err), sys.stdout, ensure_ascii=False)
        print()
        return 1 if isinstance(err, RecordError) else 2
    for w in rep.warnings:
        print(f"regola: warning: {w}", file=sys.stderr)
    args.lang = recorded_language(rep.header, args.lang, rep.game.ruleset)  # the one it was played in
    game = rep.game
    if args.json:
        out = {"ok": True, **result_json(game), "complete": game.is_terminal(), "warnings": rep.warnings}
        json.dump(out, sys.stdout, ensure_ascii=False)
        print()
        return 0
    if args.moves:
        _tell_moves(args, speech_of(game.ruleset, args.lang), game.history)
    if game.is_terminal():
        speech = speech_of(game.ruleset, args.lang)
        print(speech.ngettext("{file}: {n} line re-executed, the game is complete",
                              "{file}: {n} lines re-executed, the game is complete", rep.decisions,
                              file=str(args.file)))
        print(standings_text(game, args.lang))
    else:
        speech = speech_of(game.ruleset, args.lang)
        seat = game.current_player()
        who = seat_name(speech, seat, color_in(game.ruleset.definition.view(game.state, SPECTATOR), seat))
        print(speech.ngettext("{file}: {n} line re-executed, all legal; the game is not finished (next: {who})",
                              "{file}: {n} lines re-executed, all legal; the game is not finished (next: {who})",
                              rep.decisions, file=str(args.file), who=who))
    return 0


def _tell_moves(args: argparse.Namespace, speech: Speech, history: list[tuple[int, Any]]) -> None:
    """Each step of the record in words (regola.text.moves), numbered by its line after the header."""
    start = replay(args.file, upto=0, accept_pack_change=args.accept_pack_change, pack=args.pack).game
    definition = start.ruleset.definition
    before = definition.view(start.state, SPECTATOR)
    for n, (who, action) in enumerate(history, start=1):
        told = [] if who == CHANCE else [move_words(definition, start.state, who, action, speech)]
        start.apply(action)
        after = definition.view(start.state, SPECTATOR)
        told += flow_words(definition, start.state, before, after, speech)
        before = after
        for k, sentence in enumerate(told):
            print(f"{speech.number(n):>5}. {sentence}" if k == 0 and who != CHANCE else f"       {sentence}")

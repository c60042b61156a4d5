"""`regola replay FILE`: re-execute a record; exit 0 with the result, 1 with the line that breaks."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from regola.cli.play import result_json, standings_text
from regola.core.record import replay


def register(sub: Any) -> None:
    p = sub.add_parser("replay", help="re-execute a game record", description="Re-execute a game record.")
    p.add_argument("file", type=Path)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rep = replay(args.file)
    for w in rep.warnings:
        print(f"regola: warning: {w}", file=sys.stderr)
    game = rep.game
    if args.json:
        out = result_json(game)
        out["complete"] = game.is_terminal()
        json.dump(out, sys.stdout, ensure_ascii=False)
        print()
    elif game.is_terminal():
        print(f"{args.file}: {rep.decisions} lines re-executed, the game is complete")
        print(standings_text(game))
    else:
        print(f"{args.file}: {rep.decisions} lines re-executed, all legal; the game is not finished "
              f"(next: seat {game.current_player()} in {game.state.flow_state})")
    return 0

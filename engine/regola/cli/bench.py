"""`regola bench`: decisions/s and games/s of random games on one core, pack load and game creation."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from typing import Any

from regola.cli.argtypes import whole
from regola.cli.common import add_pack_options, ruleset_from
from regola.cli.play import new_game
from regola.compiled import build_name
from regola.core.bots import RandomBot
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play


def register(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure the engine's speed", description="Measure the engine's speed.")
    add_pack_options(p)
    p.add_argument("--games", type=whole(1, 1_000_000), default=300, metavar="N",
                   help="random games to time (default: 300)")
    p.add_argument("--players", type=whole(1, 16), default=4, metavar="N", help="seats per game (default: 4)")
    p.add_argument("--setup", default=None, help="a setup mode of the pack (default: its first)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(run=run)


COLD_LOAD = """
import sys, time
from regola.core.game import Ruleset
from regola.core.pack import load_pack
t = time.perf_counter()
Ruleset(load_pack(sys.argv[1], variants=sys.argv[2:]))
print((time.perf_counter() - t) * 1000)
"""


def cold_load_ms(pack: str, variants: list[str]) -> float:
    """Load + validate + compile in a fresh interpreter (imports excluded): nothing is cached there."""
    out = subprocess.run([sys.executable, "-c", COLD_LOAD, pack, *variants], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.strip())


def measure(pack: str, variants: list[str], games: int, players: int, setup: str | None) -> dict[str, Any]:
    cold_ms = statistics.median(cold_load_ms(pack, variants) for _ in range(3))
    ruleset = Ruleset(load_pack(pack, variants=variants))
    setup = setup or ruleset.definition.setup_modes(ruleset.rules)[0]
    creations = []
    for seed in range(50):
        t = time.perf_counter()
        g = Game.new(ruleset, players, seed, setup)
        g.apply(g.sample_chance())
        creations.append((time.perf_counter() - t) * 1000)
    decisions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        game = Game.new(ruleset, players, seed, setup)
        play(game, [RandomBot(s, seed) for s in range(players)])
        decisions += len(game.history)
    elapsed = time.perf_counter() - t0
    return {"pack": pack, "players": players, "setup": setup, "games": games, "decisions": decisions,
            "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 1),
            "decisions_per_s": round(decisions / elapsed), "decisions_per_game": round(decisions / games, 1),
            "cold_pack_load_ms": round(cold_ms, 1),
            "new_game_ms_median": round(statistics.median(creations), 3), "engine": build_name()}


def run(args: argparse.Namespace) -> int:
    ruleset = ruleset_from(args)
    args.setup = args.setup or ruleset.definition.setup_modes(ruleset.rules)[0]
    new_game(ruleset, args.players, 0, args.setup)  # a count or setup the pack refuses: one line
    out = measure(args.pack, args.variant, args.games, args.players, args.setup)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['games']} random {out['players']}-player games ({out['setup']}) in {out['seconds']} s on one core"
              f" · engine {out['engine']}")
        print(f"  {out['games_per_s']} games/s · {out['decisions_per_s']} decisions/s · "
              f"{out['decisions_per_game']} decisions/game")
        print(f"  cold pack load with validation: {out['cold_pack_load_ms']} ms · "
              f"new game (setup + deal): {out['new_game_ms_median']} ms median")
    return 0

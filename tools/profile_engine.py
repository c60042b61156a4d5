"""Where a random playout's time goes, for the build that is installed (pure Python or mypyc-compiled).

    python tools/profile_engine.py                  # shares of the decision loop, 300 games
    python tools/profile_engine.py --cprofile 25    # and cProfile's top functions (pure Python only:
                                                    # compiled functions are invisible to it)

The loop is regola.core.play's, with a clock read around each part: the legal actions, the bot's
choice, and apply (validation, the step, the flow settling through automatic states). The clock
reads cost about 0.1 µs each and are counted in "loop", so the parts add up to the measured total.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from time import perf_counter

from regola.compiled import build_name
from regola.core.bots import Observation, RandomBot
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack


def shares(ruleset: Ruleset, games: int, players: int, setup: str) -> dict[str, float]:
    parts = {"legal actions": 0.0, "bot choice": 0.0, "apply (step + flow)": 0.0, "chance": 0.0}
    decisions = 0
    t_all = perf_counter()
    for seed in range(games):
        game = Game.new(ruleset, players, seed, setup)
        bots = [RandomBot(s, seed) for s in range(players)]
        while True:
            who = game.current_player()
            if who < 0:
                if who != CHANCE:
                    break
                t = perf_counter()
                game.apply(game.sample_chance())
                parts["chance"] += perf_counter() - t
                continue
            t0 = perf_counter()
            legal = game.legal_actions()
            t1 = perf_counter()
            action = bots[who].choose(Observation(who, legal, game.view))
            t2 = perf_counter()
            game.apply(action)
            t3 = perf_counter()
            parts["legal actions"] += t1 - t0
            parts["bot choice"] += t2 - t1
            parts["apply (step + flow)"] += t3 - t2
            decisions += 1
    total = perf_counter() - t_all
    parts["loop"] = total - sum(parts.values())
    return {"total_s": total, "decisions": decisions, **parts}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pack", default="cs")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--setup", default="beginner")
    ap.add_argument("--cprofile", type=int, default=0, metavar="N", help="also print cProfile's top N functions")
    args = ap.parse_args(argv)
    ruleset = Ruleset(load_pack(args.pack))
    shares(ruleset, 20, args.players, args.setup)  # warm-up: caches of legal lists, imports
    out = shares(ruleset, args.games, args.players, args.setup)
    total, decisions = out.pop("total_s"), int(out.pop("decisions"))
    print(f"engine: {build_name()} · {args.games} random {args.players}-player games · {decisions} decisions "
          f"in {total:.2f} s · {total / decisions * 1e6:.2f} µs per decision (clock reads included)")
    for name, seconds in sorted(out.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<22} {seconds / decisions * 1e6:6.2f} µs/decision  {seconds / total:6.1%}")
    if args.cprofile:
        profiler = cProfile.Profile()
        t = time.perf_counter()
        profiler.runcall(shares, ruleset, args.games, args.players, args.setup)
        print(f"\ncProfile ({time.perf_counter() - t:.2f} s with its overhead), by own time:")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(args.cprofile)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The seat effect of a pack under several bot lineups: how often each seat wins, the seat advantage
(root-mean-square distance of the seats' win rates from their fair shares, bias-corrected; 95 % bootstrap
interval) and the joint test that every seat wins equally often.

    python tools/seat_effect.py [--pack cs] [--players 4] [--setups beginner,advanced] [--games 2000]
                                [--lineups 'random;greedy:temp=0.5;greedy'] [--jobs 2]

The answer to "which seat is favoured" depends on the players: docs/SIMULATE.md ("Which lineup to trust")
reads these figures.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from regola.sim.aggregate import Source, connection
from regola.sim.arms import load_arm
from regola.sim.plan import game_seed, parse_players
from regola.sim.runner import Simulation, run
from regola.sim.seats import balance
from regola.sim.study import parse_lineups


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pack", default="cs")
    p.add_argument("--players", default="4")
    p.add_argument("--setups", default="beginner,advanced")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--lineups", default="random;greedy:temp=0.5;greedy")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    base = load_arm("base", args.pack, [])
    print(f"{args.pack}, {args.games} games per row, players {args.players}")
    for setup in args.setups.split(","):
        for lineup in parse_lineups(args.lineups, None):
            sim = Simulation([base], parse_players(args.players), setup, lineup.bots, args.games, 0)
            with tempfile.TemporaryDirectory() as tmp:
                started = time.perf_counter()
                run(sim, Path(tmp), args.jobs, progress=False)
                seconds = time.perf_counter() - started
                with connection() as con:
                    b = balance(Source(con, Path(tmp), args.games).winner_patterns("base"), seed=game_seed(0, 1))
            rates = "  ".join(f"{100 * r:5.1f} %" for r in b.rates)
            load = os.getloadavg()[0]
            print(f"{setup:<9} {lineup.spec:<18} seats {rates}   advantage {100 * b.rms:5.1f} pp "
                  f"[{100 * b.low:5.1f}, {100 * b.high:5.1f}]   equal seats p = {b.p_equal:.2g}   ties {b.tied}   "
                  f"({seconds:.0f} s, load {load:.2f})")


if __name__ == "__main__":
    main()

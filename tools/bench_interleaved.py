"""A search bot's CPU a game in this checkout and in an earlier commit, measured in turns: each round plays
the same fresh seeds in one build, then in the other, so a change in the machine's load falls on both.

    python tools/bench_interleaved.py --base 49a0449 --bot probe --pack cs --games 12 --rounds 3
    python tools/bench_interleaved.py --base 49a0449 --bot mcts --pack pl --games 2 --rounds 2

The earlier commit is checked out in a temporary git worktree (removed at the end). Both builds run this
checkout's ``tools/bench_probe.py --json`` (one seat of ``--bot`` against greedy bots, pure Python, one
process), each from its own root, so each plays its own packs. Prints each round's mean and median and
the ratio of the means over all rounds (the cost a game: docs/SPEED.md, "Search bots"). Round r plays
seeds ``--seed + 20 × r`` onwards.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "tools" / "bench_probe.py"


def one_round(build: Path, args: argparse.Namespace, seed: int) -> list[float]:
    """The CPU seconds of each game of one round in ``build`` (a checkout's root)."""
    env = {**os.environ, "PYTHONPATH": str(build / "engine")}
    env.pop("REGOLA_HOME", None)  # each build plays the packs it carries
    command = [sys.executable, str(PROBE), "--pack", args.pack, "--bot", args.bot, "--opponent", args.opponent,
               "--games", str(args.games), "--seed", str(seed), "--players", str(args.players), "--jobs", "1",
               "--json"]
    for variant in args.variant:
        command += ["--variant", variant]
    done = subprocess.run(command, cwd=build, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{build}: bench_probe failed:\n{done.stderr[-2000:]}")
    cpu: list[float] = json.loads(done.stdout.strip().splitlines()[-1])["cpu"]
    return cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="the earlier commit (any git revision)")
    ap.add_argument("--bot", default="probe")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--pack", default="cs")
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=12, help="games a round in each build")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds need at least 1")
    with tempfile.TemporaryDirectory(prefix="regola-base-") as tmp:
        base = Path(tmp) / "base"
        added = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(base),
                                args.base], capture_output=True, text=True, check=False)
        if added.returncode != 0:
            raise SystemExit(f"--base {args.base}: git cannot check it out: {added.stderr.strip()}")
        try:
            builds = {f"base {args.base}": base, "this checkout": ROOT}
            cpu: dict[str, list[float]] = {name: [] for name in builds}
            print(f"{args.bot} against {args.players - 1} × {args.opponent}, pack {args.pack}, {args.games} games "
                  f"a round, CPU seconds a game (mean, median)")
            for r in range(1, args.rounds + 1):
                seed = args.seed + 20 * r
                line = [f"  round {r} (seeds {seed}..{seed + args.games - 1}):"]
                for name, build in builds.items():
                    games = one_round(build, args, seed)
                    cpu[name] += games
                    line.append(f"{name} {statistics.mean(games):.2f} ({statistics.median(games):.2f})")
                print("  ".join(line), flush=True)
            before, after = (statistics.mean(cpu[name]) for name in builds)
            print(f"  all rounds: {before:.2f} s before, {after:.2f} s after: {before / after:.2f}× as fast")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)


if __name__ == "__main__":
    main()

"""`regola simulate`: many games of one pack (+ variants) with bots, as Parquet rows (regola.sim)."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from regola.cli.argtypes import seed, whole
from regola.cli.common import add_pack_options
from regola.core.errors import RegolaError

#: what `simulate` and `compare` import that only the `sim` extra installs
SIM_MODULES = ("pyarrow", "duckdb", "numpy", "pandas", "scipy", "statsmodels", "matplotlib", "rich")


def need_sim(command: str) -> None:
    """One line naming the extra when a library of the `sim` extra is missing (not a traceback)."""
    import importlib.util

    missing = [m for m in SIM_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        raise RegolaError(f"regola {command} needs the 'sim' extra ({', '.join(missing)} missing): "
                          "pip install 'regola[sim]'")


def add_simulation_options(p: argparse.ArgumentParser, games: int, bots: str | None = "random") -> None:
    """The options simulate and compare share."""
    add_pack_options(p)
    p.add_argument("--players", default="4", help="a count (4), a range (2-5) or a list (2,4); games cycle "
                   "through them (default: 4)")
    p.add_argument("--setup", default=None, help="a setup mode of the pack (default: its first, e.g. beginner "
                   "for Maestro Leonardo, standard for Princes of Florence)")
    p.add_argument("--bots", default=bots, help="a bot per seat (greedy,random,greedy:temp=0.5,…); the last fills "
                   "the rest; the lineup rotates over the seats game by game"
                   + (f" (default: {bots})" if bots else ""))
    p.add_argument("--games", type=_games, default=games,
                   help=f"games per arm, 1 to {MAX_GAMES:,} (default: {games})")
    p.add_argument("--seed", type=seed, default=0, help="root seed: game K plays from a seed derived from (seed, K)")
    p.add_argument("--jobs", type=whole(1, 4096), default=None, help=f"worker processes (default: all cores; at most "
                   f"{JOBS_PER_CORE} per core unless --force-jobs)")
    p.add_argument("--force-jobs", action="store_true", help="allow --jobs past its bound (a Ray cluster's cores)")
    p.add_argument("--backend", choices=["local", "ray"], default="local",
                   help="local processes (default) or a Ray cluster (pip install 'regola[ray]')")
    p.add_argument("--address", default=None, help="with --backend ray: the cluster (e.g. ray://head:10001 or "
                   "auto); without it a private local Ray runs on 127.0.0.1")
    p.add_argument("--batch", type=_batch, default=None,
                   help="games per batch shipped to a worker, 1 to 100,000 (default: automatic)")
    p.add_argument("--quiet", action="store_true", help="no progress bar even on a terminal")


#: games one run may ask for: a plan holds every game's number, and a million random games take ~25
#: minutes on two cores (docs/SIMULATE.md); run again with another --seed for more
MAX_GAMES = 1_000_000
#: worker processes per core past which --jobs needs --force-jobs (each worker holds a copy of the packs)
JOBS_PER_CORE = 4


def _games(text: str) -> int:
    value = _whole(text, "--games")
    if not 1 <= value <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"{value} is not between 1 and {MAX_GAMES:,}")
    return value


def _batch(text: str) -> int:
    value = _whole(text, "--batch")
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"{value} is not between 1 and 100,000")
    return value


def _whole(text: str, option: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many bot games and keep every game as data",
                       description="Play many bot games of a pack (+ variants); one Parquet row per game and "
                       "per game × action kind. Run the same command again to finish an interrupted run.")
    add_simulation_options(p, games=1000)
    p.add_argument("--out", type=Path, help="results folder of Parquet files (e.g. results.parquet); required "
                   "unless --record-game")
    p.add_argument("--record-game", type=whole(0, 10**9), default=None, metavar="K",
                   help="play only game K of this simulation and write its record (for `regola replay`)")
    p.add_argument("--record", type=Path, default=None, help="with --record-game: the record file "
                   "(default: game-K.jsonl)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=run)


def first_setup(pack: Any) -> str:
    """The pack's first setup mode: a command's default comes from the pack, never from one game."""
    from regola.core.game import Ruleset

    ruleset = Ruleset(pack)
    return str(ruleset.definition.setup_modes(ruleset.rules)[0])


def simulation_from(args: argparse.Namespace, arms: list[Any]) -> Any:
    from regola.sim.plan import parse_bots, parse_players
    from regola.sim.runner import Simulation

    args.setup = args.setup or first_setup(arms[0].pack)
    return Simulation(arms, parse_players(args.players), args.setup, parse_bots(args.bots), args.games, args.seed)


def jobs_of(args: argparse.Namespace) -> int:
    from regola.sim.runner import default_jobs

    if args.jobs is not None and args.jobs < 1:
        raise RegolaError(f"--jobs {args.jobs}: at least 1")
    most = JOBS_PER_CORE * default_jobs()
    if args.jobs is not None and args.jobs > most and not getattr(args, "force_jobs", False):
        raise RegolaError(f"--jobs {args.jobs}: at most {most} ({JOBS_PER_CORE} per core of this machine); pass "
                          "--force-jobs to start more")
    return args.jobs or default_jobs()


def record_game(args: argparse.Namespace, sim: Any) -> int:
    """Plays game K of the simulation alone and writes its record; the results folder is not touched."""
    from regola.core.game import Game, Ruleset
    from regola.core.record import RecordWriter, header_for
    from regola.sim.worker import play_game

    sim.check()
    if args.record_game < 0:
        raise RegolaError(f"--record-game {args.record_game}: games are numbered from 0")
    spec = sim.spec(args.record_game)
    path = args.record or Path(f"game-{args.record_game}.jsonl")
    ruleset = Ruleset(sim.arms[0].pack)
    # the header needs a game of the same pack, players and seed; the recorded one starts afresh
    header = header_for(Game.new(ruleset, spec.players, spec.seed, sim.setup), sim.setup, spec.players,
                        [{"seat": s, "player": b} for s, b in enumerate(spec.bots)])
    try:
        with path.open("w", encoding="utf-8") as stream:
            game = play_game(ruleset, spec, sim.setup, RecordWriter(stream, header))
    except OSError as exc:
        raise RegolaError(f"{path}: cannot write the record ({exc.strerror})") from None
    print(f"game {spec.index}: seed {spec.seed}, {spec.players} players, seats {','.join(spec.bots)}, "
          f"{len(game.history)} decisions → {path}")
    print("the same game with regola play: " + play_command(args, spec))
    return 0


def play_command(args: argparse.Namespace, spec: Any) -> str:
    words = ["regola", "play", "--pack", args.pack]
    for v in args.variant:
        words += ["--variant", v]
    words += ["--players", str(spec.players), "--setup", args.setup, "--seed", str(spec.seed),
              "--bots", ",".join(spec.bots)]
    return shlex.join(words)


def run(args: argparse.Namespace) -> int:
    need_sim("simulate")
    from regola.sim.arms import Arm, load_arm
    from regola.sim.runner import Interrupted
    from regola.sim.runner import run as run_simulation
    from regola.sim.summary import summary_json, summary_lines

    arm = load_arm("base", args.pack, args.variant)
    if arm.variants:
        arm = Arm("+".join(arm.variants), arm.pack)
    sim = simulation_from(args, [arm])
    if args.record_game is not None:
        return record_game(args, sim)
    if args.out is None:
        raise RegolaError("simulate needs --out PATH (a results folder), or --record-game K")
    jobs = jobs_of(args)
    try:
        outcome = run_simulation(sim, args.out, jobs, args.backend, args.address, args.batch,
                                 False if args.quiet else None)
    except Interrupted as stop:
        print(f"regola: {stop}", file=sys.stderr)
        return stop.code
    if args.json:
        print(json.dumps(summary_json(sim, outcome, args.out), ensure_ascii=False))
    else:
        print("\n".join(summary_lines(sim, outcome, args.out)))
    return 0

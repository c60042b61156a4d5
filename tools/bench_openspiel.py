"""regola's random playouts side by side with OpenSpiel's, in one process: decisions/s and ratios.

    .venv/bin/python tools/bench_openspiel.py            # needs the extra: pip install -e '.[openspiel]'
    .venv/bin/python tools/bench_openspiel.py --rounds 5 --seconds 2 --json

Each round runs, back to back, random 4-player Maestro Leonardo games (what `regola bench` plays:
RandomBot at every seat through regola.core.play), OpenSpiel's Python tic-tac-toe
(`python_tic_tac_toe`) and its C++ liar's dice (`liars_dice`), each for about --seconds, the latter
two with the loop OpenSpiel's own examples use (legal_actions, a uniform choice, apply_action; chance
outcomes sampled by their probabilities). A decision is a player's action; chance outcomes are not
counted on either side. The ratios are taken per round and the median over rounds is reported,
so a burst of load from other processes on a shared machine moves both sides of a pair alike.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from regola.compiled import build_name
from regola.core.bots import RandomBot
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play


def regola_rate(ruleset: Ruleset, seconds: float, first_seed: int, players: int = 4) -> tuple[float, int]:
    decisions = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        seed = first_seed + games
        game = Game.new(ruleset, players, seed, "beginner")
        play(game, [RandomBot(s, seed) for s in range(players)])
        decisions += sum(1 for who, _ in game.history if who >= 0)
        games += 1
    return decisions / (time.perf_counter() - t0), games


def openspiel_rate(game: Any, seconds: float, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    decisions = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                left = rng.random()  # inverse CDF: the cheapest draw by the stated probabilities
                outcomes = state.chance_outcomes()
                chosen = outcomes[-1][0]
                for outcome, prob in outcomes:
                    left -= prob
                    if left <= 0:
                        chosen = outcome
                        break
                state.apply_action(chosen)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    return decisions / (time.perf_counter() - t0), games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="per engine and round")
    ap.add_argument("--pack", default="cs")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        import open_spiel.python.games  # noqa: F401  # registers python_tic_tac_toe
        import pyspiel
    except ImportError:
        print("bench_openspiel: OpenSpiel is not installed (pip install -e '.[openspiel]')", file=sys.stderr)
        return 2

    ruleset = Ruleset(load_pack(args.pack))
    ttt = pyspiel.load_game("python_tic_tac_toe")
    liars = pyspiel.load_game("liars_dice")
    regola_rate(ruleset, 0.3, 10_000)  # warm-up: caches, imports
    openspiel_rate(ttt, 0.2, 0)
    openspiel_rate(liars, 0.2, 0)
    if not args.json:
        print(f"regola engine: {build_name()}", flush=True)
    rounds: list[dict[str, float]] = []
    for r in range(args.rounds):
        reg, _ = regola_rate(ruleset, args.seconds, r * 100_000)
        tt, _ = openspiel_rate(ttt, args.seconds, r)
        ld, _ = openspiel_rate(liars, args.seconds, r)
        row = {"regola": reg, "python_tic_tac_toe": tt, "liars_dice": ld, "regola_vs_ttt": reg / tt,
               "regola_vs_liars_dice": reg / ld}
        rounds.append(row)
        if not args.json:
            print(f"round {r + 1}: regola {reg:,.0f} · python_tic_tac_toe {tt:,.0f} · liars_dice (C++) {ld:,.0f} "
                  f"decisions/s · regola/ttt {reg / tt:.2f} · regola/liars_dice {reg / ld:.3f}", flush=True)
    median = {k: statistics.median(row[k] for row in rounds) for k in rounds[0]}
    if args.json:
        print(json.dumps({"engine": build_name(), "rounds": rounds, "median": median}))
    else:
        print(f"median of {args.rounds} paired rounds: regola {median['regola']:,.0f} · python_tic_tac_toe "
              f"{median['python_tic_tac_toe']:,.0f} · liars_dice {median['liars_dice']:,.0f} decisions/s")
        print(f"  regola / python_tic_tac_toe = {median['regola_vs_ttt']:.2f} · regola / liars_dice (C++) = "
              f"{median['regola_vs_liars_dice']:.3f} (goal >= 0.4)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""regola's random playouts side by side with OpenSpiel's, in one process: decisions/s and ratios.

Two loops for OpenSpiel's C++ liar's dice: driven from Python (legal_actions, a choice, apply_action
per node, as below) and played whole in C++ (``pyspiel.evaluate_bots`` with C++ uniform random bots:
no Python per node). regola runs its own two loops too: ``play`` with RandomBot (what `regola bench`
plays) and ``play_random_games`` (the whole batch in one call). Each is reported per decision and per
node (decisions plus chance nodes: liar's dice rolls each die as a chance node, regola deals a game's
deck as one), with the load average at each round. Rates are per second of the process's own CPU
time (``time.process_time``), so other load on a shared machine slows them less than wall time would.

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
from regola.core.game import Game, Ruleset, play_random_games
from regola.core.pack import load_pack
from regola.core.play import play


def regola_rate(ruleset: Ruleset, seconds: float, first_seed: int, players: int = 4) -> tuple[float, int]:
    decisions = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        seed = first_seed + games
        game = Game.new(ruleset, players, seed, "beginner")
        play(game, [RandomBot(s, seed) for s in range(players)])
        decisions += sum(1 for who, _ in game.history if who >= 0)
        games += 1
    return decisions / (time.process_time() - t0), games


def regola_batch_rate(ruleset: Ruleset, seconds: float, first_seed: int, players: int = 4) -> tuple[float, float]:
    """Decisions/s and nodes/s of play_random_games, in batches of 20 games a call."""
    decisions = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        decisions += play_random_games(ruleset, players, range(first_seed + games, first_seed + games + 20))
        games += 20
    elapsed = time.process_time() - t0
    return decisions / elapsed, (decisions + games) / elapsed  # one chance node (the deal) a game


def games_per_second(game: Any, seconds: float, seed: int, batch: int = 200) -> float:
    """Random games per second of CPU with the whole game loop in C++ (``pyspiel.evaluate_bots``, C++
    uniform random bots): for a Python game every node still calls into Python."""
    import pyspiel

    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(game.num_players())]
    games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        for _ in range(batch):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + games)
            games += 1
    return games / (time.process_time() - t0)


def cpp_loop_rate(game: Any, seconds: float, seed: int, per_game: tuple[float, float]) -> tuple[float, float]:
    """Decisions/s and nodes/s with the whole game loop in C++ (evaluate_bots, C++ random bots); the
    decisions and nodes a game are the Python loop's averages (the same uniform play)."""
    rate = games_per_second(game, seconds, seed)
    return rate * per_game[0], rate * per_game[1]


#: the table of issue 32: regola's games beside two of OpenSpiel's own, random games through evaluate_bots
GAMES_TABLE = ("regola_cs(players=2)", "regola_cs(players=4)", "regola_pl(players=2)", "regola_pl(players=4)",
               "regola_cs(players=2,variants=ml-tiny)", "hearts", "liars_dice")


def games_table(seconds: float) -> list[tuple[str, float]]:
    """Random games per second of each game of GAMES_TABLE through ``pyspiel.evaluate_bots``."""
    import pyspiel

    import regola.openspiel  # noqa: F401  (registers the games)

    out = []
    for spec in GAMES_TABLE:
        game = pyspiel.load_game(spec)
        games_per_second(game, min(seconds, 0.5), 1, batch=1)  # warm-up
        out.append((spec, games_per_second(game, seconds, 7, batch=1)))
    return out


def openspiel_per_game(game: Any, games: int, seed: int) -> tuple[float, float]:
    """Mean decisions and nodes (decisions + chance outcomes) a game under uniform random play."""
    rng = random.Random(seed)
    decisions = nodes = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            nodes += 1
    return decisions / games, nodes / games


def openspiel_rate(game: Any, seconds: float, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    decisions = games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
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
    return decisions / (time.process_time() - t0), games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="per engine and round")
    ap.add_argument("--pack", default="cs")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--games-table", action="store_true",
                    help="instead: random games per second through pyspiel.evaluate_bots, regola's games beside "
                         "hearts and liar's dice")
    args = ap.parse_args(argv)
    try:
        import open_spiel.python.games  # noqa: F401  # registers python_tic_tac_toe
        import pyspiel
    except ImportError:
        print("bench_openspiel: OpenSpiel is not installed (pip install -e '.[openspiel]')", file=sys.stderr)
        return 2

    import os

    if args.games_table:
        rows = games_table(args.seconds)
        if args.json:
            print(json.dumps({"engine": build_name(), "games_per_second": dict(rows), "load": os.getloadavg()[0]}))
        else:
            print(f"random games per second of CPU through pyspiel.evaluate_bots (regola engine: {build_name()}, "
                  f"load {os.getloadavg()[0]:.2f}):")
            for spec, rate in rows:
                print(f"  {spec:<40} {rate:>12,.1f}")
        return 0
    ruleset = Ruleset(load_pack(args.pack))
    ttt = pyspiel.load_game("python_tic_tac_toe")
    liars = pyspiel.load_game("liars_dice")
    per_game = openspiel_per_game(liars, 2000, 0)
    regola_rate(ruleset, 0.3, 10_000)  # warm-up: caches, imports
    regola_batch_rate(ruleset, 0.3, 20_000)
    openspiel_rate(ttt, 0.2, 0)
    openspiel_rate(liars, 0.2, 0)
    cpp_loop_rate(liars, 0.2, 0, per_game)
    if not args.json:
        print(f"regola engine: {build_name()}; liar's dice: {per_game[0]:.2f} decisions, {per_game[1]:.2f} nodes "
              "a game", flush=True)
    rounds: list[dict[str, float]] = []
    for r in range(args.rounds):
        reg, _ = regola_rate(ruleset, args.seconds, r * 100_000)
        batch, batch_nodes = regola_batch_rate(ruleset, args.seconds, r * 100_000 + 50_000)
        tt, _ = openspiel_rate(ttt, args.seconds, r)
        ld, _ = openspiel_rate(liars, args.seconds, r)
        cpp, cpp_nodes = cpp_loop_rate(liars, args.seconds, r, per_game)
        row = {"regola": reg, "regola_batch": batch, "regola_batch_nodes": batch_nodes, "python_tic_tac_toe": tt,
               "liars_dice": ld, "liars_dice_cpp_loop": cpp, "liars_dice_cpp_loop_nodes": cpp_nodes,
               "regola_vs_ttt": reg / tt, "regola_vs_liars_dice": reg / ld,
               "regola_vs_liars_dice_cpp_loop": reg / cpp, "batch_vs_liars_dice_cpp_loop": batch / cpp,
               "batch_nodes_vs_cpp_loop_nodes": batch_nodes / cpp_nodes, "load": os.getloadavg()[0]}
        rounds.append(row)
        if not args.json:
            print(f"round {r + 1} (load {row['load']:.2f}): regola {reg:,.0f} (batch {batch:,.0f}) · ttt {tt:,.0f} · "
                  f"liars_dice Python loop {ld:,.0f}, C++ loop {cpp:,.0f} decisions/s · regola/liars(Python loop) "
                  f"{reg / ld:.3f} · regola/liars(C++ loop) {reg / cpp:.3f}, batch {batch / cpp:.3f}; "
                  f"nodes: batch/C++ {batch_nodes / cpp_nodes:.3f}", flush=True)
    median = {k: statistics.median(row[k] for row in rounds) for k in rounds[0]}
    if args.json:
        print(json.dumps({"engine": build_name(), "rounds": rounds, "median": median}))
    else:
        print(f"median of {args.rounds} interleaved rounds (load {median['load']:.2f}):")
        print(f"  regola / python_tic_tac_toe = {median['regola_vs_ttt']:.2f}")
        print(f"  regola / liars_dice, OpenSpiel's loop in Python = {median['regola_vs_liars_dice']:.3f}")
        print(f"  regola / liars_dice, OpenSpiel's loop in C++ = {median['regola_vs_liars_dice_cpp_loop']:.3f} "
              f"(regola's batch loop: {median['batch_vs_liars_dice_cpp_loop']:.3f} per decision, "
              f"{median['batch_nodes_vs_cpp_loop_nodes']:.3f} per node; goal >= 0.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

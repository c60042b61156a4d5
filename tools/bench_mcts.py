"""How well and how fast the ISMCTS bot plays: win rate against three other bots in 4-player games,
seats rotated, as a curve over budgets; ISMCTS iterations/s and decision time at mid-game.

    python tools/bench_mcts.py --budgets iters=50 iters=200 --games 8 --opponent greedy --jobs 2
    python tools/bench_mcts.py --budgets time=0.3 --options depth=80,prior=greedy --games 12

A game's seed is its index; the mcts seat rotates (game i puts it in seat i mod players), so every
seat is played as often when --games is a multiple of --players. A shared first place counts as a
win. The 95 % interval is Wilson's.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import timeit
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regola.bots.specs import make_bot
from regola.core.bots import Observation
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play


def one_game(pack: str, players: int, seed: int, mcts: str, opponent: str, setup: str) -> dict[str, Any]:
    ruleset = Ruleset(load_pack(pack))
    seat = seed % players
    specs = [mcts if s == seat else opponent for s in range(players)]
    bots = [make_bot(spec, s, seed, ruleset) for s, spec in enumerate(specs)]
    searcher = bots[seat]
    times: list[float] = []  # CPU seconds of each of its decisions with a choice

    class Timed:
        name = searcher.name

        def choose(self, obs: Observation) -> Any:
            start = time.process_time()
            action = searcher.choose(obs)
            if len(obs.legal) > 1:
                times.append(time.process_time() - start)
            return action

    bots[seat] = Timed()
    game = Game.new(ruleset, players, seed, setup)
    t, cpu = time.perf_counter(), time.process_time()
    play(game, bots)
    elapsed, cpu = time.perf_counter() - t, time.process_time() - cpu
    result = game.result() or []
    mine = next(r for r in result if r["seat"] == seat)
    best_other = max(r["money"] for r in result if r["seat"] != seat)
    return {"seed": seed, "seat": seat, "win": mine["rank"] == 1, "rank": mine["rank"], "money": mine["money"],
            "margin": mine["money"] - best_other, "seconds": round(elapsed, 2), "cpu_s": round(cpu, 2),
            "decisions": len(times), "rollout_decisions": getattr(searcher, "rollout_decisions", None),
            "decision_cpu_s_mean": round(statistics.mean(times), 3) if times else 0.0,
            "decision_cpu_s_max": round(max(times), 3) if times else 0.0}


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval of a win share (statsmodels; the tools run with the sim extra)."""
    from statsmodels.stats.proportion import proportion_confint

    if n == 0:
        return 0.0, 1.0
    low, high = proportion_confint(wins, n, alpha=0.05, method="wilson")
    return float(low), float(high)


def mid_game(pack: str, players: int, setup: str) -> Game:
    """A random game at round 4's placement (a wide decision, mid-game)."""
    game = Game.new(Ruleset(load_pack(pack)), players, 3, setup)
    rng = random.Random(1)
    while not (game.state.round == 4 and game.state.flow_state == "placement" and game.current_player() >= 0):
        legal = game.legal_actions() if game.current_player() != CHANCE else [game.sample_chance()]
        game.apply(legal[rng.randrange(len(legal))])
    return game


def clone_speed(pack: str, players: int, setup: str, number: int = 5000) -> dict[str, float]:
    """Microseconds per Game.clone at mid-game: best of 5 runs (the least disturbed by other load)."""
    game = mid_game(pack, players, setup)
    own = random.Random(0)
    with_rng = min(timeit.repeat(game.clone, number=number, repeat=5)) / number * 1e6
    given_rng = min(timeit.repeat(lambda: game.clone(own), number=number, repeat=5)) / number * 1e6
    return {"clone_us": round(given_rng, 1), "clone_with_rng_copy_us": round(with_rng, 1)}


def mid_game_speed(pack: str, spec: str, players: int, setup: str) -> dict[str, float]:
    """Iterations/s and decision time of one mcts decision in round 4's placement (a wide decision)."""
    game = mid_game(pack, players, setup)
    who = game.current_player()
    bot: Any = make_bot(spec, who, 1, game.ruleset)
    obs = Observation(who, game.legal_actions(), game.view, game.information_state)
    t = time.perf_counter()
    bot.choose(obs)
    elapsed = time.perf_counter() - t
    return {"legal": len(obs.legal), "iterations": bot.last_iterations, "decision_s": round(elapsed, 3),
            "iterations_per_s": round(bot.last_iterations / elapsed)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pack", default="cs")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--setup", default="beginner")
    ap.add_argument("--games", type=int, default=8, help="games per budget")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--budgets", nargs="+", default=["iters=50", "iters=200"],
                    help="one mcts budget per point of the curve, e.g. iters=200 or time=0.5")
    ap.add_argument("--options", default="", help="further mcts options for every budget, e.g. depth=80")
    ap.add_argument("--jobs", type=int, default=1, help="games at once (one core each)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--per-game", action="store_true", help="print every game's line too")
    ap.add_argument("--clone-only", action="store_true", help="only the clone figures")
    args = ap.parse_args(argv)

    clones = clone_speed(args.pack, args.players, args.setup)
    if args.json:
        print(json.dumps(clones), flush=True)
    else:
        print(f"Game.clone at mid-game: {clones['clone_us']} µs with the searcher's generator, "
              f"{clones['clone_with_rng_copy_us']} µs with a copy of the game's (best of 5)", flush=True)
    if args.clone_only:
        return 0
    rows = []
    for budget in args.budgets:
        spec = "mcts:" + budget + (("," + args.options) if args.options else "")
        speed = mid_game_speed(args.pack, spec, args.players, args.setup)
        seeds = range(args.first_seed, args.first_seed + args.games)
        games = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for g in pool.map(one_game, [args.pack] * len(seeds), [args.players] * len(seeds), seeds,
                              [spec] * len(seeds), [args.opponent] * len(seeds), [args.setup] * len(seeds)):
                games.append(g)
                if args.per_game:
                    print(json.dumps(g), flush=True)
        wins = sum(g["win"] for g in games)
        lo, hi = wilson(wins, len(games))
        row = {"spec": spec, "opponent": args.opponent, "games": len(games), "wins": wins,
               "win_rate": round(wins / len(games), 3), "ci95": [round(lo, 3), round(hi, 3)],
               "parity": round(1 / args.players, 3), "mean_rank": round(statistics.mean(g["rank"] for g in games), 2),
               "mean_margin": round(statistics.mean(g["margin"] for g in games), 1),
               "game_s_median": round(statistics.median(g["seconds"] for g in games), 1),
               "game_s_max": max(g["seconds"] for g in games),
               "game_cpu_s_median": round(statistics.median(g["cpu_s"] for g in games), 1),
               "game_cpu_s_max": max(g["cpu_s"] for g in games),
               "decision_cpu_s_mean": round(statistics.mean(g["decision_cpu_s_mean"] for g in games), 3),
               "decision_cpu_s_max": max(g["decision_cpu_s_max"] for g in games), "mid_game": speed}
        rows.append(row)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{spec} vs {args.players - 1}x {args.opponent}: {wins}/{len(games)} wins = {row['win_rate']:.0%} "
                  f"(95% CI {lo:.0%}-{hi:.0%}; parity {1 / args.players:.0%}) · mean rank {row['mean_rank']} · "
                  f"margin {row['mean_margin']:+} · game {row['game_s_median']} s median, {row['game_s_max']} s max "
                  f"(CPU {row['game_cpu_s_median']} s median, {row['game_cpu_s_max']} s max; the CPU time is "
                  "what one idle core would take) · "
                  f"its decisions {row['decision_cpu_s_mean']} s CPU mean, {row['decision_cpu_s_max']} s max · "
                  f"mid-game decision {speed['decision_s']} s, {speed['iterations_per_s']} iterations/s "
                  f"over {speed['legal']} legal actions", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

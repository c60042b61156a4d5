"""How well, how fast and how widely a bot plays: one seat of ``--bot`` against ``--opponent`` in every
other seat (4-player games, the bot's seat rotating game by game), on a pack with any variants.

    python tools/bench_probe.py --games 200 --jobs 2                                # probe vs 3 greedy, cs
    python tools/bench_probe.py --pack pl --games 200 --seed 1000
    python tools/bench_probe.py --variant codex-leonardi-2 --games 40 --verbs exchange

Prints the bot's wins (a shared first place counts) with Wilson's 95 % interval, its mean rank, CPU
seconds a game (median and max), and for each verb in ``--verbs`` how many games the bot made it in,
and in how many of the games where it was offered beside other moves at one of the bot's decisions.
Game i is played from seed ``--seed + i``, so fresh seeds are a new ``--seed``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from regola.bots.families import verbs
from regola.bots.specs import make_bot
from regola.core.bots import Observation
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play


def one_game(pack: str, variants: list[str], players: int, seed: int, bot: str, opponent: str) -> dict[str, Any]:
    ruleset = Ruleset(load_pack(pack, variants=variants))
    setup = ruleset.definition.setup_modes(ruleset.rules)[0]
    seat = seed % players
    bots: list[Any] = [make_bot(bot if s == seat else opponent, s, seed, ruleset) for s in range(players)]
    legal_verbs: set[str] = set()
    inner = bots[seat]

    class Watched:  # the bot itself, noting which verbs were legal at its decisions
        name = inner.name

        def choose(self, obs: Observation) -> Any:
            if len(obs.legal) > 1:
                legal_verbs.update(verbs(obs.legal))
            return inner.choose(obs)

    bots[seat] = Watched()
    game = Game.new(ruleset, players, seed, setup)
    cpu = time.process_time()
    play(game, bots)
    cpu = time.process_time() - cpu
    ranks = {r["seat"]: r["rank"] for r in game.result() or []}
    made: dict[str, int] = {}
    for who, action in game.history:
        if who == seat:
            made[str(action[0])] = made.get(str(action[0]), 0) + 1
    return {"seed": seed, "win": ranks[seat] == 1, "rank": ranks[seat], "cpu": cpu, "made": made,
            "legal": sorted(legal_verbs)}


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval of a win share (statsmodels; the tools run with the sim extra)."""
    from statsmodels.stats.proportion import proportion_confint

    if n == 0:
        return 0.0, 1.0
    low, high = proportion_confint(wins, n, alpha=0.05, method="wilson")
    return float(low), float(high)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pack", default="cs")
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bot", default="probe")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--verbs", default="", help="comma-separated verbs whose use to count (games with at least one)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", action="store_true", help="print one JSON object of every game's figures instead")
    args = ap.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    wall = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one_game, [args.pack] * args.games, [args.variant] * args.games,
                              [args.players] * args.games, seeds, [args.bot] * args.games,
                              [args.opponent] * args.games))
    wall = time.perf_counter() - wall
    if args.json:  # for tools/bench_interleaved.py, which runs this in two builds of the engine
        print(json.dumps({"cpu": [g["cpu"] for g in games], "wins": sum(g["win"] for g in games),
                          "seeds": [g["seed"] for g in games], "wall": wall}))
        return
    wins = sum(g["win"] for g in games)
    lo, hi = wilson(wins, len(games))
    cpu = [g["cpu"] for g in games]
    print(f"{args.bot} against {args.players - 1} × {args.opponent}, pack {args.pack}"
          f"{' + ' + ', '.join(args.variant) if args.variant else ''}, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"  wins {wins}/{len(games)} = {wins / len(games):.1%} (95 % {lo:.1%}–{hi:.1%}); fair share "
          f"{1 / args.players:.0%}; mean rank {statistics.mean(g['rank'] for g in games):.2f}")
    print(f"  CPU a game: median {statistics.median(cpu):.2f} s, mean {statistics.mean(cpu):.2f} s, "
          f"max {max(cpu):.2f} s; wall {wall:.0f} s "
          f"with {args.jobs} jobs")
    for verb in filter(None, args.verbs.split(",")):
        used = [g["made"].get(verb, 0) for g in games]
        offered = [g for g in games if verb in g["legal"]]
        made_when = sum(1 for g in offered if g["made"].get(verb, 0))
        print(f"  {verb}: made in {sum(1 for u in used if u)}/{len(games)} games, {statistics.mean(used):.2f} a game; "
              f"offered beside other moves in {len(offered)} games, made in {made_when} of them")


if __name__ == "__main__":
    main()

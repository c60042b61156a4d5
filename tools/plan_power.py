"""Do `compare --plan`'s plans deliver their power? Simulated pilots, their plans, and the power each plan has
under the truth the pilot was drawn from.

    python tools/plan_power.py [--pilot 200] [--pilots 400] [--seat-pilots 150] [--level 0.9875]
                               [--bound 0.8] [--jobs 2]

For each question kind (0/1 outcome, number, seat advantage) and a few truths, it draws pilots of --pilot
games, plans each one as `compare --plan` does (regola.sim.planning, seats.py) and reports the share of
pilots that got a plan and the expected power of the plans: the mean, over pilots, of the power the planned
games have under the truth (a pilot without a plan counts as power 0). 0/1 outcomes are summed exactly over
the pilots' binomial counts; numbers and seats are simulated. --bound 0.5 shows plans from the estimates
themselves (the median pilot's view). The level is the verdict's with four primary questions (1 − 0.05/4).
docs/SIMULATE.md ("Plans that deliver") holds the figures.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
from scipy import stats

from regola.sim import planning
from regola.sim.aggregate import PairSums
from regola.sim.seats import Alternatives, SeatChange, replicates_for

DETECT = 0.05


@dataclass(frozen=True)
class Row:
    kind: str
    truth: str
    pilots: int
    planned: float  # share of pilots with a plan
    power: float  # expected power over pilots (no plan = 0)
    below: float  # share of pilots whose plan has less than the asked power
    median_games: float
    ideal: int | None  # games the truth itself needs


# -- 0/1 outcomes: exact over the pilot's count of changed games -------------------------------------------
def rates(pilot: int, level: float, changed: float, delta: float) -> Row:
    ideal = planning.fewest_games(lambda g: planning.rate_power(g, changed, delta, level) >= planning.POWER)
    m = np.arange(pilot + 1)
    weight = stats.binom.pmf(m, pilot, changed)
    power, planned, below, games = 0.0, 0.0, 0.0, []
    for count, w in zip(m, weight, strict=True):
        if w < 1e-9:
            continue
        need = planning.rate_need(pilot, int(count), delta, level)
        if need.games is None:
            continue
        p = planning.rate_power(need.games, changed, delta, level)
        power, planned = power + w * p, planned + w
        below += w * (p < planning.POWER)
        games.append((need.games, w))
    return Row("0/1", f"{changed:.0%} of games change, rate {delta:+.0%}", pilot, planned, power, below,
               _weighted_median(games), ideal)


def _weighted_median(pairs: list[tuple[int, float]]) -> float:
    if not pairs:
        return math.nan
    pairs.sort()
    total, run = sum(w for _, w in pairs), 0.0
    for games, w in pairs:
        run += w
        if run >= total / 2:
            return games
    return pairs[-1][0]


# -- numbers: simulated pilots of (base, variant) values ---------------------------------------------------
def numbers(pilot: int, level: float, pilots: int, changed: float, spread: float, seed: int) -> Row:
    """Game lengths around 60 (sd 8); a share ``changed`` of the games differ under the variant, by a normal
    amount whose mean makes the average change DETECT·60 and whose sd is ``spread``."""
    mean, sd = 60.0, 8.0
    delta = DETECT * mean
    shift = delta / changed
    true_sd = math.sqrt(changed * (spread ** 2 + shift ** 2) - delta ** 2)
    ideal = planning.fewest_games(lambda g: planning.t_power(g, true_sd, delta, level) >= planning.POWER)
    rng = np.random.default_rng(seed)
    out: list[float] = []
    games: list[tuple[int, float]] = []
    for _ in range(pilots):
        a = rng.normal(mean, sd, pilot).round()
        moved = rng.random(pilot) < changed
        b = a + np.where(moved, rng.normal(shift, spread, pilot).round(), 0)
        d = b - a
        s = PairSums(pilot, float(a.mean()), float(b.mean()), float(a.var(ddof=1)), float(b.var(ddof=1)),
                     float(np.cov(a, b, ddof=1)[0, 1]), float((a * b).sum()), float(d.var(ddof=1)),
                     int((d != 0).sum()), float(((d - d.mean()) ** 4).mean()))
        need = planning.number_need(s.n, s.changed, s.var_d, s.m4_d, s.var_a, s.var_b, DETECT * abs(s.mean_a),
                                    level)
        if need.games is None:
            out.append(math.nan)
            continue
        out.append(planning.t_power(need.games, true_sd, delta, level))
        games.append((need.games, 1.0))
    return _summary("number", f"{changed:.0%} of games change (sd {spread:g}), mean {DETECT:+.0%}", pilot, out,
                    games, ideal)


def _summary(kind: str, truth: str, pilot: int, powers: list[float], games: list[tuple[int, float]],
             ideal: int | None) -> Row:
    arr = np.array(powers)
    planned = ~np.isnan(arr)
    return Row(kind, truth, pilot, float(planned.mean()), float(np.where(planned, arr, 0).mean()),
               float((np.where(planned, arr, 0) < planning.POWER).mean()), _weighted_median(games), ideal)


# -- seats: simulated pilots from a table of winners --------------------------------------------------------
def _seat_truth(shares: list[float], changed: float, delta: float) -> tuple[Alternatives, np.ndarray]:
    base = [(len(shares), (i,), round(s * 1_000_000)) for i, s in enumerate(shares)]
    alts = Alternatives(base)
    found = alts.at(changed, delta)
    assert found is not None
    return alts, found.probs


def _seat_pilot(args: tuple[list[float], float, float, int, float, int]) -> int | None:
    shares, changed, delta, pilot, level, seed = args
    alts, probs = _seat_truth(shares, changed, delta)
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(pilot, probs)
    patterns = [(p, wa, wb, int(c)) for (p, wa, wb, _), c in zip(alts.patterns, counts, strict=True) if c]
    return SeatChange(patterns, seed=seed).plan(delta, level).games


def _seat_curve(args: tuple[list[float], float, float, float, int]) -> float:
    shares, changed, delta, level, games = args
    alts, _ = _seat_truth(shares, changed, delta)
    found = alts.at(changed, delta)
    assert found is not None
    # as many bootstrap replicates as the test itself draws
    return found.power(games, level, seed=99, studies=400, replicates=replicates_for(level))


def seats(pilot: int, level: float, pilots: int, shares: list[float], changed: float, delta: float,
          pool: ProcessPoolExecutor, seed: int) -> Row:
    plans = list(pool.map(_seat_pilot, [(shares, changed, delta, pilot, level, seed + i) for i in range(pilots)]))
    known = [g for g in plans if g is not None]
    grid = sorted({int(x) for x in np.geomspace(max(20, min(known, default=20) * 0.8),
                                                 max(known, default=20) * 1.25, 14)})
    curve = list(pool.map(_seat_curve, [(shares, changed, delta, level, g) for g in grid]))
    while max(curve) < planning.POWER and grid[-1] < 100_000:  # go on until the truth's own need is seen
        grid.append(int(grid[-1] * 1.5))
        curve.append(_seat_curve((shares, changed, delta, level, grid[-1])))
    rising = np.maximum.accumulate(curve)  # common random numbers: the curve is near monotone; make it so

    def true_power(games: int) -> float:  # read off the curve between its grid points
        return float(np.interp(math.log(games), np.log(grid), rising))

    powers = [true_power(g) if g is not None else math.nan for g in plans]
    ideal = next((g for g, p in zip(grid, rising, strict=True) if p >= planning.POWER), None)
    label = "fair seats" if max(shares) - min(shares) < 1e-9 else "seats " + "/".join(f"{s:.0%}" for s in shares)
    return _summary("seats", f"{label}, {changed:.0%} change winner, advantage +{delta * 100:g} pp", pilot,
                    powers, [(g, 1.0) for g in known], ideal)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pilot", type=int, default=200)
    p.add_argument("--pilots", type=int, default=400)
    p.add_argument("--seat-pilots", type=int, default=150)
    p.add_argument("--level", type=float, default=1 - 0.05 / 4)
    p.add_argument("--bound", type=float, default=planning.BOUND)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", choices=["rates", "numbers", "seats"])
    args = p.parse_args()
    planning.BOUND = args.bound
    rows: list[Row] = []
    if args.only in (None, "rates"):
        for changed, delta in [(0.02, 0.02), (0.05, 0.03), (0.10, 0.03), (0.30, 0.05), (0.04, 0.01)]:
            rows.append(rates(args.pilot, args.level, changed, delta))
    if args.only in (None, "numbers"):
        for k, (changed, spread) in enumerate([(1.0, 6.0), (1.0, 20.0), (0.3, 8.0), (0.05, 4.0), (0.02, 2.0)]):
            rows.append(numbers(args.pilot, args.level, args.pilots, changed, spread, seed=k))
    if args.only in (None, "seats"):
        with ProcessPoolExecutor(args.jobs) as pool:
            unfair = [0.31, 0.25, 0.23, 0.21]
            for k, (shares, changed, delta) in enumerate([([0.25] * 4, 0.3, 0.03), (unfair, 0.3, 0.03),
                                                          (unfair, 0.05, 0.03), ([0.5, 0.5], 0.2, 0.04)]):
                rows.append(seats(args.pilot, args.level, args.seat_pilots, shares, changed, delta, pool,
                                  seed=1000 * k))
    _table(rows, args)


def _table(rows: list[Row], args: argparse.Namespace) -> None:
    print(f"pilot {args.pilot} games, level {args.level:.4f}, bound {args.bound}, asked power "
          f"{planning.POWER:.0%}\n")
    print("| question | truth | pilots with a plan | expected power | plans below 80 % | median plan | "
          "truth needs |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r.kind} | {r.truth} | {r.planned:.1%} | {r.power:.1%} | {r.below:.0%} | {r.median_games:,.0f} | "
              f"{'–' if r.ideal is None else f'{r.ideal:,}'} |")
    print(flush=True)


if __name__ == "__main__":
    main()

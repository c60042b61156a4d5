"""Seat balance as one question: how far the seats' win rates sit from their fair shares, measured as the
**root-mean-square seat advantage** (RMS, in percentage points), with a bootstrap interval and one joint
test that every seat wins equally often.

Why not best-minus-worst: the largest and smallest of k noisy rates are biased apart (four truly equal seats
over 2,000 games show a spread of about 3 pp), so near fair seats that measure overstates the unfairness,
its interval never covers equal seats, and it ignores the middle seats. The RMS uses every seat, and its
square is estimated without bias: for seat i with mean excess ē_i of its share of the wins (a tie shares the
win, so every game hands out one) over its fair share (1 / players, game by game) and the sample variance
s_i² of the excess over its g_i games,

    MS = mean_i ( ē_i² − s_i² / g_i )        E[MS] = mean_i (true excess_i)²

(for one player count this is Σ(rᵢ − 1/k)² − Σ rᵢ(1 − rᵢ)/(n − 1), over k). RMS = √max(MS, 0), so truly
equal seats are estimated near 0 pp and their interval starts at 0.

The games enter only through their pattern of winners (players, winners under the base, winners under the
variant), which DuckDB counts; the bootstrap draws games by drawing these patterns (a multinomial), so it
costs the same for 1,000 games as for 1,000,000. The interval and the p-value of a paired difference come
from one bootstrap sample (percentiles; p is twice the smaller share of replicates on either side of 0), so
the interval excludes 0 exactly when p is below its level. Beside it, Bhapkar's test of marginal
homogeneity on the paired winner table asks whether the seats' win shares moved at all.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats

from regola.sim.planning import MOST_PLANNED, POWER, UNREACHABLE, Need, fewest_games, planned, share_bound

Pattern = tuple[int, tuple[int, ...], tuple[int, ...], int]  # players, winners (base), winners (variant), games
#: how sure a seat plan is that the base's seats are at least as unequal as it assumes: a plan from seats less
#: fair than the truth's is optimistic (three times too few games from fair seats), so this bound is strict
#: (tools/plan_power.py: with an 80 % bound from the percentiles of the advantage itself, plans for truly fair
#: seats delivered 57 %; with this one, 82 %)
ADVANTAGE_BOUND = 0.95


@dataclass(frozen=True)
class _Design:
    """The patterns as matrices: one row per pattern, one column per seat."""

    counts: np.ndarray  # games per pattern
    exists: np.ndarray  # 1 where the seat plays in the pattern's games
    excess_a: np.ndarray  # share of the win minus fair share, under the base (0 where the seat does not play)
    excess_b: np.ndarray  # the same under the variant
    wins_a: np.ndarray  # 1 where the seat wins (alone or tied), under the base


def _design(patterns: list[Pattern]) -> _Design:
    seats = max((p for p, _, _, _ in patterns), default=0)
    n = len(patterns)
    win_a, share_a, share_b, exists, fair = (np.zeros((n, seats)) for _ in range(5))
    for i, (players, wa, wb, _) in enumerate(patterns):
        exists[i, :players] = 1.0
        fair[i, :players] = 1.0 / players
        win_a[i, list(wa)] = 1.0
        # a tie shares the win: every game hands out one win in all, so a fair share is 1 / players even
        # for bots that tie often
        share_a[i, list(wa)] = 1.0 / max(1, len(wa))
        share_b[i, list(wb)] = 1.0 / max(1, len(wb))
    counts = np.array([c for _, _, _, c in patterns], dtype=float)
    return _Design(counts, exists, (share_a - fair) * exists, (share_b - fair) * exists, win_a)


def mean_square(counts: np.ndarray, excess: np.ndarray, exists: np.ndarray) -> np.ndarray:
    """The bias-corrected mean square seat advantage for each row of ``counts`` (replicates × patterns)."""
    games = counts @ exists
    total = counts @ excess
    squares = counts @ (excess * excess)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = total / games
        variance = (squares - games * mean * mean) / (games - 1)
        term = np.where(games > 1, mean * mean - variance / games, np.nan)
    return np.nanmean(term, axis=-1)


def rms(ms: np.ndarray | float) -> np.ndarray:
    """Root-mean-square seat advantage from its bias-corrected square (0 where that falls below 0)."""
    return np.sqrt(np.maximum(ms, 0.0))


def _percentiles(sample: np.ndarray, level: float) -> tuple[float, float]:
    tail = (1 - level) / 2
    low = float(np.quantile(sample, tail, method="inverted_cdf"))
    high = -float(np.quantile(-sample, tail, method="inverted_cdf"))  # mirrored: the same count in each tail
    return low, high


def replicates_for(level: float) -> int:
    """Enough bootstrap replicates that each tail of a ``level`` interval holds at least 10 of them."""
    return max(2000, math.ceil(20 / (1 - level)))


def marginal_homogeneity(patterns: list[Pattern]) -> tuple[float, int]:
    """Bhapkar's test that the seats' win shares are the same under both arms, on the paired table of single
    winners (statistics and degrees of freedom added over player counts): p-value and the games it used.

    Written out rather than taken from statsmodels' ``SquareTable.homogeneity``, which inverts the covariance
    and so fails (NaN) whenever the games that changed winner fall into separate groups of seats, e.g. seats
    0 and 1 swapping wins while seats 2 and 3 swap theirs; a pseudo-inverse with the covariance's rank as the
    degrees of freedom is the standard remedy."""
    chi2, df, used = 0.0, 0, 0
    for players in sorted({p for p, _, _, _ in patterns}):
        table = np.zeros((players, players))
        for p, wa, wb, c in patterns:
            if p == players and len(wa) == 1 and len(wb) == 1:
                table[wa[0], wb[0]] += c
        n = table.sum()
        d = table.sum(axis=1) - table.sum(axis=0)  # each seat's wins under the base minus under the variant
        cov = -(table + table.T)
        np.fill_diagonal(cov, table.sum(axis=1) + table.sum(axis=0) - 2 * np.diag(table))
        rank = int(np.linalg.matrix_rank(cov))
        if rank == 0 or n == 0:
            continue  # no game changed its single winner: nothing moved
        stuart_maxwell = float(d @ np.linalg.pinv(cov) @ d)
        chi2 += stuart_maxwell / max(1e-12, 1 - stuart_maxwell / n)  # Bhapkar's form: the unrestricted covariance
        df += rank
        used += int(n)
    return (float(stats.chi2.sf(chi2, df)) if df else 1.0), used


@dataclass
class SeatChange:
    """The paired difference of RMS seat advantage (variant minus base): a Test (stats.py) by paired bootstrap,
    with Bhapkar's test of whether the win shares moved at all beside it."""

    patterns: list[Pattern]
    seed: int
    replicates: int = 2000
    method: str = "paired bootstrap"

    def __post_init__(self) -> None:
        d = _design(self.patterns)
        self.n = int(d.counts.sum())
        self.correlation: float | None = None
        self.shares_p, _ = marginal_homogeneity(self.patterns)
        if self.n < 2:
            self.rms_a = self.rms_b = self.diff = self.se = self.p = math.nan
            self._sample = self._base_squares = np.array([])
            self._base_square = math.nan
            return
        self.rms_a = float(rms(mean_square(d.counts, d.excess_a, d.exists)))
        self.rms_b = float(rms(mean_square(d.counts, d.excess_b, d.exists)))
        self.diff = self.rms_b - self.rms_a
        rng = np.random.default_rng(self.seed)
        draws = rng.multinomial(self.n, d.counts / self.n, size=self.replicates).astype(float)
        a = rms(mean_square(draws, d.excess_a, d.exists))
        b = rms(mean_square(draws, d.excess_b, d.exists))
        self._sample = b - a
        # the base's mean square itself (not its root, which stops at 0), drawn and as played: for a plan's bound
        self._base_square = float(mean_square(d.counts, d.excess_a, d.exists))
        self._base_squares = mean_square(draws, d.excess_a, d.exists)
        self.se = float(np.std(self._sample, ddof=1))
        if np.std(a) > 0 and np.std(b) > 0:
            self.correlation = float(np.corrcoef(a, b)[0, 1])
        below, above = np.mean(self._sample <= 0), np.mean(self._sample >= 0)
        if self.se == 0:
            self.p = 1.0 if self.diff == 0 else 1.0 / self.replicates
        else:
            self.p = min(1.0, max(2 * float(min(below, above)), 1.0 / self.replicates))

    def interval(self, level: float) -> tuple[float, float]:
        if not self._sample.size:
            return math.nan, math.nan
        return _percentiles(self._sample, level)

    def unpaired(self, level: float) -> tuple[float, float] | None:
        return None

    # -- power and plans, by simulation at a planned table of seat shares --------------------------------
    def changed(self) -> int:
        """Games whose winners differ between the arms."""
        return sum(c for _, wa, wb, c in self.patterns if wa != wb)

    def _alternatives(self, advantage: float) -> Alternatives:
        return Alternatives([(p, wa, c) for p, wa, _, c in self.patterns if c], advantage)

    @functools.cached_property
    def _as_played(self) -> Alternatives:
        """The tables these games point to (their own seat advantage): built once, asked at many sizes."""
        return self._alternatives(self.rms_a)

    def reach(self) -> float:
        """The largest change of the seat advantage a planned table reaches from these games' base winners."""
        along = self._as_played.changes(self.changed() / self.n if self.n else 0.0)
        return float(along.max(initial=0.0))

    def power(self, games: int, delta: float, level: float) -> float:
        """The power of ``games`` games to detect a rise of ``delta`` in the seat advantage, at the table these
        games point to (their seat advantage, as many winners changing as here): ``Alternatives``."""
        found = self._as_played.at(self.changed() / self.n if self.n else 0.0, delta)
        return found.power(games, level, self.seed) if found is not None and games > 1 else 0.0

    def plan(self, target: float, level: float) -> Need:
        """The games that detect a rise of ``target`` with POWER, from a table whose base is as fair as the lower
        bound of these games' seat advantage (a rise is hardest to see from fair seats, where the advantage cannot
        fall below 0) and whose winners change in as many games as the upper bound of their share. The search
        for the games runs with few bootstrap replicates; the games found are then checked with as many as the
        test itself draws (fewer replicates make the interval narrower and the power look larger)."""
        bound = share_bound(self.changed(), self.n)
        assumed = {"target": target, "changed": bound, "advantage": self.advantage_bound()}
        found = self._alternatives(assumed["advantage"]).at(bound, target)
        if found is None:
            return Need(None, UNREACHABLE, assumed)
        games = fewest_games(lambda g: g > 1 and found.power(g, level, self.seed) >= POWER)
        while games is not None and found.power(games, level, self.seed, studies=200,
                                                replicates=replicates_for(level)) < POWER:
            games = math.ceil(games * 1.1) if games < MOST_PLANNED else None
        return planned(games, {**assumed, "redraw": found.redraw, "shares": found.table()})

    def advantage_bound(self) -> float:
        """A lower bound (one-sided at ADVANTAGE_BOUND) of the base's seat advantage: from the bootstrap's spread
        of the unbiased mean square, not the percentiles of its root, which sit above 0 for fair seats whenever
        chance made the sample unequal."""
        if not self._base_squares.size:
            return 0.0
        spread = float(np.std(self._base_squares, ddof=1))
        low = self._base_square - float(stats.norm.ppf(ADVANTAGE_BOUND)) * spread
        return math.sqrt(low) if low > 0 else 0.0


class Alternatives:
    """Planned tables of seat win shares, from a base arm's winners (players, winners, games).

    The variant's table moves win share from every other seat, each in proportion to its own, to the seat
    that leads under the base (per player count): the variant's share of seat i is sᵢ + t·(1[i = leader] − sᵢ)
    for the smallest t that changes the seat advantage by the asked amount. Games whose winners tie keep
    them. Which games change: a share r of the games with one winner draws a new winner from the table
    q = s + t·(e_leader − s)/r (so the variant's shares are the table's) and the rest keep theirs; r is set so
    that the share of games whose winner changes is the one asked (at least as large as the table needs).
    The more games change, the more the paired difference varies: a plan assumes the upper bound. With
    ``advantage``, the base's shares first move toward fair until its seat advantage is that (``_shrink``)."""

    def __init__(self, base: list[tuple[int, tuple[int, ...], int]], advantage: float | None = None) -> None:
        total = sum(c for _, _, c in base)
        self.groups: list[tuple[int, np.ndarray, float]] = []  # players, shares of single winners, their games
        patterns: list[Pattern] = []
        tied: list[float] = []
        for players in sorted({p for p, _, _ in base}):
            single = np.zeros(players)
            for p, wa, c in base:
                if p != players:
                    continue
                if len(wa) == 1:
                    single[wa[0]] += c
                else:
                    patterns.append((p, wa, wa, 0))
                    tied.append(c / total)
            if single.sum():
                self.groups.append((players, single / single.sum(), float(single.sum() / total)))
        self.tied = np.array(tied)
        self.patterns = patterns + [(p, (i,), (j,), 0) for p, _, _ in self.groups for i in range(p) for j in range(p)]
        self.design = _design(self.patterns) if self.patterns else None
        if advantage is not None and self.design is not None:
            self.groups = self._shrunk(advantage)

    def _shrunk(self, advantage: float) -> list[tuple[int, np.ndarray, float]]:
        """The groups with every seat's share moved toward its fair share, all by one factor, until the base's
        seat advantage is ``advantage`` (no further than the games' own table): a sample's shares lie farther
        from fair than the truth's (by chance alone), so the table starts from the bias-corrected advantage or
        a bound of it."""
        d = self.design
        assert d is not None

        def toward_fair(k: float) -> list[tuple[int, np.ndarray, float]]:
            return [(p, 1 / p + k * (s - 1 / p), w) for p, s, w in self.groups]

        def base_rms(k: float) -> float:
            return population_rms(self._probs(0.0, 0.0, toward_fair(k))[0], d.excess_a, d.exists)

        if base_rms(1.0) <= advantage:
            return self.groups
        return toward_fair(_first_reaching(base_rms, 0.0, 1.0, advantage))

    def _probs(self, changed: float, t: float, groups: list[tuple[int, np.ndarray, float]] | None = None
               ) -> tuple[np.ndarray, float]:
        """Pattern probabilities at move ``t`` with a share ``changed`` of the games changing winner, and the
        share of single-winner games that draw anew."""
        cells, redraws = [self.tied], []
        for _, s, weight in self.groups if groups is None else groups:
            leader = int(np.argmax(s))
            square = float(s @ s)
            lead = np.eye(s.size)[leader]
            # the off-diagonal mass of (1 − r)·diag(s) + r·s·qᵀ is r·(1 − s·s) − t·(s_leader − s·s)
            r = 1.0 if square >= 1 - 1e-12 else (changed + t * (s[leader] - square)) / (1 - square)
            r = min(1.0, max(r, t))
            q = s + t * (lead - s) / r if r > 0 else s
            joint = (1 - r) * np.diag(s) + r * np.outer(s, q)
            cells.append(weight * np.clip(joint, 0, None).ravel())
            redraws.append(r)
        return np.concatenate(cells), max(redraws, default=0.0)

    def _change(self, probs: np.ndarray) -> float:
        d = self.design
        assert d is not None
        return population_rms(probs, d.excess_b, d.exists) - population_rms(probs, d.excess_a, d.exists)

    def changes(self, changed: float, steps: int = 64) -> np.ndarray:
        """The seat advantage's change along the moves t = 1/steps … 1."""
        if self.design is None or not self.groups:
            return np.zeros(0)
        return np.array([self._change(self._probs(changed, t)[0]) for t in np.linspace(0, 1, steps + 1)[1:]])

    def at(self, changed: float, delta: float) -> Planned | None:
        """The table whose seat advantage is ``delta`` above the base's; None where no move reaches it."""
        along = self.changes(changed)
        if not along.size or along.max() < delta or delta <= 0:
            return None
        k = int(np.argmax(along >= delta))
        move = _first_reaching(lambda t: self._change(self._probs(changed, t)[0]), k / along.size,
                               (k + 1) / along.size, delta)
        probs, redraw = self._probs(changed, move)
        return Planned(self, probs / probs.sum(), float(redraw))


def _first_reaching(rising: Callable[[float], float], low: float, high: float, target: float) -> float:
    """The least x in (low, high] where ``rising(x)`` reaches ``target`` (it does at ``high``), by bisection."""
    for _ in range(40):
        mid = (low + high) / 2
        low, high = (mid, high) if rising(mid) < target else (low, mid)
    return high


@dataclass(frozen=True)
class Planned:
    """One planned alternative of the seat question: pattern probabilities over its tables' design."""

    source: Alternatives
    probs: np.ndarray
    redraw: float  # the largest share r of single-winner games that draw a new winner

    def table(self) -> list[dict[str, Any]]:
        """Each player count's seats: the base's win share and the planned variant's (ties shared)."""
        d = self.source.design
        assert d is not None
        out = []
        for players, _, _ in self.source.groups:
            rows = [i for i, (p, _, _, _) in enumerate(self.source.patterns) if p == players]
            weight = self.probs[rows]
            games = float(weight.sum())
            fair = 1.0 / players
            base = (weight @ d.excess_a[rows])[:players] / games + fair
            variant = (weight @ d.excess_b[rows])[:players] / games + fair
            out.append({"players": players, "base": [float(x) for x in base], "variant": [float(x) for x in variant]})
        return out

    def power(self, games: int, level: float, seed: int, studies: int = 100, replicates: int = 200) -> float:
        """The share of ``studies`` simulated comparisons of ``games`` games drawn from this table whose
        bootstrap interval at ``level`` excludes 0: the bootstrap is not normal near fair seats (the RMS cannot
        fall below 0), so the normal formula overstated its power threefold there. Common random numbers
        across calls, so power grows smoothly with games."""
        d = self.source.design
        assert d is not None
        rng = np.random.default_rng(seed + 17)
        counts = rng.multinomial(games, self.probs, size=studies).astype(float)
        rejected = 0
        for row in counts:  # each study's bootstrap, from its own games
            draws = rng.multinomial(games, row / games, size=replicates).astype(float)
            sample = rms(mean_square(draws, d.excess_b, d.exists)) - rms(mean_square(draws, d.excess_a, d.exists))
            low, high = _percentiles(sample, level)
            rejected += bool(low > 0 or high < 0)
        return rejected / studies


def population_rms(probs: np.ndarray, excess: np.ndarray, exists: np.ndarray) -> float:
    """The true seat advantage of a distribution of patterns (no sampling, so no correction)."""
    games = probs @ exists
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(games > 0, (probs @ excess) / games, np.nan)
    return float(np.sqrt(np.nanmean(mean * mean)))


@dataclass
class SeatBalance:
    """One arm's seats: win rate per seat, the RMS seat advantage with a 95 % bootstrap interval, the joint
    test that every seat wins equally often."""

    rates: list[float]  # games won, a tie counting as a win for each tied seat
    shares: list[float]  # games won, a tie shared among the tied seats: these add up to one per game
    fair: list[float]  # each seat's fair share (1 / players, averaged over the games it played)
    games: list[int]
    rms: float
    low: float
    high: float
    chi2: float
    df: int
    p_equal: float  # p-value of "every seat wins equally often" (games with one winner)
    tied: int  # games with several winners, left out of the joint test

    def advantage(self) -> list[float]:
        """Each seat's share of the wins minus its fair share."""
        return [r - f for r, f in zip(self.shares, self.fair, strict=True)]


def balance(patterns: list[Pattern], seed: int, level: float = 0.95) -> SeatBalance:
    """Seat balance of the arm whose winners are the patterns' first winners."""
    d = _design(patterns)
    n = int(d.counts.sum())
    games = d.counts @ d.exists
    fair_sum = np.zeros_like(games)
    for (players, _, _, c), row in zip(patterns, d.exists, strict=True):
        fair_sum += c * row / players
    excess, wins = d.counts @ d.excess_a, d.counts @ d.wins_a
    rates = [float(w / g) if g else math.nan for w, g in zip(wins, games, strict=True)]
    shares = [float((x + f) / g) if g else math.nan for x, f, g in zip(excess, fair_sum, games, strict=True)]
    fair = [float(f / g) if g else math.nan for f, g in zip(fair_sum, games, strict=True)]
    value = float(rms(mean_square(d.counts, d.excess_a, d.exists))) if n > 1 else math.nan
    low = high = math.nan
    if n > 1:
        rng = np.random.default_rng(seed)
        draws = rng.multinomial(n, d.counts / n, size=replicates_for(level)).astype(float)
        low, high = _percentiles(rms(mean_square(draws, d.excess_a, d.exists)), level)
    chi2, df, tied = 0.0, 0, 0
    for players in sorted({p for p, _, _, _ in patterns}):
        single = np.zeros(players)
        for p, wa, _, c in patterns:
            if p != players:
                continue
            if len(wa) == 1:
                single[wa[0]] += c
            else:
                tied += c
        if single.sum() > 0 and players > 1:
            chi2 += float(stats.chisquare(single).statistic)
            df += players - 1
    p_equal = float(stats.chi2.sf(chi2, df)) if df else math.nan
    return SeatBalance(rates, shares, fair, [int(g) for g in games], value, low, high, chi2, df, p_equal, tied)

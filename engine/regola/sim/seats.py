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

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

Pattern = tuple[int, tuple[int, ...], tuple[int, ...], int]  # players, winners (base), winners (variant), games
#: how far a planned alternative may scale the games' own changes (beyond it, power is not worked out)
MOST_SCALE = 8.0


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
            self._sample = np.array([])
            return
        self.rms_a = float(rms(mean_square(d.counts, d.excess_a, d.exists)))
        self.rms_b = float(rms(mean_square(d.counts, d.excess_b, d.exists)))
        self.diff = self.rms_b - self.rms_a
        rng = np.random.default_rng(self.seed)
        draws = rng.multinomial(self.n, d.counts / self.n, size=self.replicates).astype(float)
        a = rms(mean_square(draws, d.excess_a, d.exists))
        b = rms(mean_square(draws, d.excess_b, d.exists))
        self._sample = b - a
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

    # -- power, by simulation at the planned alternative ---------------------------------------------------
    def _mixtures(self) -> tuple[np.ndarray, np.ndarray, _Design] | None:
        """The games' own table of winners and its "nothing changed" twin (each game's variant winner its
        base winner), as probabilities over one design: the planned alternatives lie on the line through them."""
        patterns = [(p, wa, wb, c) for p, wa, wb, c in self.patterns if c]
        if not patterns:
            return None
        nulls = [(p, wa, wa, c) for p, wa, _, c in patterns]
        d = _design(patterns + nulls)
        observed = np.concatenate([d.counts[:len(patterns)], np.zeros(len(nulls))])
        null = np.concatenate([np.zeros(len(patterns)), d.counts[len(patterns):]])
        return observed / observed.sum(), null / null.sum(), d

    @staticmethod
    def _scaled(observed: np.ndarray, null: np.ndarray, d: _Design, scale: float) -> tuple[float, np.ndarray]:
        """The change of the seat advantage with the games' changes scaled by ``scale``, and those probabilities."""
        probs = np.clip(null + scale * (observed - null), 0, None)
        probs /= probs.sum()
        return abs(population_rms(probs, d.excess_b, d.exists) - population_rms(probs, d.excess_a, d.exists)), probs

    def _alternative(self, delta: float) -> tuple[np.ndarray, _Design] | None:
        """Pattern probabilities under which the seat advantage changes by ``delta`` (points, either way):
        the games' own joint distribution of winners, moved toward (or past) "nothing changed" until the
        change is ``delta``; None when no scaling up to MOST_SCALE reaches it."""
        found = self._mixtures()
        if found is None:
            return None
        observed, null, d = found
        low, high = 0.0, 1.0
        while self._scaled(observed, null, d, high)[0] < delta:
            if high >= MOST_SCALE:
                return None
            low, high = high, high * 2
        for _ in range(40):
            mid = (low + high) / 2
            low, high = (mid, high) if self._scaled(observed, null, d, mid)[0] < delta else (low, mid)
        return self._scaled(observed, null, d, high)[1], d

    def reach(self) -> float:
        """The largest change of the seat advantage the planned alternatives reach (scaling these games' own
        changes, at most MOST_SCALE times): power is worked out up to it, and is 0 past it."""
        found = self._mixtures()
        if found is None:
            return 0.0
        observed, null, d = found
        return max(self._scaled(observed, null, d, float(scale))[0] for scale in np.linspace(0, MOST_SCALE, 257)[1:])

    def power(self, games: int, delta: float, level: float, studies: int = 100, replicates: int = 200) -> float:
        """The share of ``studies`` simulated comparisons of ``games`` games, drawn at the planned
        alternative (``_alternative``), whose bootstrap interval at ``level`` excludes 0: the bootstrap is
        not normal near fair seats (the RMS cannot fall below 0), so the normal formula overstated its power
        threefold there. Common random numbers across calls, so power grows smoothly with games and delta."""
        found = self._alternative(delta) if games > 1 and delta > 0 else None
        if found is None:
            return 0.0
        probs, d = found
        rng = np.random.default_rng(self.seed + 17)
        counts = rng.multinomial(games, probs, size=studies).astype(float)
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

"""Seat balance as one question: the spread of the seat win rates, with a bootstrap interval, and one
joint test that every seat wins equally often.

The spread is the best seat's win rate minus the worst seat's, in percentage points (with several
player counts, each seat's rate is measured against its fair share, 1 / players, game by game). The
games enter only through their pattern of winners (players, winners under the base, winners under the
variant), which DuckDB counts; the bootstrap draws games by drawing these patterns (a multinomial), so
it costs the same for 1,000 games as for 1,000,000.

The interval and the p-value come from one bootstrap sample: the interval is cut at the empirical
quantiles (``inverted_cdf``, upper end from the mirrored sample) and p is twice the smaller share of
replicates on either side of 0, so the interval excludes 0 exactly when p is below its level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

Pattern = tuple[int, tuple[int, ...], tuple[int, ...], int]  # players, winners (base), winners (variant), games


def _matrices(patterns: list[Pattern]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    seats = max((p for p, _, _, _ in patterns), default=0)
    n = len(patterns)
    win_a, win_b, exists, fair = (np.zeros((n, seats)) for _ in range(4))
    for i, (players, wa, wb, _) in enumerate(patterns):
        exists[i, :players] = 1.0
        fair[i, :players] = 1.0 / players
        win_a[i, list(wa)] = 1.0
        win_b[i, list(wb)] = 1.0
    counts = np.array([c for _, _, _, c in patterns], dtype=float)
    return counts, win_a, win_b, exists, fair


def _spread(counts: np.ndarray, wins: np.ndarray, exists: np.ndarray, fair: np.ndarray) -> np.ndarray:
    """The spread of seat win rates for each row of ``counts`` (replicates × patterns)."""
    games = counts @ exists
    excess = np.where(games > 0, (counts @ wins - counts @ fair) / np.where(games > 0, games, 1), np.nan)
    return np.nanmax(excess, axis=-1) - np.nanmin(excess, axis=-1)


def replicates_for(level: float) -> int:
    """Enough bootstrap replicates that each tail of a ``level`` interval holds at least 10 of them."""
    return max(2000, math.ceil(20 / (1 - level)))


@dataclass
class SeatSpread:
    """The paired difference of spreads (variant minus base): a Test (stats.py) by paired bootstrap."""

    patterns: list[Pattern]
    seed: int
    replicates: int = 2000
    method: str = "paired bootstrap"

    def __post_init__(self) -> None:
        counts, win_a, win_b, exists, fair = _matrices(self.patterns)
        self.n = int(counts.sum())
        self.correlation: float | None = None
        if self.n < 2:
            self.spread_a = self.spread_b = self.diff = self.se = self.p = math.nan
            self._sample = np.array([])
            return
        self.spread_a = float(_spread(counts, win_a, exists, fair))
        self.spread_b = float(_spread(counts, win_b, exists, fair))
        self.diff = self.spread_b - self.spread_a
        rng = np.random.default_rng(self.seed)
        draws = rng.multinomial(self.n, counts / self.n, size=self.replicates).astype(float)
        a, b = _spread(draws, win_a, exists, fair), _spread(draws, win_b, exists, fair)
        self._sample = b - a
        self.se = float(np.std(self._sample, ddof=1))
        if np.std(a) > 0 and np.std(b) > 0:
            self.correlation = float(np.corrcoef(a, b)[0, 1])
        below, above = np.mean(self._sample <= 0), np.mean(self._sample >= 0)
        if self.se == 0:
            self.p = 1.0 if self.diff == 0 else 1.0 / self.replicates
        else:
            self.p = float(min(1.0, max(2 * min(below, above), 1.0 / self.replicates)))

    def interval(self, level: float) -> tuple[float, float]:
        if not self._sample.size:
            return math.nan, math.nan
        tail = (1 - level) / 2
        low = float(np.quantile(self._sample, tail, method="inverted_cdf"))
        high = -float(np.quantile(-self._sample, tail, method="inverted_cdf"))
        return low, high

    def unpaired(self, level: float) -> tuple[float, float] | None:
        return None


@dataclass
class SeatBalance:
    """One arm's seats: win rate per seat, the spread with a 95 % bootstrap interval, the joint test."""

    rates: list[float]
    games: list[int]
    spread: float
    low: float
    high: float
    chi2: float
    df: int
    p_equal: float  # p-value of "every seat wins equally often" (games with one winner)
    tied: int  # games with several winners, left out of the joint test


def balance(patterns: list[Pattern], seed: int, level: float = 0.95) -> SeatBalance:
    """Seat balance of the arm whose winners are the patterns' first winners."""
    counts, win_a, _, exists, fair = _matrices(patterns)
    n = int(counts.sum())
    games = counts @ exists
    rates = [float(w / g) if g else math.nan for w, g in zip(counts @ win_a, games, strict=True)]
    spread = float(_spread(counts, win_a, exists, fair)) if n else math.nan
    low = high = math.nan
    if n > 1:
        rng = np.random.default_rng(seed)
        sample = _spread(rng.multinomial(n, counts / n, size=replicates_for(level)).astype(float), win_a, exists, fair)
        tail = (1 - level) / 2
        low = float(np.quantile(sample, tail, method="inverted_cdf"))
        high = -float(np.quantile(-sample, tail, method="inverted_cdf"))
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
    return SeatBalance(rates, [int(g) for g in games], spread, low, high, chi2, df, p_equal, tied)

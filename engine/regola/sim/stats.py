"""The statistics of a comparison, from the sums DuckDB computed (aggregate.py).

Design: every arm plays the same games (seed and seating: common random numbers), so a difference is
taken game by game (paired). The questions fall in two families, each controlled per variant against
the base, over every lineup played:

- **primary** (questions.yaml: seat balance, game length, margin, tie-breaks): family-wise error rate
  ``ALPHA`` by Bonferroni; each interval at the same level 1 - ALPHA/m as the test beside it, so an
  interval excludes 0 exactly when its verdict says "changed".
- **exploratory** (everything else): false-discovery rate ``FDR`` by Benjamini-Hochberg; intervals
  at the false-coverage-adjusted level 1 - R·FDR/m (Benjamini and Yekutieli 2005, R the discoveries),
  which again excludes 0 exactly for the discoveries.

Tests: a paired t-test for numbers (scipy); for 0/1 outcomes Tango's score interval of the paired
difference with the score test as its dual (unconditional: the number of games that changed is not taken as
fixed); and for seat balance a paired bootstrap of the root-mean-square seat advantage (seats.py). Each arm's
own value has a 95 % interval (Wilson for rates, Student t for means): a description, not a test. Power: the
smallest difference the games detect with ``POWER`` at the family level, and the plan for the difference
``--detect`` asks about (planning.py: each test's exact power at an upper bound of what the games estimate).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

from scipy import stats
from scipy.optimize import brentq
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from regola.sim.aggregate import ArmSums, PairSums
from regola.sim.planning import NO_TARGET, POWER, Need, number_need, rate_need, rate_power

ALPHA = 0.05  # family-wise error rate of the primary questions, per variant
FDR = 0.05  # false-discovery rate of the exploratory metrics, per variant
LEVEL = 0.95  # the interval of one arm's value

PRIMARY, EXPLORATORY = "primary", "exploratory"


def json_ready(value: Any) -> Any:
    """JSON has no NaN: a number that does not exist (e.g. the interval of a single game) becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_ready(v) for v in value]
    return value


@dataclass
class Estimate:
    n: int
    value: float
    low: float
    high: float


def estimate(s: ArmSums, binary: bool, level: float = LEVEL) -> Estimate:
    if s.n == 0:
        return Estimate(0, math.nan, math.nan, math.nan)
    if binary:
        low, high = proportion_confint(round(s.mean * s.n), s.n, alpha=1 - level, method="wilson")
        return Estimate(s.n, s.mean, float(low), float(high))
    if s.n < 2 or not s.var > 0:
        return Estimate(s.n, s.mean, s.mean, s.mean)
    half = float(stats.t.ppf(0.5 + level / 2, s.n - 1)) * math.sqrt(s.var / s.n)
    return Estimate(s.n, s.mean, s.mean - half, s.mean + half)


class Test(Protocol):
    """A paired difference (variant minus base) and its test."""

    method: str
    n: int
    diff: float
    se: float  # standard error of diff (NaN when it has none)
    p: float  # two-sided, unadjusted
    correlation: float | None

    def interval(self, level: float) -> tuple[float, float]: ...

    def unpaired(self, level: float) -> tuple[float, float] | None: ...

    def plan(self, target: float, level: float) -> Need: ...


@dataclass
class PairedT:
    """Paired t-test of a number per game, from its pair sums."""

    sums: PairSums
    method: str = "paired t"

    def __post_init__(self) -> None:
        s = self.sums
        self.n = s.n
        self.diff = s.mean_b - s.mean_a if s.n else math.nan
        var_d = s.var_d
        self.se = math.sqrt(var_d / s.n) if s.n > 1 else math.nan
        self.correlation = s.correlation
        if s.n < 2:
            self.p = math.nan
        elif self.se == 0:  # no spread: the difference is exact
            self.p = 1.0 if self.diff == 0 else 0.0
        else:
            self.p = float(2 * stats.t.sf(abs(self.diff / self.se), s.n - 1))

    def interval(self, level: float) -> tuple[float, float]:
        if self.n < 2:
            return math.nan, math.nan
        if self.se == 0:
            return self.diff, self.diff
        half = float(stats.t.ppf(0.5 + level / 2, self.n - 1)) * self.se
        return self.diff - half, self.diff + half

    def plan(self, target: float, level: float) -> Need:
        """The games that detect a mean change of ``target`` with POWER, with the spread bounded from above."""
        s = self.sums
        return number_need(s.n, s.changed, s.var_d, s.m4_d, s.var_a, s.var_b, target, level)

    def unpaired(self, level: float) -> tuple[float, float] | None:
        """Welch's interval of the same difference, as if the games were not paired."""
        s = self.sums
        if s.n < 2:
            return None
        va, vb = s.var_a / s.n, s.var_b / s.n
        if va + vb == 0:
            return self.diff, self.diff
        df = (va + vb) ** 2 / ((va ** 2 + vb ** 2) / (s.n - 1))
        half = float(stats.t.ppf(0.5 + level / 2, df)) * math.sqrt(va + vb)
        return self.diff - half, self.diff + half


def _tango_z(gained: int, lost: int, n: int, delta: float) -> float:
    """Tango's score statistic for "the variant's rate minus the base's is ``delta``" (paired 0/1 outcomes),
    with the variance at the constrained maximum-likelihood estimate of the discordant cells."""
    b, c = gained, lost  # base 0 → variant 1, base 1 → variant 0
    quad_b = -(b + c) + (2 * n - b + c) * delta
    quad_c = -c * delta * (1 - delta)
    root = math.sqrt(max(0.0, quad_b * quad_b - 8 * n * quad_c))
    p_lost = (root - quad_b) / (4 * n)
    variance = n * (2 * p_lost + delta * (1 - delta))
    numerator = b - c - n * delta
    if variance <= 0:
        return 0.0 if numerator == 0 else math.copysign(math.inf, numerator)
    return numerator / math.sqrt(variance)


@dataclass
class PairedRates:
    """A 0/1 outcome per game, paired: the difference of the two arms' rates with Tango's score interval
    (unconditional: it does not take the number of games that changed as fixed, so it keeps its level when a
    rule moves games one way only, and it has width when no game changed), and the score test at 0 as its
    dual (the asymptotic McNemar statistic (gained − lost) / √(gained + lost)). Power is computed exactly
    under the planned alternative, not by the normal formula (``power``).

    Tango, T. (1998). Equivalence test and confidence interval for the difference in proportions for the
    paired-sample design. Statistics in Medicine 17, 891-908. Not in scipy or statsmodels, hence written here."""

    sums: PairSums
    method: str = "Tango score"

    def __post_init__(self) -> None:
        s = self.sums
        self.n = s.n
        both = round(s.both)
        self.lost = round(s.mean_a * s.n) - both  # base 1, variant 0
        self.gained = round(s.mean_b * s.n) - both  # base 0, variant 1
        m = self.lost + self.gained
        self.diff = (self.gained - self.lost) / s.n if s.n else math.nan
        self.se = math.sqrt(max(0.0, s.var_d) / s.n) if s.n > 1 else math.nan
        self.correlation = s.correlation
        if s.n == 0:
            self.p = math.nan
        elif m == 0:
            self.p = 1.0
        else:
            self.p = float(2 * stats.norm.sf(abs(self.gained - self.lost) / math.sqrt(m)))

    def _z(self, delta: float) -> float:
        return _tango_z(self.gained, self.lost, self.n, delta)

    def interval(self, level: float) -> tuple[float, float]:
        if not self.n:
            return math.nan, math.nan
        z = float(stats.norm.ppf(0.5 + level / 2))
        edge = 1 - 1e-12
        # Z falls as delta rises: the interval is where it lies within ±z
        low = -edge if self._z(-edge) <= z else brentq(lambda d: self._z(d) - z, -edge, self.diff, xtol=1e-12)
        high = edge if self._z(edge) >= -z else brentq(lambda d: self._z(d) + z, self.diff, edge, xtol=1e-12)
        return float(low), float(high)

    def power(self, games: int, delta: float, level: float) -> float:
        """The probability that ``games`` paired games reject "no change" at ``level`` when the true difference
        is ``delta``, with as many games changing as these games show (at least |delta|)."""
        return rate_power(games, (self.lost + self.gained) / self.n if self.n else 0.0, delta, level)

    def plan(self, target: float, level: float) -> Need:
        """The games that detect ``target`` with POWER, with the games that change bounded from above."""
        return rate_need(self.n, self.lost + self.gained, target, level)

    def unpaired(self, level: float) -> tuple[float, float] | None:
        """Newcombe's hybrid score interval of two independent rates (from their Wilson intervals)."""
        s = self.sums
        if not s.n:
            return None
        a_low, a_high = proportion_confint(round(s.mean_a * s.n), s.n, alpha=1 - level, method="wilson")
        b_low, b_high = proportion_confint(round(s.mean_b * s.n), s.n, alpha=1 - level, method="wilson")
        pa, pb = s.mean_a, s.mean_b
        low = (pb - pa) - math.sqrt((pb - b_low) ** 2 + (a_high - pa) ** 2)
        high = (pb - pa) + math.sqrt((b_high - pb) ** 2 + (pa - a_low) ** 2)
        return float(low), float(high)


@dataclass
class Finding:
    """One metric (or primary question) of one variant against the base under one lineup."""

    name: str
    lineup: str
    arm: str
    family: str
    binary: bool
    test: Any  # a Test
    base: Estimate
    value: Estimate
    p_adjusted: float = math.nan
    significant: bool = False
    level: float = LEVEL
    low: float = math.nan
    high: float = math.nan
    unpaired_low: float | None = None
    unpaired_high: float | None = None
    detectable: float | None = None  # the smallest difference detected with POWER at the family level
    target: float | None = None  # the difference --detect asks about
    games_needed: int | None = None  # games per arm to detect ``target`` with POWER (planning.py)
    need: Need | None = None  # the plan behind games_needed, or why there is none
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def diff(self) -> float:
        return float(self.test.diff)

    @property
    def direction(self) -> int:
        """+1 or -1 for a significant rise or fall, 0 for no change found."""
        return (1 if self.diff > 0 else -1) if self.significant else 0

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "lineup": self.lineup, "arm": self.arm, "family": self.family,
                "test": self.test.method, "n": self.test.n, "base": vars(self.base), "variant": vars(self.value),
                "diff": self.diff, "level": self.level, "low": self.low, "high": self.high,
                "unpaired_low": self.unpaired_low, "unpaired_high": self.unpaired_high,
                "correlation": self.test.correlation, "p": self.test.p, "p_adjusted": self.p_adjusted,
                "significant": self.significant, "detectable": self.detectable, "target": self.target,
                "games_needed": self.games_needed, "plan": self.need.to_json() if self.need else None,
                **self.extra}


def decide(findings: list[Finding], detect: float = 0.05) -> None:
    """Adjusts every finding of one variant (all lineups) within its family, then sets its interval at the
    family's level and its power note."""
    primary = [f for f in findings if f.family == PRIMARY and not math.isnan(f.test.p)]
    exploratory = [f for f in findings if f.family == EXPLORATORY and not math.isnan(f.test.p)]
    if primary:
        m = len(primary)
        for f in primary:
            f.p_adjusted = min(1.0, f.test.p * m)
            f.significant = f.test.p < ALPHA / m
            f.level = 1 - ALPHA / m
    if exploratory:
        reject, adjusted, _, _ = multipletests([f.test.p for f in exploratory], alpha=FDR, method="fdr_bh")
        level = 1 - max(1, int(reject.sum())) * FDR / len(exploratory)
        for f, r, adj in zip(exploratory, reject, adjusted, strict=True):
            f.p_adjusted, f.significant, f.level = float(adj), bool(r), level
    for f in findings:
        f.low, f.high = f.test.interval(f.level)
        unpaired = f.test.unpaired(f.level)
        f.unpaired_low, f.unpaired_high = unpaired if unpaired is not None else (None, None)
        _power(f, detect)


def _power(f: Finding, detect: float) -> None:
    """The smallest difference these games detect with ``POWER`` at the finding's level (worked out under the
    planned alternative where the test can: exactly for 0/1 outcomes, by simulation for the seat advantage;
    else from the test's standard error and t quantiles), and the plan for the difference ``detect``
    asks about (planning.py: it assumes the upper bound of what these games estimate, so that plans deliver
    their power on average)."""
    base = f.base.value
    # a rate (and the seat advantage, in points) is asked about in absolute points, a number relative to
    # the base arm's value (a change relative to 0 has no size)
    f.target = detect if f.binary else detect * abs(base) if base and math.isfinite(base) else None
    if f.test.n >= 2:
        f.need = f.test.plan(f.target, f.level) if f.target else Need(None, NO_TARGET)
        f.games_needed = f.need.games
    se = f.test.se
    if not se or math.isnan(se):
        return
    power = getattr(f.test, "power", None)
    if power is None:
        df = max(1, f.test.n - 1)  # t, not the normal curve: a few games detect less than z promises
        f.detectable = float(stats.t.ppf(0.5 + f.level / 2, df) + stats.t.ppf(POWER, df)) * se
        return
    n = f.test.n
    reach = min(1.0, float(getattr(f.test, "reach", lambda: 1.0)()))  # the largest change it can plan for
    if reach > 0 and power(n, reach, f.level) >= POWER:
        low, high = 0.0, reach  # the smallest delta in (0, reach] with enough power, to a hundredth of a point
        while high - low > 1e-4:
            mid = (low + high) / 2
            low, high = (low, mid) if power(n, mid, f.level) >= POWER else (mid, high)
        f.detectable = high


def level_for(family_size: int) -> float:
    """The confidence level of a primary interval in a family of ``family_size`` tests."""
    return 1 - ALPHA / max(1, family_size)

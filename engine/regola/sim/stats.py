"""The statistics of a comparison: estimates with 95 % intervals, paired differences, Holm's
correction over every test of the report, and power for what was not found.

Design: every arm plays the same games (seed and seating) — common random numbers — so the
difference of a metric is taken game by game (paired). The unpaired (Welch) interval of the same
difference is reported next to it, to show what pairing gained.

- an arm's rate (0/1 per game): Wilson interval (statsmodels ``proportion_confint``)
- an arm's mean: Student t interval (scipy)
- paired difference: paired t-test and its interval (scipy ``ttest_rel``); unpaired: Welch (``ttest_ind``)
- significance: Holm-adjusted p < alpha over all metrics × variants (statsmodels ``multipletests``)
- power: paired t-test power (statsmodels ``TTestPower``) at the Bonferroni level alpha / tests, which
  is never more lenient than Holm: the smallest difference this many games detects with 80 % power,
  and the games needed to detect the difference asked for with ``detect``.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import TTestPower
from statsmodels.stats.proportion import proportion_confint

from regola.sim.metrics import Metric

ALPHA = 0.05
POWER = 0.8
CORRECTION = "holm"


def json_ready(value: Any) -> Any:
    """JSON has no NaN: a number that does not exist (e.g. the interval of a single game) becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_ready(v) for v in value]
    return value


@dataclass
class Estimate:
    n: int
    value: float
    low: float
    high: float


@dataclass
class Difference:
    arm: str
    n_pairs: int
    diff: float
    paired_low: float
    paired_high: float
    unpaired_low: float
    unpaired_high: float
    correlation: float | None
    p: float
    p_adjusted: float = 1.0
    significant: bool = False
    detectable: float | None = None  # smallest difference detectable with POWER at this n
    target: float | None = None  # the difference `detect` asks about
    games_needed: int | None = None  # paired games to detect `target` with POWER


@dataclass
class MetricResult:
    name: str
    label: str
    group: str
    binary: bool
    arms: dict[str, Estimate]
    differences: list[Difference] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def estimate(values: np.ndarray, binary: bool) -> Estimate:
    n = int(values.size)
    if n == 0:
        return Estimate(0, math.nan, math.nan, math.nan)
    mean = float(values.mean())
    if binary:
        low, high = proportion_confint(int(values.sum()), n, alpha=ALPHA, method="wilson")
        return Estimate(n, mean, float(low), float(high))
    sem = float(stats.sem(values)) if n > 1 else math.nan
    if not sem or math.isnan(sem):
        return Estimate(n, mean, mean, mean)
    low, high = stats.t.interval(1 - ALPHA, n - 1, loc=mean, scale=sem)
    return Estimate(n, mean, float(low), float(high))


def _interval(result: Any) -> tuple[float, float]:
    ci = result.confidence_interval(1 - ALPHA)
    return float(ci.low), float(ci.high)


def difference(metric: Metric, base: str, arm: str) -> Difference:
    pairs = metric.values[[base, arm]].dropna()
    a, b = pairs[base].to_numpy(dtype=float), pairs[arm].to_numpy(dtype=float)
    d = b - a
    n = int(d.size)
    if n < 2:
        return Difference(arm, n, float(d.mean()) if n else math.nan, *(math.nan,) * 4, None, 1.0)
    diff = float(d.mean())
    if np.all(d == d[0]):  # no spread: the difference is exact
        p_low = p_high = diff
        p = 1.0 if diff == 0 else 0.0
    else:
        res = stats.ttest_rel(b, a)
        p = float(res.pvalue)
        p_low, p_high = _interval(res)
    xa, xb = metric.arm(base), metric.arm(arm)
    if xa.size > 1 and xb.size > 1 and (np.ptp(xa) > 0 or np.ptp(xb) > 0):
        u_low, u_high = _interval(stats.ttest_ind(xb, xa, equal_var=False))
    else:
        u_low = u_high = float(xb.mean() - xa.mean()) if xa.size and xb.size else math.nan
    corr = None
    if np.ptp(a) > 0 and np.ptp(b) > 0:
        corr = float(stats.pearsonr(a, b).statistic)
    return Difference(arm, n, diff, p_low, p_high, u_low, u_high, corr, p)


def _solve(**kwargs: Any) -> float | None:
    """statsmodels' power solver, quiet; None where it cannot solve (e.g. an effect of zero)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            value = float(TTestPower().solve_power(alternative="two-sided", **kwargs))
        except (ValueError, ZeroDivisionError, FloatingPointError, RuntimeError):
            return None
    return value if math.isfinite(value) else None


@lru_cache(maxsize=256)
def _effect_at(nobs: int, alpha: float) -> float | None:
    """The standardized effect a paired t-test of ``nobs`` pairs detects with POWER (depends on n only)."""
    return _solve(effect_size=None, nobs=nobs, alpha=alpha, power=POWER)


def add_power(result: MetricResult, diff: Difference, metric: Metric, base: str, tests: int, detect: float) -> None:
    pairs = metric.values[[base, diff.arm]].dropna()
    d = (pairs[diff.arm] - pairs[base]).to_numpy(dtype=float)
    sd = float(np.std(d, ddof=1)) if d.size > 1 else 0.0
    if sd == 0:
        return
    alpha = ALPHA / max(1, tests)
    es = _effect_at(int(d.size), alpha)
    diff.detectable = es * sd if es is not None else None
    base_value = result.arms[base].value
    # a rate is asked about in absolute points, a mean relative to the base arm's value
    target = detect if metric.binary or not base_value else detect * abs(base_value)
    diff.target = target
    needed = _solve(effect_size=target / sd, nobs=None, alpha=alpha, power=POWER)
    diff.games_needed = math.ceil(needed) if needed is not None else None


def compare(metric_list: list[Metric], base: str, arms: list[str], detect: float = 0.05,
            power: bool = True) -> list[MetricResult]:
    """Every metric: each arm's estimate, and each other arm's paired difference from ``base``; with
    ``power``, the power notes of the differences not found significant."""
    results: list[MetricResult] = []
    for metric in metric_list:
        res = MetricResult(metric.name, metric.label, metric.group, metric.binary,
                           {arm: estimate(metric.arm(arm), metric.binary) for arm in arms})
        res.differences = [difference(metric, base, arm) for arm in arms if arm != base]
        results.append(res)
    tested = [d for r in results for d in r.differences if not math.isnan(d.p)]
    if tested:
        reject, adjusted, _, _ = multipletests([d.p for d in tested], alpha=ALPHA, method=CORRECTION)
        for d, rej, adj in zip(tested, reject, adjusted, strict=True):
            d.significant, d.p_adjusted = bool(rej), float(adj)
    for metric, res in zip(metric_list, results, strict=True):
        for d in res.differences:
            if power and not d.significant:
                add_power(res, d, metric, base, len(tested), detect)
    return results

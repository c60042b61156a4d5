"""Plans that deliver their power: the games a primary question needs to detect an asked change, from a pilot.

A plan's games depend on the asked change and on a nuisance the pilot estimates: how widely the paired
differences spread (numbers) or how many games change at all (0/1 outcomes, the seat question). A plan from
the estimate itself has the asked power only at the median pilot: half the pilots see too little spread,
and power falls faster below the plan than it rises above it, so over pilots such plans delivered 71-79 %
for a planned 80 % (docs/SIMULATE.md, "Plans"). So each plan here takes an **upper confidence bound** of
its nuisance, one-sided at ``BOUND``, and the test's own power at the planned alternative:

- **numbers**: the paired t-test's exact power (noncentral t, not the normal curve: t where the games are
  few), with the spread's variance bounded by s² + z·√(Var s²), Var s² from the differences' fourth moment
  (when few games change, the tails are heavy and the spread is less certain than a normal sample's);
- **0/1 outcomes**: Tango's score test's exact power (``rate_power``), with the share of games that change
  bounded by Clopper-Pearson;
- **the seat question**: power by simulation at a table of seat win shares (seats.py, ``alternative``),
  with the share of games whose winner changes bounded by Clopper-Pearson.

A change the pilot never saw (no game differed) is not dropped: it is planned from the asked change itself.
For a 0/1 outcome every changed game then moves the same way, and no more games change than the bound on
"0 of n" allows; for a number, the spread is the unpaired one (as if pairing bought nothing); for the
seats, the winners change in as few games as the asked change needs. ``tools/plan_power.py`` simulates
pilots and their plans and reports the power the plans deliver.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy import stats

POWER = 0.8  # the power a plan asks for
#: the one-sided level of the upper bound on a plan's nuisance (spread, games that change): high enough that
#: plans deliver their power on average over pilots (tools/plan_power.py), no higher, as each step costs games
BOUND = 0.8
#: the most games a plan asks for; a change that needs more is said to, not planned
MOST_PLANNED = 1_000_000

# why a question has no plan (words.py says each in the reader's language)
NO_TARGET = "no_target"  # the change is asked relative to a base value of 0
CONSTANT = "constant"  # the measure is the same in every pilot game of both arms: nothing to plan from
UNREACHABLE = "unreachable"  # no table of seat win shares changes the seat advantage that much
TOO_MANY = "too_many"  # more than MOST_PLANNED games
TOO_FEW = "too_few"  # fewer than two pilot games


@dataclass(frozen=True)
class Need:
    """What one question needs: its games (None with ``why_not``), and what the plan assumed."""

    games: int | None
    why_not: str | None = None
    assumed: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "why_not": self.why_not, **self.assumed}


def fewest_games(enough: Callable[[int], bool]) -> int | None:
    """The fewest games for which ``enough(games)`` holds (it grows with games), or None beyond MOST_PLANNED."""
    high = 2
    while not enough(high):
        if high >= MOST_PLANNED:
            return None
        high = min(MOST_PLANNED, high * 2)
    low = high // 2
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if enough(mid) else (mid, high)
    return high


def planned(games: int | None, assumed: dict[str, Any]) -> Need:
    """A Need from a count of games: beyond MOST_PLANNED it is no plan."""
    if games is None or games > MOST_PLANNED:
        return Need(None, TOO_MANY, assumed)
    return Need(games, None, assumed)


def share_bound(count: int, n: int) -> float:
    """Clopper-Pearson's one-sided upper bound (at BOUND) of a share from ``count`` of ``n``."""
    if n <= 0 or count >= n:
        return 1.0
    return float(stats.beta.ppf(BOUND, count + 1, n - count))


# -- numbers ------------------------------------------------------------------------------------------------
def t_power(games: int, sd: float, delta: float, level: float) -> float:
    """The power of the two-sided paired t-test at ``level`` over ``games`` pairs whose differences have mean
    ``delta`` and standard deviation ``sd`` (the noncentral t)."""
    if games < 2:
        return 0.0
    if sd <= 0:
        return 1.0 if delta else 0.0
    df = games - 1
    crit = float(stats.t.ppf(0.5 + level / 2, df))
    nc = abs(delta) * math.sqrt(games) / sd
    return float(stats.nct.sf(crit, df, nc) + stats.nct.cdf(-crit, df, nc))


def spread_bound(n: int, var_d: float, m4_d: float) -> float:
    """An upper bound (one-sided at BOUND) of the differences' variance: s² + z·√(Var s²), with
    Var s² = (μ₄ − σ⁴(n−3)/(n−1))/n from the sample (Cramér); never below the normal sample's chi-square bound."""
    chi2 = _chi2_bound(var_d, n)
    if not math.isfinite(m4_d):
        return chi2
    spread = max(0.0, m4_d - var_d * var_d * (n - 3) / (n - 1)) / n
    return max(chi2, var_d + float(stats.norm.ppf(BOUND)) * math.sqrt(spread))


def _chi2_bound(var: float, n: int) -> float:
    """The chi-square upper bound (one-sided at BOUND) of a normal sample's variance."""
    return var * (n - 1) / float(stats.chi2.ppf(1 - BOUND, n - 1))


def number_need(n: int, changed: int, var_d: float, m4_d: float, var_a: float, var_b: float, target: float,
                level: float) -> Need:
    """The paired t-test's plan for a mean change of ``target``."""
    if n < 2:
        return Need(None, TOO_FEW)
    if not target:
        return Need(None, NO_TARGET)
    if changed and var_d > 0:
        var, source = spread_bound(n, var_d, m4_d), "paired"
    else:  # no pilot game changed: the spread of the two arms as if they were not paired
        var = _chi2_bound(var_a, n) + _chi2_bound(var_b, n)
        source = "unpaired"
        if not var > 0:
            return Need(None, CONSTANT)
    sd = math.sqrt(var)
    games = fewest_games(lambda g: t_power(g, sd, target, level) >= POWER)
    return planned(games, {"target": target, "sd": sd, "spread": source})


# -- 0/1 outcomes -------------------------------------------------------------------------------------------
def rate_power(games: int, changed: float, delta: float, level: float) -> float:
    """The probability that ``games`` paired games reject "no change" at ``level`` (the score test) when a
    share ``changed`` of the games changes (at least |delta|) and the variant's rate is higher by ``delta``:
    exact, summed over the number of changed games."""
    changed = min(1.0, max(changed, abs(delta)))
    if games <= 0 or changed == 0:
        return 0.0
    z = float(stats.norm.ppf(0.5 + level / 2))
    lo_m, hi_m = (int(x) for x in stats.binom.interval(1 - 1e-10, games, changed))
    m = np.arange(max(1, lo_m), hi_m + 1)
    weight = stats.binom.pmf(m, games, changed)
    up = (changed + delta) / (2 * changed)  # share of the changed games that the variant gained
    half = z * np.sqrt(m)
    # reject when |gained − lost| = |2·gained − m| > z·√m
    above = stats.binom.sf(np.floor((m + half) / 2), m, up)
    below = stats.binom.cdf(np.ceil((m - half) / 2) - 1, m, up)
    return float(np.sum(weight * (above + below)))


def rate_need(n: int, changed: int, target: float, level: float) -> Need:
    """The score test's plan for a change of ``target`` in a rate, ``changed`` of ``n`` pilot games changed."""
    if n < 1:
        return Need(None, TOO_FEW)
    if not target:
        return Need(None, NO_TARGET)
    share = max(share_bound(changed, n), abs(target))
    games = fewest_games(lambda g: rate_power(g, share, target, level) >= POWER)
    return planned(games, {"target": target, "changed": share})

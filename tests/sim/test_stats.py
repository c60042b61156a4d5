"""The statistics: tests agree with scipy on raw data, every interval sits at the level of the verdict
beside it (it excludes 0 exactly when the verdict says "changed"), A/A comparisons flag no more than the
nominal rates (primary: family-wise, exploratory: false discoveries), and a real difference is found."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps
from tests.sim.helpers import TRIPLE

from regola.core.game import Ruleset
from regola.core.pack import load_pack
from regola.sim.aggregate import PairSums
from regola.sim.arms import Arm
from regola.sim.plan import game_spec
from regola.sim.seats import SeatSpread, balance
from regola.sim.stats import ALPHA, EXPLORATORY, PRIMARY, Estimate, Finding, McNemar, PairedT, decide
from regola.sim.store import Store
from regola.sim.study import Lineup, Study, analyse
from regola.sim.worker import play_game, rows_of


def sums_of(a: np.ndarray, b: np.ndarray) -> PairSums:
    """What DuckDB computes, from raw pairs."""
    n = a.size
    return PairSums(n, float(a.mean()), float(b.mean()), float(a.var(ddof=1)), float(b.var(ddof=1)),
                    float(np.cov(a, b, ddof=1)[0, 1]), float((a * b).sum()), float((b - a).var(ddof=1)))


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), n=st.integers(5, 300), shift=st.floats(-2, 2), level=st.floats(0.5, 0.999))
def test_the_paired_t_test_is_scipys_and_its_interval_is_its_dual(seed: int, n: int, shift: float,
                                                                   level: float) -> None:
    rng = np.random.default_rng(seed)
    a = rng.normal(10, 3, n).round()
    b = (a + rng.normal(shift, 2, n)).round()
    test = PairedT(sums_of(a, b))
    if np.all(a == b):
        return
    ref = sps.ttest_rel(b, a)
    assert test.p == pytest.approx(ref.pvalue, rel=1e-6, abs=1e-12)
    low, high = test.interval(level)
    ci = ref.confidence_interval(level)
    assert (low, high) == pytest.approx((ci.low, ci.high), rel=1e-6, abs=1e-9)
    assert (low > 0 or high < 0) == (test.p < 1 - level)


@settings(max_examples=60, deadline=None, database=None)
@given(both=st.integers(0, 50), lost=st.integers(0, 40), gained=st.integers(0, 40), neither=st.integers(0, 50),
       level=st.floats(0.8, 0.999))
def test_exact_mcnemar_and_its_clopper_pearson_interval_agree(both: int, lost: int, gained: int, neither: int,
                                                               level: float) -> None:
    a = np.array([1] * both + [1] * lost + [0] * gained + [0] * neither, dtype=float)
    b = np.array([1] * both + [0] * lost + [1] * gained + [0] * neither, dtype=float)
    if a.size < 2:
        return
    test = McNemar(sums_of(a, b))
    assert test.diff == pytest.approx(b.mean() - a.mean())
    m = lost + gained
    if m:  # the central exact p-value: twice the smaller binomial tail of the discordant pairs
        tail = min(sps.binom.cdf(gained, m, 0.5), sps.binom.sf(gained - 1, m, 0.5))
        assert test.p == pytest.approx(min(1.0, 2 * tail))
    low, high = test.interval(level)
    assert low <= test.diff + 1e-12 and test.diff - 1e-12 <= high
    assert (low > 0 or high < 0) == (test.p < 1 - level)


@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 1000), tilt=st.floats(0, 0.3), level=st.sampled_from([0.95, 0.9875, 0.99375]))
def test_the_seat_spread_bootstrap_interval_is_the_dual_of_its_p_value(seed: int, tilt: float, level: float) -> None:
    rng = random.Random(seed)
    patterns: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
    for _ in range(300):
        wa = rng.choices(range(3), weights=[1 + tilt * 3, 1, 1])[0]
        wb = wa if rng.random() < 0.6 else rng.choices(range(3), weights=[1, 1, 1 + tilt])[0]
        key = (3, (wa,), (wb,))
        patterns[key] = patterns.get(key, 0) + 1
    test = SeatSpread([(*k, c) for k, c in sorted(patterns.items())], seed=seed, replicates=4000)
    low, high = test.interval(level)
    assert low <= high
    assert (low > 0 or high < 0) == (test.p < 1 - level)


def test_joint_test_of_equal_seats() -> None:
    even = [(4, (s,), (s,), 25) for s in range(4)] + [(4, (0, 1), (0, 1), 3)]
    b = balance(even, seed=1)
    assert b.spread == pytest.approx(0.03 / 1.03, abs=1e-9) and b.p_equal == pytest.approx(1.0) and b.tied == 3
    skewed = balance([(4, (0,), (0,), 70), *[(4, (s,), (s,), 10) for s in (1, 2, 3)]], seed=1)
    assert skewed.p_equal < 1e-6 and skewed.low > 0.4 and skewed.rates[0] == pytest.approx(0.7)


def _finding(p: float, family: str, se: float = 1.0) -> Finding:
    class Fixed:
        method, n, correlation = "fixed", 100, None

        def __init__(self) -> None:
            self.p = p
            self.se = se
            self.diff = sps.norm.isf(p / 2) * se  # a normal test with this p-value

        def interval(self, level: float) -> tuple[float, float]:
            half = sps.norm.ppf(0.5 + level / 2) * self.se
            return self.diff - half, self.diff + half

        def unpaired(self, level: float) -> None:
            return None

    e = Estimate(100, 1.0, 0.9, 1.1)
    return Finding(f"m{p}", "L", "v", family, False, Fixed(), e, e)


@settings(max_examples=60, deadline=None, database=None)
@given(ps=st.lists(st.floats(1e-6, 1.0), min_size=1, max_size=30), primary=st.integers(1, 8))
def test_every_interval_excludes_zero_exactly_when_its_family_says_changed(ps: list[float], primary: int) -> None:
    found = [_finding(p, PRIMARY if i < primary else EXPLORATORY) for i, p in enumerate(ps)]
    decide(found)
    k = sum(1 for f in found if f.family == PRIMARY)
    for f in found:
        if abs(f.test.p - (1 - f.level)) < 1e-9:
            continue  # on the boundary itself
        assert (f.low > 0 or f.high < 0) == f.significant, (f.family, f.test.p, f.level)
        if f.family == PRIMARY:
            assert f.level == pytest.approx(1 - ALPHA / k)


# -- A/A and a real difference, through the whole analysis ---------------------------------------------------
@pytest.fixture(scope="module")
def pool() -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Rows of 600 real random 2-player games of the base pack."""
    ruleset = Ruleset(load_pack("cs"))
    out = []
    for i in range(600):
        spec = game_spec(i, 99, (2,), ("random",))
        out.append(rows_of(play_game(ruleset, spec, "beginner"), "pool", spec, "beginner", 99))
    return out


@pytest.fixture(scope="module")
def arms() -> tuple[Arm, Arm]:
    base = Arm("base", load_pack("cs"))
    variant = load_pack("cs", variants=[TRIPLE])
    return base, Arm("triple-rewards", variant)


def _study(arms: tuple[Arm, Arm], games: int) -> Study:
    return Study(arms[0], [arms[1]], [Lineup("random", ("random",))], (2,), "beginner", games, 0)


def _write(folder: Path, arms: tuple[Arm, Arm], pool: list[Any], picks: dict[str, list[int]]) -> None:
    """A results folder whose arms are chosen pool games, renumbered so that game k of each arm pairs."""
    manifest = {"pack": "cs", "arms": [a.describe() for a in arms], "players": [2], "setup": "beginner",
                "bots": ["random"], "seed": 0}
    store = Store.open(folder / "random", manifest)
    for arm, indices in picks.items():
        games, actions = [], []
        for k, i in enumerate(indices):
            row, acts = pool[i]
            games.append({**row, "arm": arm, "game": k})
            actions += [{**a, "arm": arm, "game": k} for a in acts]
        store.write(f"{arm}-000000000-{len(indices) - 1:09d}", games, actions)


def test_a_over_a_flags_no_more_than_the_nominal_rates(tmp_path: Path, pool: list[Any], arms: tuple[Arm, Arm]
                                                       ) -> None:
    """20 A/A comparisons (the same rules, independent games per arm). Primary: the chance that a repetition
    flags anything is ≤ 5 % (Bonferroni); exploratory: with every difference null, BH's false-discovery
    rate is the chance of any flag, ≤ 5 %. 5 or more flagged repetitions of 20 (p ≈ 0.016 at 5 %) fail."""
    rng = random.Random(5)
    flagged = {PRIMARY: 0, EXPLORATORY: 0}
    tests = {PRIMARY: 0, EXPLORATORY: 0}
    raw_small = 0
    for rep in range(20):
        order = rng.sample(range(len(pool)), 300)
        _write(tmp_path / str(rep), arms, pool, {"base": order[:150], "triple-rewards": order[150:]})
        analysis = analyse(_study(arms, 150), tmp_path / str(rep), threads=1)
        found = analysis.findings["triple-rewards"]
        for family in flagged:
            mine = [f for f in found if f.family == family]
            tests[family] += len(mine)
            flagged[family] += any(f.significant for f in mine)
        raw_small += sum(f.test.p < 0.05 for f in found)
    assert tests[PRIMARY] == 20 * 4 and tests[EXPLORATORY] >= 20 * 15
    assert flagged[PRIMARY] <= 4 and flagged[EXPLORATORY] <= 4
    assert raw_small <= 0.12 * (tests[PRIMARY] + tests[EXPLORATORY])  # raw p-values about uniform under A/A


def test_a_real_difference_in_the_pool_is_found(tmp_path: Path, pool: list[Any], arms: tuple[Arm, Arm]) -> None:
    """Arms of seat-0 losses against seat-0 wins: seat 0's win rate and the seat spread both change."""
    won = [i for i, (g, _) in enumerate(pool) if g["winners"] == [0]][:60]
    lost = [i for i, (g, _) in enumerate(pool) if g["winners"] == [1]][:60]
    _write(tmp_path, arms, pool, {"base": lost, "triple-rewards": won})
    analysis = analyse(_study(arms, 60), tmp_path, threads=1)
    by = {f.name: f for f in analysis.findings["triple-rewards"]}
    assert by["win.seat0"].significant and by["win.seat0"].diff == 1.0
    assert by["win.seat0"].test.method == "exact McNemar"
    spread = by["seat_balance"]
    assert spread.test.method == "paired bootstrap" and spread.base.value == 1.0 and spread.value.value == 1.0
    assert not spread.significant  # seat 1 always winning is as unfair as seat 0 always winning
    assert math.isfinite(by["length"].test.p) and by["length"].family == PRIMARY

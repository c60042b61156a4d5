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
from statsmodels.stats.contingency_tables import SquareTable, mcnemar
from tests.sim.helpers import TRIPLE

from regola.core.game import Ruleset
from regola.core.pack import load_pack
from regola.sim.aggregate import PairSums
from regola.sim.arms import Arm
from regola.sim.plan import game_spec
from regola.sim.planning import TOO_MANY, Need, rate_need
from regola.sim.seats import SeatChange, balance, marginal_homogeneity, mean_square
from regola.sim.stats import ALPHA, EXPLORATORY, PRIMARY, Estimate, Finding, PairedRates, PairedT, decide
from regola.sim.store import Store
from regola.sim.study import Lineup, Study, analyse
from regola.sim.worker import play_game, rows_of


def sums_of(a: np.ndarray, b: np.ndarray) -> PairSums:
    """What DuckDB computes, from raw pairs."""
    n = a.size
    return PairSums(n, float(a.mean()), float(b.mean()), float(a.var(ddof=1)), float(b.var(ddof=1)),
                    float(np.cov(a, b, ddof=1)[0, 1]), float((a * b).sum()), float((b - a).var(ddof=1)),
                    int((a != b).sum()), float(((b - a - (b - a).mean()) ** 4).mean()))


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


def paired_sums(both: int, lost: int, gained: int, neither: int) -> PairSums:
    a = np.array([1] * both + [1] * lost + [0] * gained + [0] * neither, dtype=float)
    b = np.array([1] * both + [0] * lost + [1] * gained + [0] * neither, dtype=float)
    return sums_of(a, b)


@settings(max_examples=60, deadline=None, database=None)
@given(both=st.integers(0, 50), lost=st.integers(0, 40), gained=st.integers(0, 40), neither=st.integers(0, 50),
       level=st.floats(0.8, 0.999))
def test_tangos_interval_is_the_dual_of_the_score_test(both: int, lost: int, gained: int, neither: int,
                                                       level: float) -> None:
    if both + lost + gained + neither < 2:
        return
    test = PairedRates(paired_sums(both, lost, gained, neither))
    n = both + lost + gained + neither
    assert test.diff == pytest.approx((gained - lost) / n)
    if lost + gained:  # the score test at 0 is McNemar's asymptotic test (statsmodels, no continuity correction)
        ref = mcnemar([[both, lost], [gained, neither]], exact=False, correction=False)
        assert test.p == pytest.approx(ref.pvalue, rel=1e-9)
    low, high = test.interval(level)
    assert -1 <= low <= test.diff + 1e-9 and test.diff - 1e-9 <= high <= 1
    assert (low > 0 or high < 0) == (test.p < 1 - level)


def test_tangos_interval_has_width_when_no_game_changed() -> None:
    """McNemar's conditional interval was [0, 0] here: it took the 0 changed games as fixed."""
    test = PairedRates(paired_sums(300, 0, 0, 700))
    low, high = test.interval(0.95)
    z2 = sps.norm.ppf(0.975) ** 2
    assert test.p == 1.0
    assert (low, high) == pytest.approx((-z2 / (1000 + z2), z2 / (1000 + z2)), rel=1e-6)


@pytest.mark.parametrize("lost_rate, gained_rate", [(0.0, 0.03), (0.02, 0.02), (0.05, 0.10)])
def test_tangos_interval_keeps_its_level_by_simulation(lost_rate: float, gained_rate: float) -> None:
    """Coverage of the true difference over 1,500 simulated comparisons of 400 games, including a rule that
    changes games one way only (McNemar's conditional interval covered about 48 % there)."""
    rng = np.random.default_rng(11)
    cells = rng.multinomial(400, [0.3, lost_rate, gained_rate, 0.7 - lost_rate - gained_rate], size=1500)
    truth = gained_rate - lost_rate
    covered = 0
    for both, lost, gained, neither in cells:
        low, high = PairedRates(paired_sums(both, lost, gained, neither)).interval(0.95)
        covered += low <= truth <= high
    assert 0.93 <= covered / len(cells) <= 0.985


def test_power_of_a_rate_is_worked_out_at_the_planned_alternative() -> None:
    """The games the power note asks for detect the planned difference about 80 % of the time when played
    (simulated with the score test itself); the normal formula from the observed standard error asked for
    too few (a third of the power), as few games had changed."""
    test = PairedRates(paired_sums(50, 5, 5, 940))  # 1 % of games changed, evenly
    level, target = 0.9875, 0.02
    normal = math.ceil(test.n * ((sps.norm.ppf(0.5 + level / 2) + sps.norm.ppf(0.8)) * test.se / target) ** 2)
    assert test.power(normal, target, level) < 0.5
    needed = next(n for n in range(100, 100_000, 10) if test.power(n, target, level) >= 0.8)
    rng = np.random.default_rng(3)
    changed = max((test.lost + test.gained) / test.n, target)  # the planned alternative: at least target
    cells = rng.multinomial(needed, [(changed - target) / 2, (changed + target) / 2, 1 - changed], size=4000)
    z = sps.norm.ppf(0.5 + level / 2)
    m = cells[:, 0] + cells[:, 1]
    rejected = np.abs(cells[:, 1] - cells[:, 0]) > z * np.sqrt(np.maximum(m, 1))
    assert abs(rejected.mean() - 0.8) < 0.03
    f = Finding("tie_break", "L", "v", PRIMARY, True, test, Estimate(1000, 0.1, 0, 0), Estimate(1000, 0.12, 0, 0))
    decide([f], detect=target)
    assert f.level == 0.95 and f.games_needed is not None and f.detectable is not None
    # the plan assumes the upper bound of the games that change (planning.py): at least the pilot's own need
    assert f.games_needed == rate_need(1000, 10, target, 0.95).games
    assert test.power(f.games_needed, target, 0.95) >= 0.8
    assert test.power(1000, f.detectable, 0.95) == pytest.approx(0.8, abs=0.01)


@settings(max_examples=25, deadline=None, database=None)
@given(seed=st.integers(0, 1000), tilt=st.floats(0, 0.3), level=st.sampled_from([0.95, 0.9875, 0.99375]))
def test_the_seat_change_bootstrap_interval_is_the_dual_of_its_p_value(seed: int, tilt: float, level: float) -> None:
    rng = random.Random(seed)
    patterns: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
    for _ in range(300):
        wa = rng.choices(range(3), weights=[1 + tilt * 3, 1, 1])[0]
        wb = wa if rng.random() < 0.6 else rng.choices(range(3), weights=[1, 1, 1 + tilt])[0]
        key = (3, (wa,), (wb,))
        patterns[key] = patterns.get(key, 0) + 1
    test = SeatChange([(*k, c) for k, c in sorted(patterns.items())], seed=seed, replicates=4000)
    low, high = test.interval(level)
    assert low <= high
    assert (low > 0 or high < 0) == (test.p < 1 - level)


def test_joint_test_of_equal_seats_and_the_seat_advantage() -> None:
    even = [(4, (s,), (s,), 25) for s in range(4)] + [(4, (0, 1), (0, 1), 3)]
    b = balance(even, seed=1)
    assert b.p_equal == pytest.approx(1.0) and b.tied == 3
    assert b.rates[0] == pytest.approx(28 / 103) and b.shares[0] == pytest.approx(26.5 / 103)  # a tie is shared
    assert b.rms == 0.0 and b.low == 0.0  # the small excess is below what chance alone gives
    skewed = balance([(4, (0,), (0,), 70), *[(4, (s,), (s,), 10) for s in (1, 2, 3)]], seed=1)
    assert skewed.p_equal < 1e-6 and skewed.rates[0] == pytest.approx(0.7) and skewed.fair == [0.25] * 4
    # (0.45² + 3 · 0.15²) / 4 less the chance part, Σ r(1 − r) / (n − 1) / 4 = (0.21 + 3 · 0.09) / 99 / 4
    assert skewed.rms == pytest.approx(math.sqrt((0.45 ** 2 + 3 * 0.15 ** 2) / 4 - 0.48 / 99 / 4))
    assert skewed.low < skewed.rms < skewed.high
    # random bots tie often: a tied win is shared, so seats that tie evenly are fair, not 5 pp above fair
    ties = balance([(4, (s,), (s,), 20) for s in range(4)] + [(4, (0, 1, 2, 3), (0, 1, 2, 3), 40)], seed=1)
    assert ties.rates == [0.5] * 4 and ties.rms == 0.0


# -- seat balance -------------------------------------------------------------------------------------------
def _single_winner_counts(rates: list[float], games: int, size: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).multinomial(games, rates, size=size).astype(float)


def _seat_design(k: int) -> tuple[np.ndarray, np.ndarray]:
    """The excess and seat matrices of the k single-winner patterns of a k-player game."""
    return np.eye(k) - 1 / k, np.ones((k, k))


@pytest.mark.parametrize("rates", [[0.25] * 4, [0.31, 0.25, 0.25, 0.19], [0.4, 0.3, 0.2, 0.1]])
def test_the_mean_square_seat_advantage_is_unbiased(rates: list[float]) -> None:
    """Over 4,000 simulated studies of 2,000 games, its mean is the true value; the best-minus-worst spread's
    is not (at equal seats it is about 2 pp, not 0)."""
    counts = _single_winner_counts(rates, 2000, 4000, seed=2)
    excess, exists = _seat_design(4)
    ms = mean_square(counts, excess, exists)
    truth = float(np.mean((np.array(rates) - 0.25) ** 2))
    assert abs(ms.mean() - truth) < 3 * ms.std() / math.sqrt(ms.size)
    if truth == 0:
        spread = (counts.max(axis=1) - counts.min(axis=1)) / 2000
        assert spread.mean() > 0.015


@pytest.mark.parametrize("rates", [[0.25] * 4, [0.31, 0.25, 0.25, 0.19]])
def test_the_seat_advantage_interval_covers_the_truth(rates: list[float]) -> None:
    """95 % bootstrap intervals over 300 simulated studies of 2,000 games cover the true RMS, equal seats
    included (best-minus-worst's interval never covered 0 there)."""
    truth = math.sqrt(float(np.mean((np.array(rates) - 0.25) ** 2)))
    covered = 0
    for i, row in enumerate(_single_winner_counts(rates, 2000, 300, seed=8)):
        patterns = [(4, (s,), (s,), int(c)) for s, c in enumerate(row) if c]
        b = balance(patterns, seed=i)
        covered += b.low - 1e-12 <= truth <= b.high + 1e-12
    assert covered / 300 >= 0.92


def test_the_seat_change_sees_the_middle_seats() -> None:
    """A rule that lifts the weakest seat (11.8 % → 22.8 %) to the middle while the best and worst rates stay:
    best-minus-worst reports no change, the seat advantage falls and the win shares moved."""
    base = [0.40, 0.118, 0.372, 0.11]
    rng = np.random.default_rng(4)
    winners = rng.choice(4, size=4000, p=base)
    moved = (winners == 2) & (rng.random(4000) < 0.11 / 0.372)
    variant = np.where(moved, 1, winners)
    pairs: dict[tuple[int, int], int] = {}
    for wa, wb in zip(winners, variant, strict=True):
        pairs[(int(wa), int(wb))] = pairs.get((int(wa), int(wb)), 0) + 1
    test = SeatChange([(4, (wa,), (wb,), c) for (wa, wb), c in sorted(pairs.items())], seed=1, replicates=4000)
    rates_a, rates_b = np.bincount(winners, minlength=4) / 4000, np.bincount(variant, minlength=4) / 4000
    assert abs(np.ptp(rates_b) - np.ptp(rates_a)) < 0.01  # the spread barely moves
    assert test.diff < -0.02 and test.p < 0.01 and test.shares_p < 1e-6
    assert test.interval(0.95)[1] < 0


def test_bhapkars_test_is_statsmodels_where_that_is_defined_and_works_where_it_is_not() -> None:
    rng = np.random.default_rng(1)
    for _ in range(20):
        table = rng.integers(0, 30, (4, 4)).astype(float)
        patterns = [(4, (i,), (j,), int(table[i, j])) for i in range(4) for j in range(4) if table[i, j]]
        ref = SquareTable(table, shift_zeros=False).homogeneity(method="bhapkar")
        assert marginal_homogeneity(patterns)[0] == pytest.approx(ref.pvalue, rel=1e-6)
    # seats 0 and 1 swap wins evenly, seats 2 and 3 unevenly: statsmodels gives NaN, the pseudo-inverse a test
    swaps = [(4, (0,), (1,), 40), (4, (1,), (0,), 40), (4, (2,), (3,), 40), (4, (3,), (2,), 10)]
    p, used = marginal_homogeneity(swaps)
    assert used == 130 and p < 0.001


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

        def plan(self, target: float, level: float) -> Need:
            return Need(None, TOO_MANY)

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
    """Arms of seat-0 losses against seat-0 wins: seat 0's win rate changes, the seat advantage does not."""
    won = [i for i, (g, _) in enumerate(pool) if g["winners"] == [0]][:60]
    lost = [i for i, (g, _) in enumerate(pool) if g["winners"] == [1]][:60]
    _write(tmp_path, arms, pool, {"base": lost, "triple-rewards": won})
    analysis = analyse(_study(arms, 60), tmp_path, threads=1)
    by = {f.name: f for f in analysis.findings["triple-rewards"]}
    assert by["win.seat0"].significant and by["win.seat0"].diff == 1.0
    assert by["win.seat0"].test.method == "Tango score"
    seats = by["seat_balance"]
    assert seats.test.method == "paired bootstrap" and seats.base.value == 0.5 and seats.value.value == 0.5
    assert not seats.significant  # seat 1 always winning is as unfair as seat 0 always winning
    assert math.isfinite(by["length"].test.p) and by["length"].family == PRIMARY


def test_the_seat_advantage_power_is_worked_out_by_simulation_at_the_planned_table() -> None:
    """The games that the power figure says detect a 3 pp rise of the seat advantage detect it about 80 % of
    the time when games are drawn from the planned table of seat shares and tested by SeatChange itself."""
    rng = np.random.default_rng(9)
    winners = rng.choice(4, size=4000, p=[0.34, 0.25, 0.22, 0.19])
    moved = (winners == 0) & (rng.random(4000) < 0.2)
    variant = np.where(moved, 3, winners)
    pairs: dict[tuple[int, int], int] = {}
    for wa, wb in zip(winners, variant, strict=True):
        pairs[(int(wa), int(wb))] = pairs.get((int(wa), int(wb)), 0) + 1
    test = SeatChange([(4, (a,), (b,), c) for (a, b), c in sorted(pairs.items())], seed=2)
    assert test.reach() > 0.03
    needed = next(n for n in range(50, 20_000, 25) if test.power(n, 0.03, 0.95) >= 0.8)
    found = test._alternatives(test.rms_a).at(test.changed() / test.n, 0.03)
    assert found is not None
    draw = np.random.default_rng(21)
    rejected = 0
    for i, counts in enumerate(draw.multinomial(needed, found.probs, size=150)):
        study = SeatChange([(p, wa, wb, int(c)) for (p, wa, wb, _), c in
                            zip(found.source.patterns, counts, strict=True) if c], seed=i, replicates=1000)
        low, high = study.interval(0.95)
        rejected += low > 0 or high < 0
    assert abs(rejected / 150 - 0.8) < 0.1

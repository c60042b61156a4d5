"""The statistics: pairing pairs, an A/A comparison flags no more than the nominal rate, a large known
effect is found with a paired interval narrower than the unpaired one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pandas as pd
import pytest
from tests.sim.helpers import TRIPLE, cli, table

from regola.core.game import Ruleset
from regola.core.pack import load_pack
from regola.sim.metrics import metrics
from regola.sim.plan import game_spec
from regola.sim.stats import compare, difference
from regola.sim.worker import play_game, rows_of


@pytest.fixture(scope="module")
def pool() -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """Rows of 240 real random 2-player games of the base pack."""
    ruleset = Ruleset(load_pack("cs"))
    games, actions = [], []
    for i in range(240):
        spec = game_spec(i, 99, (2,), ("random",))
        row, acts = rows_of(play_game(ruleset, spec, "beginner"), "pool", spec, "beginner", 99)
        games.append(row)
        actions.extend(acts)
    return games, actions


def _arms(pool: tuple[list[dict[str, object]], list[dict[str, object]]], picks: dict[str, list[int]]
          ) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Arms made of chosen pool games, renumbered 0..n-1 so that game k of each arm forms a pair."""
    games, actions = pool
    by_game: dict[object, list[dict[str, object]]] = {}
    for a in actions:
        by_game.setdefault(a["game"], []).append(a)
    g_rows, a_rows = [], []
    for arm, indices in picks.items():
        for k, i in enumerate(indices):
            g_rows.append({**games[i], "arm": arm, "game": k})
            a_rows += [{**a, "arm": arm, "game": k} for a in by_game.get(games[i]["game"], [])]
    return pd.DataFrame(g_rows), pd.DataFrame(a_rows)


def test_a_over_a_flags_no_more_than_the_nominal_rate(pool: tuple[list[dict[str, object]], list[dict[str, object]]]
                                                      ) -> None:
    """20 A/A comparisons (same rules, independent games per arm): with Holm over ~25 metrics the chance
    that a repetition flags anything is ≤ 5 %, so 5 or more flagged repetitions out of 20 (p ≈ 0.003 if
    the procedure holds its level) fail the test; and the unadjusted p-values must not all be small."""
    rng = random.Random(5)
    flagged_reps, flags, tests, raw_small = 0, 0, 0, 0
    for _ in range(20):
        order = rng.sample(range(240), 200)
        games, actions = _arms(pool, {"A": order[:100], "B": order[100:]})
        found, _ = metrics(games, actions, ["A", "B"])
        results = compare(found, "A", ["A", "B"], power=False)  # power notes do not decide flags
        diffs = [d for r in results for d in r.differences]
        tests += len(diffs)
        flags += sum(d.significant for d in diffs)
        flagged_reps += any(d.significant for d in diffs)
        raw_small += sum(d.p < 0.05 for d in diffs)
    assert tests >= 20 * 15
    assert flagged_reps <= 4
    assert flags <= 6
    assert raw_small <= 0.12 * tests  # the raw p-values themselves are about uniform under A/A


def test_a_real_difference_in_the_pool_is_found(pool: tuple[list[dict[str, object]], list[dict[str, object]]]
                                                ) -> None:
    """The same machinery is not blind: arms of seat-0 wins against seat-0 losses differ in seat 0's win rate."""
    games = pool[0]
    won = [i for i, g in enumerate(games) if g["winners"] == [0]][:40]
    lost = [i for i, g in enumerate(games) if 0 not in g["winners"]][:40]
    g, a = _arms(pool, {"A": lost, "B": won})
    found, _ = metrics(g, a, ["A", "B"])
    result = next(r for r in compare(found, "A", ["A", "B"]) if r.name == "win.seat0")
    assert result.differences[0].significant and result.differences[0].diff == 1.0


def test_pairing_is_by_game_not_by_row_order(pool: tuple[list[dict[str, object]], list[dict[str, object]]]) -> None:
    g, a = _arms(pool, {"A": list(range(0, 60)), "B": list(range(60, 120))})
    found, _ = metrics(g, a, ["A", "B"])
    shuffled_g = pd.concat([g[g["arm"] == "A"], g[g["arm"] == "B"].sample(frac=1, random_state=1)])
    found_shuffled, _ = metrics(shuffled_g, a.sample(frac=1, random_state=2), ["A", "B"])
    for m, s in zip(found, found_shuffled, strict=True):
        assert difference(m, "A", "B") == difference(s, "A", "B")


def test_tripled_rewards_are_detected_and_pairing_narrows_the_interval(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, report = tmp_path / "data", tmp_path / "report"
    code, _, err = cli(capsys, "compare", TRIPLE, "--players", "2", "--bots", "random", "--games", "40",
                       "--seed", "4", "--jobs", "1", "--out", str(out), "--report", str(report), "--no-plots",
                       "--quiet")
    assert code == 0, err
    games = table(out).to_pylist()
    base = {g["game"]: g for g in games if g["arm"] == "base"}
    variant = {g["game"]: g for g in games if g["arm"] == "triple-rewards"}
    assert base.keys() == variant.keys() == set(range(40))
    for k in base:  # the paired design: the same game (seed, seats) in both arms, only the rules differ
        assert (base[k]["seed"], base[k]["bots"]) == (variant[k]["seed"], variant[k]["bots"])
        assert base[k]["content_hash"] != variant[k]["content_hash"]
    data = json.loads((report / "report.json").read_text())
    score = next(m for m in data["metrics"] if m["name"] == "score.mean")
    d = score["differences"][0]
    assert d["significant"] and d["p_adjusted"] < 0.05 and d["paired_low"] > 0
    assert score["arms"]["triple-rewards"]["value"] > 1.5 * score["arms"]["base"]["value"]
    assert d["paired_high"] - d["paired_low"] < d["unpaired_high"] - d["unpaired_low"]
    assert data["correction"] == "holm" and "Holm" in (report / "report.md").read_text()

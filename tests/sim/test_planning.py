"""compare --plan: a pilot fixes the games for a stated effect before they are played, and the plan it
records is what the pilot's power figures ask for."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from regola.cli.main import main
from regola.sim.arms import load_arm
from regola.sim.study import Lineup, Study, analyse, plan_games, unchanged


def test_the_plan_is_the_largest_need_of_the_questions_that_can_be_planned(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert main(["compare", "ml-catch-up-income", "--plan", "--pilot", "60", "--players", "2", "--bots", "random",
                 "--detect", "0.1", "--out", str(out), "--quiet", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    history = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    assert history["planned_for"] == {"detect": 0.1, "pilot": 60}
    study = Study(load_arm("base", "cs", []), [load_arm("ml-catch-up-income", "cs", ["ml-catch-up-income"])],
                  [Lineup("random", ("random",))], (2,), "beginner", 60, 0)
    analysis = analyse(study, out, detect=0.1, threads=1)
    needed, rows = plan_games(analysis, out, 0.1)
    planned = [games for f, games in rows if not unchanged(f)]
    assert needed == history["planned_games"] == (None if None in planned else max(planned))  # type: ignore[type-var]
    assert any(g is not None for g in planned)
    assert (f"--games {needed}," if needed else "No plan:") in printed and len(rows) == 4
    for f, games in rows:  # each need is the power note's own figure
        assert games is None or games == f.games_needed


def test_a_plan_needs_a_folder_to_keep_the_pilot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "ml-catch-up-income", "--plan", "--players", "2", "--bots", "random"]) != 0
    assert "--plan: give --out" in capsys.readouterr().err


def test_unchanged_means_no_standard_error() -> None:
    class T:
        se = math.nan

    class F:
        test = T()

    assert unchanged(F())  # type: ignore[arg-type]

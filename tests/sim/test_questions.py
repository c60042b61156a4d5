"""The primary questions come from data (questions.yaml) and apply where the games record what they need:
a game without a metrics hook (Princes of Florence) still gets a score and a tie-break share from its
standings, so all four questions apply to both games."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.helpers import cli, table

from regola.sim.aggregate import Source, connection
from regola.sim.questions import applicable, declared


def test_the_declared_questions_are_the_four_primary_ones() -> None:
    assert [q.id for q in declared()] == ["seat_balance", "length", "margin", "tie_break"]
    assert [q.id for q in applicable({"length.decisions"}, 1)] == ["length"]  # one seat: no seat balance


@pytest.mark.parametrize(("pack", "setup"), [("cs", "beginner"), ("pl", "standard")])
def test_every_question_applies_to_both_games(pack: str, setup: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    code, _, err = cli(capsys, "simulate", "--pack", pack, "--setup", setup, "--players", "3", "--bots", "random",
                       "--games", "6", "--jobs", "1", "--quiet", "--out", str(out))
    assert code == 0, err
    rows = table(out).to_pylist()
    for row in rows:  # the score ranks the standings first: the winners hold the best score
        best = max(row["score"])
        assert {s for s, x in enumerate(row["score"]) if x == best} >= set(row["winners"])
        assert row["tie_break"] == (sum(1 for x in row["score"] if x == best) > 1)
    with connection(1) as con:
        metrics = {m.name for m in Source(con, out, 6).metrics}
    assert [q.id for q in applicable(metrics, 3)] == ["seat_balance", "length", "margin", "tie_break"]

"""A command's defaults come from the pack (issue 30): `simulate` and `compare` on Princes of Florence
once stopped at "--setup 'beginner': pack pl knows standard", and compare's report looked up Maestro
Leonardo's catalog for Princes of Florence's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.sim.helpers import cli, table


def test_simulate_takes_the_pack_s_first_setup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "simulate", "--pack", "pl", "--players", "2", "--games", "3", "--jobs", "1",
                       "--out", str(tmp_path / "pl"))
    assert code == 0, err
    assert table(tmp_path / "pl").num_rows == 3


def test_compare_words_a_princes_of_florence_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "compare", "--pack", "pl", "muse-and-princess", "--players", "2", "--games", "4",
                         "--jobs", "1", "--report", str(tmp_path / "report"))
    assert code == 0, err
    report = (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert "Maestro" not in report and "gulden" not in report.lower()

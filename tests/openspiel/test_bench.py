"""The speed table of issue 32 (tools/bench_openspiel.py --games-table) runs and names every game."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyspiel")

from tests.tool_modules import load_tool


def test_the_games_table_gives_a_rate_for_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    tool = load_tool("bench_openspiel")
    assert tool.main(["--games-table", "--seconds", "0.05", "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert list(said["games_per_second"]) == list(tool.GAMES_TABLE)
    rates = said["games_per_second"]
    assert all(rate > 0 for rate in rates.values())
    assert rates["regola_cs(players=2,variants=ml-tiny)"] > rates["regola_cs(players=2)"]  # a game of 11 decisions

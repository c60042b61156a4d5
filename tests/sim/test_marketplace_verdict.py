"""The case that asked for the probe bot (issue 28): under Codex Leonardi II's marketplace the greedy bots
never exchange, so a verdict from them alone is about the old game. `compare` with its default lineups
has a lineup that exchanges in most of the variant's games, and the report flags the one that never does."""

from __future__ import annotations

import json
from pathlib import Path

from tests.sim.helpers import table

from regola.cli.main import main
from regola.sim.study import DEFAULT_LINEUPS


def test_the_default_lineups_play_the_marketplace_and_flag_the_one_that_does_not(tmp_path: Path) -> None:
    assert any("probe" in lineup for lineup in DEFAULT_LINEUPS)
    out, report = tmp_path / "out", tmp_path / "report"
    games = 8
    assert main(["compare", "codex-leonardi-2", "--players", "4", "--games", str(games), "--seed", "3",
                 "--out", str(out), "--report", str(report), "--quiet", "--no-plots"]) == 0
    moves = json.loads((report / "report.json").read_text(encoding="utf-8"))["moves"]["codex-leonardi-2"]
    assert moves["added"] == ["exchange"]
    assert moves["unused"]["greedy"] == ["exchange"]  # the flag: greedy's verdict is about the old game
    assert moves["unused"]["probe,greedy"] == []
    rows = table(out / "probe_greedy", "actions").to_pylist()
    exchanged = {r["game"] for r in rows if r["arm"] == "codex-leonardi-2" and r["kind"] == "exchange" and r["count"]}
    assert len(exchanged) >= games / 2, sorted(exchanged)
    assert not any(r["kind"] == "exchange" for r in table(out / "greedy", "actions").to_pylist())
    text = (report / "report.md").read_text(encoding="utf-8")
    assert "With greedy the bots never made market exchange" in text  # the kind in words, without --lang

"""Verdicts across bot lineups, on real games: a known effect on one primary question is found under every
lineup, and an effect that depends on the bots is reported as such.

The variant (data/rich-short.yaml) has both: four normal rounds instead of seven shorten every game,
whoever plays it; ten gulden on the council at the start make random bots' winners finish further
ahead, while greedy bots, on the shorter game, finish closer together.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.sim.helpers import DATA, cli

RICH_SHORT = str(DATA / "rich-short.yaml")


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    from regola.cli.main import main

    folder = tmp_path_factory.mktemp("lineups")
    assert main(["compare", RICH_SHORT, "--players", "2", "--lineups", "random;greedy", "--games", "160", "--seed",
                 "1", "--jobs", "2", "--quiet", "--no-plots", "--report", str(folder)]) == 0
    data = json.loads((folder / "report.json").read_text())
    findings = {(f["name"], f["lineup"]): f for f in data["findings"]["rich-short"]}
    return {v["question"]: {**v, "findings": findings} for v in data["verdicts"]["rich-short"]}


def test_a_known_effect_on_game_length_is_found_under_every_lineup(verdicts: dict[str, dict[str, object]]) -> None:
    length = verdicts["length"]
    assert length["kind"] == "agree"
    findings = length["findings"]
    assert isinstance(findings, dict)
    for lineup in ("random", "greedy"):
        f = findings[("length", lineup)]
        assert f["significant"] and f["high"] < -30  # three rounds fewer: dozens of decisions fewer
    assert "This holds under every lineup played (random and greedy)." in str(length["summary"])


def test_an_effect_that_depends_on_the_bots_is_reported_as_such(verdicts: dict[str, dict[str, object]]) -> None:
    margin = verdicts["margin"]
    findings = margin["findings"]
    assert isinstance(findings, dict)
    random_, greedy = findings[("margin", "random")], findings[("margin", "greedy")]
    assert random_["diff"] > 0 > greedy["diff"]  # opposite directions
    assert margin["kind"] == "depends"
    assert margin["heterogeneity_p"] is not None and margin["heterogeneity_p"] < 0.05 / 8
    assert "depends on the bots" in str(margin["summary"])


def test_lineups_are_parsed_and_refused_clearly(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = cli(capsys, "compare", RICH_SHORT, "--bots", "random", "--lineups", "greedy", "--games", "2")
    assert code != 0 and err.count("\n") == 1 and "not both" in err
    code, _, err = cli(capsys, "compare", RICH_SHORT, "--lineups", "greedy;greedy", "--games", "2")
    assert code != 0 and "named twice" in err
    code, _, err = cli(capsys, "compare", RICH_SHORT, "--lineups", "greedy:temp=2;nosuch", "--games", "2")
    assert code != 0 and "unknown bot 'nosuch'" in err and not (tmp_path / "x").exists()

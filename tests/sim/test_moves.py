"""Which moves a variant adds or changes, from the two action tables (regola.sim.moves): a form that brings
its own move adds it, a form that lists another amount changes it, a rule of numbers or of words adds none."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.core.pack import load_pack
from regola.sim.moves import new_moves


@pytest.mark.parametrize(("variant", "added", "changed"), [
    ("pf-dutch-auction", ["accept"], []),
    ("pf-sealed-auction", ["seal"], []),
    ("pf-profession-draft", ["pick"], []),
    ("pf-end-at-50", [], []),
    ("pf-open-prestige", [], []),
])
def test_the_moves_of_the_house_rules(variant: str, added: list[str], changed: list[str]) -> None:
    assert new_moves(load_pack("pl"), load_pack("pl", variants=[variant])) == {"added": added, "changed": changed}


def test_a_raise_by_amounts_changes_the_raise(tmp_path: Path) -> None:
    path = tmp_path / "raise.yaml"
    path.write_text("variant:\n  id: raise\n  base: [pl]\n  title: Raise\n  changes:\n    - {op: replace, path: "
                    "/mechanics/auction/raise, value: {kind: multiple, by: 100, max: 300}}\n", encoding="utf-8")
    assert new_moves(load_pack("pl"), load_pack("pl", variants=[path])) == {"added": [], "changed": ["raise"]}


def test_a_house_rule_of_larger_raises_is_played_and_the_report_counts_them(tmp_path: Path) -> None:
    """Issue 44, item 3: under pf-raise-more (raise by any multiple of 100 up to 500) the probe bot of the
    default lineups hears the larger raises beside greedy's least one and makes some, so its games differ
    from the printed rules'; greedy alone never does; the report says how often per game."""
    import json

    from tests.sim.helpers import table

    from regola.cli.main import main
    from regola.sim.study import DEFAULT_LINEUPS

    assert "probe,greedy" in DEFAULT_LINEUPS
    out, report = tmp_path / "out", tmp_path / "report"
    assert main(["compare", "pf-raise-more", "--pack", "pl", "--players", "4", "--lineups", "probe,greedy;greedy",
                 "--games", "12", "--seed", "1", "--out", str(out), "--report", str(report), "--quiet",
                 "--no-plots"]) == 0
    larger = json.loads((report / "report.json").read_text(encoding="utf-8"))["moves"]["pf-raise-more"]["larger"]
    assert larger["probe,greedy"]["raise"] > 0 and larger["greedy"]["raise"] == 0
    rows = table(out / "probe_greedy", "actions").to_pylist()
    assert any(r["kind"] == "raise+" and r["count"] for r in rows if r["arm"] == "pf-raise-more")
    games = {(r["arm"], r["game"]): (r["decisions"], r["winners"]) for r in table(out / "probe_greedy", "games")
             .to_pylist()}
    assert any(games[("base", g)] != games[("pf-raise-more", g)] for g in range(12))
    assert "raise the bid, larger than the least offered" in (report / "report.md").read_text(encoding="utf-8")

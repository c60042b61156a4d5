"""`regola rules diff --variant FILE [--lang L]`: what a variant changes, as rule texts before and after."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regola import paths
from regola.cli.main import main

VARIANTS = paths.home() / "rulepacks" / "cs" / "variants"
COUNCIL = str(VARIANTS / "codex-leonardi-1.yaml")
MARKET = str(VARIANTS / "codex-leonardi-2.yaml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", "diff", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("lang", "heading", "before", "after", "added"), [
    ("de", "Was die Variante ändert: codex-leonardi-1", "bisher:", "neu:", "(neue Regel)"),
    ("cs", "Co varianta mění: codex-leonardi-1", "dříve:", "nyní:", "(nové pravidlo)"),
    ("fr", "Ce que change la variante : codex-leonardi-1", "avant :", "désormais :", "(nouvelle règle)"),
])
def test_council_variant_in_each_language(capsys: pytest.CaptureFixture[str], lang: str, heading: str,
                                          before: str, after: str, added: str) -> None:
    code, out, _ = run(capsys, "--variant", COUNCIL, "--lang", lang)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == heading
    moved = lines.index(next(line for line in lines if line.startswith("council.move_apprentice — ")))
    assert lines[moved + 1].lstrip().startswith(before) and lines[moved + 2].lstrip().startswith(after)
    # the base lets only the own apprentice move, from A on; the variant any colour, from B on
    district_a = {"de": "A Rat", "cs": "A Radnice", "fr": "A "}[lang]
    assert district_a in lines[moved + 1] and district_a not in lines[moved + 2].split(".")[1]
    assert any(line.startswith("variant.codex_council — ") and line.endswith(added) for line in lines)


def test_market_variant_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--variant", MARKET, "--lang", "de", "--json")
    data = json.loads(out)
    assert code == 0 and data["language"] == "de" and data["variants"] == ["codex-leonardi-2"]
    changed = {c["id"]: c for c in data["changed"]}
    assert "I Marktplatz" in changed["district.order"]["after"]["text"]
    assert "I Marktplatz" not in changed["district.order"]["before"]["text"]
    assert [r["id"] for r in data["added"]] == ["variant.codex_market"] and data["removed"] == []


def test_a_changed_number_shows_before_and_after(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    variant = tmp_path / "dear-city.yaml"
    variant.write_text("variant:\n  id: dear-city\n  base: [cs]\n  title: Dear city\n  cites: [R6]\n"
                       "  changes:\n    - {op: replace, path: /city/cost_track/3, value: 7}\n", encoding="utf-8")
    code, out, _ = run(capsys, "--variant", str(variant), "--lang", "fr")
    assert code == 0
    lines = out.splitlines()
    track = lines.index(next(line for line in lines if line.startswith("district.cost_track — ")))
    assert "4" in lines[track + 1] and "7" not in lines[track + 1]
    assert "7" in lines[track + 2]


def test_a_variant_that_changes_no_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    variant = tmp_path / "same.yaml"
    variant.write_text("variant:\n  id: same\n  base: [cs]\n  title: Same\n  cites: [R6]\n"
                       "  changes:\n    - {op: replace, path: /city/cost_track/0, value: 0}\n", encoding="utf-8")
    code, out, _ = run(capsys, "--variant", str(variant), "--lang", "cs")
    assert code == 0 and out.splitlines()[1] == "Varianta nemění žádný text pravidel."


def test_diff_needs_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "de")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--variant" in err

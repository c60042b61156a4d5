"""`regola rules diff --variant FILE [--lang L]`: what a variant changes — rules before and after, and
every value it changes (a beginner seat's money included) before → after, in the reader's language,
the variant named by its title."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regola import paths
from regola.cli.main import main

VARIANTS = paths.home() / "rulepacks" / "cs" / "variants"
COUNCIL = str(VARIANTS / "codex-leonardi-1.yaml")
MARKET = str(VARIANTS / "codex-leonardi-2.yaml")
RICH_START = """variant:
  id: club-rich-start
  base: [cs]
  title: Club rule, a richer start
  cites: [R1]
  changes:
    - {op: replace, path: /setup/beginner/seats/0/money, value: 15}
    - {op: replace, path: /setup/council_money, value: 9}
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", "diff", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("lang", "heading", "before", "after", "added"), [
    ("de", "Was die Variante „Codex Leonardi I: starker Rat“ ändert:", "bisher:", "neu:", "(neue Regel)"),
    ("cs", "Co mění varianta „Codex Leonardi I: mocná radnice“:", "dříve:", "nyní:", "(nové pravidlo)"),
    # French typography: no-break spaces inside guillemets and before a colon
    ("fr", "Ce que change la variante «\u00a0Codex Leonardi I\u00a0: Conseil renforcé\u00a0»\u00a0:", "avant\u00a0:",
     "désormais\u00a0:",
     "(nouvelle règle)"),
])
def test_council_variant_in_each_language(capsys: pytest.CaptureFixture[str], lang: str, heading: str,
                                          before: str, after: str, added: str) -> None:
    code, out, _ = run(capsys, "--variant", COUNCIL, "--lang", lang)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == heading  # the variant by its title in the reader's language, not its id
    moved = lines.index(next(line for line in lines if line.startswith("council.move_apprentice — ")))
    assert lines[moved + 1].lstrip().startswith(before)
    after_line = next(line for line in lines[moved + 2:] if line.lstrip().startswith(after))
    # the base lets only the own apprentice move, from A on; the variant any colour, from B on
    district_a = {"de": "A Rat", "cs": "A Radnice", "fr": "A "}[lang]
    assert district_a in " ".join(lines[moved + 1:lines.index(after_line)])
    assert district_a not in after_line.split(".")[1]
    assert any(line.startswith("variant.codex_council — ") and line.endswith(added) for line in lines)


def test_market_variant_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--variant", MARKET, "--lang", "de", "--json")
    data = json.loads(out)
    assert code == 0 and data["language"] == "de" and data["variants"] == ["codex-leonardi-2"]
    changed = {c["id"]: c for c in data["changed"]}
    assert "I Marktplatz" in changed["district.order"]["after"]["text"]
    assert "I Marktplatz" not in changed["district.order"]["before"]["text"]
    assert [r["id"] for r in data["added"]] == ["variant.codex_market"] and data["removed"] == []
    assert data["titles"] == ["Codex Leonardi II: Marktplatz"]


def test_a_changed_number_shows_before_and_after(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    variant = tmp_path / "dear-city.yaml"
    variant.write_text("variant:\n  id: dear-city\n  base: [cs]\n  title: Dear city\n  cites: [R6]\n"
                       "  changes:\n    - {op: replace, path: /city/cost_track/3, value: 7}\n", encoding="utf-8")
    code, out, _ = run(capsys, "--variant", str(variant), "--lang", "fr")
    assert code == 0
    text = " ".join(out.split())
    track = text.index("district.cost_track — ")
    before, after = text.index("avant :", track), text.index("désormais :", track)
    assert "4" in text[before:after] and "7" not in text[before:after]
    assert "7" in text[after:text.index("[", after)]
    assert "« Dear city »" in text.splitlines()[0]  # a house rule by the title its author gave it


@pytest.mark.parametrize(("lang", "seat_money", "council"), [
    ("de", "Einsteiger-Ausstattungen · a) Gelb · Gulden: 3 → 15", "Zu Spielbeginn liegt im Rat bereits 9 Gulden."),
    ("cs", "a) žlutá", "9 guldenů"),
    ("fr", "3 → 15", "9 florins"),
])
def test_a_beginner_seat_money_change_is_said_in_words_and_numbers(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, seat_money: str, council: str) -> None:
    """Issue 19: `rules diff` left out a change to the beginner seats' money (no sentence shows it)."""
    variant = tmp_path / "rich.yaml"
    variant.write_text(RICH_START, encoding="utf-8")
    code, out, _ = run(capsys, "--variant", str(variant), "--lang", lang)
    assert code == 0
    text = " ".join(out.replace("\u00a0", " ").split())
    assert seat_money in text and council in text
    assert "/setup/beginner/seats" not in text  # words, not pointers
    code, out, _ = run(capsys, "--variant", str(variant), "--lang", lang, "--json")
    cells = [v for v in json.loads(out)["values"] if v["kind"] == "table"]
    assert [(c["before"], c["after"], c["rule"]) for c in cells] == [("3", "15", "setup.beginner_seats")]


def test_a_variant_that_changes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    variant = tmp_path / "same.yaml"
    variant.write_text("variant:\n  id: same\n  base: [cs]\n  title: Same\n  cites: [R6]\n"
                       "  changes:\n    - {op: replace, path: /city/cost_track/0, value: 0}\n", encoding="utf-8")
    code, out, _ = run(capsys, "--variant", str(variant), "--lang", "cs")
    assert code == 0 and out.splitlines()[1] == "Varianta nemění žádné pravidlo ani hodnotu."


def test_diff_needs_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "de")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--variant" in err

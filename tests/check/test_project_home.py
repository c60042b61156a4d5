"""The checker checks what you point at: a clone of a pack repository, with regola installed from
another checkout, is checked against its own packs — from its folder, a sub-folder, or by PATH."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from check_helpers import REPO, replace_once

PACKS = ("cs", "de", "fr")


def _clone(root: Path, schemas: bool = False) -> Path:
    """A pack repository as a club keeps it: rulepacks/ (a few packs, the rulings), no Python code."""
    (root / "rulepacks").mkdir(parents=True)
    shutil.copy(REPO / "rulepacks" / "rulings.yaml", root / "rulepacks" / "rulings.yaml")
    for pack in PACKS:
        shutil.copytree(REPO / "rulepacks" / pack, root / "rulepacks" / pack)
    if schemas:
        shutil.copytree(REPO / "schemas", root / "schemas")
    (root / "docs").mkdir()
    return root


def _check(cwd: Path, *args: str) -> tuple[int, dict[str, object], str]:
    """`regola check` as a user runs it: another process, this checkout's regola, no REGOLA_HOME."""
    env = {k: v for k, v in os.environ.items() if k != "REGOLA_HOME"}
    done = subprocess.run([sys.executable, "-m", "regola.cli.main", "check", "--format", "json", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    return done.returncode, json.loads(done.stdout), done.stderr


def _codes(report: dict[str, object]) -> list[tuple[str, str]]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return [(f["code"], f["file"]) for f in findings if f["severity"] == "error"]


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    made = _clone(tmp_path / "club-packs")
    # the German pack alone changes its cost track: an undeclared difference from cs and fr
    replace_once(made / "rulepacks" / "de" / "city.yaml", "cost_track: [0, 2, 3, 4]", "cost_track: [0, 2, 3, 5]")
    return made


def test_check_in_the_clone_checks_the_clones_packs(clone: Path) -> None:
    status, report, _ = _check(clone)
    assert status == 1
    assert ("SRC_DIFF_UNDECLARED", "rulepacks/de/city.yaml") in _codes(report)


def test_check_from_a_sub_folder_finds_the_project_upward(clone: Path) -> None:
    status, report, _ = _check(clone / "docs")
    assert status == 1
    assert any(code == "SRC_DIFF_UNDECLARED" for code, _ in _codes(report))


def test_check_path_compares_with_the_packs_beside_it(clone: Path, tmp_path: Path) -> None:
    # run from a folder outside any project: the PATH's own home is the other side, not the installed packs
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    status, report, _ = _check(elsewhere, str(clone / "rulepacks" / "de"))
    assert status == 1
    assert any(code == "SRC_DIFF_UNDECLARED" for code, _ in _codes(report))
    status, report, _ = _check(clone, "rulepacks/de")
    assert status == 1
    assert any(code == "SRC_DIFF_UNDECLARED" for code, _ in _codes(report))


def test_a_clean_clone_passes_and_says_nothing_about_its_home(tmp_path: Path) -> None:
    made = _clone(tmp_path / "clean", schemas=True)
    status, report, stderr = _check(made, "--strict")
    assert status == 0, report
    assert "with the packs of" not in str(report["summary"])
    assert stderr == ""


def test_outside_any_project_the_bundled_packs_are_checked_and_named(tmp_path: Path) -> None:
    status, report, _ = _check(tmp_path)
    assert status == 0
    assert "with the packs of" in str(report["summary"]) and "bundled with regola" in str(report["summary"])

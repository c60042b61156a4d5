"""The data home is chosen in one place: REGOLA_HOME, else the project found from the working folder
upward (rulepacks/ or regola.toml), else the bundled packs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from regola import paths
from regola.cli.main import main
from regola.core.errors import RegolaError
from regola.core.home import current, discover, home_of
from regola.core.pack import load_pack

REPO = Path(__file__).resolve().parents[2]


def _project(root: Path, *packs: str) -> Path:
    (root / "rulepacks").mkdir(parents=True)
    shutil.copy(REPO / "rulepacks" / "rulings.yaml", root / "rulepacks" / "rulings.yaml")
    for pack in packs:
        shutil.copytree(REPO / "rulepacks" / pack, root / "rulepacks" / pack)
    return root


def test_the_nearest_project_upward_wins(tmp_path: Path) -> None:
    project = _project(tmp_path / "outer")
    deep = project / "a" / "b"
    deep.mkdir(parents=True)
    assert discover(deep, env={}).root == project.resolve()
    assert discover(deep, env={}).how == "project"
    assert discover(deep, env={}).note(deep) is None


def test_regola_home_beats_the_project(tmp_path: Path) -> None:
    project = _project(tmp_path / "p")
    found = discover(project, env={"REGOLA_HOME": str(tmp_path)})
    assert (found.root, found.how) == (tmp_path.resolve(), "env")
    assert "REGOLA_HOME" in (found.note(project) or "")


def test_without_a_project_the_bundled_packs_and_a_note(tmp_path: Path) -> None:
    found = discover(tmp_path, env={})
    assert (found.root, found.how) == (paths.bundled(), "bundled")
    assert found.note(tmp_path) is None  # the packs that ship with regola: the obvious ones, not said
    assert "bundled with regola" in found.describe()  # what `check` names in its summary


def test_regola_toml_names_a_sub_folder(tmp_path: Path) -> None:
    _project(tmp_path / "data")
    (tmp_path / "regola.toml").write_text('[regola]\nhome = "data"\n', encoding="utf-8")
    assert discover(tmp_path, env={}).root == (tmp_path / "data").resolve()


@pytest.mark.parametrize(("text", "says"), [
    ("[regola\n", "not valid TOML"),
    ('[regola]\npacks = "x"\n', "unknown key 'packs'"),
    ('[regola]\nhome = "nowhere"\n', "has no rulepacks/"),
])
def test_a_broken_regola_toml_is_one_clear_line(tmp_path: Path, text: str, says: str) -> None:
    (tmp_path / "regola.toml").write_text(text, encoding="utf-8")
    with pytest.raises(RegolaError, match=says):
        discover(tmp_path, env={})


def test_a_pack_path_borrows_from_its_own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # de borrows its setup from cs: from the clone's cs, never the installed one
    project = _project(tmp_path / "clone", "cs", "de")
    monkeypatch.delenv("REGOLA_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    assert home_of(project / "rulepacks" / "de").root == project.resolve()
    assert load_pack(project / "rulepacks" / "de").root == (project / "rulepacks" / "de").resolve()
    borrowed = load_pack(project / "rulepacks" / "de")._locator.borrowed
    assert borrowed and all(lender.root.is_relative_to(project.resolve()) for _, lender in borrowed)


def test_commands_accept_a_pack_folder_and_name_a_foreign_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("REGOLA_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    assert current().how == "bundled"
    assert main(["play", "--pack", str(REPO / "rulepacks" / "pl"), "--players", "3", "--seed", "1",
                 "--bots", "random"]) == 0
    captured = capsys.readouterr()
    assert "pack pl" in captured.out
    assert "regola: packs from" not in captured.err  # the bundled packs need no line (issue 45 item 7)
    assert main(["rules", "show", "auction.raise", "--pack", str(REPO / "rulepacks" / "pl")]) == 0
    assert "auction.raise" in capsys.readouterr().out

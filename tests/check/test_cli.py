"""`regola check` on the command line: formats, exit statuses, colour rules, and the shipped packs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from check_helpers import CORPUS, REPO, make_home, replace_once

from regola.check import CODES, run
from regola.check.report import exit_status
from regola.cli.main import main


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    made = make_home(tmp_path / "home", ("cs", "fr"), text=False)  # codex-leonardi-1 applies to both
    monkeypatch.setenv("REGOLA_HOME", str(made))
    monkeypatch.chdir(made)
    return made


def _broken(home: Path) -> None:
    replace_once(home / "rulepacks" / "cs" / "city.yaml", "order: [A, B, C, D, E, F, G, H]",
                 "order: [A, B, C, D, E, F, G, X]")


def test_clean_copy_exits_0(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--strict"]) == 0
    assert "0 errors" in capsys.readouterr().out


def test_errors_exit_1_and_text_is_grouped_by_file(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _broken(home)
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "rulepacks/cs/city.yaml\n" in out and "REF_UNKNOWN_DISTRICT" in out
    assert "\033[" not in out  # not a terminal: no colour


def test_warnings_fail_only_when_strict(home: Path) -> None:
    for pack in ("cs", "fr"):  # alike in both, so that the packs still agree
        text = (home / "rulepacks" / pack / "setup.yaml").read_text(encoding="utf-8")
        old = re.search(r'"5": \[1, 12, 8, 3, 9\]', text)
        assert old is not None
        replace_once(home / "rulepacks" / pack / "setup.yaml", old.group(0), '"5": [1, 12, 8, 3]')
    assert main(["check"]) == 0
    assert main(["check", "--strict"]) == 1


def test_json_format(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _broken(home)
    main(["check", "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    finding = next(f for f in data["findings"] if f["code"] == "REF_UNKNOWN_DISTRICT")
    assert finding["file"] == "rulepacks/cs/city.yaml" and finding["pointer"] == "/city/order/7"
    assert finding["severity"] == "error" and finding["line"] == 4 and finding["column"] > 1


def test_github_format(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _broken(home)
    main(["check", "--format", "github"])
    lines = [line for line in capsys.readouterr().out.splitlines() if "REF_UNKNOWN_DISTRICT" in line]
    assert len(lines) == 1
    assert re.match(r"^::error file=rulepacks/cs/city\.yaml,line=4,col=\d+,title=REF_UNKNOWN_DISTRICT::", lines[0])


def test_colour_on_a_terminal_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    from regola.check.report import use_colour

    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Tty())  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Tty())  # type: ignore[arg-type]


def test_usage_errors_exit_2(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "no/such/pack"]) == 2
    (home / "notes.txt").write_text("hello", encoding="utf-8")
    assert main(["check", str(home / "notes.txt")]) == 2
    assert "regola check:" in capsys.readouterr().err


def test_a_data_file_path_checks_its_pack(home: Path) -> None:
    _broken(home)
    assert main(["check", "rulepacks/cs/city.yaml"]) == 1


def test_a_user_pack_outside_rulepacks(home: Path, tmp_path: Path) -> None:
    import shutil

    own = tmp_path / "mine"
    shutil.copytree(home / "rulepacks" / "cs", own)
    replace_once(own / "city.yaml", "order: [A, B, C, D, E, F, G, H]", "order: [A, B, C, D, E, F, G, X]")
    codes = [f.code for f in run([own], home).findings]
    assert "REF_UNKNOWN_DISTRICT" in codes


def test_every_code_is_documented() -> None:
    doc = (REPO / "docs" / "CHECK.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `([A-Z_]+)` \|", doc, flags=re.M))
    assert documented == set(CODES)


def test_pre_commit_hook_runs_regola_check() -> None:
    import yaml

    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "regola-check")
    assert hook["entry"] == "regola check" and hook["pass_filenames"] is False and hook["files"] == r"\.ya?ml$"


def test_shipped_packs_pass_strict() -> None:
    """The repository's packs, variants and catalogs: `regola check --strict` exits 0."""
    found = run([], REPO).findings
    problems = [f for f in found if f.level != "info"]
    assert exit_status(found, strict=True) == 0, "\n".join(f"{f.file}:{f.line} {f.code} {f.message}" for f in problems)


def test_corpus_is_not_part_of_the_repository_run() -> None:
    assert not any(str(CORPUS) in (f.file or "") for f in run([], REPO).findings)

"""`regola replay` as a user runs it (issue 9, "What was seen" 5): one line and exit 1 for a broken
record, never a traceback; --json prints a JSON error object; --accept-pack-change."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from regola.cli.main import main

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "cs-2p-beginner.jsonl"


def run_regola(*args: str) -> subprocess.CompletedProcess[str]:
    """The real console entry point in a fresh interpreter, as a user would run it."""
    env = {**os.environ, "REGOLA_DAEMON": "off"}
    return subprocess.run([sys.executable, "-m", "regola.cli.entry", *args], capture_output=True, text=True,
                          env=env, timeout=120, check=False)


def header_with(**changes: object) -> str:
    header = json.loads(GOLDEN.read_text(encoding="utf-8").splitlines()[0])
    header.update(changes)
    return json.dumps(header)


CASES = {
    "players-as-text": (header_with(players="three") + "\n").encode(),
    "variant-as-path": (header_with(variants=["/etc/passwd"]) + "\n").encode(),
    "random-bytes": bytes(range(256)) * 16,
    "nested-100000": b"[" * 100_000 + b"]" * 100_000 + b"\n",
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_broken_record_is_one_line_and_exit_1(tmp_path: Path, case: str) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(CASES[case])
    done = run_regola("replay", str(path))
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"regola: {path}:")
    assert done.stdout == ""


def test_a_deep_line_under_a_raised_line_bound_is_still_one_line(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_MAX_RECORD_LINE_BYTES", "1000000")
    path = tmp_path / "deep.jsonl"
    path.write_bytes(CASES["nested-100000"])
    done = run_regola("replay", str(path))
    assert done.returncode == 1 and "nested deeper than 64 levels" in done.stderr
    assert "Traceback" not in done.stderr


def test_json_failure_is_a_json_error_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(header_with(players="three") + "\n", encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False
    assert out["error"]["line"] == 1 and out["error"]["field"] == "players" and out["error"]["file"] == str(path)
    assert out["error"]["message"].startswith(f"{path}:1: field 'players'")


def test_json_success_says_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--json", str(GOLDEN)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["complete"] is True and out["warnings"] == []


def test_another_pack_hash_needs_the_explicit_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "old.jsonl"
    path.write_text("\n".join([header_with(content_hash="sha256:" + "1" * 64), *lines[1:]]) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "--accept-pack-change" in capsys.readouterr().err
    assert main(["replay", "--accept-pack-change", "--lang", "en", str(path)]) == 0
    captured = capsys.readouterr()
    assert "warning" in captured.err and "the game is complete" in captured.out


def test_a_bom_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + GOLDEN.read_bytes())
    assert main(["replay", "--lang", "en", str(path)]) == 0
    assert "the game is complete" in capsys.readouterr().out


def test_json_error_with_a_lone_surrogate_and_a_long_value_is_printable(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["setup"] = "\ud800" + "x" * 50_000
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")  # ensure_ascii: the surrogate as \\ud800
    assert main(["replay", "--json", str(path)]) == 1
    out = capsys.readouterr().out
    out.encode("utf-8")  # strict: a raw surrogate would not encode
    error = json.loads(out)["error"]
    # refused as it is read, at its field: text with half a UTF-16 pair is not text (issue 17)
    assert error["field"] == "setup" and len(error["message"]) < 600 and "UTF-16" in error["message"]


def test_a_record_of_a_pack_folder_of_ones_own_replays_with_pack(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from regola.paths import rulepacks_dir

    house = tmp_path / "house"
    shutil.copytree(rulepacks_dir() / "cs", house)
    meta = house / "pack.yaml"
    meta.write_text(meta.read_text(encoding="utf-8").replace("  id: cs\n", "  id: house\n"), encoding="utf-8")
    record = tmp_path / "game.jsonl"
    assert main(["play", "--pack", str(house), "--players", "3", "--seed", "4", "--bots", "random",
                 "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record)]) == 1  # "house" is not under rulepacks/: the error says what to pass
    assert "--pack" in capsys.readouterr().err
    assert main(["replay", "--pack", "cs", str(record)]) == 1  # another pack than the recorded one
    assert "pack 'cs'" in capsys.readouterr().err
    assert main(["replay", "--lang", "en", "--pack", str(house), str(record)]) == 0
    assert "the game is complete" in capsys.readouterr().out


def test_a_control_character_from_the_record_stays_escaped_in_the_one_line(tmp_path: Path) -> None:
    # hypothesis found it: a newline inside a field name of an embedded variant broke the one-line error
    lines = (GOLDEN.parent / "cs-4p-beginner-codex1.jsonl").read_text(encoding="utf-8").splitlines()
    header = json.dumps(json.loads(lines[0])).replace('"cites"', '"c\\nites"', 1)
    record = tmp_path / "newline.jsonl"
    record.write_text("\n".join([header, *lines[1:]]) + "\n", encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["replay", str(record)]) == 1
    assert err.getvalue().count("\n") == 1
    assert "unknown field 'c\\nites'" in err.getvalue() and "valid variant: not a valid" not in err.getvalue()


def test_replay_and_the_data_home_notice_speak_the_reader_s_language(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: a Polish game replayed printed an English header over a Czech summary, and every command
    began with an English notice; --lang (else LANG) now decides both."""
    record = tmp_path / "game.jsonl"
    assert main(["play", "--pack", "pl", "--players", "2", "--seed", "3", "--bots", "random", "--record",
                 str(record), "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Zeilen erneut ausgeführt, die Partie ist zu Ende" in out and "re-executed" not in out
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(record.read_text(encoding="utf-8").splitlines(keepends=True)[:20]), encoding="utf-8")
    assert main(["replay", str(cut), "--lang", "pl"]) == 0
    assert "partia trwa (ruch: Miejsce " in capsys.readouterr().out


def test_the_data_home_notice_in_french(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from regola.cli.main import say_home

    monkeypatch.chdir(tmp_path)  # no project here: the bundled packs, not said (they are the obvious ones)
    monkeypatch.delenv("REGOLA_HOME", raising=False)
    say_home("fr")
    assert capsys.readouterr().err == ""
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "rulepacks").mkdir(parents=True)
    monkeypatch.setenv("REGOLA_HOME", str(elsewhere))  # packs a variable chose: said, in French
    say_home("fr")
    err = capsys.readouterr().err
    assert err.startswith("regola: paquets de règles de ") and "REGOLA_HOME" in err


def test_replay_tells_every_move_in_the_reader_s_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--moves` (issue 30 item 2): each decision numbered by its line, in words, named as every surface
    names its seat; what came of it below; a secret decision told as one."""
    record = tmp_path / "game.jsonl"
    assert main(["play", "--pack", "pl", "--players", "3", "--seed", "4", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--moves", "--lang", "de"]) == 0
    out = capsys.readouterr().out.splitlines()
    lines = record.read_text(encoding="utf-8").splitlines()[1:]
    decisions = [n for n, line in enumerate(lines, start=1) if '"seat"' in line and '"action"' in line]
    told = [line for line in out if line[:6].strip().endswith(".") and line[:5].strip().isdigit()]
    assert [int(line[:5]) for line in told] == decisions
    assert all(re.match(r"\s*\d+\. Platz [123]: \S", line) for line in told), told[:5]
    assert any("wählt verdeckt eine Karte" in line for line in told)  # the card itself is never named
    assert any(re.search(r"Platz [123] ersteigert .+ für \d+", line) for line in out)  # what came of a bid
    assert out[-1].startswith("3.")  # then the standings, as without --moves

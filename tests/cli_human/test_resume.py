"""`regola play --resume RECORD` (issue 30): a saved or cut record goes on exactly as the game would have
gone had it never stopped (the seed's chance streams and the bots' draws where they were), both
without people and with a person who quit with !quit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.cli_human.test_take_back_and_save import seen_table  # noqa: F401  (the fixture)

from regola.cli.main import main

BOTS = "greedy:temp=0.5,random,greedy"  # randomness drawn by moment and in sequence


@pytest.mark.parametrize("pack", ["cs", "pl"])
@pytest.mark.parametrize("cut", [5, 41, 97])
def test_a_cut_record_resumed_ends_as_the_uninterrupted_game(tmp_path: Path, pack: str, cut: int,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    assert main(["play", "--pack", pack, "--players", "3", "--seed", "5", "--bots", BOTS, "--record", str(whole),
                 "--json"]) == 0
    part.write_text("".join(whole.read_text(encoding="utf-8").splitlines(keepends=True)[:cut]), encoding="utf-8")
    assert main(["play", "--resume", str(part), "--json"]) == 0
    assert part.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_a_person_who_quit_resumes_and_the_record_is_the_same(tmp_path: Path,
                                                              seen_table: dict[str, Any]) -> None:  # noqa: F811
    whole, saved = tmp_path / "whole.jsonl", tmp_path / "saved.jsonl"
    seen_table["answer"] = lambda prompt: "1"
    args = ["play", "--pack", "pl", "--players", "3", "--seed", "8", "--human", "1", "--bots", BOTS]
    assert main([*args, "--record", str(whole)]) == 0
    asked = {"n": 0}

    def until_quit(prompt: str) -> str:
        asked["n"] += 1
        return "!quit" if asked["n"] == 6 else "1"

    seen_table["answer"] = until_quit
    assert main([*args, "--record", str(saved)]) == 0
    stopped = saved.read_text(encoding="utf-8")
    assert '"result"' not in stopped and len(stopped.splitlines()) < len(whole.read_text().splitlines())
    seen_table["answer"] = lambda prompt: "1"
    assert main(["play", "--resume", str(saved)]) == 0
    assert saved.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")


def test_a_finished_or_broken_record_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = tmp_path / "whole.jsonl"
    assert main(["play", "--players", "2", "--seed", "1", "--bots", "random", "--record", str(whole), "--json"]) == 0
    capsys.readouterr()
    assert main(["play", "--resume", str(whole)]) == 2
    assert "this game is over" in capsys.readouterr().err
    broken = tmp_path / "broken.jsonl"
    broken.write_text(whole.read_text().splitlines()[0] + '\n{"n": 1, "seat": 7, "action": ["x"]}\n')
    assert main(["play", "--resume", str(broken)]) != 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_second_game_of_the_same_seed_saves_beside_the_first_and_says_how_to_resume(
        tmp_path: Path, seen_table: dict[str, Any], capsys: pytest.CaptureFixture[str],  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 45 item 2: the default save name hung on pack and seed only, so a second !quit overwrote the
    first game's save; and !quit did not say how to come back."""
    monkeypatch.chdir(tmp_path)
    args = ["play", "--pack", "pl", "--players", "3", "--seed", "8", "--human", "1", "--bots", BOTS, "--lang", "en"]
    saves = []
    for quit_at, name in ((3, "regola-pl-seed8.jsonl"), (5, "regola-pl-seed8-2.jsonl")):
        asked = {"n": 0}

        def until_quit(prompt: str, quit_at: int = quit_at, asked: dict[str, int] = asked) -> str:
            asked["n"] += 1
            return "!quit" if asked["n"] == quit_at else "1"

        seen_table["answer"] = until_quit
        assert main(args) == 0
        said = " ".join(capsys.readouterr().out.split())
        saves.append(sorted(p.name for p in tmp_path.glob("regola-pl-seed8*.jsonl")))
        assert f"`regola play --resume {name}` goes on with it" in said
    assert saves == [["regola-pl-seed8.jsonl"], ["regola-pl-seed8-2.jsonl", "regola-pl-seed8.jsonl"]]
    first, second = (tmp_path / "regola-pl-seed8.jsonl").read_text(), (tmp_path / "regola-pl-seed8-2.jsonl").read_text()
    assert len(first.splitlines()) < len(second.splitlines())  # the first game's save is as it was left


def test_the_numbered_names_are_bounded(tmp_path: Path) -> None:
    from regola.cli.play import MOST_RECORD_NAMES, fresh_record_path
    from regola.core.errors import RegolaError

    assert fresh_record_path("cs", 1, tmp_path) == tmp_path / "regola-cs-seed1.jsonl"
    for n in range(1, MOST_RECORD_NAMES + 1):
        (tmp_path / ("regola-cs-seed1.jsonl" if n == 1 else f"regola-cs-seed1-{n}.jsonl")).touch()
    with pytest.raises(RegolaError, match="--record"):
        fresh_record_path("cs", 1, tmp_path)


def test_a_resumed_game_keeps_the_language_it_was_played_in(
        tmp_path: Path, seen_table: dict[str, Any], capsys: pytest.CaptureFixture[str],  # noqa: F811
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 45 item 2: a German game resumed came back in LANG's or the pack's language. The record's
    header carries the language; resume and replay speak it unless --lang asks for another."""
    import json

    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")  # what the terminal would say without the record's word
    saved = tmp_path / "saved.jsonl"
    asked = {"n": 0}

    def until_quit(prompt: str) -> str:
        asked["n"] += 1
        return "!quit" if asked["n"] == 4 else "1"

    seen_table["answer"] = until_quit
    assert main(["play", "--pack", "pl", "--players", "3", "--seed", "8", "--human", "1", "--bots", BOTS,
                 "--lang", "de", "--record", str(saved)]) == 0
    assert json.loads(saved.read_text(encoding="utf-8").splitlines()[0])["lang"] == "de"
    capsys.readouterr()
    asked["n"] = 0
    assert main(["play", "--resume", str(saved)]) == 0
    german = capsys.readouterr().out
    assert "Runde" in german and "Kolo" not in german, german[-600:]
    assert json.loads(saved.read_text(encoding="utf-8").splitlines()[0])["lang"] == "de"
    assert main(["replay", str(saved), "--moves"]) == 0
    assert "erneut ausgeführt" in capsys.readouterr().out
    assert main(["replay", str(saved), "--moves", "--lang", "cs"]) == 0  # asked for another: that one
    assert "erneut ausgeführt" not in capsys.readouterr().out
    lines = saved.read_text(encoding="utf-8").splitlines()
    for strange in ("../../etc/passwd", "file:///etc/passwd", "xx", "x" * 5000):  # a record from elsewhere
        header = json.loads(lines[0])
        header["lang"] = strange
        saved.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
        assert main(["replay", str(saved)]) == 0  # no reader asked for it: the usual language instead
        assert "Runde" not in capsys.readouterr().out

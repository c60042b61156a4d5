"""Issue 22, item 6: at the terminal a person takes a decision back as the pack's undo policy allows
(rule flow.take_back, R19), saves the record so far, and quits with the record written; every record
written this way is refereed by `regola replay`."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from regola.cli import human
from regola.cli.main import main


@pytest.fixture
def seen_table(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The terminal table of the game under way, caught as it asks its first question."""
    holder: dict[str, Any] = {}
    original = human.Table.choose

    def choose(self: human.Table, game: Any, obs: Any) -> Any:
        holder["table"] = self
        self.read = holder["answer"]  # what the person types, scripted by the test
        return original(self, game, obs)

    monkeypatch.setattr(human.Table, "choose", choose)
    return holder


def _answers(holder: dict[str, Any], answer: Callable[[str], str]) -> None:
    holder["answer"] = answer


def _replay(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    capsys.readouterr()
    assert main(["replay", str(path), "--json"]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_a_build_taken_back_then_the_game_finished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str],
                                                  seen_table: dict[str, Any]) -> None:
    record = tmp_path / "game.jsonl"
    state = {"asked": False, "before": 0, "checked": False}

    def answer(prompt: str) -> str:
        game = seen_table["table"].game
        last = game.history[-1] if game.history else None
        if state["asked"] and not state["checked"]:
            # the build is gone: one decision fewer, the same person to decide again
            assert len(game.history) == state["before"] - 1 and game.current_player() == 0
            state["checked"] = True
        if not state["asked"] and last is not None and last[0] == 0 and last[1][0] == "build":
            state["asked"], state["before"] = True, len(game.history)
            return "!back"
        return "1"

    _answers(seen_table, answer)
    assert main(["play", "--pack", "pl", "--players", "2", "--seed", "4", "--human", "1", "--bots", "greedy",
                 "--lang", "en", "--record", str(record)]) == 0
    assert state["checked"], "the person never built, so nothing was taken back"
    replayed = _replay(capsys, record)
    assert replayed["complete"] is True and replayed["ok"] is True


def test_a_take_back_after_another_player_is_refused_with_the_rule(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str],
                                                                   seen_table: dict[str, Any],
                                                                   tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    script = iter(["first", "!back", "!quit"])  # seat 1 bids after our first choice: it stands

    def answer(prompt: str) -> str:
        line = next(script)
        return "1" if line == "first" else line

    _answers(seen_table, answer)
    assert main(["play", "--pack", "pl", "--players", "2", "--seed", "5", "--human", "2", "--bots", "greedy",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "The rules do not allow that:" in out and "[flow.take_back" in out
    saved = tmp_path / "regola-pl-seed5.jsonl"
    assert f"the record so far is in {saved.name}" in out
    replayed = _replay(capsys, saved)
    assert replayed["complete"] is False and replayed["ok"] is True


def test_save_writes_what_was_played_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str],
                                                         seen_table: dict[str, Any]) -> None:
    monkeypatch.chdir(tmp_path)
    saved: dict[str, int] = {}

    def answer(prompt: str) -> str:
        game = seen_table["table"].game
        if "lines" not in saved and len(game.history) > 20:
            saved["lines"] = len(game.history)
            return "!save"
        return "1"

    _answers(seen_table, answer)
    assert main(["play", "--pack", "cs", "--players", "3", "--seed", "2", "--human", "1", "--bots", "random",
                 "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "regola-cs-seed2.jsonl" in out  # said where, in the person's language
    # after the save every further decision was appended: the file holds the whole finished game
    replayed = _replay(capsys, tmp_path / "regola-cs-seed2.jsonl")
    assert replayed["complete"] is True and replayed["ok"] is True

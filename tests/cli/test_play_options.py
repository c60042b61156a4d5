"""`regola play`, `bench`, `flow`, `replay` options (issue 9, "What was seen" 10): a real seed is chosen
and printed, a player count out of range is one line naming the range and the rule, every option says
what it does."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import pytest

from regola.cli.main import build_parser, main
from regola.core.record import replay


def test_play_without_seed_prints_a_seed_that_gives_the_same_game(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", "--bots", "random", "--record", str(tmp_path / "a.jsonl")]) == 0
    first = capsys.readouterr().out
    match = re.search(r"· seed (\d+) ·", first)
    assert match, first
    seed = match.group(1)
    assert json.loads((tmp_path / "a.jsonl").read_text(encoding="utf-8").splitlines()[0])["seed"] == int(seed)
    assert main(["play", "--players", "2", "--bots", "random", "--seed", seed,
                 "--record", str(tmp_path / "b.jsonl")]) == 0
    assert capsys.readouterr().out == first
    assert (tmp_path / "a.jsonl").read_text(encoding="utf-8") == (tmp_path / "b.jsonl").read_text(encoding="utf-8")
    assert replay(tmp_path / "a.jsonl").game.is_terminal()


def test_play_json_without_seed_gives_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", "--bots", "random", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out)["seed"], int)


@pytest.mark.parametrize("command", ["play", "bench"])
def test_players_out_of_range_is_one_line_naming_range_and_rule(command: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--players", "9"]) == 2
    err = capsys.readouterr().err
    assert err == "regola: --players 9: this game takes 2 to 5 players, not 9 [rule game.players]\n"


def test_an_unknown_setup_is_one_line_naming_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--setup", "expert"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("regola: --setup expert: ") and "[rule game.setup]" in err and "None" not in err


def test_bench_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["bench", "--games", "0"])
    assert info.value.code == 2
    assert "--games: 0 is not between 1 and 1,000,000" in capsys.readouterr().err


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


@pytest.mark.parametrize("command", ["play", "replay", "bench", "flow", "check"])
def test_every_option_has_help_text(command: str) -> None:
    parser = _subparsers(build_parser(command))[command]
    missing = [a.dest for a in parser._actions if a.dest != "help" and not (a.help or "").strip()]
    assert missing == []


def test_the_closing_suggests_the_same_game_with_its_variants(capsys: pytest.CaptureFixture[str]) -> None:
    """'Play a seat yourself against the same deal' must name the house rule the game was played under."""
    assert main(["play", "--pack", "pl", "--variant", "pf-poor-relief", "--players", "3", "--seed", "3",
                 "--bots", "greedy", "--lang", "en"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "regola play --pack pl --variant pf-poor-relief --players 3 --seed 3 --lang en --human 1" in out


def test_the_closing_names_a_variant_file_so_that_its_command_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A variant played from a file outside the packs is named by that file (its id alone finds nothing),
    and the command printed, run as printed from the same folder, plays the same game (issue 43)."""
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "club.yaml").write_text(
        "variant:\n  id: club\n  base: [cs]\n  title: Club\n  changes:\n"
        "    - {op: add, path: /mechanics/awards/-, value: {when: round_start, to: each, gain: money, amount: 1}}\n",
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--variant", "rules/club.yaml", "--players", "2", "--seed", "5", "--bots", "greedy",
                 "--lang", "en", "--record", "a.jsonl"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    command = re.search(r"`regola (play [^`]*)`", out)
    assert command is not None and "--variant rules/club.yaml" in command.group(1), out
    again = command.group(1).split()[:-2]  # without --human 1: the same game by bots
    assert main([*again, "--bots", "greedy", "--record", "b.jsonl"]) == 0
    assert [json.loads(x).get("action") for x in Path("a.jsonl").read_text().splitlines()[1:]] == \
        [json.loads(x).get("action") for x in Path("b.jsonl").read_text().splitlines()[1:]]


def test_a_hint_names_regola_as_it_runs_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 45 item 8: the closing hint said `regola play …`, which does not run where regola is not on
    PATH (the README's `.venv/bin/regola`); it names the program as it was started then."""
    from regola.cli.common import command_name

    program = tmp_path / "venv" / "bin" / "regola"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    monkeypatch.setattr(sys, "argv", [str(program)])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert command_name() == str(program)
    assert main(["play", "--players", "2", "--seed", "1", "--bots", "random", "--lang", "en"]) == 0
    said = " ".join(capsys.readouterr().out.split())  # lines wrap at the terminal's width
    assert f"`{program} play --pack cs --players 2 --seed 1 --lang en --human 1`" in said
    monkeypatch.setenv("PATH", str(program.parent))
    assert command_name() == "regola"  # on PATH: its name
    monkeypatch.setattr(sys, "argv", ["-c"])
    assert command_name() == "regola"  # not started as its own program (python -m, a test)

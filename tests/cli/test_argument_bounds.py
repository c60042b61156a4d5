"""Every number and id a command takes is bounded and refused in one line (issue 27, item 4).

The class, not the example: a walk over every sub-command's parser finds every option, and none may
take a bare ``int`` or ``float`` (unbounded: a 31-digit seed once reached pyarrow and ended in a
traceback). Then the reported cases, and relatives of them, through the real command.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from regola.cli.main import build_parser

REPO = Path(__file__).resolve().parents[2]


def _actions(parser: argparse.ArgumentParser, path: str = "regola") -> list[tuple[str, argparse.Action]]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _actions(sub, f"{path} {name}")
        else:
            found.append((path, action))
    return found


def test_no_option_of_any_command_takes_an_unbounded_number() -> None:
    actions = _actions(build_parser())
    assert len(actions) > 80  # the walk reached the sub-commands
    bare = [f"{path} {'/'.join(a.option_strings) or a.dest}" for path, a in actions if a.type in (int, float)]
    assert bare == []


def _regola(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "regola.cli.main", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={"REGOLA_DAEMON": "off", "PATH": "/usr/bin:/bin", "HOME": str(cwd)})


@pytest.mark.parametrize("args", [
    ["simulate", "--seed", "1" + "0" * 30, "--games", "1", "--out", "x"],
    ["simulate", "--seed", "-1", "--games", "1", "--out", "x"],
    ["simulate", "--jobs", "1" + "0" * 20, "--games", "1", "--out", "x"],
    ["simulate", "--record-game", "-5", "--games", "1"],
    ["play", "--seed", str(2**63), "--bots", "random"],
    ["play", "--players", "1000000000000", "--bots", "random"],
    ["play", "--human", "99999999999999999999"],
    ["bench", "--games", "0"],
    ["serve", "--port", "70000"],
    ["compare", "x.yaml", "--detect", "nan"],
    ["compare", "x.yaml", "--detect", "1e999"],
    ["daemon", "run", "--idle", "inf"],
    ["new", "variant", "--id", "x" * 300],
    ["new", "variant", "--id", "../../etc/house"],
    ["new", "variant", "--id", "Bad Id"],
])
def test_an_out_of_range_argument_is_one_line(args: list[str], tmp_path: Path) -> None:
    done = _regola(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("regola"), done.stderr  # one line, no usage block
    assert "error: argument" in lines[0] and "--help" in lines[0]
    assert not list(tmp_path.glob("*.yaml"))  # nothing written


def test_the_largest_seed_plays(tmp_path: Path) -> None:
    done = _regola("play", "--players", "2", "--seed", str(2**63 - 1), "--bots", "random", cwd=tmp_path)
    assert done.returncode == 0, done.stderr

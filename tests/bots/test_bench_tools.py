"""The search benchmarks of docs/SPEED.md run as documented: ``bench_probe --json`` gives every game's CPU,
and ``bench_interleaved`` measures an earlier commit and this checkout in turns, then leaves no worktree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / name), *args], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_probe_gives_each_games_figures_as_json() -> None:
    figures = json.loads(_tool("bench_probe.py", "--bot", "greedy", "--games", "2", "--seed", "5", "--jobs", "1",
                               "--json"))
    assert figures["seeds"] == [5, 6] and len(figures["cpu"]) == 2 and all(c > 0 for c in figures["cpu"])


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="not a git checkout")
def test_bench_interleaved_measures_both_builds_in_turns_and_cleans_up() -> None:
    out = _tool("bench_interleaved.py", "--base", "HEAD", "--bot", "greedy", "--games", "1", "--rounds", "2")
    assert "round 1" in out and "round 2" in out and "base HEAD" in out and "× as fast" in out
    listed = subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True,
                            check=True).stdout
    assert "regola-base-" not in listed

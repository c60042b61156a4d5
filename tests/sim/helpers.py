"""Running `regola` in this process or as a real subprocess, and reading its results."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from regola.cli.main import main

DATA = Path(__file__).parent / "data"
TRIPLE = str(DATA / "triple-rewards.yaml")
BROKEN = str(DATA / "broken-variant.yaml")


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as stop:  # argparse refused an argument (one line, exit 2)
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def regola(*args: str, cwd: Path | None = None, **kw: object) -> subprocess.Popen[str]:
    """The real command in its own process (same interpreter and environment)."""
    env = {**os.environ, "REGOLA_DAEMON": "off"}
    return subprocess.Popen([sys.executable, "-m", "regola.cli.main", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)  # type: ignore[call-overload]


def table(out: Path, name: str = "games") -> pa.Table:
    """Every row of a results folder, read with pyarrow alone, in a canonical order."""
    parts = sorted((out / name).glob("*.parquet"))
    t = pa.concat_tables([pq.read_table(p) for p in parts])
    keys = [("arm", "ascending"), ("game", "ascending")] + ([("kind", "ascending")] if name == "actions" else [])
    return t.sort_by(keys)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}

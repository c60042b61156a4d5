"""The Ray backend: a private local Ray on 127.0.0.1 plays the same rows as the process pool."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ray")

from tests.sim.helpers import regola, table

ARGS = ["simulate", "--players", "2", "--bots", "random", "--seed", "21", "--games", "16", "--batch", "3", "--quiet"]


def test_ray_rows_equal_process_pool_rows(tmp_path: Path) -> None:
    runs = {"pool": ["--jobs", "2"], "ray": ["--backend", "ray", "--jobs", "1"]}
    for name, extra in runs.items():
        proc = regola(*ARGS, *extra, "--out", str(tmp_path / name))
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        assert "played now: 16" in out
        assert (", ray, 1 job)" if name == "ray" else ", local, 2 jobs)") in out
    assert table(tmp_path / "ray").equals(table(tmp_path / "pool"))
    assert table(tmp_path / "ray", "actions").equals(table(tmp_path / "pool", "actions"))

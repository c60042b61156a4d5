"""What a missing extra or an unusable Ray says: one line naming the fix, and nothing written to --out."""

from __future__ import annotations

import importlib.util
import socket
import sys
from pathlib import Path

import pytest
from tests.sim.helpers import cli

from regola.cli import simulate as simulate_cli

SMALL = ["--players", "2", "--bots", "random", "--games", "2", "--quiet"]


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_a_missing_sim_extra_is_one_line_naming_it(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "duckdb" else real(name, *a))
    args = ["codex-leonardi-2"] if command == "compare" else []
    code, _, err = cli(capsys, command, *args, *SMALL, "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1
    assert "needs the 'sim' extra (duckdb missing): pip install 'regola[sim]'" in err
    assert not (tmp_path / "out").exists()
    assert simulate_cli.SIM_MODULES[0] == "pyarrow"


def test_a_missing_ray_is_one_line_naming_the_extra(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if it were not installed
    code, _, err = cli(capsys, "simulate", *SMALL, "--backend", "ray", "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1 and "pip install 'regola[ray]'" in err
    assert not (tmp_path / "out").exists()


def test_an_address_nothing_listens_on_fails_at_once_and_writes_nothing(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray")
    with socket.socket() as s:  # a free port: bound, then closed, so nothing listens on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, _, err = cli(capsys, "simulate", *SMALL, "--backend", "ray", "--address", f"127.0.0.1:{port}",
                       "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1 and f"cannot reach Ray at 127.0.0.1:{port}" in err
    assert not (tmp_path / "out").exists()


def test_a_head_that_refuses_a_client_without_a_token_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray's own error names another address and no token; ours names the address and the token."""
    ray = pytest.importorskip("ray")

    def refuse(**options: object) -> None:
        raise ConnectionError(f"Failed to connect to Ray cluster at {options.get('address')}")

    monkeypatch.setattr(ray, "init", refuse)  # Ray is the boundary here: a head that refuses this client
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.delenv("RAY_AUTH_TOKEN", raising=False)
    monkeypatch.setenv("RAY_AUTH_TOKEN_PATH", str(tmp_path / "no-token"))
    with socket.socket() as head:
        head.bind(("127.0.0.1", 0))
        head.listen()
        address = f"127.0.0.1:{head.getsockname()[1]}"
        code, _, err = cli(capsys, "simulate", *SMALL, "--backend", "ray", "--address", address,
                           "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1
    assert f"cannot connect to Ray at {address}" in err and "token authentication" in err and "RAY_AUTH_TOKEN" in err
    assert not (tmp_path / "out").exists()

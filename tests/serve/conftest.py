"""The real server for the serve tests: `regola serve` in a subprocess on a free loopback port.

Its stderr (start-up lines, the JSON access log) goes to a file the tests can read; the server is
stopped with SIGTERM at the end and must shut down cleanly.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

HOUSE_RULE = """\
variant:
  id: club-cheap-actions
  base: cs
  title: Club rule, cheaper actions
  cites: [R1]
  changes:
    - {op: replace, path: /city/cost_track, value: [0, 1, 2, 3]}
"""
BROKEN = "variant:\n  id: broken\n  base: cs\n  changes: [{op: replace}]\n"


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def start_server(folder: Path, *extra: str) -> Server:
    log = folder / "server.log"
    handle = open(log, "wb")  # noqa: SIM115 - the process owns it until the end
    process = subprocess.Popen([sys.executable, "-m", "regola.cli.main", "serve", "--port", "0", *extra],
                               stdout=handle, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    handle.close()  # the child has its own descriptor
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        text = log.read_text(encoding="utf-8", errors="replace")
        for line in text.splitlines():
            if "listening on http://" in line:
                url = line.split("listening on ", 1)[1].strip().rstrip("/")
                return Server(url, process, log)
        if process.poll() is not None:
            raise RuntimeError(f"the server ended at start:\n{text}")
        time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start within 60 s")


def stop_server(server: Server) -> int:
    server.process.send_signal(signal.SIGTERM)
    try:
        return server.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.process.kill()
        raise


@pytest.fixture(scope="session")
def variants_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("house-rules")
    (folder / "club.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (folder / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, variants_dir: Path) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("server"), "--variants", str(variants_dir))
    yield running
    assert stop_server(running) == 0, running.log_text()[-2000:]


@pytest.fixture()
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as session:
        yield session

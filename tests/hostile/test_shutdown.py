"""SIGTERM ends the server within the promised time (docs/SERVE.md: 10 s, exit 0), killing engine work.

Before issue 17 a check running in a thread kept the process alive after "graceful shutdown exceeded";
only SIGKILL stopped it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from tests.processes import descendants as _children

REPO = Path(__file__).resolve().parents[2]

pytest.importorskip("uvicorn")


def _start(log: Path) -> tuple[subprocess.Popen[bytes], str]:
    handle = open(log, "wb")  # noqa: SIM115 - the process owns it
    process = subprocess.Popen([sys.executable, "-m", "tests.hostile.slow_serve", "--port", "0",
                                "--engine-seconds", "60"], cwd=REPO, stdout=handle, stderr=subprocess.STDOUT,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    handle.close()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for line in log.read_text(errors="replace").splitlines():
            if "listening on http://" in line:
                return process, line.split("listening on ", 1)[1].strip().rstrip("/")
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    raise RuntimeError(log.read_text(errors="replace"))


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
def test_sigterm_during_a_long_job_ends_the_server_in_time(tmp_path: Path) -> None:
    process, url = _start(tmp_path / "server.log")
    replies: list[int] = []

    def ask() -> None:
        try:
            replies.append(httpx.get(url + "/slow", timeout=90).status_code)
        except httpx.HTTPError:
            replies.append(0)  # the connection closed as the server stopped: also fine

    asking = threading.Thread(target=ask)
    try:
        asking.start()
        deadline = time.monotonic() + 30
        while len(_children(process.pid)) < 3 and time.monotonic() < deadline:  # tracker, fork server, job
            time.sleep(0.05)
        workers = _children(process.pid)
        assert len(workers) >= 3, (tmp_path / "server.log").read_text()
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        status = process.wait(timeout=30)
        took = time.monotonic() - started
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    asking.join(30)
    log = (tmp_path / "server.log").read_text(errors="replace")
    assert status == 0 and took <= 10, log
    assert replies and replies[0] in (0, 503), log
    deadline = time.monotonic() + 10
    while {pid for pid in workers if Path(f"/proc/{pid}").exists()} and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in workers if Path(f"/proc/{pid}").exists()
            and "(zombie)" not in Path(f"/proc/{pid}/status").read_text()]
    assert not left, "a worker outlived the server"

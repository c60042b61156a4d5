"""A real `regola serve` on loopback for the hostile tests, with bounds small enough to reach quickly.

Its header deadline is 1 s and its body deadline 2 s (the defaults are 10 and 30), so the slow-client
tests end in seconds; the engine bounds are the defaults but for the time (5 s) and the jobs of one
client (4: every test client is 127.0.0.1).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from tests.serve.conftest import Server, start_server, stop_server  # noqa: E402

BOUNDS = ("--header-timeout", "1", "--body-timeout", "2", "--engine-seconds", "5", "--client-requests", "16",
          "--client-engine-jobs", "4")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("hostile-server"), *BOUNDS)
    yield running
    assert stop_server(running) == 0, running.log_text()[-3000:]


@pytest.fixture()
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=60) as session:
        yield session

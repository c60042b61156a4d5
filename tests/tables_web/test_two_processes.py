"""Issue 22: a club that outgrows one machine keeps its tables in PostgreSQL; two `regola serve` processes
(as behind one proxy) serve the same table. A decision taken through one reaches the other's live stream
(LISTEN/NOTIFY), and a whole game is played with each seat on another process."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.serve.conftest import start_server, stop_server
from tests.tables.pg import postgres_server

from .conftest import play_to_the_end
from .test_http import _next_update

httpx = pytest.importorskip("httpx")


class _Either:
    """A client that sends each seat's requests to its own server process."""

    def __init__(self, by_token: dict[str, httpx.Client]) -> None:
        self.by_token = by_token

    def _client(self, path: str) -> httpx.Client:
        token = path.split("/")[4]
        return self.by_token[token]

    def get(self, path: str) -> httpx.Response:
        return self._client(path).get(path)

    def post(self, path: str, json: object) -> httpx.Response:
        return self._client(path).post(path, json=json)


def test_two_server_processes_serve_one_table(tmp_path: Path) -> None:
    with postgres_server() as url:
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        first = start_server(tmp_path / "a", "--db", url)
        second = start_server(tmp_path / "b", "--db", url)
        try:
            with httpx.Client(base_url=first.url, timeout=30) as a, httpx.Client(base_url=second.url, timeout=30) as b:
                made = a.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
                zero, one = made["seats"]["0"], made["seats"]["1"]
                with b.stream("GET", f"/api/v1/tables/{one}/events") as stream:  # seat 1 watches through B
                    lines = stream.iter_lines()
                    seen = _next_update(lines)
                    now = a.get(f"/api/v1/tables/{zero}").json()
                    assert a.post(f"/api/v1/tables/{zero}/decisions",
                                  json={"action": now["view"]["legal"][0], "n": now["n"]}).status_code == 200
                    heard = _next_update(lines)  # decided on A, heard on B
                    assert heard["n"] > seen["n"]
                last = play_to_the_end(_Either({zero: a, one: b}), {0: zero, 1: one})
                assert last["over"] and last["result"]
                assert b.get(f"/api/v1/tables/{made['host']}/record").status_code == 200
        finally:
            for server in (first, second):
                if server.process.poll() is None:
                    assert stop_server(server) == 0, server.log_text()[-2000:]

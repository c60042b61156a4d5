"""A server killed while decisions are in flight (issue 27, item 3): SIGKILL in the middle of a stream of
concurrent decisions, with SQLite and with PostgreSQL. After a restart every decision that was answered
200 is in the record, none is there twice, and the record referees whole (nothing lost, nothing applied
twice, nothing torn). Then the idle sweep running beside decisions: a decision and the sweep never
lose one another's work.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.serve.conftest import start_server, stop_server

from regola.core.record import replay


@contextlib.contextmanager
def _database(kind: str, folder: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield str(folder / "tables.db")
        return
    from tests.tables.pg import postgres_server

    with postgres_server() as url:
        yield url


def _decide_forever(url: str, token: str, accepted: list[int], stop: threading.Event) -> None:
    """One person deciding as fast as the server answers; the move numbers that were answered 200."""
    with httpx.Client(base_url=url, timeout=5) as client:
        while not stop.is_set():
            try:
                message = client.get(f"/api/v1/tables/{token}").json()
                if message.get("over"):
                    return
                if message["to_move"] != message["seat"]:
                    continue
                legal = message["view"]["legal"]
                reply = client.post(f"/api/v1/tables/{token}/decisions", json={"action": legal[0], "n": message["n"]})
                if reply.status_code == 200:
                    accepted.append(message["n"])
            except (httpx.HTTPError, KeyError, ValueError):
                return  # the server was killed under us


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_sigkill_mid_decision_loses_nothing_and_applies_nothing_twice(tmp_path: Path, kind: str) -> None:
    with _database(kind, tmp_path) as db:
        server = start_server(tmp_path, "--db", db, "--client-requests", "64")
        try:
            with httpx.Client(base_url=server.url, timeout=30) as client:
                made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human", "human"]})
                assert made.status_code == 201, made.text
                made = made.json()
            accepted: list[int] = []
            stop = threading.Event()
            people = [threading.Thread(target=_decide_forever, args=(server.url, made["seats"][str(s)], accepted, stop))
                      for s in range(3)]
            for person in people:
                person.start()
            deadline = time.monotonic() + 60
            while len(accepted) < 15:
                assert time.monotonic() < deadline, "no decisions were accepted"
                time.sleep(0.01)
            server.process.send_signal(signal.SIGKILL)  # while the three are still sending
            server.process.wait(timeout=10)
            stop.set()
            for person in people:
                person.join(10)
            (tmp_path / "again").mkdir()
            server = start_server(tmp_path / "again", "--db", db)
            with httpx.Client(base_url=server.url, timeout=30) as client:
                record = client.get(f"/api/v1/tables/{made['host']}/record")
            assert record.status_code == 200
            lines = [json.loads(line) for line in record.text.splitlines()]
            numbers = [line["n"] for line in lines[1:] if "n" in line]
            assert numbers == sorted(set(numbers)) == list(range(1, len(numbers) + 1))  # none twice, none torn
            decided = {line["n"] for line in lines[1:] if line.get("seat") is not None and "action" in line}
            assert {n + 1 for n in accepted} <= {n for n in numbers}, "an answered decision was lost"
            assert len(decided) >= len(accepted)
            path = tmp_path / "record.jsonl"
            path.write_text(record.text, encoding="utf-8")
            assert replay(path, None).decisions >= len(accepted)  # the record referees whole
        finally:
            if server.process.poll() is None:
                assert stop_server(server) == 0, server.log_text()[-2000:]


def test_the_idle_sweep_beside_decisions_loses_nothing(tmp_path: Path) -> None:
    from regola.tables.hall import Hall, Moved, NotFound
    from regola.tables.limits import TableLimits
    from regola.tables.store import open_store

    hall = Hall(open_store(tmp_path / "t.db"), limits=TableLimits(idle_hours=1e-9, unplayed_minutes=1e-9))
    made = [hall.create("pl", [], 2, ["human", "human"]) for _ in range(6)]
    accepted: dict[str, int] = {m.table_id: 0 for m in made}
    stop = threading.Event()
    problems: list[BaseException] = []

    def play(m: object) -> None:
        seats = m.seats  # type: ignore[attr-defined]
        while not stop.is_set():
            try:
                first = hall.message(seats[0])
                mover = first["to_move"]
                if first["over"] or mover not in seats:
                    return
                mine = hall.message(seats[mover])
                hall.decide(seats[mover], mine["view"]["legal"][0], at=mine["n"])
                accepted[m.table_id] += 1  # type: ignore[attr-defined]
            except (NotFound, Moved):
                return
            except BaseException as exc:
                problems.append(exc)
                return

    players = [threading.Thread(target=play, args=(m,)) for m in made]
    for player in players:
        player.start()
    for _ in range(50):
        hall.expire_idle()
        time.sleep(0.002)
    stop.set()
    for player in players:
        player.join(10)
    assert problems == []
    for m in made:
        stored = hall.store.load(m.table_id)
        if stored is None:  # deleted unplayed: nobody's decision was accepted there
            assert accepted[m.table_id] == 0
            continue
        decided = [line for line in stored.lines if line.get("seat") is not None and "action" in line]
        assert len(decided) >= accepted[m.table_id]
    hall.close()

"""What a stranger tries against the table surfaces of `regola serve --tables` (issue 27, items 2 and 3),
each against the real server on loopback: tables made in bulk, a decision sent many times at once,
forms posted from another site, live streams with garbage resume points, bot specs that would hold
the server's workers, and made-up tokens. Clients from different addresses use 127.0.0.2 and
127.0.0.3 (the loopback range), so the server tells them apart as it would on the internet.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.serve.conftest import Server, start_server, stop_server

PER_CLIENT = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("tables-hostile")
    import os

    os.environ["REGOLA_TABLES_PER_CLIENT"] = str(PER_CLIENT)
    try:
        running = start_server(folder, "--db", str(folder / "tables.db"), "--client-requests", "32")
    finally:
        del os.environ["REGOLA_TABLES_PER_CLIENT"]
    yield running
    assert stop_server(running) == 0, running.log_text()[-3000:]


def _client(server: Server, address: str) -> httpx.Client:
    """A client whose connections come from ``address`` (to the server on 127.0.0.1)."""
    return httpx.Client(base_url=server.url, timeout=60, transport=httpx.HTTPTransport(local_address=address))


def _table(client: httpx.Client, pack: str = "pl") -> dict[str, Any]:
    made = client.post("/api/v1/tables", json={"pack": pack, "seats": ["human", "human"]})
    assert made.status_code == 201, made.text
    return dict(made.json())


def test_one_address_holds_only_its_share_of_the_tables(server: Server) -> None:
    with _client(server, "127.0.0.2") as greedy, _client(server, "127.0.0.3") as other:
        replies = [greedy.post("/api/v1/tables", json={"pack": "cs", "seats": ["human", "random"]})
                   for _ in range(PER_CLIENT + 5)]
        codes = [r.status_code for r in replies]
        assert codes == [201] * PER_CLIENT + [429] * 5, codes
        assert int(replies[-1].headers["retry-after"]) > 0 and "share" in replies[-1].json()["detail"]
        assert other.post("/api/v1/tables", json={"pack": "cs", "seats": ["human", "random"]}).status_code == 201


def test_a_decision_sent_eight_times_at_once_is_taken_once(server: Server) -> None:
    with _client(server, "127.0.0.4") as client:
        made = _table(client)
        seat = made["seats"]["0"]
        message = client.get(f"/api/v1/tables/{seat}").json()
        mover = message["to_move"]
        token = made["seats"][str(mover)]
        mine = client.get(f"/api/v1/tables/{token}").json()
        body = {"action": mine["view"]["legal"][0], "n": mine["n"]}
        codes: list[int] = []
        gate = threading.Barrier(8)

        def send() -> None:
            with _client(server, "127.0.0.4") as own:
                gate.wait()
                codes.append(own.post(f"/api/v1/tables/{token}/decisions", json=body).status_code)

        threads = [threading.Thread(target=send) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert sorted(codes) == [200] + [409] * 7, codes
        record = client.get(f"/api/v1/tables/{made['host']}/record").text
        decided = [line for line in record.splitlines() if f'"seat":{mover},' in line and '"action"' in line]
        assert len(decided) == 1, decided
        again = client.post(f"/api/v1/tables/{token}/decisions", json=body)  # a phone's retry, later
        assert again.status_code == 409 and again.json()["at"] > body["n"]


def test_a_decision_must_name_its_move(server: Server) -> None:
    with _client(server, "127.0.0.5") as client:
        made = _table(client)
        token = made["seats"]["0"]
        for body in ({"action": ["pass"]}, {"action": ["pass"], "n": "3"}, {"action": ["pass"], "n": True},
                     {"action": ["pass"], "n": -1}, {"action": ["pass"], "n": 10**12}):
            reply = client.post(f"/api/v1/tables/{token}/decisions", json=body)
            assert reply.status_code == 422 and "move number" in reply.json()["detail"], (body, reply.text)
        assert client.post(f"/api/v1/tables/{token}/take-back").status_code == 422


@pytest.mark.parametrize(("address", "headers"), [
    ("127.0.1.1", {"Origin": "http://evil.example"}), ("127.0.1.2", {"Origin": "null"}),
    ("127.0.1.3", {"Sec-Fetch-Site": "cross-site"}), ("127.0.1.4", {"Sec-Fetch-Site": "same-site"})])
def test_forms_posted_from_another_site_are_refused(server: Server, address: str, headers: dict[str, str]) -> None:
    with _client(server, address) as client:
        form = {"pack": "cs", "seat0": "human", "seat1": "random"}
        assert client.post("/tables/new", data=form, headers=headers).status_code == 403
        made = _table(client)
        seat = made["seats"]["0"]
        assert client.post(f"/t/{seat}/act", data={"k": "0", "n": "0"}, headers=headers).status_code == 403
        assert client.post(f"/t/{seat}/back", data={"n": "0"}, headers=headers).status_code == 403
        assert client.post("/replay", data={"record": "{}"}, headers=headers).status_code == 403
        own = {"Origin": str(client.base_url).rstrip("/"), "Sec-Fetch-Site": "same-origin"}
        assert client.post("/tables/new", data=form, headers=own).status_code == 201


def test_bot_specs_from_outside_stay_within_the_server_s_bounds(server: Server) -> None:
    with _client(server, "127.0.0.7") as client:
        for spec in ("mcts:time=100000", "mcts:iters=100000000", "mcts:time=nan", "greedy:x=1", "mcts:" + "a" * 70):
            reply = client.post("/api/v1/tables", json={"pack": "cs", "seats": ["human", spec]})
            assert reply.status_code == 422, (spec, reply.text)


def test_odd_bodies_for_a_table_are_one_clear_refusal(server: Server) -> None:
    with _client(server, "127.0.0.8") as client:
        for body, said in (({"pack": "cs", "seats": ["human", "human"], "hot_seat": "no"}, "hot_seat"),
                           ({"pack": "cs", "seats": ["human"] * 8, "players": 8}, "players"),
                           ({"pack": "cs", "seats": ["human", "human"], "setup": "nope"}, "setup")):
            reply = client.post("/api/v1/tables", json=body)
            assert reply.status_code == 422 and reply.json()["detail"].startswith(said), reply.text
            assert "illegal action None" not in reply.text


def test_live_streams_take_any_resume_point(server: Server) -> None:
    with _client(server, "127.0.0.9") as client:
        made = _table(client)
        seat = made["seats"]["0"]
        for last in ("-1", "x" * 5000, "99999999999999999999", "1e9", "%00", "", "é" * 100):
            with client.stream("GET", f"/api/v1/tables/{seat}/events",
                               headers={"Last-Event-ID": last.encode()}) as s:
                assert s.status_code == 200
                first = next(line for line in s.iter_lines() if line.startswith("data: "))
                assert '"n":' in first


def test_made_up_tokens_are_404_and_do_not_reset_a_real_one_s_rate(server: Server, tmp_path: Path) -> None:
    import secrets

    with _client(server, "127.0.0.10") as client:
        for _ in range(40):
            made_up = secrets.token_urlsafe(24)
            assert client.post(f"/api/v1/tables/{made_up}/decisions", json={"action": [], "n": 0}).status_code == 404
            assert client.get(f"/api/v1/tables/{made_up}").status_code == 404


def test_a_table_closed_by_the_sweep_ends_its_streams_and_keeps_its_record(tmp_path: Path) -> None:
    import os
    import time

    env = {"REGOLA_TABLE_IDLE_HOURS": "0.0005", "REGOLA_TABLE_SWEEP_SECONDS": "0.5"}  # idle after 1.8 s
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        running = start_server(tmp_path, "--db", str(tmp_path / "tables.db"))
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    try:
        with httpx.Client(base_url=running.url, timeout=30) as client:
            made = _table(client)
            seat = made["seats"]["0"]
            message = client.get(f"/api/v1/tables/{seat}").json()
            mover = made["seats"][str(message["to_move"])]
            mine = client.get(f"/api/v1/tables/{mover}").json()
            assert client.post(f"/api/v1/tables/{mover}/decisions",
                               json={"action": mine["view"]["legal"][0], "n": mine["n"]}).status_code == 200
            started = time.monotonic()
            events = []
            with client.stream("GET", f"/api/v1/tables/{seat}/events") as stream:
                for line in stream.iter_lines():  # ends when the server ends the stream
                    if line.startswith("event: "):
                        events.append(line)
            assert events[-1] == "event: closed" and time.monotonic() - started < 20, events
            assert client.get(f"/api/v1/tables/{seat}").status_code == 404
            record = client.get(f"/api/v1/tables/{made['host']}/record")
            assert record.status_code == 200 and record.text.count("\n") >= 2
            assert client.get(f"/api/v1/tables/{seat}/record").status_code == 404
    finally:
        assert stop_server(running) == 0, running.log_text()[-2000:]

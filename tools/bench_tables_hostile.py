"""Figures of issue 27: what a stranger can make the table surfaces of `regola serve --db` cost.

    .venv/bin/python tools/bench_tables_hostile.py [--part inputs|health|store|all] [--seconds 20]

- ``inputs``: each hostile table input of the issue, its reply and time, the server's RSS above idle
  and the peak RSS of its engine workers meanwhile.
- ``health``: p50/p99/max of ``GET /healthz`` while eight clients, each from its own loopback address,
  attack the table routes (bulk tables, garbage and repeated decisions, made-up tokens, live streams,
  replay pastes, cross-site forms) for ``--seconds``.
- ``store``: the bytes one stranger makes the server keep: they make their share of tables and decide
  as fast as each seat's rate allows, for ``--seconds``; the database's growth, per hour, against the
  bound that follows from the server's limits.

Figures carry the load average at that moment; on a shared machine they are upper bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hostile import Served, _peak_during, load, probe_health


def _client(server: Served, address: str = "127.0.0.1", timeout: float = 60) -> httpx.Client:
    return httpx.Client(base_url=f"http://{server.host}:{server.port}", timeout=timeout,
                        transport=httpx.HTTPTransport(local_address=address))


def _db_bytes(folder: Path) -> int:
    """What the store keeps, in bytes of text (the file itself grows by pages and its write-ahead log
    by checkpoints, so its size says little about a minute's worth): every line, header and spec."""
    import sqlite3

    with sqlite3.connect(folder / "tables.db") as db:
        lines = db.execute("SELECT COALESCE(SUM(LENGTH(line)), 0) FROM lines").fetchone()[0]
        tables = db.execute("SELECT COALESCE(SUM(LENGTH(spec) + LENGTH(header)), 0) FROM tables").fetchone()[0]
        tokens = db.execute("SELECT COUNT(*) FROM tokens").fetchone()[0]
    return int(lines + tables + tokens * 80)


def _table(client: httpx.Client, seats: list[str] | None = None) -> dict[str, Any] | None:
    made = client.post("/api/v1/tables", json={"pack": "pl", "seats": seats or ["human", "human"]})
    return made.json() if made.status_code == 201 else None


def part_inputs() -> None:
    server = Served("--db", "DB")
    try:
        idle = server.rss()
        print(f"== table inputs: reply, time, server RSS above idle ({idle:.1f} MiB), engine workers' peak "
              f"[{load()}]")
        with _client(server) as client:
            made = _table(client)
            assert made is not None
            seat = made["seats"]["0"]
            message = client.get(f"/api/v1/tables/{seat}").json()
            mover = made["seats"][str(message["to_move"])]
            mine = client.get(f"/api/v1/tables/{mover}").json()
            decision = {"action": mine["view"]["legal"][0], "n": mine["n"]}
            forged = "%ED%A0%80" * ((3 << 20) // 9)
            cases: list[tuple[str, Any]] = [
                ("a variant named /etc/passwd", lambda: client.post("/api/v1/tables", json={
                    "pack": "cs", "seats": ["human", "random"], "variants": ["/etc/passwd"]})),
                ("a variant named ../../../../etc/passwd", lambda: client.post("/api/v1/tables", json={
                    "pack": "cs", "seats": ["human", "random"], "variants": ["../../../../etc/passwd"]})),
                ("a form whose posted token is /proc/self/environ", lambda: client.post("/tables/new", data={
                    "pack": "cs", "seat0": "human", "seat1": "random", "posted": "/proc/self/environ"})),
                ("a bot seat mcts:time=100000", lambda: client.post("/api/v1/tables", json={
                    "pack": "cs", "seats": ["human", "mcts:time=100000"]})),
                ('"hot_seat": "no"', lambda: client.post("/api/v1/tables", json={
                    "pack": "cs", "seats": ["human", "human"], "hot_seat": "no"})),
                ("9 players", lambda: client.post("/api/v1/tables", json={"pack": "cs", "seats": ["human"] * 9,
                                                                          "players": 9})),
                ("8 identical decisions at once", lambda: _at_once(server, mover, decision, 8)),
                ("a decision without its move number", lambda: client.post(
                    f"/api/v1/tables/{mover}/decisions", json={"action": decision["action"]})),
                ("a cross-site form", lambda: client.post("/tables/new", data={"pack": "cs", "seat0": "human"},
                                                          headers={"Origin": "http://evil.example"})),
                ("a 3 MiB replay paste of %ED%A0%80", lambda: client.post(
                    "/replay", content=("record=" + forged).encode(),
                    headers={"Content-Type": "application/x-www-form-urlencoded"})),
                ("Last-Event-ID of 5,000 characters", lambda: _stream_once(client, seat, "x" * 5000)),
                ("a made-up token", lambda: client.post(f"/api/v1/tables/{secrets.token_urlsafe(24)}/decisions",
                                                        json={"action": [], "n": 0})),
            ]
            for name, send in cases:
                started = time.perf_counter()
                reply, peak = _peak_during(server, send)
                took = time.perf_counter() - started
                status = reply if isinstance(reply, str) else str(reply.status_code)
                print(f"  {name:52s} {status:>14s} {took * 1000:7.0f} ms  server +{server.rss() - idle:5.1f} MiB"
                      f"  workers {peak:6.1f} MiB")
    finally:
        server.stop()


def _at_once(server: Served, token: str, body: dict[str, Any], count: int) -> str:
    codes: list[int] = []
    gate = threading.Barrier(count)

    def send() -> None:
        with _client(server) as own:
            gate.wait()
            codes.append(own.post(f"/api/v1/tables/{token}/decisions", json=body).status_code)

    threads = [threading.Thread(target=send) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return f"{codes.count(200)}×200 {codes.count(409)}×409"


def _stream_once(client: httpx.Client, token: str, last: str) -> str:
    with client.stream("GET", f"/api/v1/tables/{token}/events", headers={"Last-Event-ID": last}) as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                return f"{stream.status_code} update"
    return "ended"


def part_health(seconds: float) -> None:
    server = Served("--db", "DB", "--client-requests", "64")
    stop = threading.Event()
    answered: dict[int, int] = {}
    lock = threading.Lock()

    def note(code: int) -> None:
        with lock:
            answered[code] = answered.get(code, 0) + 1

    def attacker(k: int) -> None:
        rng = random.Random(k)
        with _client(server, f"127.0.3.{k + 1}", timeout=30) as client:
            tables: list[dict[str, Any]] = []
            while not stop.is_set():
                move = rng.randrange(6)
                try:
                    if move == 0:
                        reply = client.post("/api/v1/tables", json={"pack": rng.choice(["cs", "pl"]),
                                                                      "seats": ["human", "random"]})
                        note(reply.status_code)
                        if reply.status_code == 201:
                            tables.append(reply.json())
                    elif move == 1 and tables:
                        token = rng.choice(tables)["seats"]["0"]
                        body = {"action": ["nonsense", rng.random()], "n": rng.randrange(50)}
                        note(client.post(f"/api/v1/tables/{token}/decisions", json=body).status_code)
                    elif move == 2:
                        note(client.get(f"/api/v1/tables/{secrets.token_urlsafe(24)}").status_code)
                    elif move == 3 and tables:
                        token = rng.choice(tables)["seats"]["0"]
                        with client.stream("GET", f"/api/v1/tables/{token}/events",
                                           headers={"Last-Event-ID": "9" * rng.randrange(1, 30)}) as stream:
                            note(stream.status_code)
                    elif move == 4:
                        junk = "record=" + "%7B%22format%22" * rng.randrange(1, 20_000)
                        note(client.post("/replay", content=junk.encode(),
                                         headers={"Content-Type": "application/x-www-form-urlencoded"}).status_code)
                    else:
                        note(client.post("/tables/new", data={"pack": "cs", "seat0": "human"},
                                         headers={"Origin": "http://evil.example"}).status_code)
                except httpx.HTTPError:
                    note(0)

    try:
        threads = [threading.Thread(target=attacker, args=(k,)) for k in range(8)]
        said = probe_health(server, threads, stop, seconds)
        print(f"== GET /healthz while 8 clients attack the table routes for {seconds:g} s [{load()}]")
        print(f"  {said}; attacks answered {dict(sorted(answered.items()))}")
        print(f"  server RSS after: {server.rss():.1f} MiB")
    finally:
        stop.set()
        server.stop()


def part_store(seconds: float) -> None:
    server = Served("--db", "DB")
    folder = server.folder
    try:
        before = _db_bytes(folder)
        stop = threading.Event()
        decided = [0]
        with _client(server, "127.0.4.1") as client:
            tables = [t for t in (_table(client, ["human"] * 5) for _ in range(20)) if t is not None]

            def play(token: str) -> None:
                with _client(server, "127.0.4.1") as own:
                    while not stop.is_set():
                        message = own.get(f"/api/v1/tables/{token}").json()
                        if message.get("over"):
                            return
                        if message.get("to_move") != message.get("seat"):  # not its turn, or told to wait
                            time.sleep(0.005)
                            continue
                        reply = own.post(f"/api/v1/tables/{token}/decisions",
                                         json={"action": message["view"]["legal"][0], "n": message["n"]})
                        if reply.status_code == 429:
                            time.sleep(float(reply.headers.get("retry-after", "1")))
                        elif reply.status_code == 200:
                            decided[0] += 1

            players = [threading.Thread(target=play, args=(token,)) for t in tables
                       for token in t["seats"].values()]
            started = time.monotonic()
            for player in players:
                player.start()
            time.sleep(seconds)
            stop.set()
            for player in players:
                player.join(30)
            took = time.monotonic() - started
        grown = _db_bytes(folder) - before
        per_line = grown / max(1, decided[0])
        print(f"== what one stranger makes the server store [{load()}]")
        print(f"  {len(tables)} tables of 5 seats (the share of one address), {decided[0]} decisions in {took:.0f} s;"
              f" the store grew {grown / 1024:.0f} KiB of lines, headers and tokens ({per_line:.0f} B a decision,"
              " the tables' own rows included)")
        print(f"  at this pace for an hour: {grown / took * 3600 / 2**20:.1f} MiB")
        limits = json.loads(os.environ.get("REGOLA_BENCH_LIMITS", "{}"))
        rate = int(limits.get("rate", 120))
        bound = len(tables) * 5 * rate * 60 * per_line
        print(f"  the limits' ceiling: {len(tables)} tables × 5 links × {rate} decisions a minute × 60 min × "
              f"{per_line:.0f} B = {bound / 2**20:.0f} MiB an hour (a seat decides only on its turn, so far less); "
              "a table nobody plays is deleted after 30 min")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["inputs", "health", "store", "all"], default="all")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    if args.part in ("inputs", "all"):
        part_inputs()
    if args.part in ("health", "all"):
        part_health(args.seconds)
    if args.part in ("store", "all"):
        part_store(args.seconds)


if __name__ == "__main__":
    main()

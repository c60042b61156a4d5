"""Tables at scale over real HTTP on loopback (issue 22): N concurrent tables, each with two people and a
bot, on a `regola serve --db` subprocess. Every table's second person keeps a live stream (server-sent
events) open; a person's decision is timed from the POST to the moment the other person's stream delivers
the line (the round trip "submit → every seat updated"; the bot's think time is not in it: the clock stops
at the person's own line). Prints p50/p99/max with the load average, the server's RSS per idle table, and
the time to restore the N tables after a restart.

    python tools/bench_tables_http.py [--tables 100] [--moves 10] [--pack pl|cs]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def start(folder: Path, db: Path) -> tuple[subprocess.Popen[bytes], str, float]:
    log = folder / f"server-{time.monotonic_ns()}.log"
    started = time.perf_counter()
    with open(log, "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "regola.cli.main", "serve", "--port", "0", "--db", str(db),
                                    "--no-access-log", "--client-requests", "4096",
                                    "--client-streams", "4096"], stdout=out,
                                   stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1",
                                                                  "REGOLA_TABLE_RATE": "100000"})
    while True:
        text = log.read_text(errors="replace")
        if "listening on http://" in text:
            url = text.split("listening on ", 1)[1].split()[0].rstrip("/")
            return process, url, time.perf_counter() - started
        if process.poll() is not None:
            raise SystemExit(f"the server ended:\n{text}")
        time.sleep(0.02)


def watch(url: str, token: str, seen: queue.Queue[tuple[int, float]], stop: threading.Event) -> None:
    """The other person's live stream: every update's line number and when it arrived."""
    with httpx.Client(base_url=url, timeout=None) as client, client.stream("GET", f"/api/v1/tables/{token}/events") \
            as stream:
        if stream.status_code != 200:
            raise SystemExit(f"a live stream was refused: {stream.status_code} {stream.read()[:200]!r}")
        for line in stream.iter_lines():
            if stop.is_set():
                return
            if line.startswith("data: "):
                seen.put((json.loads(line[6:])["n"], time.perf_counter()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--moves", type=int, default=10, help="decisions timed per table")
    parser.add_argument("--pack", default="pl")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="regola-bench-tables-"))
    db = folder / "tables.db"
    process, url, boot = start(folder, db)
    client = httpx.Client(base_url=url, timeout=60, limits=httpx.Limits(max_connections=64))
    try:
        client.get("/healthz")
        idle = rss_mib(process.pid)
        tables = []
        for _ in range(args.tables):
            made = client.post("/api/v1/tables", json={"pack": args.pack, "seats": ["human", "human", "random"]})
            made.raise_for_status()
            tables.append(made.json())
        after = rss_mib(process.pid)
        print(f"server start {boot:.2f} s; RSS idle {idle:.1f} MiB, with {args.tables} new tables {after:.1f} MiB: "
              f"{(after - idle) * 1024 / args.tables:.0f} KiB per table [load {load()}]")
        stop = threading.Event()
        streams: list[queue.Queue[tuple[int, float]]] = []
        for made in tables:
            seen: queue.Queue[tuple[int, float]] = queue.Queue()
            streams.append(seen)
            threading.Thread(target=watch, args=(url, made["seats"]["1"], seen, stop), daemon=True).start()
        for seen in streams:
            seen.get(timeout=60)  # each stream's first message
        rng = random.Random(1)
        times: list[float] = []
        order = [i for i in range(args.tables) for _ in range(args.moves)]
        rng.shuffle(order)
        for i in order:
            made, seen = tables[i], streams[i]
            for _ in range(200):  # until one of the people is to move (the bot may be thinking)
                message = client.get(f"/api/v1/tables/{made['seats']['0']}").json()
                if message["over"] or message["to_move"] in (0, 1):
                    break
                time.sleep(0.005)
            if message["over"] or message["to_move"] not in (0, 1):
                continue
            token = made["seats"][str(message["to_move"])]
            own = client.get(f"/api/v1/tables/{token}").json()
            legal = own["view"]["legal"]
            while not seen.empty():
                seen.get_nowait()
            sent = time.perf_counter()
            reply = client.post(f"/api/v1/tables/{token}/decisions", json={"action": rng.choice(legal), "n": own["n"]})
            if reply.status_code != 200:
                continue
            target = reply.json()["n"]
            while True:
                n, at = seen.get(timeout=30)
                if n >= target:
                    times.append(at - sent)
                    break
        times.sort()
        p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000  # noqa: E731
        print(f"{len(times)} decisions over HTTP, {args.tables} tables live: round trip p50 {p(0.5):.1f} ms, "
              f"p99 {p(0.99):.1f} ms, max {times[-1] * 1000:.1f} ms, mean {statistics.mean(times) * 1000:.1f} ms "
              f"[load {load()}]")
        stop.set()
    finally:
        client.close()
        process.terminate()
        process.wait(timeout=30)
    process, url, boot = start(folder, db)
    try:
        with httpx.Client(base_url=url, timeout=60) as again:
            again.get("/healthz")
            print(f"restart with {args.tables} tables restored: listening after {boot:.2f} s, RSS "
                  f"{rss_mib(process.pid):.1f} MiB [load {load()}]")
    finally:
        process.terminate()
        process.wait(timeout=30)


if __name__ == "__main__":
    main()

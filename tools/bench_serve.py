"""Benchmark of `regola serve` on loopback: latency at a fixed rate, the highest rate held, a warm
rulebook page, start-up time and memory over 100,000 requests.

    .venv/bin/python tools/bench_serve.py [--duration 30] [--json]

The server runs in its own process (`regola serve --port 0 --no-access-log`); the load comes from
another process (this script's ``loadgen`` mode: asyncio, raw HTTP/1.1 over keep-alive connections).
The load is open-loop: request i is due at start + i/rate and its latency counts from that moment,
so a server that falls behind shows it in p99 instead of slowing the client down.
On a shared machine the figures move with the neighbours' load: say so next to them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RULE = "/api/v1/packs/cs/rules/district.cost_track?lang=de"
PAGE = "/cs/cs/"
MIX = [f"/api/v1/packs/{p}/rules/{r}?lang={lang}" for p in ("cs", "fr") for lang in ("cs", "de", "fr")
       for r in ("district.cost_track", "game.players", "setup.council_money", "scoring.winner")]


# --- the load generator (runs in a separate process) -----------------------------------------------

async def _request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, host: str, path: str) -> int:
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: */*\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head[9:12])
    length = 0
    for line in head.split(b"\r\n"):
        if line[:15].lower() == b"content-length:":
            length = int(line[15:])
    if length:
        await reader.readexactly(length)
    return status


async def _open_loop(host: str, port: int, paths: list[str], rate: float, seconds: float,
                     connections: int) -> dict[str, Any]:
    total = int(rate * seconds)
    queue: asyncio.Queue[tuple[float, str] | None] = asyncio.Queue()
    latencies: list[float] = []
    errors = 0

    async def worker() -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection(host, port)
        while (item := await queue.get()) is not None:
            due, path = item
            try:
                status = await _request(reader, writer, f"{host}:{port}", path)
                if status != 200:
                    errors += 1
            except (OSError, asyncio.IncompleteReadError, ValueError):
                errors += 1
                writer.close()
                reader, writer = await asyncio.open_connection(host, port)
            latencies.append(time.perf_counter() - due)
        writer.close()

    workers = [asyncio.create_task(worker()) for _ in range(connections)]
    start = time.perf_counter()
    for i in range(total):
        due = start + i / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        queue.put_nowait((due, paths[i % len(paths)]))
    for _ in workers:
        queue.put_nowait(None)
    await asyncio.gather(*workers)
    elapsed = time.perf_counter() - start
    return _summary(latencies, errors, elapsed, rate)


async def _closed_loop(host: str, port: int, paths: list[str], count: int, connections: int) -> dict[str, Any]:
    done = 0
    errors = 0

    async def worker(offset: int) -> None:
        nonlocal done, errors
        reader, writer = await asyncio.open_connection(host, port)
        i = offset
        while done < count:
            done += 1
            if await _request(reader, writer, f"{host}:{port}", paths[i % len(paths)]) != 200:
                errors += 1
            i += connections
        writer.close()

    start = time.perf_counter()
    await asyncio.gather(*(worker(k) for k in range(connections)))
    return {"requests": done, "errors": errors, "seconds": round(time.perf_counter() - start, 2)}


def _summary(latencies: list[float], errors: int, elapsed: float, rate: float) -> dict[str, Any]:
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return round(ms[min(len(ms) - 1, int(p * len(ms)))], 2) if ms else float("nan")

    return {"rate": rate, "requests": len(ms), "errors": errors, "achieved": round(len(ms) / elapsed, 1),
            "p50_ms": pct(0.50), "p99_ms": pct(0.99), "max_ms": round(ms[-1], 2) if ms else None,
            "mean_ms": round(statistics.fmean(ms), 2) if ms else None}


def loadgen(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=("open", "closed"))
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--paths", required=True)
    p.add_argument("--rate", type=float, default=500)
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--count", type=int, default=100_000)
    p.add_argument("--connections", type=int, default=32)
    a = p.parse_args(argv)
    paths = a.paths.split(",")
    if a.mode == "open":
        out = asyncio.run(_open_loop("127.0.0.1", a.port, paths, a.rate, a.seconds, a.connections))
    else:
        out = asyncio.run(_closed_loop("127.0.0.1", a.port, paths, a.count, a.connections))
    print(json.dumps(out))


# --- the driver -------------------------------------------------------------------------------------

def _load(port: int, *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, __file__, "--loadgen", *args, "--port", str(port)],
                          capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


def _cpu_s(pid: int) -> float:
    """CPU seconds the process has used (user + system): what a request costs, whatever the neighbours do."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(log: Path) -> tuple[subprocess.Popen[bytes], int, float, float]:
    """The server process, its port, seconds until it listened, and its own 'loaded in' figure."""
    started = time.perf_counter()
    handle = open(log, "wb")  # noqa: SIM115 - the child keeps it
    process = subprocess.Popen([sys.executable, "-m", "regola.cli.main", "serve", "--port", "0", "--no-access-log",
                                "--client-requests", "4096"],
                               stdout=handle, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    handle.close()
    while True:
        text = log.read_text(errors="replace")
        if "listening on http://" in text:
            listening = time.perf_counter() - started
            port = int(text.split("listening on http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
            loaded = float(text.split("loaded in ", 1)[1].split(" s", 1)[0])
            return process, port, listening, loaded
        if process.poll() is not None or time.perf_counter() - started > 60:
            raise SystemExit(f"the server did not start:\n{text}")
        time.sleep(0.01)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--loadgen":
        loadgen(sys.argv[2:])
        return 0
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--duration", type=float, default=30, help="seconds at 500 req/s (default 30)")
    p.add_argument("--step", type=float, default=5, help="seconds per step of the highest-rate search")
    p.add_argument("--requests", type=int, default=100_000, help="requests of the memory run")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        process, port, listening, loaded = _start(Path(tmp) / "server.log")
        try:
            results["startup"] = {"process_to_listening_s": round(listening, 3), "packs_loaded_s": loaded}
            _load(port, "open", "--paths", ",".join([*MIX, PAGE]), "--rate", "200", "--seconds", "3")  # warm up
            results["rss_before_kib"] = _rss_kib(process.pid)
            results["rule_500"] = _load(port, "open", "--paths", RULE, "--rate", "500", "--seconds", str(a.duration))
            held = None
            steps = []
            for rate in (250, 500, 750, 1000, 1500, 2000, 3000):
                step = _load(port, "open", "--paths", RULE, "--rate", str(rate), "--seconds", str(a.step))
                steps.append(step)
                if step["p99_ms"] > 50 or step["errors"]:
                    break
                held = step
            results["highest_rate"] = {"held": held, "steps": steps}
            results["page_warm"] = _load(port, "open", "--paths", PAGE, "--rate", "100", "--seconds", "10")
            cpu = _cpu_s(process.pid)
            results["memory_run"] = _load(port, "closed", "--paths", ",".join([*MIX, PAGE]), "--count",
                                          str(a.requests), "--connections", "16")
            results["rss_after_kib"] = _rss_kib(process.pid)
            results["server_cpu_ms_per_request"] = round((_cpu_s(process.pid) - cpu) * 1000 / a.requests, 3)
        finally:
            process.send_signal(signal.SIGTERM)
            results["exit_status"] = process.wait(timeout=30)
    if a.json:
        print(json.dumps(results, indent=2))
        return 0
    r = results
    print(f"start-up: process to listening {r['startup']['process_to_listening_s']:.2f} s; "
          f"packs loaded and validated {r['startup']['packs_loaded_s']:.2f} s")
    x = r["rule_500"]
    print(f"GET one rule at 500 req/s for {a.duration:g} s: p50 {x['p50_ms']} ms, p99 {x['p99_ms']} ms, "
          f"max {x['max_ms']} ms, errors {x['errors']} ({x['requests']} requests, {x['achieved']} req/s)")
    held = r["highest_rate"]["held"]
    print("highest rate with p99 <= 50 ms: " + (f"{held['rate']:g} req/s (p99 {held['p99_ms']} ms)" if held else
                                                  "below 250 req/s"))
    for step in r["highest_rate"]["steps"]:
        print(f"  {step['rate']:>6g} req/s: achieved {step['achieved']}, p50 {step['p50_ms']} ms, "
              f"p99 {step['p99_ms']} ms, errors {step['errors']}")
    x = r["page_warm"]
    print(f"rulebook page {PAGE} warm, 100 req/s: p50 {x['p50_ms']} ms, p99 {x['p99_ms']} ms, errors {x['errors']}")
    m = r["memory_run"]
    print(f"RSS before {r['rss_before_kib'] / 1024:.1f} MiB, after {m['requests']} requests "
          f"({m['seconds']} s, {m['errors']} errors) {r['rss_after_kib'] / 1024:.1f} MiB; "
          f"server exit status {r['exit_status']}")
    print(f"server CPU per request (mixed rules + pages): {r['server_cpu_ms_per_request']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

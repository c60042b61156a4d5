"""Figures of issue 17: what hostile inputs cost `regola check` and `regola serve` now.

    .venv/bin/python tools/bench_hostile.py [--part check|serve|health|rss|all] [--requests 100000]

- ``check``: worst time and peak memory of `regola check` (a process of its own, no daemon) on each
  shape of 1 MiB variant (docs/CHECK.md, "What a file may cost"), and on the issue's variants.
- ``serve``: the server's reply time to each hostile input of the issue, the server's own memory
  above idle, and the peak memory of the engine worker that ran it.
- ``health``: p50/p99/max of ``GET /healthz`` while 8 clients post worst-case bodies in a loop.
- ``rss``: the server's memory over a number of mixed requests (rules, pages, searches, 404s, posts).

Each figure is printed with the load average at that moment: on a shared machine they are upper
bounds. For steadier figures pin it (``taskset -c 1 nice -n 5 …``) and run it twice.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
MIB = 1 << 20


def load() -> str:
    return "load " + " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --- the inputs -------------------------------------------------------------------------------------

def _head(name: str, base: str = "cs") -> str:
    return f"variant:\n  id: {name}\n  base: {base}\n  title: {name}\n  changes:\n"


def _fill(head: str, line: Callable[[int], str], size: int, tail: str = "") -> str:
    parts = [head]
    total, i = len(head) + len(tail), 0
    while True:
        piece = line(i)
        if total + len(piece) > size:
            break
        parts.append(piece)
        total += len(piece)
        i += 1
    return "".join(parts) + tail


def variant_shapes(size: int = MIB - 4096) -> dict[str, str]:
    """1 MiB variants, one per shape a check walks differently."""
    shapes = {
        "many changes (add /rules/rN)": _fill(_head("many"), lambda i: f"    - {{op: add, path: /rules/r{i}, value: "
                                              f"{{cites: [R1]}}}}\n", size),
        "1,000 valid changes (the bound; 64 KiB)": _head("long") + "".join(
            f"    - {{op: replace, path: /city/cost_track, value: [0, 2, 3, {i % 9}]}}\n" for i in range(1000)),
        "one huge text value": _head("text") + "    - {op: replace, path: /pack/title, value: '"
        + "x" * (size - 200) + "'}\n",
        "a long list value": _fill(_head("list") + "    - op: replace\n      path: /city/cost_track\n      value:\n",
                                   lambda i: f"        - {i % 7}\n", size),
        "a wide mapping value": _fill(_head("wide") + "    - op: add\n      path: /rules/wide.map\n      value:\n",
                                      lambda i: f"        k{i}: {i}\n", size),
        "nesting at the depth bound, repeated": _fill(_head("deep") + "    - op: add\n      path: /rules/deep.x\n"
                                                      "      value:\n",
                                                      lambda i: f"        d{i}: " + "[" * 58 + "]" * 58 + "\n", size),
        "aliases at their bound": _head("alias") + "    - op: add\n      path: /rules/alias.x\n      value:\n"
        + "        base: &a [" + ", ".join(["1"] * 700) + "]\n"
        + "".join(f"        k{i}: *a\n" for i in range(256)),
        "a very long pointer": _head("pointer") + "    - {op: add, path: '" + "/a" * (size // 2 - 200)
        + "', value: 1}\n",
        "one flow-style line": "{variant: {id: flow, base: cs, title: flow, changes: ["
        + ", ".join(f"{{op: test, path: /players/min, value: {i % 2 + 2}}}" for i in range(size // 60)) + "]}}\n",
    }
    return {name: text for name, text in shapes.items() if len(text.encode()) <= MIB}


ISSUE_VARIANTS = {
    "players.max = 10**6": "    - {op: replace, path: /players/max, value: 1000000}\n",
    "starting money = 10**7": "".join(f"    - {{op: replace, path: /setup/beginner/seats/{s}/money, value: 10000000}}\n"
                                      for s in range(4)),
    "rounds count = 10**8": "    - {op: replace, path: /rounds/schedule/0/count, value: 100000000}\n",
    "1e400": "    - {op: replace, path: /setup/council_money, value: 1e400}\n",
}


def _run_measured(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(wall seconds, peak MiB, CPU seconds) of a command in a process of its own. On a loaded machine
    the CPU time is the steadier figure: the wall time is that much more the neighbours' doing."""
    started = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _pid, _status, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - started, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def part_check() -> None:
    print(f"== regola check, one process per file (no daemon), peak RSS of that process [{load()}]")
    env = {**os.environ, "REGOLA_DAEMON": "off", "REGOLA_CACHE": tempfile.mkdtemp(prefix="bench-hostile-")}
    regola = str(Path(sys.executable).parent / "regola")
    with tempfile.TemporaryDirectory() as folder:
        idle = tempfile.NamedTemporaryFile("w", suffix=".yaml", dir=folder, delete=False)  # noqa: SIM115
        idle.write((REPO / "rulepacks/cs/variants/codex-leonardi-1.yaml").read_text())
        idle.close()
        base = min(_run_measured([regola, "check", idle.name], env) for _ in range(3))
        print(f"  {'an official variant (for comparison)':58s} {base[0]:6.2f} s ({base[2]:5.2f} s CPU) "
              f"{base[1]:7.1f} MiB")
        cases = {**{f"issue: {k}": _head("issue") + v for k, v in ISSUE_VARIANTS.items()},
                 **{f"1 MiB: {k}": v for k, v in variant_shapes().items()}}
        for name, text in cases.items():
            path = Path(folder) / "case.yaml"
            path.write_text(text, encoding="utf-8")
            worst = max(_run_measured([regola, "check", str(path)], env) for _ in range(2))
            print(f"  {name:58s} {worst[0]:6.2f} s ({worst[2]:5.2f} s CPU) {worst[1]:7.1f} MiB  "
                  f"({len(text.encode()) / 1024:.0f} KiB) [{load()}]")


# --- a server to hit ------------------------------------------------------------------------------------

class Served:
    def __init__(self, *extra: str) -> None:
        """`regola serve` on a free port; an argument "DB" stands for a tables database in its folder."""
        self.folder = Path(tempfile.mkdtemp(prefix="bench-hostile-serve-"))
        extra = tuple(str(self.folder / "tables.db") if arg == "DB" else arg for arg in extra)
        log = self.folder / "server.log"
        handle = open(log, "wb")  # noqa: SIM115 - the child keeps it
        self.process = subprocess.Popen([sys.executable, "-m", "regola.cli.main", "serve", "--port", "0",
                                         "--no-access-log", *extra], stdout=handle, stderr=subprocess.STDOUT,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        handle.close()
        deadline = time.monotonic() + 60
        while "listening on http://" not in log.read_text(errors="replace"):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(log.read_text(errors="replace"))
            time.sleep(0.05)
        address = log.read_text().split("listening on http://", 1)[1].split("/", 1)[0]
        self.host, port = address.rsplit(":", 1)
        self.port = int(port)
        time.sleep(1.0)  # the fork server warms up

    def rss(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def descendants_peak(self) -> float:
        """The largest VmHWM (peak RSS) among the server's child processes now alive, in MiB."""
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
        found, frontier = set(), [self.process.pid]
        while frontier:
            parent = frontier.pop()
            kids = [p for p, pp in parents.items() if pp == parent and p not in found]
            found.update(kids)
            frontier.extend(kids)
        peak = 0.0
        for pid in found:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]) / 1024)
            except OSError:
                continue
        return peak

    def request(self, method: str, path: str, body: bytes | None = None, kind: str = "") -> tuple[int, float]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
        started = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers={"Content-Type": kind} if kind else {})
            reply = connection.getresponse()
            reply.read()
            return reply.status, time.perf_counter() - started
        except (OSError, http.client.HTTPException):
            return 0, time.perf_counter() - started
        finally:
            connection.close()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


YAML, JSON, NDJSON = "application/yaml", "application/json", "application/x-ndjson"
STALL = b'"' + b'\\"' * 32_700


def hostile_posts() -> dict[str, tuple[str, bytes, str]]:
    golden = (REPO / "tests/golden/cs-2p-beginner.jsonl").read_text().splitlines()
    header = json.loads(golden[0])
    rich = dict(header, variants=[{"id": "rich", "base": "cs", "title": "rich", "changes": [
        {"op": "replace", "path": f"/setup/beginner/seats/{s}/money", "value": 10**7} for s in range(2)]}])
    surrogate = dict(header, variants=[{"id": "s", "base": "cs", "title": "\ud800", "changes": []}])
    check, replay = "/api/v1/variants/check", "/api/v1/records/replay"
    many = _fill(_head("many"), lambda i: f"    - {{op: add, path: /rules/r{i}, value: {{cites: [R1]}}}}\n",
                 64 * 1024 - 64)
    cases = {
        "30 KB of '['": (check, b"[" * 30_000, YAML),
        "65 KB of escaped quotes (JSON)": (check, STALL, JSON),
        "a 4-line record of escaped quotes": (replay, b"\n".join([STALL[:65_000], b"{}", b"{}", b"{}"]), NDJSON),
        "a 5000-digit number (JSON)": (check, b'{"variant": ' + b"9" * 5000 + b"}", JSON),
        "64 KiB of add /rules/rN": (check, many.encode(), YAML),
        "a record of a 10**7 purse": (replay, "\n".join([json.dumps(rich), *golden[1:]]).encode(), NDJSON),
        "a record with a lone surrogate": (replay, "\n".join([json.dumps(surrogate), *golden[1:]]).encode(), NDJSON),
        "a 9**9 alias bomb": (check, ("variant:\n  id: l\n  a0: &a0 [lol]\n" + "".join(
            f"  a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]\n" for n in range(1, 10))).encode(), YAML),
        "an honest variant (for comparison)": (check, (REPO / "rulepacks/cs/variants/codex-leonardi-1.yaml")
                                               .read_bytes(), YAML),
        "an honest record (for comparison)": (replay, "\n".join(golden).encode(), NDJSON),
    }
    for name, text in ISSUE_VARIANTS.items():
        cases[f"variant: {name}"] = (check, (_head("issue") + text).encode(), YAML)
    return cases


def _peak_during(server: Served, action: Callable[[], Any]) -> tuple[Any, float]:
    """What ``action`` returns, and the largest peak RSS of the server's children seen meanwhile."""
    peaks: list[float] = []
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peaks.append(server.descendants_peak())
            time.sleep(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        return action(), max(peaks, default=0.0)
    finally:
        done.set()
        sampler.join()


def _post_json(server: Served, path: str, body: bytes, kind: str) -> str:
    connection = http.client.HTTPConnection(server.host, server.port, timeout=120)
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": kind})
        return connection.getresponse().read().decode()
    finally:
        connection.close()


def part_serve() -> None:
    server = Served()
    try:
        idle = server.rss()
        print(f"== regola serve: reply time, server RSS above idle ({idle:.1f} MiB), peak RSS of its engine "
              f"processes [{load()}]")
        for name, (path, body, kind) in hostile_posts().items():
            worst, peak = _peak_during(server, lambda p=path, b=body, k=kind: max(
                (server.request("POST", p, b, k) for _ in range(3)), key=lambda r: r[1]))
            print(f"  {name:40s} {worst[0]:3d} {worst[1] * 1000:8.0f} ms  server +{server.rss() - idle:5.1f} MiB  "
                  f"worker peak {peak:6.1f} MiB  [{load()}]")
        before, started = server.rss(), time.perf_counter()
        statuses: dict[int, int] = {}
        for i in range(64):  # as many posted variants as the server keeps, each read in every language
            body = (_head(f"posted-{i}") + f"    - {{op: replace, path: /city/cost_track, value: [0, {1 + i % 8}, "
                    f"{10 + i // 8}, 20]}}\n").encode()  # distinct, and rising as the pack's constraint asks
            token = json.loads(_post_json(server, "/api/v1/variants/check", body, YAML))["variant"]["token"]
            for lang in ("cs", "de", "fr"):
                status = server.request("GET", f"/cs/{lang}/?variant={token}")[0]
                statuses[status] = statuses.get(status, 0) + 1
        print(f"  64 posted variants, each rulebook in 3 languages: server {before:.1f} → {server.rss():.1f} MiB "
              f"(idle {idle:.1f}) in {time.perf_counter() - started:.0f} s, {statuses} [{load()}]")
        print(f"  still alive: {server.process.poll() is None}; GET /healthz {server.request('GET', '/healthz')[0]}")
    finally:
        server.stop()


def probe_health(server: Served, attackers: list[threading.Thread], stop: threading.Event, seconds: float) -> str:
    """Start ``attackers``, probe ``GET /healthz`` every 20 ms for ``seconds``, stop them; the latencies
    in words (a probe that failed counts as infinitely slow)."""
    for thread in attackers:
        thread.start()
    latencies: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        status, took = server.request("GET", "/healthz")
        latencies.append(took if status == 200 else float("inf"))
        time.sleep(0.02)
    stop.set()
    for thread in attackers:
        thread.join(120)
    latencies.sort()
    p99 = latencies[max(0, int(len(latencies) * 0.99) - 1)]
    return (f"{len(latencies)} probes: p50 {statistics.median(latencies) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {latencies[-1] * 1000:.1f} ms")


def part_health(seconds: float = 20.0) -> None:
    server = Served("--client-requests", "64", "--client-engine-jobs", "16")
    bodies = list(hostile_posts().values())
    stop = threading.Event()
    posted: list[int] = []

    def poster(k: int) -> None:
        rng = random.Random(k)
        while not stop.is_set():
            path, body, kind = rng.choice(bodies)
            posted.append(server.request("POST", path, body, kind)[0])

    try:
        threads = [threading.Thread(target=poster, args=(k,)) for k in range(8)]
        said = probe_health(server, threads, stop, seconds)
        statuses = {s: posted.count(s) for s in sorted(set(posted))}
        print(f"== GET /healthz while 8 clients post worst-case bodies for {seconds:g} s [{load()}]")
        print(f"  {said}; posts answered {statuses}")
    finally:
        stop.set()
        server.stop()


def part_rss(requests: int) -> None:
    server = Served("--client-requests", "256", "--client-engine-jobs", "8")
    golden = (REPO / "tests/golden/cs-2p-beginner.jsonl").read_bytes()
    variant = (REPO / "rulepacks/cs/variants/codex-leonardi-1.yaml").read_bytes()
    gets = ["/api/v1/packs/cs/rules/district.cost_track?lang=de", "/cs/cs/", "/cs/fr/setup", "/healthz",
            "/api/v1/packs/pl/search?q=florin", "/no/such/thing", "/api/v1/packs", "/static/regola.css",
            "/api/v1/packs/cs/rules?variant=codex-leonardi-1&lang=fr"]
    counts: dict[int, int] = {}
    lock = threading.Lock()
    per_thread = requests // 4

    def client(k: int) -> None:
        rng = random.Random(k)
        connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
        for i in range(per_thread):
            if i % 200 == 199:  # 0.5 %: engine work
                path, body, kind = rng.choice([("/api/v1/variants/check", variant, YAML),
                                               ("/api/v1/records/replay", golden, NDJSON)])
                status = server.request("POST", path, body, kind)[0]
            else:
                try:
                    connection.request("GET", rng.choice(gets))
                    reply = connection.getresponse()
                    reply.read()
                    status = reply.status
                except (OSError, http.client.HTTPException):
                    connection.close()
                    connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
                    status = 0
            with lock:
                counts[status] = counts.get(status, 0) + 1
        connection.close()

    try:
        for _ in range(200):  # warm every cache first
            server.request("GET", random.choice(gets))
        before = server.rss()
        started = time.perf_counter()
        threads = [threading.Thread(target=client, args=(k,)) for k in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - started
        print(f"== RSS over {per_thread * 4:,} mixed requests (0.5 % checks and replays) [{load()}]")
        print(f"  {before:.1f} → {server.rss():.1f} MiB in {seconds:.0f} s; statuses {dict(sorted(counts.items()))}")
    finally:
        server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=["check", "serve", "health", "rss", "all"], default="all")
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the /healthz probe (health)")
    args = parser.parse_args()
    parts: dict[str, Callable[[], Any]] = {"check": part_check, "serve": part_serve,
                                           "health": lambda: part_health(args.seconds),
                                           "rss": lambda: part_rss(args.requests)}
    for name, run in parts.items():
        if args.part in (name, "all"):
            run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

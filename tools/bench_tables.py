"""Tables at scale, engine side (no HTTP yet): N concurrent tables with bot seats in one hall over
SQLite, a person's decision timed from submit to the person's and the spectators' messages built
(bot think time excluded: bots answer in their worker processes meanwhile), server RSS per idle
table, and the time to restore the N tables after a restart. Prints the figures with the load average.

    taskset -c 0 nice python tools/bench_tables.py [--tables 100] [--moves 20] [--pack cs|pl]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from regola.tables.bots import BotPool
from regola.tables.hall import Hall
from regola.tables.store import open_store

_RESTORE = """
import json, sys, time
from regola.core.pack import load_pack
def rss_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
from regola.tables.hall import Hall
from regola.tables.store import open_store
from regola.tables.table import ruleset_for
ruleset_for(load_pack(sys.argv[2]))
before = rss_mib()
started = time.perf_counter()
hall = Hall(open_store(sys.argv[1]))
restored, failed = hall.restore()
took = time.perf_counter() - started
print(json.dumps([before, rss_mib(), restored, len(failed), took]))
"""


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--moves", type=int, default=20, help="a person's decisions per table")
    parser.add_argument("--pack", default="cs")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="regola-bench-tables-"))
    db = folder / "tables.db"
    changed = threading.Condition()

    def on_change(table_id: str) -> None:
        with changed:
            changed.notify_all()

    hall = Hall(open_store(db), BotPool(workers=1, seconds=10), on_change=on_change)
    hall.create(args.pack, [], 2, ["human", "human"])  # warm the pack, rulesets and the bot worker
    base = rss_mib()
    made = [hall.create(args.pack, [], 3, ["human", "random", "greedy"]) for _ in range(args.tables)]
    per_table = (rss_mib() - base) / args.tables
    rng = random.Random(1)
    round_trips: list[float] = []
    deadline = time.monotonic() + 600
    pending = {m.table_id: args.moves for m in made}
    while pending and time.monotonic() < deadline:
        acted = False
        for m in made:
            if pending.get(m.table_id, 0) <= 0:
                continue
            table = hall.table(m.table_id)
            if table is None or table.is_over():
                pending.pop(m.table_id, None)
                continue
            if table.to_move() != 0:
                continue
            legal = hall.message(m.seats[0])["view"]["legal"]
            started = time.perf_counter()
            reply = hall.decide(m.seats[0], rng.choice(legal))
            hall.message(m.spectator, reply["n"] - 1)  # the other audiences' updates (bots need none)
            round_trips.append(time.perf_counter() - started)
            pending[m.table_id] -= 1
            if not pending[m.table_id]:
                del pending[m.table_id]
            acted = True
        if not acted:
            with changed:
                changed.wait(0.05)
    hall.close()
    # a fresh server process: its RSS with the packs loaded, then with every table restored
    child = subprocess.run([sys.executable, "-c", _RESTORE, str(db), args.pack], capture_output=True, text=True,
                           check=True)
    rss_before, rss_after, restored, failed, restore_s = json.loads(child.stdout)
    round_trips.sort()
    p99 = round_trips[min(len(round_trips) - 1, int(len(round_trips) * 0.99))]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"tables: {args.tables} ({args.pack}, 1 person + random + greedy bots), {len(round_trips)} decisions "
          f"of the person timed; load average {load}")
    print(f"decision round trip (refereed, stored in SQLite WAL, the person's and the spectators' messages built): "
          f"p50 {statistics.median(round_trips) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
          f"max {round_trips[-1] * 1000:.2f} ms")
    print(f"RSS per new table: {per_table * 1024:.0f} KiB; per restored table after the game so far: "
          f"{(rss_after - rss_before) * 1024 / max(1, restored):.0f} KiB (fresh process {rss_before:.0f} -> "
          f"{rss_after:.0f} MiB)")
    print(f"restore {restored} tables ({failed} failed) after a restart: {restore_s:.2f} s")


if __name__ == "__main__":
    main()

"""Peak memory of `regola compare`'s statistics at a large number of games per arm.

    python tools/bench_compare_memory.py [--games 100000] [--played 1000] [--folder DIR]

Plays ``--played`` real random 4-player games per arm (base and codex-leonardi-2), then writes results
folders of ``--games`` games per arm by repeating those rows under new game indices (the statistics read
only the Parquet files, so this measures them as a real run of that size would), and runs the whole
analysis (DuckDB aggregates, bootstrap, findings, report without plots) in a fresh process, printing its
peak RSS next to the RSS of the same process before the analysis, the time, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

CHILD = """
import json, resource, sys, time
from pathlib import Path
from regola.sim.arms import Arm, load_arm
from regola.sim.study import Study, analyse, parse_lineups
base = load_arm("base", "cs", [])
arm = load_arm("", "cs", ["codex-leonardi-2"])
study = Study(base, [Arm("codex-leonardi-2", arm.pack)], parse_lineups(None, "random"), (4,), "beginner",
              int(sys.argv[2]), 0)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
analysis = analyse(study, Path(sys.argv[1]), threads=2)
seconds = time.perf_counter() - started
n = sum(f.test.n for f in analysis.findings["codex-leonardi-2"] if f.name == "length")
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"rss_before_mib": before / 1024, "rss_peak_mib": peak / 1024, "seconds": seconds, "pairs": n}))
"""


def grow(folder: Path, played: int, games: int) -> None:
    """Repeats the played rows of every part under new game indices until each arm has ``games`` games."""
    for table in ("games", "actions"):
        parts = sorted((folder / table).glob("*.parquet"))
        rows = pa.concat_tables([pq.read_table(p) for p in parts])
        for p in parts:
            p.unlink()
        for arm in ("base", "codex-leonardi-2"):
            mine = rows.filter(pc.equal(rows.column("arm"), arm))
            for copy in range(games // played):
                shifted = mine.set_column(mine.schema.get_field_index("game"), "game",
                                          pc.add(mine.column("game"), copy * played))
                first = copy * played
                pq.write_table(shifted, folder / table / f"{arm}-{first:09d}-{first + played - 1:09d}.parquet")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--played", type=int, default=1000)
    p.add_argument("--folder", type=Path, default=None, help="keep the results here (default: a temporary folder)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = args.folder or Path(tmp)
        lineup = root / "random"
        parts = len(list((lineup / "games").glob("*.parquet"))) if (lineup / "games").exists() else 0
        if parts < 2 * (args.games // args.played):
            subprocess.run([sys.executable, "-m", "regola.cli.main", "compare", "codex-leonardi-2", "--bots", "random",
                            "--games", str(args.played), "--out", str(root), "--quiet"], check=True,
                           stdout=subprocess.DEVNULL)
            grow(lineup, args.played, args.games)
        out = subprocess.run([sys.executable, "-c", CHILD, str(root), str(args.games)], check=True,
                             capture_output=True, text=True).stdout
        figures = json.loads(out.strip().splitlines()[-1])
        load = os.getloadavg()
        print(f"{args.games:,} games per arm ({figures['pairs']:,} pairs analysed): peak RSS "
              f"{figures['rss_peak_mib']:.0f} MiB (process before the analysis: {figures['rss_before_mib']:.0f} MiB), "
              f"{figures['seconds']:.1f} s; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()

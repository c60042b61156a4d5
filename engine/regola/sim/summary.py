"""What `regola simulate` prints when it is done: where the data is, how fast, and the headline
numbers with their 95 % intervals (computed by DuckDB from the Parquet files)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regola.sim.runner import Outcome, Simulation

HEADLINE = ("wins", "bots", "score", "length")


def headline(sim: Simulation, out: Path) -> tuple[list[dict[str, Any]], int]:
    from regola.sim.aggregate import Source, connection
    from regola.sim.stats import estimate
    from regola.sim.words import Words

    words = Words("en")
    arm = sim.arms[0].name
    with connection() as con:
        src = Source(con, out, sim.games)
        sums = src.arm_sums()
        n = src.games_per_arm().get(arm, 0)
        rows = []
        for m in src.metrics:
            if m.group in HEADLINE and arm in sums[m.name]:
                e = estimate(sums[m.name][arm], m.binary)
                rows.append({"metric": m.name, "label": words.metric(m), "binary": m.binary, "n": e.n,
                             "value": e.value, "low": e.low, "high": e.high})
    return rows, n


def summary_json(sim: Simulation, outcome: Outcome, out: Path) -> dict[str, Any]:
    from regola.sim.stats import json_ready

    rows, n = headline(sim, out)
    return json_ready({"out": str(out), "games": n, "played_now": outcome.played, "seconds": round(outcome.seconds, 3),
                       "games_per_s": round(outcome.games_per_s, 1), "jobs": outcome.jobs, "backend": outcome.backend,
                       "arm": sim.arms[0].describe(), "metrics": rows})


def summary_lines(sim: Simulation, outcome: Outcome, out: Path) -> list[str]:
    rows, n = headline(sim, out)
    arm = sim.arms[0]
    lines = [f"{n} games of {arm.pack.id}" + "".join(f" + {v}" for v in arm.variants)
             + f" ({arm.content_hash[:19]}…) in {out}/",
             f"  played now: {outcome.played} in {outcome.seconds:.1f} s ({outcome.games_per_s:.1f} games/s, "
             f"{outcome.backend}, {outcome.jobs} job{'s' if outcome.jobs != 1 else ''})"]
    for r in rows:
        rate = r["binary"] or r["metric"].startswith("win.")
        fmt = (lambda x: f"{100 * x:.1f} %") if rate else (lambda x: f"{x:.2f}")
        lines.append(f"  {r['label']:<36} {fmt(r['value']):>9}  [{fmt(r['low'])}, {fmt(r['high'])}]")
    lines.append(f"  query: duckdb -c \"select * from read_parquet('{out}/games/*.parquet') limit 5\"")
    return lines

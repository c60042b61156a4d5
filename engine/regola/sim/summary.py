"""What `regola simulate` prints when it is done: where the data is, how fast, and the headline
numbers with their 95 % intervals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regola.sim.runner import Outcome, Simulation
from regola.sim.store import Store

HEADLINE = ("wins", "score", "length")


def headline(sim: Simulation, out: Path) -> tuple[list[dict[str, Any]], int]:
    from regola.sim.metrics import metrics
    from regola.sim.stats import estimate

    store = Store.open(out, sim.manifest())
    games = store.table("games", sim.games).to_pandas()
    actions = store.table("actions", sim.games).to_pandas()
    arm = sim.arms[0].name
    found, _ = metrics(games, actions, [arm], compared=False)
    rows = []
    for m in found:
        if m.group in HEADLINE:
            e = estimate(m.arm(arm), m.binary)
            rows.append({"metric": m.name, "label": m.label, "n": e.n, "value": e.value, "low": e.low,
                         "high": e.high})
    return rows, len(games)


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
        pct = r["metric"].startswith("win.")
        fmt = (lambda x: f"{100 * x:.1f} %") if pct else (lambda x: f"{x:.2f}")
        lines.append(f"  {r['label']:<36} {fmt(r['value']):>9}  [{fmt(r['low'])}, {fmt(r['high'])}]")
    lines.append(f"  query: duckdb -c \"select * from read_parquet('{out}/games/*.parquet') limit 5\"")
    return lines

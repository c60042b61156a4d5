"""Does `regola compare`, with its default bot lineups, find effects that are known by construction?

    python tools/sensitivity.py --games 2000 --out out/sensitivity       # docs/BOTS.md has its table

Plays one comparison of Maestro Leonardo (4 players) against three variants whose effect is known
before any game is played, then prints, per variant and lineup, the measure that must move, its
difference with the report's interval, and whether the report found it (the interval excludes no
change, on the side the construction says):

- ``tools/sensitivity/seat0-rich.yaml``: the starting player begins with 5 gulden more, so seat 0
  wins more often (``win.seat0`` up);
- ``ml-upgrade-points``: every workshop upgrade scores 2 gulden at the end, so scores rise
  (``score.mean`` up);
- ``codex-leonardi-2``: a new district where cards are exchanged; a lineup that plays it makes
  exchanges (``actions.exchange`` up), and one that does not is flagged as judging the old game.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from regola.cli.main import main as regola

HERE = Path(__file__).resolve().parent
#: variant -> (the measure that must move, +1 up or -1 down, why)
KNOWN = {
    str(HERE / "sensitivity" / "seat0-rich.yaml"): ("win.seat0", +1, "seat 0 starts with 5 gulden more"),
    "ml-upgrade-points": ("score.mean", +1, "each upgrade scores 2 gulden at the end"),
    "codex-leonardi-2": ("actions.exchange", +1, "a district where cards are exchanged"),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--out", type=Path, default=Path("out/sensitivity"))
    args = ap.parse_args()
    report = args.out / "report"
    words = ["compare", *KNOWN, "--players", "4", "--games", str(args.games), "--seed", str(args.seed),
             "--out", str(args.out / "data"), "--report", str(report), "--quiet", "--no-plots"]
    if args.jobs:
        words += ["--jobs", str(args.jobs)]
    start = time.perf_counter()
    code = regola(words)
    wall = time.perf_counter() - start
    if code:
        raise SystemExit(code)
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    arms = {Path(v).stem: (metric, sign, why) for v, (metric, sign, why) in KNOWN.items()}
    print(f"{args.games} games per arm, default lineups, 4 players, seed {args.seed}: {wall:.0f} s wall\n")
    print("| variant | known effect | measure | lineup | base → variant (difference, interval) | found |")
    print("|---|---|---|---|---|---|")
    for arm, findings in data["findings"].items():
        metric, sign, why = arms[arm]
        for f in findings:
            if f["name"] != metric:
                continue
            found = f["low"] > 0 if sign > 0 else f["high"] < 0
            moved = f"{f['base']['value']:.3g} → {f['variant']['value']:.3g}"
            print(f"| {arm} | {why} | {metric} | {f['lineup']} | {moved} ({f['diff']:+.3g}, {f['low']:+.3g} to "
                  f"{f['high']:+.3g}) | {'yes' if found else 'no'} |")
        for lineup, unused in data["moves"].get(arm, {}).get("unused", {}).items():
            if unused:
                print(f"| {arm} | flagged: {lineup} never made {', '.join(unused)} | | {lineup} | | |")


if __name__ == "__main__":
    main()

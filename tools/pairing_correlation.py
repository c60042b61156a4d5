"""How tightly `regola compare` pairs its games: the correlation, metric by metric, between a game under the
base rules and the same game under a variant, with bots that draw by the moment of the game (now) and
with one sequential stream per seat (how bots drew before; emulated by giving them no moment).

    python tools/pairing_correlation.py VARIANT [--players 4] [--games 1000] [--lineups 'random;greedy:temp=0.5']

Prints one row per metric and lineup: the correlation both ways and the load average while it ran
(figures vary with the machine's load only in time, not in value: the games are seeded).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from unittest import mock

from regola.core import play as play_module
from regola.sim.arms import Arm, load_arm
from regola.sim.plan import parse_players
from regola.sim.study import Study, analyse, parse_lineups, play


def correlations(study: Study, sequential: bool, jobs: int) -> dict[tuple[str, str], float | None]:
    with tempfile.TemporaryDirectory() as tmp:
        if sequential:  # no moment: every bot's stream runs on from decision to decision, as before
            with mock.patch.object(play_module, "moment_key", lambda state, visit: None):
                play(study, Path(tmp), jobs if jobs == 1 else 1, "local", None, None, False)
        else:
            play(study, Path(tmp), jobs, "local", None, None, False)
        found = analyse(study, Path(tmp), threads=jobs).findings[study.variants[0].name]
    return {(f.extra.get("metric", f.name), f.lineup): f.test.correlation for f in found}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant")
    p.add_argument("--pack", default="cs")
    p.add_argument("--players", default="4")
    p.add_argument("--setup", default="beginner")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--lineups", default="random;greedy:temp=0.5;greedy")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()
    base = load_arm("base", args.pack, [])
    arm = load_arm("", args.pack, [args.variant])
    variant = Arm(arm.pack.variants[-1].id, arm.pack)
    study = Study(base, [variant], parse_lineups(args.lineups, None), parse_players(args.players), args.setup,
                  args.games, 0)
    # the sequential run plays in this process (the patch must reach the bots), so give both one job
    keyed = correlations(study, False, 1)
    sequential = correlations(study, True, 1)
    load = os.getloadavg()
    print(f"{args.games} paired games per lineup, {args.players} players, {args.setup}; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"{'metric':<28} {'lineup':<18} {'one stream/seat':>15} {'by moment':>10}")
    for key in sorted(keyed, key=lambda k: (k[1], k[0])):
        a, b = sequential.get(key), keyed[key]
        print(f"{key[0]:<28} {key[1]:<18} {_show(a):>15} {_show(b):>10}")


def _show(x: float | None) -> str:
    return "–" if x is None else f"{x:.2f}"


if __name__ == "__main__":
    main()

"""`regola compare`: the base pack against each variant over the same games (paired), with a report."""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

from regola.cli.simulate import add_simulation_options, jobs_of, simulation_from


def register(sub: Any) -> None:
    p = sub.add_parser("compare", help="compare house-rule variants over paired games, with a report",
                       description="Play the base pack (with any --variant) and the base plus each VARIANT "
                       "on the same seeds and seats, then report every metric with 95 % intervals, paired "
                       "differences and Holm-corrected significance.")
    p.add_argument("variants", nargs="+", metavar="VARIANT", help="a variant file (or id) per arm to compare")
    add_simulation_options(p, games=1000)
    p.add_argument("--out", type=Path, default=None, help="results folder (resumable); default: REPORT/data with "
                   "--report, else a temporary folder")
    p.add_argument("--report", type=Path, default=None, help="write report.html, report.md and report.json here")
    p.add_argument("--lang", default=None, help="name the action kinds in this language (e.g. cs, de, fr)")
    p.add_argument("--detect", type=float, default=0.05, help="the difference the power note asks about: an "
                   "absolute share for rates (0.05 = 5 points), a share of the base value for means (default 0.05)")
    p.add_argument("--no-plots", action="store_true", help="skip the plots (faster)")
    p.set_defaults(run=run)


def action_names(lang: str | None, pack: Any) -> dict[str, str]:
    if lang is None:
        return {}
    from regola.text.catalog import catalog_for
    from regola.text.lang import negotiate

    catalog = catalog_for(negotiate(lang, pack.language))
    names = {}
    for verb, template in catalog.names("actions").items():  # a game that words its actions as templates
        if isinstance(template, str):
            names[str(verb)] = template.split("{", 1)[0].strip() or str(verb)
    names.update({str(verb): str(name) for verb, name in catalog.names("action_kinds").items()})
    return names


def run(args: argparse.Namespace) -> int:
    from regola.sim.arms import Arm, load_arm
    from regola.sim.metrics import metrics
    from regola.sim.plan import balanced
    from regola.sim.report import build, markdown, write
    from regola.sim.runner import Interrupted
    from regola.sim.runner import run as run_simulation
    from regola.sim.stats import compare

    base = load_arm("base", args.pack, args.variant)
    arms = [base]
    for ref in args.variants:
        arm = load_arm("", args.pack, [*args.variant, ref])
        arms.append(Arm(arm.pack.variants[-1].id, arm.pack))
    sim = simulation_from(args, arms)
    sim.check()
    names = action_names(args.lang, base.pack)
    jobs = jobs_of(args)
    temporary = None
    out = args.out
    if out is None:
        if args.report is not None:
            out = args.report / "data"
        else:
            temporary = tempfile.TemporaryDirectory(prefix="regola-compare-")
            out = Path(temporary.name) / "results"
    try:
        try:
            outcome = run_simulation(sim, out, jobs, args.backend, args.address, args.batch,
                                     False if args.quiet else None)
        except Interrupted as stop:
            print(f"regola: {stop}" + ("" if args.out or args.report else " (add --out to keep games)"),
                  file=sys.stderr)
            return 130
        from regola.sim.store import Store

        store = Store.open(out, sim.manifest())
        games = store.table("games", sim.games).to_pandas()
        actions = store.table("actions", sim.games).to_pandas()
        names_of_arms = [a.name for a in arms]
        found, notes = metrics(games, actions, names_of_arms)
        results = compare(found, "base", names_of_arms, args.detect)
        meta = {**sim.manifest(), "games": sim.games, "balanced": balanced(sim.games, sim.players),
                "command": shlex.join(["regola", "compare", *sys_argv_tail(args)]),
                "played_now": outcome.played, "seconds": round(outcome.seconds, 2), "jobs": jobs,
                "backend": args.backend}
        report = build(meta, games, results, notes, "base", names_of_arms, names,
                       with_plots=args.report is not None and not args.no_plots)
        if args.report is not None:
            files = write(report, args.report)
            print(f"{sim.games} games per arm × {len(arms)} arms ({outcome.played} played now in "
                  f"{outcome.seconds:.1f} s); report: " + ", ".join(str(f) for f in files))
        else:
            print(markdown(report))
    finally:
        if temporary is not None:
            temporary.cleanup()
    return 0


def sys_argv_tail(args: argparse.Namespace) -> list[str]:
    """The options that decide the games, so the report says how to play them again."""
    words = [*args.variants, "--pack", args.pack]
    for v in args.variant:
        words += ["--variant", v]
    words += ["--players", args.players, "--setup", args.setup, "--bots", args.bots, "--games", str(args.games),
              "--seed", str(args.seed)]
    if args.report is not None:
        words += ["--report", str(args.report)]
    return words

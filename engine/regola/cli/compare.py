"""`regola compare`: the base pack against each variant over the same games (paired), under one or more bot
lineups, with a report whose verdict comes first."""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from regola.cli.argtypes import real, whole
from regola.cli.simulate import add_simulation_options, first_setup, jobs_of, need_sim
from regola.core.errors import RegolaError


def register(sub: Any) -> None:
    p = sub.add_parser("compare", help="compare house-rule variants over paired games, with a verdict in words",
                       description="Play the base pack (with any --variant) and the base plus each VARIANT on the "
                       "same seeds and seats under each bot lineup, then report a verdict per primary question "
                       "(seat balance, length, margin, tie-breaks) with family-wise error control, and every other "
                       "metric as exploratory (false-discovery-rate control).")
    p.add_argument("variants", nargs="+", metavar="VARIANT", help="a variant file (or id) per arm to compare")
    add_simulation_options(p, games=1000, bots=None)
    p.add_argument("--lineups", default=None, help="several bot lineups separated by ';', e.g. "
                   "'greedy:temp=0.5;greedy;mcts,greedy' (default: 'greedy:temp=0.5;greedy;probe,greedy'); --bots "
                   "gives one")
    p.add_argument("--out", type=Path, default=None, help="results folder (resumable); default: REPORT/data with "
                   "--report, else a temporary folder")
    p.add_argument("--report", type=Path, default=None, help="write report.html, report.md and report.json here")
    p.add_argument("--lang", default=None, help="the report's language (en, cs, de, fr, pl); action kinds and rule "
                   "changes are named from that language's text catalog")
    p.add_argument("--detect", type=real(1e-6, 1e6), default=0.05, help="the difference the power note asks about: an "
                   "absolute share for rates (0.05 = 5 points), a share of the base value for numbers (default 0.05)")
    p.add_argument("--no-plots", action="store_true", help="skip the plots (faster)")
    p.add_argument("--plan", action="store_true", help="plan before playing: play --pilot games, work out the games "
                   "each primary question needs to detect --detect with 80 %% power, record that as the plan and "
                   "stop; then run with --games set to it (the pilot's games are its first)")
    p.add_argument("--pilot", type=whole(20, 100_000), default=200, help="with --plan: pilot games per arm and "
                   "lineup (default: 200)")
    p.set_defaults(run=run)


def action_names(lang: str | None, pack: Any) -> dict[str, str]:
    """Each action kind's name in the report's language (English, as the report is, without --lang)."""
    from regola.text.catalog import catalog_for
    from regola.text.lang import LanguageError, negotiate

    try:
        catalog = catalog_for(negotiate(lang or "en", pack.language), game=pack.game)
    except LanguageError:
        return {}
    names = {}
    for verb, template in catalog.names("actions").items():  # a game that words its actions as templates
        if isinstance(template, str):
            names[str(verb)] = template.split("{", 1)[0].strip() or str(verb)
    names.update({str(verb): str(name) for verb, name in catalog.names("action_kinds").items()})
    return names


def report_catalog(lang: str | None, base: Any) -> Any:
    """The game's rule catalog in the report's language (English by default), else in the pack's own."""
    from regola.text.catalog import catalog_for
    from regola.text.lang import LanguageError, negotiate

    try:
        return catalog_for(negotiate(lang or "en", base.pack.language), game=base.pack.game)
    except (LanguageError, RegolaError):
        return catalog_for(base.pack.language, game=base.pack.game)


def rule_changes(catalog: Any, base: Any, arms: list[Any]) -> dict[str, list[tuple[str, str, str, str | None]]]:
    """What each variant changes, rule by rule (id, title, text now, text before or None for a new rule), in
    the catalog's language."""
    from regola.text.diff import diff_rules

    out: dict[str, list[tuple[str, str, str, str | None]]] = {}
    for arm in arms:
        d = diff_rules(catalog, base.pack, arm.pack)
        out[arm.name] = ([(after.id, after.title, after.text, before.text) for before, after in d.changed]
                         + [(r.id, r.title, r.text, None) for r in d.added])
    return out


def run(args: argparse.Namespace) -> int:
    need_sim("compare")
    from regola.sim.arms import Arm, load_arm
    from regola.sim.moves import new_moves
    from regola.sim.report import Context, build, verdict_markdown, verdict_text, write
    from regola.sim.runner import Interrupted
    from regola.sim.study import Study, analyse, note_report, parse_lineups, play, read_history
    from regola.sim.words import Words
    from regola.text.diff import variant_title

    if not 0 < args.detect < 1e6:
        raise RegolaError(f"--detect {args.detect}: give a positive difference (0.05 = 5 points or 5 %)")
    from regola.sim.plan import parse_players

    base = load_arm("base", args.pack, args.variant)
    args.setup = args.setup or first_setup(base.pack)
    variants = []
    for ref in args.variants:
        arm = load_arm("", args.pack, [*args.variant, ref])
        variants.append(Arm(arm.pack.variants[-1].id if arm.pack.variants else ref, arm.pack))
    study = Study(base, variants, parse_lineups(args.lineups, args.bots), parse_players(args.players), args.setup,
                  args.games, args.seed)
    study.check()
    if args.plan:
        if args.out is None:
            raise RegolaError("--plan: give --out, so the pilot's games are kept for the run it plans")
        study.games = args.pilot
    words = Words(args.lang, action_names(args.lang, base.pack))
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
            outcomes = play(study, out, jobs, args.backend, args.address, args.batch, False if args.quiet else None)
        except Interrupted as stop:
            print(f"regola: {stop}" + ("" if args.out or args.report else " (add --out to keep games)"),
                  file=sys.stderr)
            return stop.code
        history = read_history(out)
        analysis = analyse(study, out, args.detect, threads=jobs)
        if args.plan:
            from regola.sim.study import plan_games

            needed, rows = plan_games(analysis, out, args.detect)
            print(words.plan(args.pilot, args.detect, rows, needed, str(out / "compare.json")))
            return 0
        earlier = note_report(out, study.games) if args.report is not None else list(history.get("reports", []))
        catalog = report_catalog(args.lang, base)
        ctx = Context(words, rule_changes(catalog, base, variants),
                      {v.name: variant_title(catalog, v.pack.variants[-1]) for v in variants if v.pack.variants},
                      shlex.join(["regola", "compare", *argv_tail(args)]), history.get("planned_games"), earlier,
                      with_plots=args.report is not None and not args.no_plots,
                      moves={v.name: new_moves(base.pack, v.pack) for v in variants})
        report = build(analysis, ctx)
        played = sum(o.played for o in outcomes)
        seconds = sum(o.seconds for o in outcomes)
        if args.report is not None:  # the verdict on one screen, then where the whole report is
            files = write(report, args.report)
            print(verdict_text(report, max(40, min(100, shutil.get_terminal_size().columns))))
            print(words.finished(study.games, len(study.played_arms()), len(study.lineups), played, seconds,
                                 [str(f) for f in files]))
        else:
            print(verdict_markdown(report), end="")
    finally:
        if temporary is not None:
            temporary.cleanup()
    return 0


def argv_tail(args: argparse.Namespace) -> list[str]:
    """The options that decide the games, so the report says how to play them again."""
    from regola.sim.study import DEFAULT_LINEUPS

    words = [*args.variants, "--pack", args.pack]
    for v in args.variant:
        words += ["--variant", v]
    words += ["--players", args.players, "--setup", args.setup]
    lineups = args.lineups or ";".join(DEFAULT_LINEUPS)
    words += ["--bots", args.bots] if args.bots is not None else ["--lineups", lineups]
    words += ["--games", str(args.games), "--seed", str(args.seed)]
    if args.report is not None:
        words += ["--report", str(args.report)]
    return words

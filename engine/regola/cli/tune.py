"""`regola tune`: search the values a goal names for a variant that meets it, confirm the best on fresh
seeds with `regola compare`, and write it as a variant file (docs/TUNE.md)."""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regola.cli.argtypes import identifier, real, seed, whole
from regola.cli.common import pack_option
from regola.cli.simulate import first_setup, jobs_of, need_sim
from regola.core.errors import RegolaError

if TYPE_CHECKING:
    from regola.sim.tune import Confirmed

#: what the goal's title says in the variant file when --title is not given
TITLES = {"fair-seats": "Seats evened out (regola tune)", "length": "Game length tuned (regola tune)",
          "use": "Action use tuned (regola tune)"}


def register(sub: Any) -> None:
    p = sub.add_parser("tune", help="search a pack's values for a variant that meets a goal (e.g. fair seats)",
                       description="Search the values a goal may move (the pack's list for the goal, or --vary) "
                       "for a variant that meets the goal under each of its bot lineups: candidates play the "
                       "same seeds in stages and poor ones stop early (Optuna); the best is confirmed with "
                       "`regola compare` on fresh seeds and written as a variant file with its report. Run the "
                       "same command again to resume a stopped search.")
    pack_option(p, "a pack id or folder")
    p.add_argument("--variant", default=None, metavar="FILE", help="a house rule to start from: candidates are the "
                   "pack with it, then the values searched; the variant written holds its changes too")
    p.add_argument("--goal", required=True, help="fair-seats, length or use (engine/regola/sim/goals.yaml)")
    p.add_argument("--out", type=Path, required=True, help="the variant file to write, e.g. fair.yaml")
    p.add_argument("--players", type=whole(2, 16), default=4, help="players (default: 4)")
    p.add_argument("--setup", default=None, help="setup mode (default: the one the pack tunes this goal for, "
                   "else its first)")
    p.add_argument("--vary", action="append", default=None, metavar="PATH=LOW..HIGH",
                   help="a whole number to search, '{seat}' for each seat in play, e.g. "
                   "'/setup/beginner/seats/{seat}/money=0..20'; repeatable; replaces the pack's list")
    p.add_argument("--lineups", default=None, help="bot lineups separated by ';' (default: the goal's)")
    p.add_argument("--target", type=real(1e-6, 1e9), default=None, help="length: decisions per game; use: actions "
                   "of --kind per game")
    p.add_argument("--kind", default=None, help="use: the action kind counted (e.g. exchange)")
    p.add_argument("--budget", type=whole(1, 10_000_000), default=20_000,
                   help="games the search may play, every run of it counted (default: 20,000)")
    p.add_argument("--minutes", type=real(0.01, 10_000), default=None, help="stop searching after this long")
    p.add_argument("--stages", default=None, help="games per lineup after which a candidate is judged, e.g. "
                   "100,400,1600 (default: the goal's)")
    p.add_argument("--confirm", type=whole(0, 1_000_000), default=2000,
                   help="games per arm and lineup of the confirmation on fresh seeds (0: none; default 2,000)")
    p.add_argument("--seed", type=seed, default=0, help="root seed of the search's games")
    p.add_argument("--id", type=identifier, default=None, help="the variant's id (default: the --out file's name)")
    p.add_argument("--title", default=None, help="the variant's title")
    p.add_argument("--work", type=Path, default=None, help="the search's folder (default: OUT without .yaml, "
                   "plus .tune): its study, candidates, games and the confirmation report")
    p.add_argument("--lang", default=None, help="the language of what tune says and of the confirmation report "
                   "(en, cs, de, fr, pl)")
    p.add_argument("--jobs", type=whole(1, 4096), default=None, help="worker processes (default: all cores)")
    p.add_argument("--force-jobs", action="store_true", help="allow --jobs past its bound (a Ray cluster's cores)")
    p.add_argument("--backend", choices=["local", "ray"], default="local", help="local processes or a Ray cluster")
    p.add_argument("--address", default=None, help="with --backend ray: the cluster")
    p.add_argument("--quiet", action="store_true", help="no progress bar even on a terminal")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    need_sim("tune")
    import optuna  # noqa: F401  (a missing extra is named before anything is played)

    from regola.core.pack import load_pack
    from regola.sim.goals import LENGTH, SEATS, goal, knobs
    from regola.sim.progress import Progress
    from regola.sim.runner import Interrupted
    from regola.sim.study import parse_lineups
    from regola.sim.tune import (
        Search,
        Tuner,
        best,
        confirmed_seats,
        dump_variant,
        fresh_seed,
        history_plot,
        variant_document,
    )
    from regola.sim.words import Words

    words = Words(args.lang)  # what tune says at the terminal, in --lang (the variant file's header: English)
    chosen = goal(args.goal)
    if chosen.measure != SEATS and args.target is None:
        raise RegolaError(f"--goal {chosen.id}: give --target (" + ("decisions per game" if chosen.measure == LENGTH
                                                                   else "actions per game") + ")")
    if chosen.measure not in (SEATS, LENGTH) and not args.kind:
        raise RegolaError(f"--goal {chosen.id}: give --kind, the action kind to count")
    pack = load_pack(args.pack)
    start_changes: list[dict[str, Any]] = []
    if args.variant:
        started_from = load_pack(args.pack, variants=[args.variant])
        start_changes = [dict(c) for c in started_from.variants[-1].changes]
        values, tuned_setup = knobs(started_from, chosen.id, args.players, args.vary)
    else:
        values, tuned_setup = knobs(pack, chosen.id, args.players, args.vary)
    setup = args.setup or tuned_setup or first_setup(pack)
    search = Search(pack.id if args.pack == pack.id else str(args.pack), chosen, values, (args.players,), setup,
                    parse_lineups(args.lineups or chosen.lineups, None), args.seed,
                    _stages(args.stages) if args.stages else chosen.stages, args.target, args.kind,
                    args.variant, start_changes)
    out: Path = args.out
    if out.suffix not in (".yaml", ".yml"):
        raise RegolaError(f"--out {out}: a variant file ends in .yaml")
    work = args.work or out.with_name(out.stem + ".tune")
    tuner = Tuner(search, work, jobs_of(args), args.backend, args.address)
    tuner.open()
    started = time.perf_counter()
    try:
        with Progress(args.budget, min(tuner.played, args.budget), "games", False if args.quiet else None) as bar:
            found = tuner.run(args.budget, args.minutes, bar.advance)
    except Interrupted as stop:
        print(words.resume_hint(str(stop)), file=sys.stderr)
        return stop.code
    seconds = time.perf_counter() - started
    label = words.goal_axis(chosen.measure == SEATS)
    png = history_plot(found, f"regola tune {chosen.id}: {pack.id}, {args.players} players, {setup}", label)
    if png is not None:
        (work / "history.png").write_bytes(png)
    top = best(found)
    if top is None:
        raise RegolaError(f"no candidate finished every stage within the budget ({tuner.played:,} games): "
                          "raise --budget")
    variant_id = args.id or _id_of(out)
    title = args.title or TITLES.get(chosen.id, f"Tuned for {chosen.id} (regola tune)")
    doc = variant_document(search, top.values, variant_id, title)
    if not doc["variant"]["changes"]:
        print(words.tuned_nothing(len(found), words.goal_figure(top.value, chosen.measure == SEATS)))
        return 0 if tuner.met(float(top.value or 0.0)) else 1
    staged = work / "best.yaml"
    staged.write_text(dump_variant(doc, []), encoding="utf-8")
    header = _search_lines(search, found, top, tuner.played, seconds, _from(out, search.pack))
    confirmed: dict[str, Confirmed] = {}
    if args.confirm:
        fresh = fresh_seed(search, args.confirm)
        report = work / "confirm"
        argv = ["compare", str(staged.resolve()), "--pack", args.pack, "--players", str(args.players),
                "--setup", setup, "--lineups", ";".join(lu.spec for lu in search.lineups), "--games",
                str(args.confirm), "--seed", str(fresh), "--out", str(work / "confirm-games"),
                "--report", str(report), "--no-plots"]
        for option in ("jobs", "backend", "address", "lang"):
            if getattr(args, option) not in (None, "local"):
                argv += [f"--{option}", str(getattr(args, option))]
        if args.force_jobs:
            argv.append("--force-jobs")
        if args.quiet:
            argv.append("--quiet")
        from regola.cli.main import main

        code = main(argv)
        if code != 0:
            return code
        confirmed = confirmed_seats(json.loads((report / "report.json").read_text(encoding="utf-8")), variant_id)
        # the variant is written to be shared: its header names paths from its own folder, never the machine's
        near = [_from(out, part) for part in argv]
        header += _confirmation_lines(confirmed, chosen, top.lineups, args.confirm, fresh, Path(_from(out, report)),
                                      near)
    verdict, met = _verdict(confirmed, chosen, tuner, top, args.confirm, Words())  # the file's words: English
    header.append(verdict[0].upper() + verdict[1:] + ".")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump_variant(doc, header), encoding="utf-8")
    figures = ({lineup: c.value for lineup, c in confirmed.items()} if confirmed else top.lineups)
    said, _ = _verdict(confirmed, chosen, tuner, top, args.confirm, words)
    print(words.tuned(str(out), len(doc["variant"]["changes"]), bool(confirmed),
                      [(lineup, words.goal_figure(v, chosen.measure == SEATS)) for lineup, v in figures.items()],
                      said, str(work / "history.png")))
    return 0 if met else 1


def _verdict(confirmed: dict[str, Confirmed], chosen: Any, tuner: Any, top: Any, games: int,
             words: Any) -> tuple[str, bool]:
    """Whether the goal is met, in ``words``: for a seat goal confirmed on fresh seeds, only where every
    lineup's 95 % interval lies within it (else how many games would show it); otherwise the search's
    own figure, said as such."""
    from regola.sim.goals import SEATS
    from regola.sim.tune import games_to_show

    if not (confirmed and chosen.measure == SEATS):
        met = tuner.met(float(top.value or 0.0))
        return words.goal_verdict("met" if met else "not_met"), met
    limit = chosen.met.get("at_most", math.inf)
    bound = words.goal_figure(limit, True)
    if all(c.high <= limit for c in confirmed.values()):
        return words.goal_verdict("shown", bound), True
    if any(not c.value <= limit for c in confirmed.values()):
        return words.goal_verdict("above", bound), False
    needed = [games_to_show(c, limit, games) for c in confirmed.values()]
    more = max(n for n in needed if n is not None) if all(n is not None for n in needed) else None
    return words.goal_verdict("unshown", bound, games, more), False


def _stages(text: str) -> tuple[int, ...]:
    try:
        stages = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise RegolaError(f"--stages {text!r}: give growing game counts, e.g. 100,400,1600") from None
    growing = list(stages) == sorted(set(stages))
    if not stages or len(stages) > 8 or not growing or any(not 2 <= s <= 1_000_000 for s in stages):
        raise RegolaError(f"--stages {text!r}: give 1 to 8 growing game counts from 2 to 1,000,000, e.g. 100,400,1600")
    return stages


def _id_of(out: Path) -> str:
    try:
        return identifier(out.stem)
    except argparse.ArgumentTypeError:
        raise RegolaError(f"--out {out}: its name is not an id; give --id") from None


def _figure(value: float | None, measure: str) -> str:
    from regola.sim.goals import SEATS

    if value is None:
        return "–"
    return f"{100 * value:.1f} pp" if measure == SEATS else f"{100 * value:.1f} % off the target"


def _search_lines(search: Any, found: list[Any], top: Any, played: int, seconds: float, pack: str) -> list[str]:
    complete = sum(1 for t in found if t.state == "complete")
    pruned = sum(1 for t in found if t.state == "pruned")
    lines = [f"Found by `regola tune --goal {search.goal.id}` on pack {pack}, {search.players[0]} players, "
             f"setup {search.setup}:",
             f"{len(found)} candidates ({complete} played every stage, {pruned} stopped early), {played:,} games, "
             f"{seconds:.0f} s in the last run; lineups {'; '.join(lu.spec for lu in search.lineups)}.",
             "Values searched:", *[f"  {pattern} {low}..{high}"
                                   for pattern, low, high in dict.fromkeys((k.pattern, k.low, k.high)
                                                                           for k in search.knobs)],
             f"The best candidate on the search's seeds (root {search.seed}): "
             + ", ".join(f"{lu} {_figure(v, search.goal.measure)}" for lu, v in top.lineups.items()) + "."]
    return lines


def _confirmation_lines(confirmed: dict[str, Confirmed], chosen: Any, searched: dict[str, float], games: int,
                        fresh: int, report: Path, argv: list[str]) -> list[str]:
    """The confirmation in the variant's header: per lineup the seat advantage before and after with its
    interval, the search's own figure beside it (the difference is the search's optimism: the best of
    many candidates on the same seeds looks better than it is), and each seat's share of the wins with
    its interval against the goal's band."""
    from regola.sim.goals import SEATS

    if chosen.measure != SEATS:
        return [f"Confirmed on fresh seeds (root {fresh}, {games:,} games per arm and lineup): see {report}."]
    lines = [f"Confirmed on fresh seeds it was not tuned on (root {fresh}, {games:,} games per arm and lineup),",
             "seat advantage, base -> this variant [95 % interval] (the search's figure on its own seeds):"]
    for lineup, c in confirmed.items():
        line = f"  {lineup}: {100 * c.base:.1f} pp -> {100 * c.value:.1f} pp [{100 * c.low:.1f}, {100 * c.high:.1f}]"
        if lineup in searched:
            optimism = c.value - searched[lineup]
            line += f" (search: {100 * searched[lineup]:.1f} pp; its optimism {100 * optimism:+.1f} pp)"
        lines.append(line)
        if c.shares:
            seats = " · ".join(f"{seat + 1}: {100 * share:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"
                               for seat, (share, (low, high)) in enumerate(zip(c.shares, c.seat_intervals(),
                                                                                   strict=True)))
            lines.append(f"    each seat's share of the wins [95 %]: {seats}")
            if chosen.band is not None:
                fair = sorted({round(100 * f, 1) for f in c.fair})
                within = c.within_band(chosen.band)
                lines.append(f"    every seat's interval within {100 * chosen.band:.0f} pp of its fair share "
                             f"({', '.join(f'{f:.1f} %' for f in fair)}): " + ("yes" if within else "no"))
    lines.append(f"Report: {report / 'report.html'}; again, from this file's folder: regola {shlex.join(argv)}")
    return lines


def _from(out: Path, part: str | Path) -> str:
    """``part`` as the variant file at ``out`` names it: a path of this machine relative to the file's
    folder (a variant is written to be shared), anything else as it is."""
    text = str(part)
    path = Path(text)
    if not path.is_absolute() and "/" not in text and os.sep not in text:  # a pack id, a number, an option
        return text
    try:
        return os.path.relpath(path.resolve(), out.parent.resolve())
    except ValueError:  # another drive (Windows): only the name
        return path.name

"""A comparison study: the base pack and each variant, played on the same games under every bot lineup,
then analysed into findings (stats.py) that the verdict and the report put into words.

    OUT/compare.json          the plan (arms, lineups, games, seed) and every report written from it
    OUT/<lineup>/             one results folder per lineup (store.py), resumable on its own

A variant whose rules are the base's (the same content hash) is a no-op and is not played; two variants
with the same rules are played once. A variant whose games all came out exactly as the base's (the
bots never use what it changes) is reported as such and not tested.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError
from regola.sim.aggregate import Source, connection
from regola.sim.arms import Arm
from regola.sim.metrics import Metric
from regola.sim.plan import DEFAULT_LINEUPS, balanced, game_seed, parse_bots
from regola.sim.questions import SEATS, Question, applicable, declared
from regola.sim.runner import Outcome, Simulation, run
from regola.sim.seats import SeatBalance, SeatChange, balance, replicates_for
from regola.sim.stats import (
    EXPLORATORY,
    PRIMARY,
    Estimate,
    Finding,
    PairedRates,
    PairedT,
    decide,
    estimate,
    json_ready,
    level_for,
)
from regola.sim.store import StoreError

PLAN = "compare.json"


@dataclass(frozen=True)
class Lineup:
    spec: str  # as given: "greedy:temp=0.5" or "greedy,random"
    bots: tuple[str, ...]

    @property
    def folder(self) -> str:
        return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", self.spec).strip("_") or "lineup"


def parse_lineups(text: str | None, bots: str | None) -> list[Lineup]:
    """--lineups 'greedy:temp=0.5;greedy' (lineups separated by ';') or --bots 'greedy,random' (one)."""
    if text is not None and bots is not None:
        raise RegolaError("give --bots (one lineup) or --lineups (several), not both")
    specs = [bots] if bots is not None else (text.split(";") if text is not None else list(DEFAULT_LINEUPS))
    out = []
    for spec in (s.strip() for s in specs):
        if not spec:
            continue
        line = parse_bots(spec)
        out.append(Lineup(",".join(line), line))
    if not out:
        raise RegolaError("--lineups: name at least one lineup (e.g. 'greedy:temp=0.5;greedy')")
    if len({lu.folder for lu in out}) != len(out):
        raise RegolaError(f"--lineups: a lineup is named twice ({'; '.join(lu.spec for lu in out)})")
    return out


@dataclass
class Study:
    base: Arm
    variants: list[Arm]  # every variant asked about, in the order given
    lineups: list[Lineup]
    players: tuple[int, ...]
    setup: str
    games: int
    seed: int

    def played_arms(self) -> list[Arm]:
        """The base and each distinct set of rules once: no-ops and duplicates are not played."""
        seen = {self.base.content_hash}
        out = [self.base]
        for arm in self.variants:
            if arm.content_hash not in seen:
                seen.add(arm.content_hash)
                out.append(arm)
        return out

    def simulation(self, lineup: Lineup) -> Simulation:
        return Simulation(self.played_arms(), self.players, self.setup, lineup.bots, self.games, self.seed)

    def same_rules(self) -> dict[str, str]:
        """variant → the arm whose rules it has (the base, or an earlier variant)."""
        first: dict[str, str] = {self.base.content_hash: self.base.name}
        out = {}
        for arm in self.variants:
            if arm.content_hash in first:
                out[arm.name] = first[arm.content_hash]
            else:
                first[arm.content_hash] = arm.name
        return out

    def check(self) -> None:
        names = [self.base.name, *(a.name for a in self.variants)]
        if len(set(names)) != len(names):
            raise RegolaError(f"two arms share a name ({', '.join(names)}): give each variant its own id")
        for lineup in self.lineups:
            self.simulation(lineup).check()

    def plan(self) -> dict[str, Any]:
        return {"pack": self.base.pack.id, "arms": [a.describe() for a in [self.base, *self.variants]],
                "lineups": [lu.spec for lu in self.lineups], "players": list(self.players), "setup": self.setup,
                "seed": self.seed}


# -- playing --------------------------------------------------------------------------------------------
def play(study: Study, out: Path, jobs: int, backend: str, address: str | None, batch: int | None,
         progress: bool | None) -> list[Outcome]:
    """Plays every lineup's missing games (a lineup at a time), each into its own results folder."""
    study.check()
    history = read_history(out)
    if history.get("plan") not in (None, study.plan()):
        raise StoreError(f"{out}: holds a comparison of other arms, lineups, players, setup or seed; "
                         "refusing to mix them (use another --out)")
    outcomes = []
    for lineup in study.lineups:
        outcomes.append(run(study.simulation(lineup), out / lineup.folder, jobs, backend, address, batch, progress))
    if "plan" not in history:
        history = {"plan": study.plan(), "planned_games": study.games, "reports": []}
        _write_history(out, history)
    return outcomes


def read_history(out: Path) -> dict[str, Any]:
    path = out / PLAN
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoreError(f"{path}: not a readable comparison plan ({exc})") from None
    if not isinstance(data, dict):
        raise StoreError(f"{path}: not a comparison plan")
    return data


def _write_history(out: Path, history: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / (PLAN + ".tmp")
    tmp.write_text(json.dumps(history, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(out / PLAN)


def note_report(out: Path, games: int) -> list[dict[str, Any]]:
    """Records that a report of ``games`` games was written; returns the reports written before it."""
    history = read_history(out)
    before = list(history.get("reports", []))
    history.setdefault("reports", []).append(
        {"games": games, "written": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")})
    _write_history(out, history)
    return before


# -- analysing --------------------------------------------------------------------------------------------
@dataclass
class LineupResult:
    lineup: Lineup
    games: dict[str, int]  # arm → games analysed
    metrics: list[Metric]
    estimates: dict[str, dict[str, Estimate]]  # metric → arm → its value with a 95 % interval
    seats: dict[str, SeatBalance]  # arm → seat balance
    notes: list[tuple[str, dict[str, Any]]]  # (kind, params): metrics not compared, and why
    identical: list[str]  # variants whose every game came out as the base's
    histograms: dict[str, dict[str, dict[float, int]]] = field(default_factory=dict)  # score, length
    phases: dict[str, dict[str, float]] = field(default_factory=dict)  # arm → flow state → decisions a game


@dataclass
class Analysis:
    study: Study
    questions: list[Question]
    lineups: list[LineupResult]
    findings: dict[str, list[Finding]]  # variant → its findings (every lineup, both families)
    same_rules: dict[str, str]  # variant → the arm it has the rules of (not played)

    def tested(self) -> list[str]:
        return [a.name for a in self.study.variants if self.findings.get(a.name)]


def analyse(study: Study, out: Path, detect: float = 0.05, threads: int = 2) -> Analysis:
    """Reads every lineup's results (games below ``study.games``) with DuckDB and decides each family."""
    same = study.same_rules()
    arms = [a.name for a in study.played_arms()]
    base = study.base.name
    results: list[LineupResult] = []
    findings: dict[str, list[Finding]] = {a.name: [] for a in study.variants if a.name not in same}
    questions: list[Question] | None = None
    asked = {q.metric for q in declared()}
    with connection(threads) as con:
        pending: list[tuple[Lineup, Source, dict[str, Any], LineupResult]] = []
        for k, lineup in enumerate(study.lineups):
            try:
                src = Source(con, out / lineup.folder, study.games, prefix=f"l{k}_")
            except FileNotFoundError:
                raise RegolaError(f"{out / lineup.folder}: no games of lineup {lineup.spec} yet") from None
            sums = src.arm_sums()
            twins = src.twins()
            notes: list[tuple[str, dict[str, Any]]] = []
            kept: list[Metric] = []
            for m in src.metrics:
                seen = [s for s in sums[m.name].values() if s.n]
                if m.name in asked:  # a primary question is answered even when nothing varied ("no change")
                    kept.append(m)
                elif seen and all(s.low == s.high == seen[0].low for s in seen):
                    notes.append(("constant", {"metric": m, "value": seen[0].low}))
                elif m.name in twins:
                    twin = next(x for x in src.metrics if x.name == twins[m.name])
                    notes.append(("twin", {"metric": m, "twin": twin}))
                else:
                    kept.append(m)
            here = applicable({m.name for m in kept}, src.most_players)
            questions = here if questions is None else [q for q in questions if q in here]
            identical = [a for a in arms[1:] if src.identical_pairs(base, a)]
            seats = {a: balance(src.winner_patterns(a), seed=game_seed(study.seed, 7_000 + i))
                     for i, a in enumerate(arms)}
            estimates = {m.name: {a: estimate(sums[m.name][a], m.binary) for a in arms if a in sums[m.name]}
                         for m in kept}
            hist = {"length": src.counts("decisions")}
            if src.has_column("score"):
                hist["score"] = src.counts("score", unnest=True)
            result = LineupResult(lineup, src.games_per_arm(), kept, estimates, seats, notes, identical, hist,
                                  src.phases())
            results.append(result)
            pending.append((lineup, src, sums, result))
        questions = questions or []
        primary_metrics = {q.metric for q in questions}
        for variant in findings:
            # a variant that plays the base's games under every lineup has nothing to test
            if all(variant in r.identical for r in results):
                continue
            family = len(questions) * sum(1 for r in results if variant not in r.identical)
            level = level_for(family)
            for k, (lineup, src, _, result) in enumerate(pending):
                if variant in result.identical:
                    continue
                pairs = src.pair_sums(base, variant)
                for q in questions:
                    if q.metric == SEATS:
                        test: Any = SeatChange(src.winner_patterns(base, variant), replicates=replicates_for(level),
                                               seed=game_seed(study.seed, 9_000 + k))
                        b, v = result.seats[base], result.seats[variant]
                        findings[variant].append(Finding(q.id, lineup.spec, variant, PRIMARY, True, test,
                                                         Estimate(test.n, test.rms_a, b.low, b.high),
                                                         Estimate(test.n, test.rms_b, v.low, v.high),
                                                         extra={"metric": SEATS, "shares_p": test.shares_p}))
                    else:
                        m = next(x for x in result.metrics if x.name == q.metric)
                        findings[variant].append(_finding(q.id, m, lineup, variant, PRIMARY, pairs, result))
                for m in result.metrics:
                    if m.name not in primary_metrics:
                        findings[variant].append(_finding(m.name, m, lineup, variant, EXPLORATORY, pairs, result))
            decide(findings[variant], detect)
    return Analysis(study, questions or [], results, findings, same)


def _finding(name: str, m: Metric, lineup: Lineup, variant: str, family: str, pairs: dict[str, Any],
             result: LineupResult) -> Finding:
    s = pairs[m.name]
    test: Any = PairedRates(s) if m.binary else PairedT(s)
    est = result.estimates[m.name]
    base = est.get("base") or Estimate(0, math.nan, math.nan, math.nan)
    value = est.get(variant) or Estimate(0, math.nan, math.nan, math.nan)
    return Finding(name, lineup.spec, variant, family, m.binary, test, base, value, extra={"metric": m.name})


def plan_games(a: Analysis, out: Path, detect: float) -> tuple[int | None, list[Finding]]:
    """The planning step: from a pilot's findings, the games each primary question needs per lineup to detect
    ``detect`` with POWER at the family's level (planning.py: each plan assumes the upper bound of what the
    pilot estimates, and a change the pilot never saw is planned from ``detect`` itself). The plan is the
    largest need, or None when a question has none (its row says why), recorded in OUT/compare.json with
    every question's need before the games it asks for are played."""
    rows = [f for found in a.findings.values() for f in found if f.family == PRIMARY]
    needs = [f.games_needed for f in rows]
    needed = max(needs) if needs and None not in needs else None  # type: ignore[type-var]
    history = read_history(out)
    history["planned_games"] = needed
    history["planned_for"] = {"detect": detect, "pilot": a.study.games,
                              "questions": [{"question": f.name, "arm": f.arm, "lineup": f.lineup,
                                             **json_ready(f.need.to_json() if f.need else {"games": None})}
                                            for f in rows]}
    _write_history(out, history)
    return needed, rows


def is_balanced(study: Study) -> bool:
    return balanced(study.games, study.players)

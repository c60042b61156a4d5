"""`regola tune`: search the values a goal may move for a variant that meets the goal.

Each candidate is the base pack with some whole numbers set (``goals.Knob``), written as a variant file
and played like any arm: under every lineup of the goal, on the same seeds as every other candidate
(paired: candidates differ by their rules, not by their luck), in stages of more and more games. After
each stage the candidate's value (the largest over the lineups: a goal must hold under each) is reported
to Optuna, whose median rule stops candidates that are worse than the others were at the same stage; the
last stage's value is the candidate's. Optuna's TPE sampler proposes the next candidate from the earlier
ones.

Why Optuna: a maintained library that does exactly the parts a search like this should not write by
hand — a sampler for mixed integer spaces that learns from noisy results, pruning by intermediate values,
and a study kept in SQLite, so a stopped search resumes where it was (the games of every candidate are
kept too, by the candidate's content hash, so a candidate proposed twice is not played twice).

The best candidate is then confirmed on fresh seeds it was not tuned on (cli/tune.py runs `compare`
there): the best of many noisy values is optimistic, and only new games say what it is worth.

    WORK/tune.json          the plan (pack, goal, knobs, players, setup, lineups, seed) and the games played
    WORK/tune.db            Optuna's study (SQLite)
    WORK/candidates/        each candidate's variant file, by content hash
    WORK/games/<hash>/<lineup>/   its games (store.py), resumable
"""

from __future__ import annotations

import hashlib
import json
import math
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from regola.core.pack import load_pack
from regola.sim.aggregate import Source, connection
from regola.sim.arms import Arm
from regola.sim.goals import LENGTH, SEATS, Goal, Knob
from regola.sim.plan import game_seed
from regola.sim.runner import Simulation, run
from regola.sim.seats import balance
from regola.sim.store import StoreError
from regola.sim.study import Lineup

PLAN = "tune.json"
ARM = "candidate"
#: the search ends when this many candidates in a row cost no new game: the sampler keeps proposing values
#: already played, so the space (or the part of it worth trying) is exhausted
IDLE = 10


@dataclass
class Search:
    pack: str
    goal: Goal
    knobs: list[Knob]  # one per concrete value ({seat} expanded)
    players: tuple[int, ...]
    setup: str
    lineups: list[Lineup]
    seed: int
    stages: tuple[int, ...]  # games per lineup after which a candidate is judged (the goal's, or --stages)
    target: float | None = None  # length and use: the value aimed at
    kind: str | None = None  # use: the action kind counted
    #: a house rule the search starts from (its file): candidates are the pack with it and then their values
    start: str | None = None
    start_changes: list[dict[str, Any]] = field(default_factory=list)

    def plan(self) -> dict[str, Any]:
        return {"pack": self.pack, "start": self.start_changes or None, "goal": self.goal.id,
                "measure": self.goal.measure, "knobs": [[k.path, k.low, k.high] for k in self.knobs],
                "players": list(self.players),
                "setup": self.setup, "lineups": [lu.spec for lu in self.lineups], "seed": self.seed,
                "stages": list(self.stages), "target": self.target, "kind": self.kind}

    def base_values(self) -> dict[str, int]:
        return {k.path: k.base for k in self.knobs}

    def seeds(self) -> set[int]:
        """Every game seed a candidate plays (for the confirmation to avoid)."""
        return {game_seed(self.seed, i) for i in range(self.stages[-1])}


def changes(search: Search, values: dict[str, int]) -> list[dict[str, Any]]:
    """The changes of a candidate: the starting house rule's, then the values the search set."""
    out = list(search.start_changes)
    for k in search.knobs:
        change = k.change(values[k.path])
        if change is not None:
            out.append(change)
    return out


def variant_document(search: Search, values: dict[str, int], variant_id: str, title: str,
                     description: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"id": variant_id, "base": [search.pack], "title": title}
    if description:
        body["description"] = description
    body["changes"] = changes(search, values)
    return {"variant": body}


def dump_variant(document: dict[str, Any], header: list[str]) -> str:
    lines = [f"# {line}".rstrip() for line in header]
    return "".join(line + "\n" for line in lines) + yaml.safe_dump(document, sort_keys=False, allow_unicode=True,
                                                                   width=110)


@dataclass
class Trial:
    number: int
    values: dict[str, int]
    state: str  # complete, pruned, running, fail
    value: float | None  # the last stage's value (complete) or the last one reported (pruned)
    stage: int  # stages played
    lineups: dict[str, float] = field(default_factory=dict)  # lineup → its value at the last stage played


@dataclass
class Tuner:
    search: Search
    work: Path
    jobs: int
    backend: str = "local"
    address: str | None = None
    played: int = 0  # games played by this search, every invocation
    _arms: dict[str, Arm] = field(default_factory=dict)
    _values: dict[tuple[str, int], dict[str, float]] = field(default_factory=dict)  # (content hash, games) → value

    # -- plan -----------------------------------------------------------------------------------------------
    def open(self) -> None:
        """Checks that WORK holds this search or nothing, and reads how many games it has played."""
        path = self.work / PLAN
        if path.exists():
            try:
                held = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise StoreError(f"{path}: not a readable tune plan ({exc})") from None
            if not isinstance(held, dict) or held.get("plan") != self.search.plan():
                raise StoreError(f"{self.work}: holds another search (pack, goal, values, players, setup, "
                                 "lineups or seed differ); refusing to mix them (use another --work)")
            self.played = int(held.get("played", 0))
        else:
            self.work.mkdir(parents=True, exist_ok=True)
            self._save()

    def _save(self) -> None:
        tmp = self.work / (PLAN + ".tmp")
        tmp.write_text(json.dumps({"plan": self.search.plan(), "played": self.played}, indent=1) + "\n",
                       encoding="utf-8")
        tmp.replace(self.work / PLAN)

    # -- candidates -----------------------------------------------------------------------------------------
    def arm(self, values: dict[str, int]) -> Arm:
        """The candidate with these values: the base pack with a variant file that sets them."""
        doc = variant_document(self.search, values, "tune-candidate", "tune candidate")
        if not doc["variant"]["changes"]:  # the pack as it is (no starting house rule, its own values)
            return self._arms.setdefault("", Arm(ARM, load_pack(self.search.pack)))
        text = dump_variant(doc, ["A candidate of `regola tune` (tune.py)."])
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        if digest not in self._arms:
            path = self.work / "candidates" / f"{digest}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            self._arms[digest] = Arm(ARM, load_pack(self.search.pack, variants=[str(path)]))
        return self._arms[digest]

    # -- measuring ------------------------------------------------------------------------------------------
    def measure(self, arm: Arm, games: int, progress: Callable[[int], None] | None = None) -> dict[str, float]:
        """lineup → the goal's value on the first ``games`` games of this candidate (played where missing)."""
        known = self._values.get((arm.content_hash, games))
        if known is not None:  # a candidate proposed again: its games and value are the same
            return known
        out: dict[str, float] = {}
        for lineup in self.search.lineups:
            folder = self.work / "games" / arm.content_hash[:16] / lineup.folder
            sim = Simulation([arm], self.search.players, self.search.setup, lineup.bots, games, self.search.seed)
            outcome = run(sim, folder, self.jobs, self.backend, self.address, progress=False)
            if outcome.played:
                self.played += outcome.played
                self._save()
                if progress is not None:
                    progress(outcome.played)
            with connection(1) as con:
                out[lineup.spec] = self._value(Source(con, folder, games))
        self._values[(arm.content_hash, games)] = out
        return out

    def _value(self, src: Source) -> float:
        goal, search = self.search.goal, self.search
        if goal.measure == SEATS:
            return balance(src.winner_patterns(ARM), seed=game_seed(search.seed, 5_000)).rms
        sums = src.arm_sums()
        name = LENGTH if goal.measure == LENGTH else f"actions.{search.kind}"
        mean = sums[name][ARM].mean if name in sums and ARM in sums[name] else 0.0
        return abs(mean - float(search.target or 0.0)) / max(1e-9, abs(float(search.target or 0.0)))

    def met(self, value: float) -> bool:
        limit = self.search.goal.met.get("at_most", self.search.goal.met.get("within", math.inf))
        return value <= limit

    # -- the search -----------------------------------------------------------------------------------------
    def study(self) -> Any:
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        storage = optuna.storages.RDBStorage(f"sqlite:///{(self.work / 'tune.db').resolve()}")
        with warnings.catch_warnings():  # multivariate TPE is marked experimental; it is what a space of
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)  # seats that interact needs
            sampler = optuna.samplers.TPESampler(seed=self.search.seed, multivariate=True, group=True)
        study = optuna.create_study(storage=storage, study_name="tune", direction="minimize", load_if_exists=True,
                                    sampler=sampler,
                                    pruner=optuna.pruners.MedianPruner(n_startup_trials=4, n_warmup_steps=0))
        states = optuna.trial.TrialState
        for t in study.get_trials(deepcopy=False, states=(states.RUNNING,)):  # cut off by a stop
            study.tell(t.number, state=states.FAIL)
        base = self.search.base_values()
        inside = all(k.low <= base[k.path] <= k.high for k in self.search.knobs)
        if inside and not study.get_trials(deepcopy=False):
            study.enqueue_trial(base)  # the pack's own values first (when the ranges hold them): the baseline
        return study

    def run(self, budget: int, minutes: float | None, progress: Callable[[int], None] | None = None) -> list[Trial]:
        """Proposes and plays candidates until ``budget`` games have been played by this search (every
        invocation counted) or ``minutes`` have passed in this one; returns every trial."""
        import optuna

        study = self.study()
        states = optuna.trial.TrialState
        started = time.monotonic()
        stages = self.search.stages
        idle = 0
        space = math.prod(k.high - k.low + 1 for k in self.search.knobs)
        while (self.played < budget and idle < IDLE and len(self._values) < space * len(stages)
               and (minutes is None or time.monotonic() - started < 60 * minutes)):
            before = self.played
            trial = study.ask()
            values = {k.path: trial.suggest_int(k.path, k.low, k.high) for k in self.search.knobs}
            arm = self.arm(values)
            pruned = False
            for step, games in enumerate(stages):
                per_lineup = self.measure(arm, games, progress)
                value = max(per_lineup.values())
                trial.set_user_attr("lineups", per_lineup)
                trial.set_user_attr("stage", step + 1)
                trial.report(value, step)
                if step < len(stages) - 1 and (trial.should_prune() or self.played >= budget):
                    pruned = True
                    break
            if pruned:
                study.tell(trial, state=states.PRUNED)
            else:
                study.tell(trial, value)
            idle = idle + 1 if self.played == before else 0
        return trials(study)


def trials(study: Any) -> list[Trial]:
    out = []
    for t in study.get_trials(deepcopy=False):
        reported = t.intermediate_values
        last = reported[max(reported)] if reported else None
        out.append(Trial(t.number, {k: int(v) for k, v in t.params.items()}, t.state.name.lower(),
                         t.value if t.value is not None else last, int(t.user_attrs.get("stage", 0)),
                         dict(t.user_attrs.get("lineups", {}))))
    return out


def best(found: list[Trial]) -> Trial | None:
    """The complete trial with the lowest value (ties: the earlier)."""
    done = [t for t in found if t.state == "complete" and t.value is not None]
    return min(done, key=lambda t: (t.value, t.number)) if done else None


def fresh_seed(search: Search, games: int = 0) -> int:
    """A root seed for a confirmation of ``games`` games (per arm and lineup) whose games share no seed with
    the search's: every one of them checked, not hoped (at least as many as the search played)."""
    taken = search.seeds()
    root = search.seed
    while True:
        root = game_seed(root, 1_000_003) % (2 ** 31)
        if not taken & {game_seed(root, i) for i in range(max(games, len(taken)))}:
            return root


@dataclass(frozen=True)
class Confirmed:
    """One lineup's confirmation of a seat goal, from compare's report: the tuned variant's seat advantage
    with its 95 % interval, the base's, and each seat's share of the wins, fair share and games."""

    value: float
    low: float
    high: float
    base: float
    shares: tuple[float, ...] = ()
    fair: tuple[float, ...] = ()
    games: tuple[int, ...] = ()

    def seat_intervals(self, level: float = 0.95) -> list[tuple[float, float]]:
        """Each seat's share of the wins as a 95 % Wilson interval over the games it played."""
        return [wilson(share, n, level) for share, n in zip(self.shares, self.games, strict=True)]

    def within_band(self, band: float) -> bool:
        """Whether every seat's interval lies within ``band`` of its fair share."""
        return all(fair - band <= low and high <= fair + band
                   for (low, high), fair in zip(self.seat_intervals(), self.fair, strict=True))


def wilson(share: float, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a share observed over ``n`` games (0..1 without games), as compare
    gives each arm's rate (statsmodels; a tie's split share counts as its fraction of a win)."""
    from statsmodels.stats.proportion import proportion_confint

    if n <= 0 or not math.isfinite(share):
        return 0.0, 1.0
    low, high = proportion_confint(share * n, n, alpha=1 - level, method="wilson")
    return float(low), float(high)


def confirmed_seats(report: dict[str, Any], variant_id: str) -> dict[str, Confirmed]:
    """lineup -> its confirmation, from compare's report.json (``seats``: lineup -> arm -> SeatBalance)."""
    out = {}
    for lineup, arms in report.get("seats", {}).items():
        mine, base = arms.get(variant_id), arms.get("base")
        if mine is not None and base is not None:
            out[lineup] = Confirmed(float(mine["rms"]), float(mine["low"]), float(mine["high"]), float(base["rms"]),
                                    tuple(float(s) for s in mine.get("shares", ())),
                                    tuple(float(f) for f in mine.get("fair", ())),
                                    tuple(int(g) for g in mine.get("games", ())))
    return out


def games_to_show(confirmed: Confirmed, limit: float, games: int) -> int | None:
    """About how many games per arm would put the interval's upper end below ``limit``, the interval
    narrowing as one over the root of the games; None when the figure itself is not below it."""
    if not confirmed.value < limit or not math.isfinite(confirmed.high):
        return None
    if confirmed.high <= limit:
        return games
    return math.ceil(games * ((confirmed.high - confirmed.value) / (limit - confirmed.value)) ** 2)


def history_plot(found: list[Trial], title: str, label: str) -> bytes | None:
    """Every candidate's value by trial (pruned ones where they stopped) and the best so far."""
    from regola.sim.plots import figure_png

    xs = [t.number for t in found if t.value is not None]
    if not xs:
        return None

    def draw(ax: Any) -> None:
        complete = [t for t in found if t.state == "complete" and t.value is not None]
        pruned = [t for t in found if t.state == "pruned" and t.value is not None]
        ax.scatter([t.number for t in complete], [100 * (t.value or 0.0) for t in complete], s=18, color="#1f77b4",
                   label="complete")
        ax.scatter([t.number for t in pruned], [100 * (t.value or 0.0) for t in pruned], s=14, marker="x",
                   color="#999999", label="stopped early")
        run_best, line = math.inf, []
        for t in sorted(complete, key=lambda t: t.number):
            run_best = min(run_best, float(t.value or 0.0))
            line.append((t.number, 100 * run_best))
        if line:
            ax.step([x for x, _ in line], [y for _, y in line], where="post", color="#d62728", label="best so far")
        ax.set_xlabel("candidate")
        ax.set_ylabel(label)
        ax.legend(loc="upper right", fontsize=8)

    return figure_png(title, draw)

"""A simulation: its arms, plan, the store it fills and the backend that plays it."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError
from regola.sim.arms import Arm, check_arm
from regola.sim.backends import backend_for
from regola.sim.plan import GameSpec, game_spec
from regola.sim.progress import Progress
from regola.sim.store import MANIFEST, Store, check_folder
from regola.sim.worker import Batch


class Interrupted(RegolaError):
    """Ctrl-C or SIGTERM: finished games are on disk; the same command plays the rest. ``code`` is the
    exit status a shell expects (130 for Ctrl-C, 143 for SIGTERM)."""

    def __init__(self, message: str, code: int = 130) -> None:
        super().__init__(message)
        self.code = code


@contextlib.contextmanager
def _sigterm_stops() -> Iterator[list[bool]]:
    """SIGTERM stops a run as Ctrl-C does (its workers are ended at once, its finished games kept)
    instead of ending this process alone and leaving the workers to finish their batches. Yields a
    flag list that says whether SIGTERM came. Only in the main thread (where signals are handled)."""
    came = [False]
    if threading.current_thread() is not threading.main_thread():
        yield came
        return

    def stop(_signum: int, _frame: Any) -> None:
        came[0] = True
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield came
    finally:
        signal.signal(signal.SIGTERM, before)


@dataclass
class Simulation:
    arms: list[Arm]
    players: tuple[int, ...]
    setup: str
    bots: tuple[str, ...]
    games: int
    seed: int

    def check(self) -> None:
        if self.games < 1:
            raise RegolaError(f"--games {self.games}: play at least one game")
        names = [a.name for a in self.arms]
        if len(set(names)) != len(names):
            raise RegolaError(f"two arms share a name ({', '.join(names)}): give each variant its own id")
        for arm in self.arms:
            check_arm(arm, self.players, self.setup, self.bots)
        for n in self.players:  # a lineup longer than a table is refused before anything runs
            game_spec(self.players.index(n), self.seed, self.players, self.bots)

    def manifest(self) -> dict[str, Any]:
        return {"pack": self.arms[0].pack.id, "arms": [a.describe() for a in self.arms],
                "players": list(self.players), "setup": self.setup, "bots": list(self.bots), "seed": self.seed}

    def spec(self, index: int) -> GameSpec:
        return game_spec(index, self.seed, self.players, self.bots)


@dataclass
class Outcome:
    played: int  # by this run
    total: int  # games of the simulation on disk now
    seconds: float
    backend: str
    jobs: int

    @property
    def games_per_s(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def batch_size(missing: int, jobs: int) -> int:
    """Big enough that shipping a batch costs little, small enough to keep every worker busy to the end
    and to lose little on Ctrl-C."""
    return max(4, min(250, missing // (jobs * 8) or 1))


def make_batches(sim: Simulation, played: dict[str, set[int]], size: int | None, jobs: int) -> list[Batch]:
    """Missing games in batches; the arms of a compare alternate, so a stopped run keeps pairs."""
    missing = {a.name: [i for i in range(sim.games) if i not in played.get(a.name, set())] for a in sim.arms}
    size = size or batch_size(sum(len(m) for m in missing.values()), jobs)
    chunks: list[tuple[int, int, Batch]] = []
    for arm_index, arm in enumerate(sim.arms):
        todo = missing[arm.name]
        for start in range(0, len(todo), size):
            specs = tuple(sim.spec(i) for i in todo[start:start + size])
            chunks.append((specs[0].index, arm_index,
                           Batch(arm.name, arm_index, arm.content_hash, sim.setup, sim.seed, specs)))
    return [b for _, _, b in sorted(chunks, key=lambda c: (c[0], c[1]))]


def run(sim: Simulation, out: Path, jobs: int, backend: str = "local", address: str | None = None,
        batch: int | None = None, progress: bool | None = None) -> Outcome:
    """Plays every game of ``sim`` not yet in ``out``. Ctrl-C raises Interrupted after the finished
    batches are written."""
    sim.check()
    # a folder that holds results is checked first; a new one is written only once the backend is up
    # (a Ray that cannot start leaves nothing behind)
    check_folder(out)
    store = Store.open(out, sim.manifest()) if (out / MANIFEST).exists() else None
    played = store.played() if store is not None else {}
    batches = make_batches(sim, played, batch, jobs)
    total = sim.games * len(sim.arms)
    have = total - sum(len(b.games) for b in batches)
    started = time.perf_counter()
    done = 0
    if batches:
        packs = {a.content_hash: a.pack for a in sim.arms}
        engine = backend_for(backend, packs, jobs, address)
        if store is None:
            try:
                store = Store.open(out, sim.manifest())
            except BaseException:
                engine.stop()
                raise
        with _sigterm_stops() as terminated:
            try:
                with Progress(total, have, "games", progress) as bar:
                    for result in engine.run(batches):
                        store.write(result.batch.part, result.games, result.actions)
                        done += len(result.games)
                        bar.advance(len(result.games))
            except KeyboardInterrupt:
                engine.stop()
                store.tidy()  # Ctrl-C may have cut a batch between its two parts
                kept = sum(len(games) for games in store.played().values())
                raise Interrupted(f"{'stopped' if terminated[0] else 'interrupted'}: {kept} of {total} games "
                                  f"are kept in {out}; run the same command again to play the other "
                                  f"{total - kept}", 143 if terminated[0] else 130) from None
            except BaseException:
                engine.stop()
                raise
        engine.close()
    return Outcome(done, have + done, time.perf_counter() - started, backend, jobs)

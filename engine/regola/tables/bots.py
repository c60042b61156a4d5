"""Bots think in worker processes, never in the server's own: a decision is sent as the game's JSON
(``Game.to_json``), the worker rebuilds the game on its cached ruleset, asks the bot and answers with
the action. Each decision has a time bound; a worker past it is killed and replaced, and the seat plays
a uniformly random legal action instead (logged), so a slow or stuck bot never holds a table.

Workers are started with the ``spawn`` method (a copy of a threaded server made by ``fork`` may hold a
lock forever) and cap their own memory (``REGOLA_BOT_MEMORY`` MiB, default 2048).
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from regola.core.bots import Observation, RandomBot

__all__ = ["BotPool", "BotTask", "FairQueue"]

log = logging.getLogger("regola.tables.bots")


@dataclass(frozen=True)
class BotTask:
    header: dict[str, Any]  # the table's record header: pack, variants (their content), players
    game: dict[str, Any]  # Game.to_json() at the decision
    seat: int
    spec: str  # "greedy", "mcts:iters=200", …
    seed: str
    legal: list[Any]  # the legal actions (JSON form), for the fallback
    share: str = ""  # whose bot time this is, the fair queue's key: the client that made the table, else the table


class FairQueue:
    """Bot decisions waiting for a worker, the share (a client, or a table) that used the least bot time first.

    With first come, first served, three tables of slow search bots kept a fourth table's quick bot
    waiting 18 s. Here the next task is the one whose share has used the least worker time lately
    (seconds, fading by half every ``half_life`` seconds of work done by all), ranked when a worker
    is free, so a quick bot waits only for the decisions already being thought. A share is the client
    that made the table (its tables share one budget, however many it makes), or the table when its
    maker is not known (a table restored after a restart). A table has at most one decision waiting,
    so picking among them is a short scan.
    """

    def __init__(self, half_life: float = 60.0, keep: int = 4096) -> None:
        self._waiting: list[tuple[int, str, Any]] = []
        self._ready = threading.Condition()
        self._used: dict[str, float] = {}
        self._count = itertools.count()
        self._decay = 0.5 ** (1 / half_life)
        self._keep = keep

    def put(self, key: str, item: Any, first: bool = False) -> None:
        with self._ready:
            self._waiting.append((-1 if first else next(self._count), key, item))
            self._ready.notify()

    def get(self) -> tuple[str, Any]:
        with self._ready:
            while not self._waiting:
                self._ready.wait()
            used = self._used
            best = min(range(len(self._waiting)),
                       key=lambda i: (self._waiting[i][0] >= 0, used.get(self._waiting[i][1], 0.0),
                                      self._waiting[i][0]))
            _, key, item = self._waiting.pop(best)
            return key, item

    def charge(self, key: str, seconds: float) -> None:
        """``key`` used ``seconds`` of a worker; everyone's older use fades meanwhile."""
        with self._ready:
            fade = self._decay ** seconds
            for other in self._used:
                self._used[other] *= fade
            self._used[key] = self._used.get(key, 0.0) + seconds
            if len(self._used) > self._keep:  # bounded: the least recent users are forgotten
                for other in sorted(self._used, key=self._used.__getitem__)[: len(self._used) - self._keep]:
                    del self._used[other]

    def used(self, key: str) -> float:
        with self._ready:
            return self._used.get(key, 0.0)


def _ruleset(header: dict[str, Any], cache: dict[str, Any]) -> Any:
    from regola.core.pack import load_pack
    from regola.core.variant import variant_from_dict
    from regola.tables.table import ruleset_for

    key = header["content_hash"] + repr([v.get("id") for v in header["variants"]])
    if key not in cache:
        variants = [variant_from_dict(raw, f"table variant {i}") for i, raw in enumerate(header["variants"])]
        cache[key] = ruleset_for(load_pack(header["pack"], variants=variants))
    return cache[key]


def choose(task: BotTask, cache: dict[str, Any], seconds: float) -> list[Any]:
    """The bot's action for ``task`` (JSON form); runs in a worker (and in tests directly)."""
    from regola.bots.specs import make_bot
    from regola.core.game import Game

    ruleset = _ruleset(task.header, cache)
    game = Game.from_json(ruleset, task.game)
    bot = make_bot(within(task.spec, seconds), task.seat, task.seed, ruleset)  # type: ignore[arg-type]
    info = game.information_state if ruleset.definition.search is not None else None
    action = bot.choose(Observation(task.seat, game.legal_actions(), game.view, info, lean_fn=game.bot_view))
    return _plain(action)


def within(spec: str, seconds: float) -> str:
    """``spec`` with its search time at most ``seconds`` (a ``time=`` asked above it is lowered), so a
    search bot answers before the pool stops it."""
    from regola.bots.specs import parse_bot_spec

    name, options = parse_bot_spec(spec)
    if name not in ("mcts", "probe"):
        return spec
    cap = max(0.05, seconds)
    asked = options.get("time")
    options["time"] = min(float(asked), cap) if isinstance(asked, int | float) and asked > 0 else cap
    return name + ":" + ",".join(f"{k}={v}" for k, v in options.items())


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, list | tuple) else value


def _worker(conn: Connection, memory_mib: int) -> None:
    try:
        import resource

        limit = memory_mib * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        pass
    cache: dict[str, Any] = {}
    while True:
        try:
            task, seconds = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(("ok", choose(task, cache, seconds)))
        except Exception as exc:  # any bot failure is the parent's to report, never a dead worker
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class _Worker:
    def __init__(self, context: Any, memory_mib: int) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_worker, args=(child, memory_mib), daemon=True,
                                       name="regola-bot")
        self.process.start()
        child.close()

    def stop(self) -> None:
        self.process.kill()
        self.process.join(timeout=5)
        self.conn.close()


class BotPool:
    """``workers`` bot processes behind one queue; ``ask(task)`` returns a Future of the action."""

    def __init__(self, workers: int = 0, seconds: float = 10.0) -> None:
        self.seconds = seconds
        self.think_share = 0.7  # of ``seconds`` a search bot may search: it answers before it is stopped
        self.memory = int(os.environ.get("REGOLA_BOT_MEMORY") or 2048)
        self._context = multiprocessing.get_context("spawn")
        self._tasks = FairQueue()
        count = workers or max(1, min(2, os.cpu_count() or 1))
        self._threads = [threading.Thread(target=self._serve, name=f"regola-bots-{i}", daemon=True)
                         for i in range(count)]
        self.timeouts = 0
        self.start_grace = 15.0
        for thread in self._threads:
            thread.start()

    def ask(self, task: BotTask) -> Future[list[Any]]:
        future: Future[list[Any]] = Future()
        self._tasks.put(task.share, (task, future))
        return future

    def _serve(self) -> None:
        worker: _Worker | None = None
        try:
            while True:
                key, item = self._tasks.get()
                if item is None:
                    return
                task, future = item
                started = time.monotonic()
                grace = 1.0
                if worker is None or not worker.process.is_alive():
                    worker = _Worker(self._context, self.memory)
                    grace = self.start_grace  # a new worker starts an interpreter and imports the engine first
                try:
                    worker.conn.send((task, self.seconds * self.think_share))
                    answered = worker.conn.poll(self.seconds + grace)
                    reply = worker.conn.recv() if answered else None
                except (EOFError, OSError):
                    reply = ("error", "the bot's worker ended")
                if reply is None:
                    self.timeouts += 1
                    log.warning("bot %s at seat %d took longer than %.1f s: stopped, a random legal action instead",
                                task.spec, task.seat, self.seconds)
                    worker.stop()
                    worker = None
                    future.set_result(_fallback(task))
                elif reply[0] == "ok":
                    future.set_result(reply[1])
                else:
                    log.warning("bot %s at seat %d failed (%s): a random legal action instead", task.spec,
                                task.seat, reply[1])
                    future.set_result(_fallback(task))
                self._tasks.charge(key, time.monotonic() - started)
        finally:
            if worker is not None:
                worker.stop()

    def close(self) -> None:
        for _ in self._threads:
            self._tasks.put("", None, first=True)
        for thread in self._threads:
            thread.join(timeout=10)


def _fallback(task: BotTask) -> list[Any]:
    bot = RandomBot(task.seat, task.seed)
    return _plain(bot.choose(Observation(task.seat, task.legal, lambda seat: {})))

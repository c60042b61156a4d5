"""Bots think in worker processes, never in the server's own: a decision is sent as the game's JSON
(``Game.to_json``), the worker rebuilds the game on its cached ruleset, asks the bot and answers with
the action. Each decision has a time bound; a worker past it is killed and replaced, and the seat plays
a uniformly random legal action instead (logged), so a slow or stuck bot never holds a table.

Workers are started with the ``spawn`` method (a copy of a threaded server made by ``fork`` may hold a
lock forever) and cap their own memory (``REGOLA_BOT_MEMORY`` MiB, default 2048).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from regola.core.bots import Observation, RandomBot

__all__ = ["BotPool", "BotTask"]

log = logging.getLogger("regola.tables.bots")


@dataclass(frozen=True)
class BotTask:
    header: dict[str, Any]  # the table's record header: pack, variants (their content), players
    game: dict[str, Any]  # Game.to_json() at the decision
    seat: int
    spec: str  # "greedy", "mcts:iters=200", …
    seed: str
    legal: list[Any]  # the legal actions (JSON form), for the fallback


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
    from regola.core.game import Game
    from regola.core.play import make_bot, parse_bot_spec

    ruleset = _ruleset(task.header, cache)
    game = Game.from_json(ruleset, task.game)
    spec = task.spec
    name, options = parse_bot_spec(spec)
    if name == "mcts" and "time" not in options:  # search within the bound, not up to it
        spec += ("," if ":" in spec else ":") + f"time={max(0.05, seconds * 0.7):.2f}"
    bot = make_bot(spec, task.seat, task.seed, ruleset)  # type: ignore[arg-type]
    info = game.information_state if ruleset.definition.search is not None else None
    action = bot.choose(Observation(task.seat, game.legal_actions(), game.view, info))
    return _plain(action)


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
        self.memory = int(os.environ.get("REGOLA_BOT_MEMORY") or 2048)
        self._context = multiprocessing.get_context("spawn")
        self._tasks: queue.Queue[tuple[BotTask, Future[list[Any]]] | None] = queue.Queue()
        count = workers or max(1, min(2, os.cpu_count() or 1))
        self._threads = [threading.Thread(target=self._serve, name=f"regola-bots-{i}", daemon=True)
                         for i in range(count)]
        self.timeouts = 0
        self.start_grace = 15.0
        for thread in self._threads:
            thread.start()

    def ask(self, task: BotTask) -> Future[list[Any]]:
        future: Future[list[Any]] = Future()
        self._tasks.put((task, future))
        return future

    def _serve(self) -> None:
        worker: _Worker | None = None
        try:
            while True:
                item = self._tasks.get()
                if item is None:
                    return
                task, future = item
                grace = 1.0
                if worker is None or not worker.process.is_alive():
                    worker = _Worker(self._context, self.memory)
                    grace = self.start_grace  # a new worker starts an interpreter and imports the engine first
                try:
                    worker.conn.send((task, self.seconds))
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
        finally:
            if worker is not None:
                worker.stop()

    def close(self) -> None:
        for _ in self._threads:
            self._tasks.put(None)
        for thread in self._threads:
            thread.join(timeout=10)


def _fallback(task: BotTask) -> list[Any]:
    bot = RandomBot(task.seat, task.seed)
    return _plain(bot.choose(Observation(task.seat, task.legal, lambda seat: {})))

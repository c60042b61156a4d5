"""Engine work (a variant check, a record replay, a posted variant's rulebook) in killable processes.

The event loop never runs the engine on a stranger's input: each job runs in a process of its own,
forked by multiprocessing's fork server (a small process started once, with the engine imported
and the packs warm, so a job starts in a few milliseconds). The child bounds its own address space
(RLIMIT_AS) and CPU time (RLIMIT_CPU); the server bounds the wall-clock time and kills the child
when it is up. At most ``workers`` jobs run at once, at most ``queue`` wait; past that the request is
answered 503 with Retry-After, and one client may have at most ``per_client`` jobs running or
waiting (429). ``close`` kills every child: SIGTERM never waits for a runaway job.

A job is a module-level function and its picklable arguments; it returns a picklable value or
raises ``Problem`` (the reply), and the child sends back either. A child that dies without a word
was killed by one of its bounds, and the client hears which one.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import resource
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import anyio

from regola.serve.replies import Problem

__all__ = ["EngineBounds", "EnginePool"]

log = logging.getLogger("regola.serve")

#: the module the fork server imports before it forks anything (it warms the engine's caches)
PRELOAD = "regola.serve.preload"


@dataclass(frozen=True)
class EngineBounds:
    """What engine work may cost; ``regola serve`` options set them (docs/SERVE.md)."""

    workers: int = 2  # jobs running at once
    queue: int = 8  # jobs waiting for a worker; past that: 503
    per_client: int = 2  # jobs one client may have running or waiting; past that: 429
    seconds: float = 10.0  # wall-clock time of one job
    memory_mib: int = 512  # address space a job may add to the fork server's


def _bound_self(memory_mib: int, seconds: float) -> None:
    """In the child: the memory and CPU bounds, enforced by the kernel."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            inherited = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        inherited = None  # no /proc: the wall-clock bound still holds
    if inherited is not None:
        limit = inherited + memory_mib * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    cpu = int(seconds) + 1
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))


def _child(conn: Connection, memory_mib: int, seconds: float, job: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """What a worker process runs: the job, its outcome sent back as ("ok", value) or a problem."""
    _bound_self(memory_mib, seconds)
    try:
        outcome: tuple[Any, ...] = ("ok", job(*args))
    except Problem as problem:
        outcome = ("problem", problem.status, problem.title, problem.detail, problem.extra)
    except MemoryError:
        outcome = ("problem", 422, "Unprocessable Content",
                   f"the work this input asks for needs more than {memory_mib} MiB; regola refuses it",
                   {"limit": f"{memory_mib} MiB"})
    except RecursionError:
        outcome = ("problem", 422, "Unprocessable Content", "the input nests too deeply for the engine", {})
    except Exception:  # a fault of the engine, not of the input: the server logs it, the client gets a 500
        outcome = ("crash", traceback.format_exc(limit=20))
    try:
        conn.send(outcome)
    except MemoryError:
        conn.send(("problem", 422, "Unprocessable Content", "the reply to this input is too large", {}))
    finally:
        conn.close()


class EnginePool:
    """The worker processes of one server."""

    def __init__(self, bounds: EngineBounds) -> None:
        self.bounds = bounds
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload([PRELOAD])
        self._slots = anyio.Semaphore(bounds.workers)
        self._waiting = 0
        self._by_client: dict[str, int] = {}
        self._running: set[Any] = set()  # the worker processes now alive
        self._closed = False
        self.done = 0
        self.refused = 0

    def start(self) -> None:
        """Start the fork server now and wait until it has imported the engine and warmed the packs (one
        empty job goes through it), so that no job's time bound pays for that (blocking: seconds)."""
        from multiprocessing import forkserver

        forkserver.ensure_running()
        first = self._context.Process(target=_nothing, daemon=True)
        first.start()
        first.join(120)

    def busy(self) -> dict[str, int]:
        return {"running": len(self._running), "waiting": self._waiting, "done": self.done, "refused": self.refused}

    async def run(self, client: str, job: Callable[..., Any], *args: Any) -> Any:
        """The job's value; Problem when a bound refuses it (429, 503, or 422 for an input too costly)."""
        bounds = self.bounds
        retry = {"Retry-After": str(max(1, int(bounds.seconds)))}
        if self._closed:
            raise Problem(503, "Service Unavailable", "the server is stopping", headers=retry)
        if self._by_client.get(client, 0) >= bounds.per_client:
            self.refused += 1
            raise Problem(429, "Too Many Requests", f"at most {bounds.per_client} checks or replays of one client "
                          "run or wait at a time; retry when one has finished", headers=retry)
        if self._waiting >= bounds.queue + bounds.workers:
            self.refused += 1
            raise Problem(503, "Service Unavailable", "the engine is busy with other requests; retry shortly",
                          headers=retry)
        self._by_client[client] = self._by_client.get(client, 0) + 1
        self._waiting += 1
        try:
            async with self._slots:
                return await self._run_one(job, args)
        finally:
            self._waiting -= 1
            left = self._by_client[client] - 1
            if left:
                self._by_client[client] = left
            else:
                del self._by_client[client]

    async def _run_one(self, job: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        bounds = self.bounds
        if self._closed:
            raise Problem(503, "Service Unavailable", "the server is stopping")
        reader, writer = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_child, args=(writer, bounds.memory_mib, bounds.seconds, job, args),
                                        daemon=True)
        started = time.monotonic()
        handed: list[bool] = []  # set by the reading thread once it owns the reader
        try:
            await anyio.to_thread.run_sync(process.start)
            self._running.add(process)
            writer.close()
            # the thread closes the reader itself: if this task is cancelled, the thread (abandoned) still
            # sees the killed child's end of the pipe close, and no descriptor is closed under it
            outcome = await anyio.to_thread.run_sync(_receive, reader, started + bounds.seconds, handed,
                                                     abandon_on_cancel=True)
        finally:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                writer.close()
            if not handed:
                reader.close()  # no thread reads it
            if process.pid is not None and process.exitcode is None:
                with contextlib.suppress(OSError, ValueError):
                    process.kill()  # past its time, cancelled, or done and about to exit: never left running
            self._running.discard(process)
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(_reap, process)
        self.done += 1
        return self._unpack(outcome, process, time.monotonic() - started)

    def _unpack(self, outcome: tuple[Any, ...] | None, process: Any, seconds: float) -> Any:
        bounds = self.bounds
        if outcome is None:
            if self._closed or process.exitcode in (-signal.SIGTERM, -signal.SIGINT):
                raise Problem(503, "Service Unavailable", "the server stopped before the work was done",
                              headers={"Retry-After": "5"})
            if seconds >= bounds.seconds or process.exitcode == -signal.SIGXCPU:
                raise Problem(422, "Unprocessable Content", f"the work this input asks for takes longer than "
                              f"{bounds.seconds:g} s; regola refuses it", limit=f"{bounds.seconds:g} s")
            raise Problem(422, "Unprocessable Content", f"the work this input asks for passed the server's bounds "
                          f"({bounds.memory_mib} MiB, {bounds.seconds:g} s of CPU); regola refuses it",
                          limit=f"{bounds.memory_mib} MiB")
        kind = outcome[0]
        if kind == "ok":
            return outcome[1]
        if kind == "problem":
            _, status, title, detail, extra = outcome
            raise Problem(status, title, detail, **extra)
        log.error("engine work failed:\n%s", outcome[1])
        raise Problem(500, "Internal Server Error", "the engine failed on this input; the server log has why")

    def close(self) -> None:
        """Refuse new jobs and kill the running ones (their requests are answered 503)."""
        self._closed = True
        for process in list(self._running):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                process.kill()


def _receive(reader: Connection, deadline: float, handed: list[bool]) -> tuple[Any, ...] | None:
    """The child's outcome, or None when it died without one or the deadline passed (blocking); closes
    the reader."""
    handed.append(True)
    try:
        if not reader.poll(max(0.0, deadline - time.monotonic())):
            return None
        outcome: tuple[Any, ...] = reader.recv()
        return outcome
    except (EOFError, OSError):
        return None
    finally:
        reader.close()


def _nothing() -> None:
    """The job that proves the fork server is ready."""


def _reap(process: Any) -> None:
    with contextlib.suppress(OSError, ValueError, AssertionError):
        process.join(2.0)

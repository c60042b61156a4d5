"""Live updates: a bell per table that the hall rings from any thread (a person's decision, a bot's
answer, another server process's line heard through PostgreSQL), and the event streams waiting on it."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections import defaultdict
from typing import Any

__all__ = ["Bell", "sweep"]


class Bell:
    """Wakes the streams of one table when it changes; a stream that is not waiting misses nothing,
    since it asks for every line after the last one it sent."""

    def __init__(self, streams: int = 1000) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.streams = streams  # open streams this server keeps at most
        self._waiting: dict[str, set[asyncio.Event]] = defaultdict(set)
        self._open = 0
        self._lock = threading.Lock()
        self.closing = False  # the server is stopping: every stream ends now

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def ring(self, table_id: str) -> None:
        """Any thread: the table ``table_id`` has new lines."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake, table_id)

    def shut(self) -> None:
        """Any thread: the server stops; every waiting stream ends at once (its client reconnects to
        whichever server answers next, and resumes from its last line)."""
        self.closing = True
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake_all)

    def _wake_all(self) -> None:
        for events in self._waiting.values():
            for event in events:
                event.set()

    def _wake(self, table_id: str) -> None:
        for event in self._waiting.get(table_id, ()):
            event.set()

    def open(self) -> bool:
        """A new stream, if the server has room for one."""
        with self._lock:
            if self._open >= self.streams:
                return False
            self._open += 1
            return True

    def close(self) -> None:
        with self._lock:
            self._open -= 1

    async def wait(self, table_id: str, seconds: float) -> bool:
        """Until the table changes (True) or ``seconds`` pass (False)."""
        event = asyncio.Event()
        self._waiting[table_id].add(event)
        try:
            await asyncio.wait_for(event.wait(), seconds)
            return True
        except TimeoutError:
            return False
        finally:
            waiting = self._waiting.get(table_id)
            if waiting is not None:
                waiting.discard(event)
                if not waiting:
                    del self._waiting[table_id]


async def sweep(hall: Any) -> None:
    """Close the tables nobody acted at for the idle time (``REGOLA_TABLE_IDLE_HOURS``), every
    ``REGOLA_TABLE_SWEEP_SECONDS`` (600); their records stay in the store."""
    import anyio

    raw = os.environ.get("REGOLA_TABLE_SWEEP_SECONDS", "")
    every = float(raw) if raw.replace(".", "", 1).isdigit() and float(raw) > 0 else 600.0
    while True:
        await asyncio.sleep(every)
        closed = await anyio.to_thread.run_sync(hall.expire_idle)
        if closed:
            logging.getLogger("regola.tables").info("closed %d idle table(s)", len(closed))

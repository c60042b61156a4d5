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


#: the tables whose rings a bell counts at most; past it the counts start again in a new epoch, which
#: only makes a waiting stream look once more than it needed to
COUNTED_TABLES = 10_000


class Bell:
    """Wakes the streams of one table when it changes. A stream notes the table's ring count before it
    looks at the table and waits with it: a ring that came between its look and its wait (when no
    stream was waiting) is not lost, since the count has moved and the wait returns at once. What a
    stream then asks for is every line after the last one it sent, so it misses nothing."""

    def __init__(self, streams: int = 1000) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.streams = streams  # open streams this server keeps at most
        self._waiting: dict[str, set[asyncio.Event]] = defaultdict(set)
        self._rings: dict[str, int] = {}  # table -> how often it rang (read and written on the loop only)
        self._epoch = 0  # how often the counts were started again
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

    def rings(self, table_id: str) -> tuple[int, int]:
        """How often the table has rung (in which epoch of the counts): note it before looking at the
        table, and wait with it."""
        return self._epoch, self._rings.get(table_id, 0)

    def _wake(self, table_id: str) -> None:
        if len(self._rings) >= COUNTED_TABLES and table_id not in self._rings:
            self._rings.clear()
            self._epoch += 1
        self._rings[table_id] = self._rings.get(table_id, 0) + 1
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

    async def wait(self, table_id: str, seconds: float, seen: tuple[int, int] | None = None) -> bool:
        """Until the table changes (True) or ``seconds`` pass (False); at once (True) if it has rung
        since the count ``seen`` was noted."""
        if seen is not None and self.rings(table_id) != seen:
            return True
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

"""Decisions per minute per token (``REGOLA_TABLE_RATE``): a person's taps are a few a minute; a script
flooding one table is told to slow down (429) before it costs the server anything."""

from __future__ import annotations

import hashlib
import threading
import time
from collections import deque

__all__ = ["Rate"]


class Rate:
    def __init__(self, per_minute: int, tokens: int = 10_000) -> None:
        self.per_minute = per_minute
        self.tokens = tokens  # tokens remembered at most (the oldest forgotten first)
        self._seen: dict[bytes, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, token: str, now: float | None = None) -> float:
        """0 when ``token`` may act now, else the seconds until it may. Callers pass real tokens only
        (the hall knows them), so made-up ones never push a real one's count out; when the memory is
        full, the token used longest ago is forgotten, one whose minute has passed first."""
        now = time.monotonic() if now is None else now
        key = hashlib.blake2b(token.encode("utf-8", "replace"), digest_size=16).digest()
        with self._lock:
            times = self._seen.pop(key, None)
            if times is None:
                if len(self._seen) >= self.tokens:
                    self._forget(now)
                times = deque()
            self._seen[key] = times  # last used: the end of the dict's order
            while times and now - times[0] >= 60.0:
                times.popleft()
            if len(times) >= self.per_minute:
                return 60.0 - (now - times[0])
            times.append(now)
            return 0.0

    def _forget(self, now: float) -> None:
        stale = [k for k, times in self._seen.items() if not times or now - times[-1] >= 60.0]
        for k in stale:
            del self._seen[k]
        if len(self._seen) >= self.tokens:
            self._seen.pop(next(iter(self._seen)))

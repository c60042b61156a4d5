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
        """0 when ``token`` may act now, else the seconds until it may."""
        now = time.monotonic() if now is None else now
        key = hashlib.blake2b(token.encode("utf-8", "replace"), digest_size=16).digest()
        with self._lock:
            times = self._seen.get(key)
            if times is None:
                if len(self._seen) >= self.tokens:
                    self._seen.pop(next(iter(self._seen)))
                times = self._seen[key] = deque()
            while times and now - times[0] >= 60.0:
                times.popleft()
            if len(times) >= self.per_minute:
                return 60.0 - (now - times[0])
            times.append(now)
            return 0.0

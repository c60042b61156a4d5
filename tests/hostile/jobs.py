"""Jobs for the engine pool's tests: module-level functions, so the fork server's children can import them."""

from __future__ import annotations

import time

from regola.serve.replies import Problem


def sleep(seconds: float) -> str:
    time.sleep(seconds)
    return "slept"


def spin(seconds: float) -> int:
    """Busy CPU for ``seconds`` (what a runaway mechanic does)."""
    end = time.monotonic() + seconds
    count = 0
    while time.monotonic() < end:
        count += 1
    return count


def hog(mib: int) -> int:
    """Allocate ``mib`` MiB and touch it."""
    block = bytearray(mib * 1024 * 1024)
    block[::4096] = b"x" * len(block[::4096])
    return len(block)


def refuse() -> None:
    raise Problem(422, "Unprocessable Content", "the job says no", line=3)


def double(value: int) -> int:
    return value * 2


def fail() -> None:
    raise KeyError("an engine bug")

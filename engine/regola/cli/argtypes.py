"""Argument types for every number and name a command takes: each bounded, each refused in one line.

argparse turns an ArgumentTypeError into ``regola X: error: argument --seed: …`` and exit 2, so a
value out of range never reaches the code that would fail on it with a traceback (a 31-digit seed in
pyarrow, a 300-character id as a file name). Every numeric option of every command uses one of these
(tests/cli/test_argument_bounds.py walks the parsers to keep it so).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from regola.core.names import NameRefused, outside_id

__all__ = ["SEED_MAX", "identifier", "real", "seed", "whole"]

#: seeds are stored as signed 64-bit integers (Parquet, SQLite)
SEED_MAX = 2**63 - 1


def whole(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        if len(text) > 24:
            raise argparse.ArgumentTypeError(f"a whole number from {low:,} to {high:,} is expected")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value:,} is not between {low:,} and {high:,}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


def real(low: float, high: float) -> Callable[[str], float]:
    """A finite number from ``low`` to ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text[:40])
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text[:40]} is not between {low:g} and {high:g}")
        return value

    parse.__name__ = "number"
    return parse


seed = whole(0, SEED_MAX)
seed.__doc__ = "A seed: a whole number from 0 to 2**63 - 1."


def identifier(text: str) -> str:
    """An id (a variant's, a pack's), by the same rule as a name from outside (``core.names``): it also
    names a file, so nothing a file system would refuse or read as a path."""
    try:
        return outside_id(text, "id")
    except NameRefused as err:
        raise argparse.ArgumentTypeError(f"{err} (not {text[:40]!r})") from None

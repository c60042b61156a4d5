"""Who has the fewest or the most of a measure: the one comparison the awards and start rules share."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["extremes"]


def extremes(values: Sequence[int], most: bool) -> list[int]:
    """The seats whose value is the least (or, with ``most``, the greatest), in seat order."""
    best = max(values) if most else min(values)
    return [seat for seat, value in enumerate(values) if value == best]

"""Who has the fewest or the most of a measure: the one comparison the awards and start rules share; and
the final ranking's tie-breaks, each a measure of the pack's parts (or a key of the game's own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regola.core.errors import PackError

__all__ = ["extremes", "measure_key", "tie_breaks"]


def extremes(values: Sequence[int], most: bool) -> list[int]:
    """The seats whose value is the least (or, with ``most``, the greatest), in seat order."""
    best = max(values) if most else min(values)
    return [seat for seat, value in enumerate(values) if value == best]


def tie_breaks(raw: Sequence[Any], measures: Mapping[str, Any], own: Sequence[str], pointer: str) -> tuple[str, ...]:
    """The standings' keys in order, each more-is-better: a measure of the pack's parts ("jesters",
    "materials") or a key the game computes itself (``own``: Maestro Leonardo's ``tier_counts``).
    Anything else is refused at its item."""
    for i, name in enumerate(raw):
        if name not in measures and name not in own:
            known = ", ".join([*sorted(measures), *own])
            raise PackError(f"a tie-break must be one of the pack's measures or the game's own keys, not {name!r} "
                            f"(known: {known})", field=f"{pointer}/{i}")
    return tuple(str(name) for name in raw)


def measure_key(state: Any, seat: int, name: str, measures: Mapping[str, Any]) -> int:
    """One measure's value for the standings."""
    return int(measures[name](state, seat))

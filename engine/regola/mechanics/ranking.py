"""Who has the fewest or the most of a measure: the one comparison the awards and start rules share; and
the final ranking's tie-breaks, each a measure of the pack's parts (or a key of the game's own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regola.core.errors import PackError

__all__ = ["FEWER", "extremes", "fewer", "measure_key", "tie_break_name", "tie_breaks"]

#: the mark of a tie-break where fewer is better (``{fewer: debts}`` in the data reads ``-debts``)
FEWER = "-"


def extremes(values: Sequence[int], most: bool) -> list[int]:
    """The seats whose value is the least (or, with ``most``, the greatest), in seat order."""
    best = max(values) if most else min(values)
    return [seat for seat, value in enumerate(values) if value == best]


def tie_break_name(item: Any) -> str:
    """A tie-break as the data writes it (a measure's name, or ``{fewer: name}``) as one string: the name,
    or the name marked with FEWER."""
    if isinstance(item, Mapping):
        return FEWER + str(item.get("fewer"))
    return str(item)


def fewer(name: str) -> tuple[bool, str]:
    """(whether fewer is better, the measure's name) of a tie-break."""
    return (True, name[len(FEWER):]) if name.startswith(FEWER) else (False, name)


def tie_breaks(raw: Sequence[Any], measures: Mapping[str, Any], own: Sequence[str], pointer: str) -> tuple[str, ...]:
    """The standings' keys in order: a measure of the pack's parts ("jesters", "materials"), more is better,
    or ``{fewer: name}``, fewer is better; or a key the game computes itself (``own``: Maestro Leonardo's
    ``tier_counts``). Anything else is refused at its item."""
    out = tuple(tie_break_name(item) for item in raw)
    for i, name in enumerate(out):
        least, measure = fewer(name)
        if measure not in measures and (least or measure not in own):
            known = ", ".join([*sorted(measures), *own])
            raise PackError(f"a tie-break must be one of the pack's measures or the game's own keys, not "
                            f"{measure!r} (known: {known}; fewer is better only for a measure)",
                            field=f"{pointer}/{i}")
    return out


def measure_key(state: Any, seat: int, name: str, measures: Mapping[str, Any]) -> int:
    """One measure's value for the standings, where more is better (a fewer-is-better one negated)."""
    least, measure = fewer(name)
    value = int(measures[measure](state, seat))
    return -value if least else value

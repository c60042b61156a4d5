"""The goals of `regola tune` (goals.yaml) and the values a pack lets each move (pack.yaml, ``tuning``).

A goal says what it measures on the games, when it is met and under which lineups; a knob is one whole
number of the pack's document that the search may set, with its range. ``{seat}`` in a knob's path stands
for each seat in play, so a goal tuned for four players moves four seats' values.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError
from regola.core.pack import Pack
from regola.core.yamlio import load_yaml, parse_pointer

FILE = Path(__file__).with_name("goals.yaml")
SEATS, LENGTH, ACTIONS = "seats.rms", "length.decisions", "actions"
MOST_KNOBS = 64  # a search over more values than this learns nothing in any budget worth running


@dataclass(frozen=True)
class Goal:
    id: str
    measure: str
    met: dict[str, float]  # {"at_most": x} or {"within": x}
    lineups: str
    stages: tuple[int, ...]
    band: float | None = None  # seats: how far from its fair share each seat's win share may lie




@functools.cache
def declared() -> dict[str, Goal]:
    data = load_yaml(FILE)
    return {gid: Goal(gid, g["measure"], dict(g["met"]), g["lineups"], tuple(int(s) for s in g["stages"]),
                      float(g["band"]) if "band" in g else None)
            for gid, g in data["goals"].items()}


def goal(name: str) -> Goal:
    goals = declared()
    if name not in goals:
        raise RegolaError(f"--goal {name!r}: the goals are {', '.join(goals)}")
    return goals[name]


@dataclass(frozen=True)
class Knob:
    """One whole number the search may set: a concrete JSON pointer, its range, and the pack's value there
    (``present`` False where the key is absent: an absent count is 0, and setting it adds the key)."""

    path: str
    low: int
    high: int
    base: int
    present: bool
    pattern: str = ""  # the path as declared ({seat} not yet expanded)

    def change(self, value: int) -> dict[str, Any] | None:
        """The variant change that sets this value (None when it is the pack's own)."""
        if value == self.base and (self.present or value == 0):
            return None
        return {"op": "replace" if self.present else "add", "path": self.path, "value": value}


def _at(doc: Any, path: str) -> tuple[bool, Any]:
    node = doc
    for token in parse_pointer(path) or []:
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return False, None
    return True, node


def knob(pack: Pack, path: str, low: int, high: int, pattern: str = "") -> Knob:
    """A knob at a concrete pointer of the pack's document: it must name a whole number, or a key absent
    from a mapping that exists (a count of 0)."""
    if low > high:
        raise RegolaError(f"{path}: range [{low}, {high}] is empty")
    found, value = _at(pack.data, path)
    if found:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RegolaError(f"{path}: pack {pack.id} has {value!r} there, not a whole number to tune")
        return Knob(path, low, high, value, True, pattern or path)
    parent, _, _ = path.rpartition("/")
    has_parent, container = _at(pack.data, parent)
    if not has_parent or not isinstance(container, dict):
        raise RegolaError(f"{path}: pack {pack.id} has no such value (nor a mapping at {parent or '/'} to add it to)")
    return Knob(path, low, high, 0, False, pattern or path)


def expand(path: str, seats: int) -> list[str]:
    """``{seat}`` → one path per seat in play (a path without it stands for itself)."""
    return [path.replace("{seat}", str(s)) for s in range(seats)] if "{seat}" in path else [path]


_VARY = re.compile(r"^(?P<path>/\S+)=(?P<low>-?\d{1,7})\.\.(?P<high>-?\d{1,7})$")


def parse_vary(text: str) -> tuple[str, int, int]:
    """--vary '/setup/beginner/seats/{seat}/money=0..20' → (path, 0, 20)."""
    m = _VARY.match(text.strip())
    if m is None:
        raise RegolaError(f"--vary {text!r}: give PATH=LOW..HIGH, e.g. /setup/beginner/seats/{{seat}}/money=0..20")
    return m["path"], int(m["low"]), int(m["high"])


def knobs(pack: Pack, goal_id: str, seats: int, vary: list[str] | None = None) -> tuple[list[Knob], str | None]:
    """The knobs of a search, and the setup the pack tunes this goal for (None: the caller's). ``vary``
    (from --vary) replaces the pack's list."""
    declared_tuning = (pack.meta.get("tuning") or {}).get(goal_id) or {}
    if vary:
        entries = [parse_vary(v) for v in vary]
    else:
        entries = [(k["path"], int(k["range"][0]), int(k["range"][1])) for k in declared_tuning.get("vary", [])]
    if not entries:
        raise RegolaError(f"pack {pack.id} names no values to tune for goal {goal_id!r}: give --vary PATH=LOW..HIGH "
                          "(or declare them in its pack.yaml under tuning)")
    out: list[Knob] = []
    for path, low, high in entries:
        out += [knob(pack, p, low, high, path) for p in expand(path, seats)]
    if len({k.path for k in out}) != len(out):
        raise RegolaError("--vary: a value is named twice")
    if len(out) > MOST_KNOBS:
        raise RegolaError(f"{len(out)} values to tune: at most {MOST_KNOBS} (narrow --vary)")
    return out, declared_tuning.get("setup")

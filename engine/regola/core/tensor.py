"""Fixed-shape numeric encodings of a seat's view, for learning (OpenSpiel's observation tensors).

A game declares a :class:`TensorSpec` per ruleset and player count: named fields, each with a shape
and a line saying what it holds, laid end to end in one flat vector. ``encode(view, seat)`` fills it
from the seat's view (``Game.view``), so a tensor can never show what the view hides. Seats are
numbered relative to the observer (0 = the observer, 1 = the next seat clockwise, …), so one network
serves every seat. Plain lists of floats: the engine needs no numpy.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["TensorField", "TensorSpec", "Writer", "common_fields", "fill_common", "fill_moves", "moves_fields"]


@dataclass(frozen=True)
class TensorField:
    """One named block of the vector. ``scale`` is the value a normalized tensor shows as 1: for a
    one-hot or 0/1 field 1; for a count the rules bound (cards of a kind, people, labs), that bound, so the
    normalized value lies in [0, 1]; for an open-ended amount (money, prestige, a work's value) the rules'
    natural unit for it (a start purse, a round's target), so the value is of order 1. One number for the
    whole field, or one per entry of its last axis."""

    name: str
    shape: tuple[int, ...]
    doc: str
    scale: float | tuple[float, ...] = 1.0

    def __post_init__(self) -> None:
        scales = self.scale if isinstance(self.scale, tuple) else (self.scale,)
        if isinstance(self.scale, tuple) and len(self.scale) != self.shape[-1]:
            raise ValueError(f"tensor field {self.name}: {len(self.scale)} scales for a last axis of {self.shape[-1]}")
        if not all(s > 0 for s in scales):
            raise ValueError(f"tensor field {self.name}: every scale must be positive")

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def scales(self) -> list[float]:
        """The scale of each entry, row-major."""
        if isinstance(self.scale, tuple):
            return [float(s) for s in self.scale] * (self.size // len(self.scale))
        return [float(self.scale)] * self.size


class Writer:
    """Writes fields of a flat vector by name and position within the field (row-major)."""

    __slots__ = ("_offsets", "_shapes", "values")

    def __init__(self, spec: TensorSpec) -> None:
        self.values = [0.0] * spec.size
        self._offsets = spec.offsets
        self._shapes = spec.shapes

    def set(self, name: str, value: float, *index: int) -> None:
        self.values[self._at(name, index)] = float(value)

    def add(self, name: str, value: float, *index: int) -> None:
        self.values[self._at(name, index)] += float(value)

    def _at(self, name: str, index: tuple[int, ...]) -> int:
        pos = 0
        for i, n in zip(index, self._shapes[name], strict=True):
            if not 0 <= i < n:
                raise IndexError(f"tensor field {name}: index {index} outside shape {self._shapes[name]}")
            pos = pos * n + i
        return self._offsets[name] + pos


def common_fields(rounds: int, phases: Sequence[str], players: int) -> tuple[TensorField, ...]:
    """The fields every game's tensor starts with: the round, the flow state, who decides."""
    return (TensorField("round", (rounds,), "one-hot: the round (1..R)"),
            TensorField("phase", (len(phases),), "one-hot: the flow state, in the flow's order"),
            TensorField("to_move", (players + 1,), "one-hot: the seat to decide (relative); last: chance or nobody"))


def fill_common(view: dict[str, Any], seat: int, w: Writer, rounds: int, phases: Sequence[str], players: int) -> None:
    """Fill the ``common_fields`` from a view with ``round``, ``phase`` and ``to_move``."""
    w.set("round", 1, min(view["round"], rounds) - 1)
    w.set("phase", 1, list(phases).index(view["phase"]))
    who = view.get("to_move", -1)
    w.set("to_move", 1, (who - seat) % players if who is not None and who >= 0 else players)


def moves_fields(ruleset: Any, players: int) -> tuple[TensorField, ...]:
    """The fields of what a pack's declared moves add to every view (``Game.view``), only where they add it:
    the counters the rules keep (``kept``, per part and seat, each over its most) and who has claimed the
    next round's start (``claimed``)."""
    moves = getattr(ruleset, "moves", None)
    if not moves:
        return ()
    out: list[TensorField] = []
    if moves.parts:
        scales = tuple(float(max(part.most, 1)) for part in moves.parts.values())
        out.append(TensorField("kept", (players, len(moves.parts)), "per seat: each counter the rules keep ("
                               + ", ".join(moves.parts) + ")", scales))
    if moves.claims:
        out.append(TensorField("claimed", (players + 1,), "one-hot: the seat that claimed the next round's start "
                               "(relative; last: nobody)"))
    return tuple(out)


def fill_moves(view: dict[str, Any], seat: int, w: Writer, players: int) -> None:
    """Fill the ``moves_fields`` from a view."""
    for k, values in enumerate(view.get("kept", {}).values()):
        for s, value in enumerate(values):
            w.set("kept", value, (s - seat) % players, k)
    if "claimed" in view:
        who = view["claimed"]
        w.set("claimed", 1, (who - seat) % players if who is not None else players)


@dataclass(frozen=True)
class TensorSpec:
    """The fields of a view's tensor and the function that fills them (``fill(view, seat, writer)``)."""

    fields: tuple[TensorField, ...]
    fill: Callable[[dict[str, Any], int, Writer], None]

    def __post_init__(self) -> None:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError("tensor field names must be unique")

    @functools.cached_property
    def size(self) -> int:
        return sum(f.size for f in self.fields)

    @functools.cached_property
    def offsets(self) -> dict[str, int]:
        out: dict[str, int] = {}
        pos = 0
        for f in self.fields:
            out[f.name] = pos
            pos += f.size
        return out

    @functools.cached_property
    def shapes(self) -> dict[str, tuple[int, ...]]:
        return {f.name: f.shape for f in self.fields}

    @functools.cached_property
    def scales(self) -> list[float]:
        """Each entry's scale (TensorField.scale), end to end: a normalized tensor is the raw one over this."""
        return [s for f in self.fields for s in f.scales()]

    def encode(self, view: dict[str, Any], seat: int, normalized: bool = False) -> list[float]:
        """The view as the vector, raw (counts as counts) or ``normalized`` (each entry over its scale)."""
        writer = Writer(self)
        self.fill(view, seat, writer)
        if normalized:
            return [v / s for v, s in zip(writer.values, self.scales, strict=True)]
        return writer.values

    def table(self) -> list[tuple[str, Sequence[int], str]]:
        """(name, shape, what it holds) per field, for documentation."""
        return [(f.name, f.shape, f.doc) for f in self.fields]

    def scale_table(self) -> list[tuple[str, float | tuple[float, ...]]]:
        """(name, scale) per field whose normalized values are not its raw ones, for documentation."""
        return [(f.name, f.scale) for f in self.fields if f.scale != 1.0]

"""Named guards, effects and steps a game offers to its flow.

A pack's flow refers to game code only by name, so the YAML stays data and a typo is caught when the
pack loads (``Flow.build`` resolves every name here) instead of when a transition first fires.
Nothing in this module knows a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar, overload

__all__ = ["NAME_PATTERN", "Effect", "Guard", "Kind", "Registry"]

#: the names a flow may use (same pattern as schemas/flow.schema.json)
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")

Guard = Callable[[Any], bool]
Effect = Callable[[Any], None]
Kind = Literal["guard", "effect", "step"]

G = TypeVar("G", bound=Callable[[Any], bool])
E = TypeVar("E", bound=Callable[[Any], None])
S = TypeVar("S")

_KINDS: dict[str, str] = {"guard": "guards", "guards": "guards", "effect": "effects", "effects": "effects",
                          "step": "steps", "steps": "steps"}


@dataclass
class Registry:
    """What a game's flow may call: guards (game -> bool), effects (game -> None), steps (objects).

    Build it from dicts or fill it with the decorators; either way every name must be one a flow can
    spell (``^[a-z][a-z0-9_]*$``) so that no registered callable is unreachable from YAML.
    """

    guards: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    effects: dict[str, Callable[[Any], None]] = field(default_factory=dict)
    steps: dict[str, object] = field(default_factory=dict)
    #: guards that repeat a part of the flow (a transition back to a state already passed), each with the
    #: most times it can hold in one pass through that part: (rules, players) -> count (regola.core.bounds)
    loops: dict[str, Callable[[Any, int], int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kind in ("guards", "effects"):
            for name, func in getattr(self, kind).items():
                _check_name(kind, name)
                if not callable(func):
                    raise TypeError(f"registry {kind} {name!r} is not callable: {func!r}")
        for name in self.steps:
            _check_name("steps", name)
        for name in self.loops:
            if name not in self.guards:
                raise ValueError(f"registry loop {name!r} is no guard of this registry")

    # -- decorators --------------------------------------------------------------------------------
    @overload
    def guard(self, name: G) -> G: ...
    @overload
    def guard(self, name: str | None = None) -> Callable[[G], G]: ...

    def guard(self, name: str | G | None = None) -> G | Callable[[G], G]:
        """Register a guard under ``name`` (default: the function's name). ``@r.guard`` or ``@r.guard()``."""
        if callable(name):
            return self._add("guards", name.__name__, name)

        def register(func: G) -> G:
            return self._add("guards", name or func.__name__, func)

        return register

    @overload
    def effect(self, name: E) -> E: ...
    @overload
    def effect(self, name: str | None = None) -> Callable[[E], E]: ...

    def effect(self, name: str | E | None = None) -> E | Callable[[E], E]:
        """Register an effect under ``name`` (default: the function's name). ``@r.effect`` or ``@r.effect()``.
        """
        if callable(name):
            return self._add("effects", name.__name__, name)

        def register(func: E) -> E:
            return self._add("effects", name or func.__name__, func)

        return register

    def step(self, name: str) -> Callable[[S], S]:
        """Register a step object under ``name``: ``registry.step("deal")(Deal())``."""

        def register(obj: S) -> S:
            self._add("steps", name, obj)
            return obj

        return register

    # -- queries -----------------------------------------------------------------------------------
    def names(self, kind: Kind | str) -> list[str]:
        """The sorted names of one kind ("guard", "effect" or "step"; plurals accepted), for suggestions."""
        try:
            attr = _KINDS[kind]
        except KeyError:
            raise ValueError(f"unknown registry kind {kind!r}: use guard, effect or step") from None
        return sorted(getattr(self, attr))

    def _add(self, kind: str, name: str, obj: Any) -> Any:
        _check_name(kind, name)
        table: dict[str, Any] = getattr(self, kind)
        if name in table:
            raise ValueError(f"registry {kind} {name!r} is registered twice")
        if kind != "steps" and not callable(obj):
            raise TypeError(f"registry {kind} {name!r} is not callable: {obj!r}")
        table[name] = obj
        return obj


def _check_name(kind: str, name: object) -> None:
    if not isinstance(name, str) or not NAME_PATTERN.match(name):
        raise ValueError(f"registry {kind} name {name!r} cannot be written in a flow (^[a-z][a-z0-9_]*$)")

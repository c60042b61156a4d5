"""A fixed, numbered action space for a pack: every action any game of the pack can offer gets one id.

A game declares its action kinds (``GameDefinition.action_kinds``): each kind is a verb and the domain
of each of its parameters, enumerated from the pack's data (districts, cards, labs, lots, the pieces
and the grid, a purse's bound …). The space numbers them kind by kind in the order declared, each
kind's parameters in mixed radix, so

* ``size`` is exact: the number of distinct actions (``num_distinct_actions`` for OpenSpiel, the width
  of a policy head);
* ``id(action)`` and ``action(id)`` are inverse and the same in every state of every game of the pack
  (and variant): an id means one move, whatever the position;
* ``text(id)`` is the action as a record writes it (JSON), so records keep their readable form.

A kind whose parameters only make sense together (a piece's orientation and corner, a building laid
across two boards) is ``grouped``: its one domain lists whole parameter tuples, the valid ones only.

One kind may number a parameter relative to what the deciding seat sees (``encode``/``decode``):
"put the revealed cards back as positions (2, 0, 1, 3)" is one id whichever cards were revealed. Its
``id``/``action`` then need the state.

An action outside the space (a domain the data did not foresee) raises :class:`ActionOutOfSpace`
naming the kind and the parameter, never a silent wrong id.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from regola.core.errors import RegolaError
from regola.core.step import Action

__all__ = ["ActionKind", "ActionOutOfSpace", "ActionSpace"]

#: maps an action's parameters to and from domain values that depend on the state (see ActionKind)
Codec = Callable[[Any, tuple[Any, ...]], tuple[Any, ...]]


class ActionOutOfSpace(RegolaError):
    """An action (or id) the pack's declared action space does not hold."""


@dataclass(frozen=True)
class ActionKind:
    """One verb and the domain of each parameter, in order (values as the engine's actions hold them).

    ``grouped``: ``params`` is one domain of whole parameter tuples (all of one length).
    ``encode(state, params)`` / ``decode(state, params)``, when given, turn the engine's parameters
    into domain values and back for parameters that are relative to the state (both or neither).
    ``source`` says where the domains come from, for the documentation.
    """

    verb: str
    params: tuple[tuple[Any, ...], ...] = ()
    encode: Codec | None = None
    decode: Codec | None = None
    source: str = ""
    grouped: bool = False

    @property
    def arity(self) -> int:
        """How many parameters an action of this kind has."""
        if self.grouped:
            return len(self.params[0][0]) if self.params and self.params[0] else 0
        return len(self.params)

    @property
    def size(self) -> int:
        n = 1
        for domain in self.params:
            n *= len(domain)
        return n


class ActionSpace:
    """The numbered actions of one pack (with its variants). Built once per ruleset."""

    __slots__ = ("_by_key", "_index", "_offsets", "_strides", "kinds", "size")

    def __init__(self, kinds: Sequence[ActionKind]) -> None:
        self.kinds = tuple(kinds)
        self._by_key: dict[tuple[str, int], int] = {}
        self._offsets: list[int] = []
        self._strides: list[tuple[int, ...]] = []
        self._index: list[tuple[dict[Any, int], ...]] = []
        offset = 0
        for k, kind in enumerate(self.kinds):
            key = (kind.verb, kind.arity)
            if key in self._by_key:
                raise ValueError(f"action kind {kind.verb!r} with {kind.arity} parameters is declared twice")
            if kind.grouped and (len(kind.params) != 1 or len({len(v) for v in kind.params[0]}) > 1):
                raise ValueError(f"action kind {kind.verb!r}: a grouped kind has one domain of equal-length tuples")
            if (kind.encode is None) != (kind.decode is None):
                raise ValueError(f"action kind {kind.verb!r}: encode and decode go together")
            index = []
            for i, domain in enumerate(kind.params):
                if not domain:
                    raise ValueError(f"action kind {kind.verb!r}: parameter {i} has an empty domain")
                table = {v: j for j, v in enumerate(domain)}
                if len(table) != len(domain):
                    raise ValueError(f"action kind {kind.verb!r}: parameter {i} repeats a value")
                index.append(table)
            strides = []
            stride = 1
            for domain in reversed(kind.params):
                strides.append(stride)
                stride *= len(domain)
            self._by_key[key] = k
            self._offsets.append(offset)
            self._strides.append(tuple(reversed(strides)))
            self._index.append(tuple(index))
            offset += kind.size
        self.size = offset

    # -- action -> id ----------------------------------------------------------------------------------
    def id(self, action: Action, state: Any = None) -> int:
        """The id of ``action`` (``state``: the position, for kinds numbered relative to it)."""
        k = self._by_key.get((action[0], len(action) - 1)) if action else None
        if k is None:
            raise ActionOutOfSpace(f"no action kind {list(action)!r} in this pack's action space")
        kind = self.kinds[k]
        params = tuple(action[1:])
        if kind.grouped:
            params = (params,)
        if kind.encode is not None:
            if state is None:
                raise ActionOutOfSpace(f"action kind {kind.verb!r} is numbered relative to the position: "
                                       "pass the state")
            params = kind.encode(state, params)
        total = self._offsets[k]
        for i, (value, table, stride) in enumerate(zip(params, self._index[k], self._strides[k], strict=True)):
            j = table.get(value)
            if j is None:
                raise ActionOutOfSpace(f"action {_text(action)}: parameter {i + 1} ({value!r}) is outside the "
                                       f"domain of kind {kind.verb!r} ({kind.source or 'see its declaration'})")
            total += j * stride
        return total

    def ids(self, actions: Iterable[Action], state: Any = None) -> list[int]:
        """The ids of ``actions``, sorted (OpenSpiel wants legal actions in increasing order)."""
        return sorted(self.id(a, state) for a in actions)

    # -- id -> action ----------------------------------------------------------------------------------
    def kind_of(self, index: int) -> int:
        """The position of the kind that holds ``index`` in ``kinds``."""
        if not 0 <= index < self.size:
            raise ActionOutOfSpace(f"action id {index} is outside 0..{self.size - 1}")
        lo, hi = 0, len(self._offsets) - 1
        while lo < hi:  # the last kind whose offset is <= index
            mid = (lo + hi + 1) // 2
            if self._offsets[mid] <= index:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def action(self, index: int, state: Any = None) -> Action:
        """The action of id ``index`` (``state``: the position, for kinds numbered relative to it)."""
        k = self.kind_of(index)
        kind = self.kinds[k]
        rest = index - self._offsets[k]
        params = []
        for domain, stride in zip(kind.params, self._strides[k], strict=True):
            j, rest = divmod(rest, stride)
            params.append(domain[j])
        values = tuple(params)
        if kind.decode is not None:
            if state is None:
                raise ActionOutOfSpace(f"action kind {kind.verb!r} is numbered relative to the position: "
                                       "pass the state")
            values = kind.decode(state, values)
        if kind.grouped:
            values = tuple(values[0])
        return (kind.verb, *values)

    def text(self, index: int, state: Any = None) -> str:
        """The action of id ``index`` as a record writes it (JSON); a relative kind without its state
        is written with its domain values and the verb marked ``@`` (e.g. ``["order@", [2, 0, 1]]``)."""
        kind = self.kinds[self.kind_of(index)]
        if kind.decode is not None and state is None:
            k = self.kind_of(index)
            rest = index - self._offsets[k]
            params = []
            for domain, stride in zip(kind.params, self._strides[k], strict=True):
                j, rest = divmod(rest, stride)
                params.append(domain[j])
            return _text((kind.verb + "@", *(params[0] if kind.grouped else params)))
        return _text(self.action(index, state))

    def describe(self) -> list[dict[str, Any]]:
        """One row per kind: verb, first id, count, domain sizes, where the domains come from."""
        return [{"verb": kind.verb, "first_id": self._offsets[k], "count": kind.size,
                 "domains": [len(d) for d in kind.params], "relative": kind.decode is not None,
                 "source": kind.source} for k, kind in enumerate(self.kinds)]


def _text(action: Action) -> str:
    return json.dumps(_jsonable(action), ensure_ascii=False)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value

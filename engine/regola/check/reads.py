"""Which values of a pack document the game's code reads: the document wrapped in read-only views that
note the JSON pointer of every value handed out, while the game compiles the pack, builds its flow and
plays a deterministic reference set of games (every setup mode, every player count, random bots).

A mapping is a ``collections.abc.Mapping`` (not a dict), so every way of reading it — ``[]``, ``get``,
``items``, iteration, ``dict(view)`` — goes through methods that note what was read. A list of plain
values is one value: handing it out reads all of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from regola.core.schemas import escape_token

__all__ = ["Reads", "seen"]


class Reads:
    """The pointers handed out so far."""

    def __init__(self, plain: frozenset[str] = frozenset()) -> None:
        self.pointers: set[str] = set()
        self.whole: set[str] = set()  # containers read all at once (compared): everything under them
        self.plain = {f"/{escape_token(key)}" for key in plain}  # handed out as they are (read whole)

    def read(self, pointer: str, value: Any) -> Any:
        self.pointers.add(pointer)
        if pointer in self.plain:
            self.whole.add(pointer)
            return value
        wrapped = seen(value, pointer, self)
        if wrapped is value and type(value) is list:  # a list of plain values: all of it is read
            self.whole.add(pointer)
        return wrapped

    def covers(self, pointer: str) -> bool:
        """Whether the value at ``pointer`` was read (itself, or a plain list or mapping holding it whole)."""
        if pointer in self.pointers:
            return True
        while "/" in pointer:
            pointer = pointer.rsplit("/", 1)[0]
            if pointer in self.whole:
                return True
        return False

    def took_whole(self, pointer: str) -> None:
        self.whole.add(pointer)


def seen(value: Any, pointer: str, reads: Reads) -> Any:
    if type(value) is dict:
        return _SeenMapping(value, pointer, reads)
    if type(value) is list and any(type(item) in (dict, list) for item in value):
        return _SeenList(value, pointer, reads)
    return value  # a plain value, or a list of plain values: read whole


class _SeenMapping(Mapping[str, Any]):
    __slots__ = ("_at", "_data", "_reads")

    def __init__(self, data: dict[str, Any], at: str, reads: Reads) -> None:
        self._data = data
        self._at = at
        self._reads = reads

    def __getitem__(self, key: str) -> Any:
        value = self._data[key]
        return self._reads.read(f"{self._at}/{escape_token(key)}", value)

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __eq__(self, other: object) -> bool:
        self._reads.took_whole(self._at)
        return self._data == (other._data if isinstance(other, _SeenMapping) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"seen({self._data!r})"


class _SeenList(Sequence[Any]):
    __slots__ = ("_at", "_data", "_reads")

    def __init__(self, data: list[Any], at: str, reads: Reads) -> None:
        self._data = data
        self._at = at
        self._reads = reads

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._data)))]
        position = index if index >= 0 else len(self._data) + index
        return self._reads.read(f"{self._at}/{position}", self._data[index])

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self) -> Iterator[Any]:
        for index in range(len(self._data)):
            yield self[index]

    def __eq__(self, other: object) -> bool:
        self._reads.took_whole(self._at)
        return self._data == (other._data if isinstance(other, _SeenList) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"seen({self._data!r})"

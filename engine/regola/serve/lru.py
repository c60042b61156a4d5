"""A small bounded mapping that forgets the least recently used entry: the server's caches stay flat."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

__all__ = ["Bounded"]


class Bounded(Generic[K, V]):
    """At most ``size`` entries; ``on_evict`` hears about each one dropped."""

    def __init__(self, size: int, on_evict: Callable[[K, V], None] | None = None) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._on_evict = on_evict

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> V:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            old_key, old_value = self._items.popitem(last=False)
            if self._on_evict is not None:
                self._on_evict(old_key, old_value)
        return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        found = self.get(key)
        return found if found is not None else self.put(key, make())

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def keys(self) -> list[K]:
        return list(self._items)

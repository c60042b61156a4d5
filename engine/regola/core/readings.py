"""Values a pack states that the engine plays one way only.

Some data records a reading rather than a number (auction bids are ``sealed``; the bank is unlimited).
Where the engine implements one reading, the game's compiler reads the value through ``only`` and
refuses any other: a variant that changes it gets an error at its change instead of silently playing
the old rule (``regola check`` reports data no code reads as ``DATA_UNREAD``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regola.core.errors import PackError
from regola.core.yamlio import parse_pointer

__all__ = ["only"]


def only(doc: Mapping[str, Any], pointer: str, *readings: object) -> None:
    """Raise a PackError at ``pointer`` unless its value is one of ``readings`` (absent is fine)."""
    node: Any = doc
    for token in parse_pointer(pointer) or []:
        try:
            node = node[int(token)] if isinstance(node, list) or not isinstance(node, Mapping) else node[token]
        except (KeyError, IndexError, ValueError, TypeError):
            return
    if node not in readings:
        shown = " or ".join(repr(r) for r in readings)
        raise PackError(f"regola plays this only as {shown}; {node!r} would change nothing in play, so it is "
                        "refused (the rule's code would have to change too)", field=pointer)

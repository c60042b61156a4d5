"""JSON pointers (RFC 6901) into pack documents, through the `jsonpointer` library."""

from __future__ import annotations

from typing import Any

from jsonpointer import JsonPointer, JsonPointerException

MISSING: Any = object()  # what resolve() returns where the document has no such value

__all__ = ["MISSING", "resolve"]


def resolve(document: Any, pointer: str) -> Any:
    """The value at ``pointer``, or MISSING when it is absent or the pointer is malformed.

    Never raises: pack authors write these pointers, and the callers report a missing one in their
    own words (with the file and line of the pointer).
    """
    try:
        return JsonPointer(pointer).resolve(document, MISSING)
    except JsonPointerException:
        return MISSING

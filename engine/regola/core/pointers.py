"""JSON pointers (RFC 6901) into pack documents, through the `jsonpointer` library."""

from __future__ import annotations

from typing import Any

from jsonpointer import JsonPointer, JsonPointerException

MISSING: Any = object()  # what resolve() returns where the document has no such value

__all__ = ["MISSING", "named_ids", "resolve"]


def resolve(document: Any, pointer: str) -> Any:
    """The value at ``pointer``, or MISSING when it is absent or the pointer is malformed.

    Never raises: pack authors write these pointers, and the callers report a missing one in their
    own words (with the file and line of the pointer).
    """
    try:
        return JsonPointer(pointer).resolve(document, MISSING)
    except JsonPointerException:
        return MISSING


def named_ids(doc: Any, spec: tuple[str, str | None]) -> list[str]:
    """The ids a pack document enumerates under ``spec`` (a GameDefinition ``names`` entry: the pointer of
    the ids, and the field of each item that holds its id, or None for a list of ids / the keys of a
    mapping; "!key": the keys but that one; "=field=value": the keys whose item has that value; "/*"
    in the pointer: every member of a mapping). What every rule catalog must name, and what a board
    of the rules in play draws."""
    head, star, tail = spec[0].partition("/*")
    if star:  # every member of a mapping: /components/labs/*/sides
        parent = resolve(doc, head)
        members = parent.values() if isinstance(parent, dict) else []
        return [i for member in members for i in named_ids(member, (tail, spec[1]))]
    value = resolve(doc, spec[0])
    if isinstance(value, dict):
        if spec[1] and spec[1].startswith("="):  # the keys whose item has that field=value: owner=shared
            field_name, _, wanted = spec[1][1:].partition("=")
            return [str(k) for k, item in value.items() if isinstance(item, dict) and item.get(field_name) == wanted]
        skip = spec[1][1:] if spec[1] and spec[1].startswith("!") else None
        return [str(k) for k in value if k != skip]
    if isinstance(value, list):
        key = spec[1]
        return [str(item[key]) if key and isinstance(item, dict) and key in item else str(item) for item in value]
    return []

"""How far a list of RFC 6902 changes can grow a document, found before the changes are applied for real.

A ``copy`` operation duplicates a subtree; two dozen copies of a part into itself double it two dozen
times, so a few hundred bytes of changes can ask for gigabytes. This walks the changes on a copy of
the document, counting nodes (scalars, objects, arrays) as they are added, and names the first change
that passes the bound (``regola.core.limits``: ``nodes``) before it is carried out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import jsonpatch
import jsonpointer

from regola.core.variant import copy_json

__all__ = ["count_nodes", "first_change_past"]


def count_nodes(value: Any, budget: int) -> int:
    """The nodes of a JSON value, counting stops once past ``budget`` (so a huge value costs little)."""
    count = 0
    stack = [value]
    while stack and count <= budget:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return count


def first_change_past(document: Any, changes: Sequence[Sequence[dict[str, Any]]],
                      max_nodes: int) -> tuple[int, int, int] | None:
    """(variant index, change index, nodes) of the first change that takes the document past
    ``max_nodes``, or None. A change that cannot be applied ends the walk: the loader reports it.
    Without a ``copy``, a change adds at most its own value, which its file's size bounds already."""
    if not any(isinstance(op, dict) and op.get("op") == "copy" for ops in changes for op in ops):
        return None
    doc = copy_json(document)
    total = count_nodes(doc, max_nodes)
    for vi, ops in enumerate(changes):
        for ci, op in enumerate(ops):
            if not isinstance(op, dict):
                return None
            kind = op.get("op")
            try:
                if kind == "copy":
                    added = count_nodes(jsonpointer.resolve_pointer(doc, op["from"]), max_nodes)
                elif kind in ("add", "replace"):
                    added = count_nodes(op.get("value"), max_nodes)
                else:
                    added = 0
                total += added
                if total > max_nodes:
                    return vi, ci, total
                doc = jsonpatch.apply_patch(doc, [op], in_place=True)
            except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException, KeyError, TypeError,
                    ValueError, IndexError):
                return None
    return None

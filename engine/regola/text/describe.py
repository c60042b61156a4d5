"""Actions and phases in the words of a catalog, for a person playing at the terminal.

Only the verbs the catalog has a template for are translated (``names.actions``, with ``{1}``,
``{2}``… for the action's arguments, district letters shown by name); anything else falls back to
the engine's English description, so a missing template never hides an action.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from regola.text.catalog import Catalog

__all__ = ["describe_action", "phase_name"]

_SLOT = re.compile(r"\{(\d)\}")


def _arg(catalog: Catalog, value: Any) -> str:
    if isinstance(value, str) and value in catalog.names("districts"):
        return catalog.name("districts", value)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return str(value)


def describe_action(catalog: Catalog, action: tuple[Any, ...], fallback: Callable[[tuple[Any, ...]], str]) -> str:
    """The action in the catalog's language, else ``fallback(action)`` (the engine's English)."""
    template = catalog.names("actions").get(str(action[0]))
    if not isinstance(template, str):
        return fallback(action)
    if action[0] == "act" and len(action) > 1:  # a workshop upgrade: name it
        return f"{template}: {catalog.name('upgrades', action[1])}"
    needed = [int(m) for m in _SLOT.findall(template)]
    if any(i >= len(action) for i in needed):
        return fallback(action)
    return _SLOT.sub(lambda m: _arg(catalog, action[int(m.group(1))]), template)


def phase_name(catalog: Catalog, state_name: str) -> str:
    return catalog.name("phases", state_name)

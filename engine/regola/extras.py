"""Which optional extra of regola brings a library, read from the installed package's own metadata
(pyproject.toml's optional-dependencies), so the message for a missing library never drifts from it."""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["extra_for"]

#: import names that differ from the distribution's name
IMPORT_NAMES = {"pyspiel": "open_spiel", "yaml": "pyyaml", "mypyc": "mypy"}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@lru_cache(maxsize=1)
def _extras() -> dict[str, str]:
    """Distribution (normalized) -> the first extra that lists it, in pyproject's order."""
    from importlib.metadata import PackageNotFoundError, requires

    try:
        lines = requires("regola") or []
    except PackageNotFoundError:
        return {}
    found: dict[str, str] = {}
    for line in lines:
        match = re.match(r"\s*([A-Za-z0-9_.-]+).*extra\s*==\s*['\"]([^'\"]+)['\"]", line)
        if match and match.group(2) != "test":
            found.setdefault(_normal(match.group(1)), match.group(2))
    return found


def extra_for(module: str) -> str | None:
    """The extra to install for a missing top-level module; None when no extra brings it."""
    name = _normal(IMPORT_NAMES.get(module, module))
    return _extras().get(name)

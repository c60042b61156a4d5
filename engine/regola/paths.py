"""Where the repository's data lives: rule packs, schemas. Overridable with REGOLA_HOME."""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    """The folder holding ``rulepacks/`` and ``schemas/`` (the repository root in a checkout)."""
    env = os.environ.get("REGOLA_HOME")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2]


def rulepacks_dir() -> Path:
    return home() / "rulepacks"


def schemas_dir() -> Path:
    return home() / "schemas"

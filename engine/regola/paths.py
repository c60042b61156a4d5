"""Where the repository's data lives: rule packs, schemas. Overridable with REGOLA_HOME."""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    """The folder holding ``rulepacks/`` and ``schemas/``: REGOLA_HOME if set, the copy an installed
    wheel carries (``regola/data``, setup.py), else the repository root of a checkout."""
    env = os.environ.get("REGOLA_HOME")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parent
    bundled = here / "data"
    if (bundled / "rulepacks").is_dir():
        return bundled
    return here.parents[1]


def rulepacks_dir() -> Path:
    return home() / "rulepacks"


def schemas_dir() -> Path:
    return home() / "schemas"

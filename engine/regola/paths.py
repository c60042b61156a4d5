"""Where regola's own files are: the packs and schemas it carries, and the fallback for a home's schemas.

Which data home a command uses is chosen in one place, ``regola.core.home`` (REGOLA_HOME, else the
project you stand in, else these bundled packs). ``home()`` here asks it, so older callers keep working.
"""

from __future__ import annotations

from pathlib import Path


def bundled() -> Path:
    """The packs and schemas that come with regola: the copy a wheel carries (``regola/data``, setup.py),
    else the repository root of the checkout regola runs from (an editable install)."""
    here = Path(__file__).resolve().parent
    data = here / "data"
    if (data / "rulepacks").is_dir():
        return data
    return here.parents[1]


def home() -> Path:
    """The data home of this command (see ``regola.core.home.current``)."""
    from regola.core.home import current

    return current().root


def rulepacks_dir() -> Path:
    return home() / "rulepacks"


def schemas_for(home_dir: Path) -> Path:
    """The schemas a home validates with: its own ``schemas/`` when it has any, else regola's.

    A club's pack repository need not copy the schemas: the installed regola's describe its games."""
    own = Path(home_dir) / "schemas"
    if own.is_dir() and any(own.glob("*.schema.json")):
        return own
    return bundled() / "schemas"


def schemas_dir() -> Path:
    return schemas_for(home())

"""The data home: the one place that decides where rule packs live, and the object that finds, loads
and validates packs there.

A command never picks a folder itself. It asks ``current()`` once (or ``home_of(path)`` for a pack or
variant the user named by path) and hands the DataHome it got to whatever loads packs. The home is,
in order:

1. ``REGOLA_HOME``, when it is set;
2. the project you stand in: the nearest folder, from the working folder upward, that holds a
   ``rulepacks/`` folder or a ``regola.toml`` (as git and ruff find their projects);
3. the packs bundled with regola (``paths.bundled()``).

A home without its own ``schemas/`` validates with regola's (``paths.schemas_for``), so a club's pack
repository holds only its packs. ``regola.toml`` is optional; it marks a project whose packs live in
a sub-folder::

    [regola]
    home = "data"   # the folder holding rulepacks/, relative to this file (default: this folder)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from regola import paths
from regola.core.errors import RegolaError

if TYPE_CHECKING:
    from regola.core.pack import Pack
    from regola.core.schemas import SchemaSet
    from regola.core.variant import Variant

__all__ = ["MARKER", "DataHome", "current", "discover", "home_of"]

MARKER = "regola.toml"
RULEPACKS = "rulepacks"


@dataclass(frozen=True)
class DataHome:
    """A folder holding ``rulepacks/`` (and perhaps ``schemas/``), and how it was chosen.

    ``how`` is ``env`` (REGOLA_HOME), ``project`` (found from a folder upward), ``bundled`` (regola's own
    packs) or ``given`` (a caller named it, e.g. ``serve --packs``).
    """

    root: Path
    how: str

    @property
    def rulepacks(self) -> Path:
        return self.root / RULEPACKS

    @property
    def schemas(self) -> Path:
        return paths.schemas_for(self.root)

    def pack_ids(self) -> list[str]:
        from regola.core.pack import available_packs

        return available_packs(self)

    def find_pack(self, ref: str | Path) -> Path:
        from regola.core.pack import find_pack

        return find_pack(ref, self)

    def load_pack(self, ref: str | Path, variants: Sequence[str | Path | Variant] = ()) -> Pack:
        """The pack ``ref`` (an id here, or a folder path) with ``variants`` applied, validated and hashed.
        A pack named by path borrows from the home it lies in (``home_of``)."""
        from regola.core.pack import _looks_like_path, load_pack

        by_path = isinstance(ref, Path) or _looks_like_path(str(ref))
        return load_pack(ref, variants=variants, home=home_of(ref) if by_path else self)

    def variant_names(self, ref: str | Path) -> list[str]:
        from regola.core.pack import available_variants

        return available_variants(ref, self)

    def load_variant(self, path: Path) -> Variant:
        from regola.core.variant import load_variant

        return load_variant(path, self.root)

    def schema_set(self) -> SchemaSet:
        from regola.core.schemas import schema_set

        return schema_set(self.schemas)

    def holds(self, path: Path) -> bool:
        """Whether ``path`` lies inside this home."""
        try:
            Path(path).resolve().relative_to(self.root)
        except ValueError:
            return False
        return True

    def describe(self) -> str:
        why = {"env": "REGOLA_HOME", "project": "the project here", "given": "as given",
               "bundled": "bundled with regola: no rulepacks/ or regola.toml in this folder or above"}[self.how]
        return f"{self.root} ({why})"

    def note(self, cwd: Path | None = None) -> str | None:
        """One line naming this home when it is not the working folder's own project; None when it is.
        (In English: the command line words it in the reader's language, ``cli.main.say_home``.)"""
        if not self.worth_saying(cwd):
            return None
        return f"packs from {self.describe()}"

    def worth_saying(self, cwd: Path | None = None) -> bool:
        """Whether a command should say which home it uses: not for the packs that ship with regola (what a
        command uses when nothing says otherwise), nor when it is the working folder's project."""
        if self.how == "bundled":
            return False
        here = Path(cwd if cwd is not None else Path.cwd()).resolve()
        if self.how == "project" and self.holds(here):
            return False
        return not (self.how == "env" and here == self.root)


def _project(start: Path) -> DataHome | None:
    """The nearest folder from ``start`` upward holding rulepacks/ or regola.toml."""
    try:
        folder = Path(start).resolve()
    except OSError:
        return None
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        marker = candidate / MARKER
        if marker.is_file():
            return DataHome(_from_marker(marker), "project")
        if (candidate / RULEPACKS).is_dir():
            return DataHome(candidate, "project")
    return None


def _from_marker(marker: Path) -> Path:
    """The home a regola.toml names (its own folder unless ``[regola] home`` says otherwise)."""
    import tomllib

    try:
        content = tomllib.loads(marker.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RegolaError(f"{marker}: cannot read it ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise RegolaError(f"{marker}: not valid TOML: {exc}") from None
    section = content.get("regola", {})
    if not isinstance(section, dict):
        raise RegolaError(f"{marker}: [regola] must be a table")
    unknown = sorted(set(section) - {"home"})
    if unknown:
        raise RegolaError(f"{marker}: unknown key '{unknown[0]}' under [regola] (known: home)")
    relative = section.get("home", ".")
    if not isinstance(relative, str) or not relative:
        raise RegolaError(f"{marker}: [regola] home must be a folder path (text)")
    root = (marker.parent / relative).resolve()
    if not (root / RULEPACKS).is_dir():
        raise RegolaError(f"{marker}: home = {relative!r} has no rulepacks/ folder ({root})")
    return root


def discover(cwd: Path | None = None, env: dict[str, str] | None = None) -> DataHome:
    """The data home for a command run in ``cwd`` with ``env`` (defaults: this process's)."""
    environ = os.environ if env is None else env
    given = environ.get("REGOLA_HOME")
    if given:
        return DataHome(Path(given).resolve(), "env")
    found = _project(Path(cwd) if cwd is not None else Path.cwd())
    if found is not None:
        return found
    return DataHome(paths.bundled(), "bundled")


def current() -> DataHome:
    """The data home of the running command (looked up afresh: the check daemon changes folder and
    environment between requests)."""
    return discover()


def home_of(path: str | Path) -> DataHome:
    """The home a pack folder, pack file or variant file belongs to: the folder above the ``rulepacks/``
    holding it, else the project it lies in, else the current home (a pack anywhere borrows from it)."""
    target = Path(path).resolve()
    for folder in (target, *target.parents):
        if folder.name == RULEPACKS and folder.parent != folder:
            return DataHome(folder.parent, "project")
    found = _project(target)
    return found if found is not None else current()

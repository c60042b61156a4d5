"""Options shared by several commands: which pack, which variants."""

from __future__ import annotations

import argparse
import shlex
import shutil
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from regola.core.game import Ruleset
    from regola.core.pack import Pack


#: the pack a command uses when neither --pack nor a variant file names one
DEFAULT_PACK = "cs"


def chosen_pack(variants: Sequence[str]) -> str:
    """The pack a command uses without --pack: the first base the first variant file names (a variant says
    which packs it changes), else DEFAULT_PACK. A file that cannot be read leaves the choice to the default;
    loading it then says what is wrong, at its line."""
    from regola.core.errors import RegolaError
    from regola.core.variant import load_variant

    for ref in variants:
        path = Path(ref)
        if path.suffix not in (".yaml", ".yml") or not path.is_file():
            continue
        try:
            bases = load_variant(path).base
        except (RegolaError, OSError):
            return DEFAULT_PACK
        if bases:
            return str(bases[0])
    return DEFAULT_PACK


def variant_refs(args: argparse.Namespace) -> list[str]:
    """The variants a command was given: ``--variant`` (once or repeated) and a compare's arms."""
    refs: list[str] = []
    for name in ("variant", "variants"):
        given = getattr(args, name, None)
        refs += [given] if isinstance(given, str) else list(given or [])
    return refs


def pack_option(p: argparse.ArgumentParser, help_text: str) -> None:
    """``--pack``, chosen when not given from the variant files' base (regola.cli.main)."""
    p.add_argument("--pack", default=None, help=f"{help_text} (default: the base a variant file names, else "
                   f"{DEFAULT_PACK})")
    p.set_defaults(choose_pack=True)


def add_pack_options(p: argparse.ArgumentParser) -> None:
    pack_option(p, "a pack id of the data home (rulepacks/ here or above, else the bundled packs) or a path to a "
                "pack folder")
    p.add_argument("--variant", action="append", default=[], metavar="FILE",
                   help="a variant overlay (YAML file, or the id of one in the pack's variants/); repeatable")


@lru_cache(maxsize=8)
def _ruleset(pack: str, variants: tuple[str, ...]) -> Ruleset:
    # imported here: commands that need no rules (e.g. `rules show` from its cache) skip jsonschema
    from regola.core.game import load_ruleset

    return load_ruleset(pack, variants)


def ruleset_from(args: argparse.Namespace) -> Ruleset:
    return _ruleset(args.pack, tuple(args.variant))


def pack_from(ref: str, variants: list[str]) -> Pack:
    """The pack with its variants as play would load it: refused, with play's message, where play refuses
    it (a rulebook or a diff of rules nobody can play would mislead)."""
    return _ruleset(ref, tuple(variants)).pack


def command_name() -> str:
    """How a hint names regola so that the command it prints runs as written: ``regola`` when that name
    on PATH is the program this run was started by (or when regola was not started as its own program:
    ``python -m``, a test), else the path it was started by (``.venv/bin/regola``, not on PATH)."""
    started = sys.argv[0] if sys.argv else ""
    if Path(started).name != "regola":
        return "regola"
    found = shutil.which("regola")
    if found is not None and Path(found).resolve() == Path(started).resolve():
        return "regola"
    return shlex.quote(started)

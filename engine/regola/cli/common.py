"""Options shared by several commands: which pack, which variants."""

from __future__ import annotations

import argparse
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from regola.core.game import Ruleset
    from regola.core.pack import Pack


def add_pack_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pack", default="cs",
                   help="a pack id of the data home (rulepacks/ here or above, else the bundled packs) "
                   "or a path to a pack folder (default: cs)")
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

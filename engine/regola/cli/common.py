"""Options shared by several commands: which pack, which variants."""

from __future__ import annotations

import argparse
from functools import lru_cache

from regola.core.game import Ruleset
from regola.core.pack import load_pack


def add_pack_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pack", default="cs", help="pack id under rulepacks/ or a path to a pack folder (default: cs)")
    p.add_argument("--variant", action="append", default=[], metavar="FILE",
                   help="a variant overlay (YAML); repeat to stack several, applied in order")


@lru_cache(maxsize=8)
def _ruleset(pack: str, variants: tuple[str, ...]) -> Ruleset:
    return Ruleset(load_pack(pack, variants=list(variants)))


def ruleset_from(args: argparse.Namespace) -> Ruleset:
    return _ruleset(args.pack, tuple(args.variant))

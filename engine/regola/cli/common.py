"""Options shared by several commands: which pack, which variants."""

from __future__ import annotations

import argparse
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from regola.core.game import Ruleset


def add_pack_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pack", default="cs",
                   help="a pack id of the data home (rulepacks/ here or above, else the bundled packs) "
                   "or a path to a pack folder (default: cs)")
    p.add_argument("--variant", action="append", default=[], metavar="FILE",
                   help="a variant overlay (YAML file, or the id of one in the pack's variants/); repeatable")


@lru_cache(maxsize=8)
def _ruleset(pack: str, variants: tuple[str, ...]) -> Ruleset:
    # imported here: commands that need no rules (e.g. `rules show` from its cache) skip jsonschema
    from regola.core.errors import PackError
    from regola.core.game import Ruleset
    from regola.core.pack import load_pack

    loaded = load_pack(pack, variants=list(variants))
    try:
        return Ruleset(loaded)
    except PackError as err:  # a fault the variants brought into the base's data: say which change
        if err.field is None or not loaded.variants or err.file in {v.source for v in loaded.variants}:
            raise
        raise loaded.error(err.message, err.field) from None


def ruleset_from(args: argparse.Namespace) -> Ruleset:
    return _ruleset(args.pack, tuple(args.variant))

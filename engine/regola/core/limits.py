"""Bounds on what a file from outside may cost: bytes, YAML aliases, nesting depth, node count.

Every place a file or a request body enters regola (packs, variants, records, the HTTP server) reads
its bounds from here, so one setting protects them all. The defaults leave the project's own files a
wide margin (the largest pack file is ~7 KB, the largest golden record ~15 KB) and refuse what no rule
pack or game record needs: a 600-byte alias chain that expands to gigabytes, or a 50 MB variant.
A user with a legitimately larger file raises a bound through the environment (``REGOLA_MAX_*``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace

__all__ = ["DEFAULT", "Limits", "current"]

_KIB = 1024
_MIB = 1024 * _KIB


@dataclass(frozen=True, slots=True)
class Limits:
    """Each field is one bound; the environment variable ``REGOLA_MAX_<FIELD>`` overrides it."""

    file_bytes: int = 1 * _MIB  # one YAML file of a pack, or one variant file
    record_bytes: int = 16 * _MIB  # one game record (JSON Lines)
    record_line_bytes: int = 64 * _KIB  # one line of a record
    yaml_aliases: int = 256  # alias uses (*name) in one YAML document
    depth: int = 64  # nesting of mappings and lists, in YAML and in JSON
    nodes: int = 200_000  # scalars, mappings and lists in one document, aliases expanded


DEFAULT = Limits()


def current(environ: Mapping[str, str] | None = None) -> Limits:
    """The limits in force: the defaults, with any ``REGOLA_MAX_<FIELD>`` set to a positive integer."""
    env = os.environ if environ is None else environ
    changes: dict[str, int] = {}
    for f in fields(Limits):
        raw = env.get("REGOLA_MAX_" + f.name.upper())
        if raw is None:
            continue
        try:
            value = int(raw)
        except ValueError:
            value = 0
        if value <= 0:
            from regola.core.errors import RegolaError

            raise RegolaError(f"REGOLA_MAX_{f.name.upper()}={raw!r} is not a positive whole number")
        changes[f.name] = value
    return replace(DEFAULT, **changes) if changes else DEFAULT

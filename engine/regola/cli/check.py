"""`regola check [PATH …]`: rule-pack consistency, as text, JSON or GitHub annotations."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regola.core.home import DataHome

EPILOG = """exit status: 0 nothing to fix, 1 errors found (warnings too with --strict), 2 bad usage or a
path that is neither a pack folder nor a variant file. Every code is described in docs/CHECK.md."""


def register(sub: Any) -> None:
    p = sub.add_parser("check", help="check rule packs, variants and text catalogs",
                       description="Check rule packs, variants and text catalogs for consistency. Without a "
                       "PATH: every pack and variant under rulepacks/ of the project you stand in. A PATH "
                       "is compared with the packs of its own project.", epilog=EPILOG)
    p.add_argument("paths", nargs="*", metavar="PATH", help="a pack folder (or a file in it) or a variant file")
    p.add_argument("--format", choices=("text", "json", "github"), default="text",
                   help="text for people (default), json for programs, github for workflow annotations")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--no-daemon", action="store_true",
                   help="run in this process, not in the check daemon (see `regola daemon`)")
    p.set_defaults(run=run)


def homes_of(paths: list[str]) -> list[tuple[DataHome, list[str]]]:
    """The PATHs grouped by the data home each lies in (its project: the folder holding the rulepacks/
    it is in), so each is compared with the packs beside it; no PATH: the current home, whole."""
    from regola.core.home import current, home_of

    if not paths:
        return [(current(), [])]
    groups: dict[Path, tuple[DataHome, list[str]]] = {}
    for raw in paths:
        home = home_of(raw) if Path(raw).exists() else current()
        groups.setdefault(home.root, (home, []))[1].append(raw)
    return list(groups.values())


def run(args: argparse.Namespace) -> int:
    from regola.check import run as check
    from regola.check.report import exit_status, render, use_colour
    from regola.check.runner import Result

    result = Result()
    notes: list[str] = []
    for home, group in homes_of(args.paths):
        part = check(group, home.root)
        for name in ("findings", "unusable", "packs", "variants", "catalogs"):
            getattr(result, name).extend(getattr(part, name))
        if home.how == "bundled" or home.note() is not None:  # a check of packs the folder does not hold
            notes.append(f"with the packs of {home.describe()}")
    what = [f"{len(result.packs)} pack(s)", f"{len(result.variants)} variant(s)", f"{len(result.catalogs)} catalog(s)"]
    summary = "checked " + ", ".join(what) + "".join(f"; {note}" for note in notes)
    text = render(result.findings, args.format, args.strict, use_colour(sys.stdout), summary)
    if text:
        print(text)
    for bad in result.unusable:  # also said on stderr: a typo in a PATH is a usage error
        print(f"regola check: {bad.file}: {bad.message}", file=sys.stderr)
    return 2 if result.unusable else exit_status(result.findings, args.strict)

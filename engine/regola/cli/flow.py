"""`regola flow`: draw a pack's game flow (Mermaid or Graphviz DOT) from its flow data."""

from __future__ import annotations

import argparse
from typing import Any

from regola.cli.common import add_pack_options, ruleset_from


def register(sub: Any) -> None:
    p = sub.add_parser("flow", help="draw the game flow", description="Draw the flow declared in a pack.")
    add_pack_options(p)
    p.add_argument("--format", choices=("mermaid", "dot"), default="mermaid",
                   help="mermaid (default; GitHub and many editors draw it) or dot (Graphviz source)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    print(ruleset_from(args).flow.diagram(args.format))
    return 0

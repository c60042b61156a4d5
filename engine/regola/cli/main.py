"""Entry point of the `regola` console script. Every user-facing error ends as one clear line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from regola.core.errors import IllegalAction, PackError, RecordError, RegolaError

COMMANDS = ("play", "replay", "bench", "flow")


def build_parser() -> argparse.ArgumentParser:
    from regola.cli import bench, flow, play, replay

    parser = argparse.ArgumentParser(prog="regola", description="A rules-as-data engine for board games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in (play, replay, bench, flow, __import__("regola.cli.check", fromlist=["register"]),
                   __import__("regola.cli.rules", fromlist=["register"])):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except RecordError as err:
        print(f"regola: {err}", file=sys.stderr)
        return 1
    except (PackError, IllegalAction, RegolaError) as err:
        print(f"regola: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

"""Golden game records: a few full bot games committed under tests/golden/ and checked in CI.

    python tools/golden.py            # (re)write every golden record
    python tools/golden.py --check    # exit 1 if playing them again gives other lines

A change to the rules or the bots that alters play shows up as a diff of these files: review it,
then regenerate.
"""

from __future__ import annotations

import argparse
import io
import sys
from dataclasses import dataclass
from pathlib import Path

from regola.bots.specs import make_bot
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play
from regola.core.record import RecordWriter, header_for

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"


@dataclass(frozen=True)
class Case:
    name: str
    players: int
    setup: str
    seed: int
    bots: tuple[str, ...]
    variants: tuple[str, ...] = ()
    pack: str = "cs"


CASES = (
    Case("cs-2p-beginner", 2, "beginner", 11, ("greedy", "random")),
    Case("cs-3p-advanced", 3, "advanced", 12, ("greedy", "random", "greedy")),
    Case("cs-4p-beginner-codex1", 4, "beginner", 13, ("greedy", "random", "greedy", "random"),
         ("codex-leonardi-1",)),
    Case("cs-5p-advanced-codex2", 5, "advanced", 14, ("random", "greedy", "random", "greedy", "random"),
         ("codex-leonardi-2",)),
    Case("cs-4p-advanced-codex1-codex2", 4, "advanced", 15, ("greedy",) * 4,
         ("codex-leonardi-1", "codex-leonardi-2")),
    Case("pl-2p", 2, "standard", 21, ("greedy", "random"), pack="pl"),
    Case("pl-4p", 4, "standard", 22, ("greedy", "random", "greedy", "random"), pack="pl"),
    Case("pl-5p", 5, "standard", 23, ("random", "greedy", "greedy", "greedy", "random"), pack="pl"),
    Case("pl-3p-muse", 3, "standard", 24, ("greedy", "random", "greedy"), ("muse-and-princess",), pack="pl"),
    Case("pl-4p-shared-muse", 4, "standard", 25, ("random", "greedy", "random", "greedy"),
         ("shared-building", "muse-and-princess"), pack="pl"),
)


def render(case: Case) -> str:
    """The record of the case, played now with the current rules and bots."""
    ruleset = Ruleset(load_pack(case.pack, variants=list(case.variants)))
    game = Game.new(ruleset, case.players, case.seed, case.setup)
    out = io.StringIO()
    seats = [{"seat": s, "player": b} for s, b in enumerate(case.bots)]
    writer = RecordWriter(out, header_for(game, case.setup, case.players, seats))
    play(game, [make_bot(b, s, case.seed, ruleset) for s, b in enumerate(case.bots)], writer)
    return out.getvalue()


def path_of(case: Case) -> Path:
    return GOLDEN_DIR / f"{case.name}.jsonl"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    stale = []
    for case in CASES:
        text = render(case)
        path = path_of(case)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(GOLDEN_DIR.parents[1])} ({text.count(chr(10))} lines)")
    if stale:
        print("golden records differ from play now: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

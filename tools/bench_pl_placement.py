"""How long enumerating the legal placements of one piece takes on a half-full principality.

    .venv/bin/python tools/bench_pl_placement.py [--boards 20] [--repeat 7] [--json]

Builds boards from the Polish pack's principality (rulepacks/pl/principality.yaml) by placing random
legal pieces until at least half the cells are taken, then times ``legal_placements`` for every piece
kind that may still be placed, with 0 architects (adjacency applies) and 2 (it does not). Prints the
median and worst per-call time over all (board, piece) pairs, each the best of ``--repeat`` timings of
a batch of calls, and the machine's load average (other processes make figures noisy).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

from regola.core.yamlio import load_yaml
from regola.games.princes_of_florence.placement import Board, Placement, Principality, compile_principality

HOME = Path(__file__).resolve().parent.parent
TARGET_US = 50.0

Enumerator = Callable[[Principality, Board, str, int], list[Placement]]


def bitboard_placements(principality: Principality, board: Board, piece: str, architects: int) -> list[Placement]:
    return principality.legal_placements(board, piece, architects)


def half_full_board(principality: Principality, rng: random.Random) -> Board:
    """Random legal placements (no architects) until at least half the grid is taken."""
    board = principality.empty_board()
    half = principality.grid.size / 2
    kinds = sorted(principality.kinds)
    while board.occupied.bit_count() < half:
        candidates = [p for kind in kinds for p in principality.legal_placements(board, kind, 0)]
        if not candidates:
            break
        board = board.place(rng.choice(candidates))
    return board


def naive_placements(principality: Principality, board: Board, piece: str, architects: int) -> list[Placement]:
    """The baseline the bitboards replace: every orientation at every anchor, its cells tested one by one
    against sets of taken and forbidden cells."""
    kind = principality.kinds[piece]
    if kind.once and piece in board.kinds:
        return []
    grid = principality.grid
    taken = set(grid.cells(board.occupied))
    near: set[tuple[int, int]] = set()
    if kind.apart and architects < kind.lifted_at:
        for index in kind.apart:
            for column, row in grid.cells(board.class_masks[index]):
                near |= {(column + 1, row), (column - 1, row), (column, row + 1), (column, row - 1)}
    found = []
    for index, shape in enumerate(principality.orientations(piece)):
        for row in range(grid.rows):
            for column in range(grid.columns):
                cells = [(column + c, row + r) for c, r in shape]
                if all(grid.inside(*cell) and cell not in taken and cell not in near for cell in cells):
                    found.append(Placement(piece, index, column, row))
    return found


def measure(principality: Principality, boards: list[Board], architects: int, repeat: int,
            enumerate_: Enumerator, calls: int) -> list[float]:
    """Per-call microseconds for every (board, piece) pair that has something to enumerate."""
    times: list[float] = []
    for board in boards:
        for kind in sorted(principality.kinds):
            if kind in board.kinds and principality.kinds[kind].once:
                continue
            timer = timeit.Timer(lambda b=board, k=kind: enumerate_(principality, b, k, architects))
            best = min(timer.repeat(repeat=repeat, number=calls)) / calls
            times.append(best * 1e6)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    doc = load_yaml(HOME / "rulepacks" / "pl" / "principality.yaml")
    build = timeit.Timer(lambda: compile_principality(doc))
    compile_ms = min(build.repeat(repeat=5, number=1)) * 1e3
    principality = compile_principality(doc)
    rng = random.Random(args.seed)
    boards = [half_full_board(principality, rng) for _ in range(args.boards)]
    filled = statistics.mean(b.occupied.bit_count() / principality.grid.size for b in boards)
    result: dict[str, object] = {
        "grid": f"{principality.grid.columns}x{principality.grid.rows}",
        "boards": len(boards),
        "mean_filled": round(filled, 3),
        "compile_ms": round(compile_ms, 2),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "target_us": TARGET_US,
    }
    # (name, function, calls per timed batch): the baseline is ~100 times slower, so fewer calls
    enumerators: tuple[tuple[str, Enumerator, int], ...] = (("bitboard", bitboard_placements, 200),
                                                             ("naive", naive_placements, 3))
    for (name, enumerate_, calls), architects in itertools.product(enumerators, (0, 2)):
        times = measure(principality, boards, architects, args.repeat, enumerate_, calls)
        result[f"{name}_architects_{architects}"] = {
            "calls": len(times),
            "median_us": round(statistics.median(times), 2),
            "p95_us": round(sorted(times)[int(0.95 * (len(times) - 1))], 2),
            "max_us": round(max(times), 2),
        }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"principality {result['grid']}, {len(boards)} boards {filled:.0%} full on average; "
              f"compile {compile_ms:.2f} ms")
        for name, architects in (("bitboard", 0), ("bitboard", 2), ("naive", 0), ("naive", 2)):
            row = result[f"{name}_architects_{architects}"]
            assert isinstance(row, dict)
            print(f"{name:8} legal placements, {architects} architects: median {row['median_us']} µs, "
                  f"p95 {row['p95_us']} µs, max {row['max_us']} µs over {row['calls']} (board, piece) pairs "
                  f"(target ≤ {TARGET_US:.0f} µs)")
        print(f"load average {result['load_average']} on {result['cpus']} CPUs (shared machine: figures are noisy)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

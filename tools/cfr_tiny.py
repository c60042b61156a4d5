"""CFR on a reduced configuration of a regola game, with its exploitability curve (extras openspiel, sim).

    python tools/cfr_tiny.py                                   # Maestro Leonardo's ml-tiny, CFR+, 64 iterations
    python tools/cfr_tiny.py --game "regola_cs(players=2,variants=ml-tiny,seats_yellow_money=5)" --iterations 256

The game is any OpenSpiel game string: a regola pack with variants and rule parameters (docs/SEARCH.md).
First the whole tree is walked (refused beyond --max-histories: exact methods need a tree they can
enumerate): histories, terminal histories, information sets per player (and how many of them hold more
than one history: where the player cannot tell what happened), the longest game. Then OpenSpiel's
own solver runs (CFR+ by default, or vanilla CFR) and, at iterations 1, 2, 4, 8, … and the last, the
exploitability of its average policy is computed by OpenSpiel's exact best response, beside the uniform
random policy's. Written to --out: ``cfr.csv`` (iteration, seconds, exploitability) and ``exploitability.png``
(log–log, the uniform policy dashed); ``seconds`` count everything since the solver began, ``solver_seconds``
only the solver's own iterations. At the end it prints the average policy's value per seat and, for
two players, what it scores against a uniform random player from each seat. Figures for ml-tiny:
docs/reports/cfr-tiny.md.
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pyspiel
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

import regola.openspiel  # noqa: F401  (registers every pack)

DEFAULT_GAME = "regola_cs(players=2,variants=ml-tiny)"


class TooBig(Exception):
    """The tree has more histories than the walk may visit."""


def tree_size(game: pyspiel.Game, most: int) -> dict[str, Any]:
    """Histories, terminals, chance nodes, information sets per player, and the most decisions and chance
    nodes in one game of the whole tree; TooBig past ``most`` histories."""
    histories = terminals = chance = longest = drawn = 0
    infosets: list[Counter[str]] = [Counter() for _ in range(game.num_players())]
    # a state, the decisions and the chance nodes on its way
    stack: list[tuple[Any, int, int]] = [(game.new_initial_state(), 0, 0)]
    while stack:
        state, depth, draws = stack.pop()
        histories += 1
        if histories > most:
            raise TooBig(f"more than {most:,} histories: not a tree to enumerate (raise --max-histories)")
        if state.is_terminal():
            terminals += 1
            longest = max(longest, depth)
            drawn = max(drawn, draws)
            continue
        if state.is_chance_node():
            chance += 1
            stack.extend((state.child(a), depth, draws + 1) for a, _ in state.chance_outcomes())
            continue
        infosets[state.current_player()][state.information_state_string()] += 1
        stack.extend((state.child(a), depth + 1, draws) for a in state.legal_actions())
    return {"histories": histories, "terminals": terminals, "chance": chance,
            "infosets": [len(s) for s in infosets], "longest": longest, "most_draws": drawn,
            "hidden": [sum(1 for n in s.values() if n > 1) for s in infosets]}


def checkpoints(iterations: int) -> list[int]:
    """1, 2, 4, … up to ``iterations``, and ``iterations`` itself."""
    out, k = [], 1
    while k < iterations:
        out.append(k)
        k *= 2
    return [*out, iterations]


def run(game_string: str, iterations: int, solver_kind: str, out: Path,
        most: int) -> list[tuple[int, float, float, float]]:
    game = pyspiel.load_game(game_string)
    started = time.perf_counter()
    size = tree_size(game, most)
    print(f"{game}: {size['histories']:,} histories ({size['terminals']:,} terminal, {size['chance']} chance), "
          f"information sets {' + '.join(f'{n:,}' for n in size['infosets'])} (holding more than one history: "
          f"{' + '.join(f'{n:,}' for n in size['hidden'])}), at most {size['longest']} decisions and "
          f"{size['most_draws']} chance nodes a game (derived bounds: {game.max_game_length()} and "
          f"{game.max_chance_nodes_in_history()}); walked in {time.perf_counter() - started:.1f} s", flush=True)
    uniform = exploitability.exploitability(game, policy_lib.UniformRandomPolicy(game))
    print(f"uniform random policy: exploitability {uniform:.4f}", flush=True)
    solver = cfr.CFRPlusSolver(game) if solver_kind == "cfr+" else cfr.CFRSolver(game)
    rows: list[tuple[int, float, float, float]] = []
    started = time.perf_counter()
    solving = 0.0  # the solver's own time, without the exploitability measured at each checkpoint
    marks = set(checkpoints(iterations))
    for i in range(1, iterations + 1):
        began = time.perf_counter()
        solver.evaluate_and_update_policy()
        solving += time.perf_counter() - began
        if i in marks:
            value = exploitability.exploitability(game, solver.average_policy())
            rows.append((i, time.perf_counter() - started, value, solving))
            print(f"iteration {i:>5}: exploitability {value:.5f}  ({rows[-1][1]:.0f} s; solver {solving:.1f} s)",
                  flush=True)
    values = expected_game_score.policy_value(game.new_initial_state(), [solver.average_policy()] * game.num_players())
    print(f"the average policy's value, seat by seat: {', '.join(f'{v:.4f}' for v in values)}", flush=True)
    if game.num_players() == 2:  # what the equilibrium scores against random play, from each seat
        uniform_policy = policy_lib.UniformRandomPolicy(game)
        root = game.new_initial_state()
        first = expected_game_score.policy_value(root, [solver.average_policy(), uniform_policy])[0]
        second = expected_game_score.policy_value(root, [uniform_policy, solver.average_policy()])[1]
        print(f"against a uniform random player: {first:.4f} in seat 0, {second:.4f} in seat 1", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    with (out / "cfr.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["iteration", "seconds", "exploitability", "solver_seconds"])
        writer.writerows((i, f"{s:.2f}", f"{e:.6f}", f"{solver:.2f}") for i, s, e, solver in rows)
    _plot(rows, uniform, f"{solver_kind.upper()} on {game}", out / "exploitability.png")
    print(f"written: {out / 'cfr.csv'}, {out / 'exploitability.png'}")
    return rows


def _plot(rows: list[tuple[int, float, float, float]], uniform: float, title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.loglog([r[0] for r in rows], [max(r[2], 1e-9) for r in rows], marker="o", label="average policy")
    ax.axhline(uniform, linestyle="--", color="grey", label="uniform random policy")
    ax.set_xlabel("iteration")
    ax.set_ylabel("exploitability")
    ax.set_title(title, fontsize=8)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"an OpenSpiel game string (default {DEFAULT_GAME})")
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--solver", choices=["cfr+", "cfr"], default="cfr+")
    parser.add_argument("--out", type=Path, default=Path("out/cfr-tiny"))
    parser.add_argument("--max-histories", type=int, default=200_000)
    args = parser.parse_args(argv)
    if not 1 <= args.iterations <= 100_000:
        parser.error("--iterations must be 1 to 100000")
    try:
        run(args.game, args.iterations, args.solver, args.out, args.max_histories)
    except (TooBig, pyspiel.SpielError, ValueError) as err:
        print(f"cfr_tiny: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

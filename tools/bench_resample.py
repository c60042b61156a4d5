"""How fast resample_from_infostate draws a state, and how much of the real game it keeps.

For each game, random positions (a random number of random steps into a game); at each, a few resampled
states for the seat to move, both ways (``resample=history``: a history of its own; ``resample=present``:
regola's determinization of the present). Printed per game and mode: milliseconds per resample, how often
another seat's view came out otherwise than in the real game, and how often the other seats' hidden
holdings equal the real ones (Princes of Florence: profession cards in hand; Maestro Leonardo: hidden lab
inventions and whole hands), also over the resamples that pinned no choice, and how many choices were
pinned back to the real history — a resample that leaned on the real state would match it more often than
the present-only draw does. Needs the ``openspiel`` extra.

    .venv/bin/python tools/bench_resample.py --positions 16 --samples 5
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel

import regola.openspiel  # noqa: F401  (registers every pack)
from regola.openspiel.positions import random_position
from regola.openspiel.resample import resample_history

GAMES = ("regola_cs(players=2)", "regola_pl(players=2)", "regola_cs(players=4)", "regola_pl(players=4)")


def _position(game: Any, seed: int) -> Any:
    """A random position past the deal: 40 to 140 steps into a two-player game, 40 to 300 into a larger one."""
    rng = np.random.RandomState(seed)
    return random_position(game, rng, rng.randint(40, 140 if game.num_players() == 2 else 300), at_decision=True)


def _hidden_equal(real: Any, world: Any, seat: int) -> tuple[int, int]:
    """(held items equal to the real ones, items compared) over the other seats' hidden holdings."""
    same = total = 0
    for a, b in zip(real.regola.state.players, world.regola.state.players, strict=True):
        if a.seat == seat:
            continue
        if hasattr(a, "labs"):  # Maestro Leonardo: lab work not yet revealed, and the whole hand
            for lab, other in zip(a.labs, b.labs, strict=True):
                if lab.target is not None and not lab.revealed:
                    same, total = same + (lab.target == other.target), total + 1
            same, total = same + (a.hand == b.hand), total + 1
        else:  # Princes of Florence: the profession cards in hand
            same, total = same + len(set(a.hand) & set(b.hand)), total + len(a.hand)
    return same, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print(f"{'game':28} {'mode':8} {'ms/resample':>11} {'other view redrawn':>19} {'hidden as real':>15} "
          f"{'(no pin)':>9} {'pinned/choices':>15}")
    for name in args.games:
        for mode in ("history", "present"):
            game = pyspiel.load_game(name.replace(")", f",resample={mode})"))
            rng = np.random.RandomState(0)
            seconds = 0.0
            draws = redrawn = same = total = free_same = free_total = pinned = choices = 0
            for seed in range(args.positions):
                real = _position(game, seed)
                if real.is_terminal():
                    continue
                seat = real.current_player()
                for _ in range(args.samples):
                    start = time.perf_counter()
                    if mode == "history":  # the same call resample_from_infostate makes, with its counts
                        world, stats = resample_history(real, seat, random.Random(int(rng.randint(2**31))))
                        pinned, choices = pinned + stats.pinned, choices + stats.choices
                    else:
                        world = real.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
                    seconds += time.perf_counter() - start
                    draws += 1
                    redrawn += any(world.regola.view(o) != real.regola.view(o)
                                   for o in range(game.num_players()) if o != seat)
                    s, t = _hidden_equal(real, world, seat)
                    same, total = same + s, total + t
                    if mode == "present" or not stats.pinned:
                        free_same, free_total = free_same + s, free_total + t
            print(f"{name:28} {mode:8} {1000 * seconds / max(1, draws):11.1f} {redrawn:>9}/{draws:<9} "
                  f"{same / max(1, total):15.2f} {free_same / max(1, free_total):9.2f} "
                  f"{f'{pinned}/{choices}' if mode == 'history' else '':>15}")


if __name__ == "__main__":
    main()

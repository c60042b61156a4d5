"""A/A rates of `regola compare`'s statistics: both arms under the same rules, independent games, repeated.
Under A/A every flag is false: a primary question flagged in a repetition counts against the family-wise
level (5 %), any exploratory flag against the false-discovery level (5 %, which under A/A is the chance
of any flag at all).

    python tools/aa_rates.py [--repetitions 400] [--games 150] [--players 2]

Every repetition plays its own games (none is shared between repetitions, so they are independent).

Prints the share of repetitions with a flag in each family, with its 95 % interval, and the load average.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from typing import Any

from statsmodels.stats.proportion import proportion_confint

from regola.core.game import Ruleset
from regola.core.pack import load_pack
from regola.sim.arms import Arm
from regola.sim.plan import game_spec
from regola.sim.stats import EXPLORATORY, PRIMARY
from regola.sim.store import Store
from regola.sim.study import Lineup, Study, analyse
from regola.sim.worker import play_game, rows_of

TRIPLE = str(Path(__file__).resolve().parents[1] / "tests" / "sim" / "data" / "triple-rewards.yaml")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repetitions", type=int, default=400)
    p.add_argument("--games", type=int, default=150)
    p.add_argument("--players", type=int, default=2)
    args = p.parse_args()
    ruleset = Ruleset(load_pack("cs"))

    def games_of(rep: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        out = []
        for i in range(rep * 2 * args.games, (rep + 1) * 2 * args.games):
            spec = game_spec(i, 99, (args.players,), ("random",))
            out.append(rows_of(play_game(ruleset, spec, "beginner"), "pool", spec, "beginner", 99))
        return out
    # the variant's name only labels the second arm: both arms hold games of the base rules
    arms = (Arm("base", load_pack("cs")), Arm("triple-rewards", load_pack("cs", variants=[TRIPLE])))
    study = Study(arms[0], [arms[1]], [Lineup("random", ("random",))], (args.players,), "beginner", args.games, 0)
    manifest = {"pack": "cs", "arms": [a.describe() for a in arms], "players": [args.players], "setup": "beginner",
                "bots": ["random"], "seed": 0}
    flagged = {PRIMARY: 0, EXPLORATORY: 0}
    by_question: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.repetitions):
            pool = games_of(rep)
            store = Store.open(Path(tmp) / str(rep) / "random", manifest)
            for arm, picks in (("base", range(args.games)), ("triple-rewards", range(args.games, 2 * args.games))):
                games, actions = [], []
                for k, i in enumerate(picks):
                    row, acts = pool[i]
                    games.append({**row, "arm": arm, "game": k})
                    actions += [{**a, "arm": arm, "game": k} for a in acts]
                store.write(f"{arm}-000000000-{args.games - 1:09d}", games, actions)
            found = analyse(study, Path(tmp) / str(rep), threads=1).findings["triple-rewards"]
            for family in flagged:
                flagged[family] += any(f.significant for f in found if f.family == family)
            for f in found:
                if f.family == PRIMARY:
                    by_question[f.name] = by_question.get(f.name, 0) + f.significant
    load = os.getloadavg()
    print(f"A/A, {args.repetitions} repetitions of {args.games} games per arm ({args.players} players, random); "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    for family, count in flagged.items():
        low, high = proportion_confint(count, args.repetitions, method="wilson")
        print(f"  {family:<12} flagged in {count} ({100 * count / args.repetitions:.1f} %, 95 % interval "
              f"{100 * low:.1f}-{100 * high:.1f} %); nominal 5 %")
    print("  primary, question by question (each at 5 % / questions): "
          + ", ".join(f"{q} {count}" for q, count in by_question.items()))


if __name__ == "__main__":
    main()

"""How long games are against how long the rules let them be (regola.core.bounds; docs/SEARCH.md).

For each game given (OpenSpiel game strings), prints the derived bounds (decisions, chance nodes), the
engine's decision cap, what OpenSpiel is told (``max_game_length``, ``max_chance_nodes_in_history``), and
the most decisions and chance nodes that random games reach, with the ratio of the two::

    .venv/bin/python tools/game_lengths.py --games 200
    .venv/bin/python tools/game_lengths.py --games 50 "regola_pl(players=4)"
"""

from __future__ import annotations

import argparse
import random

import pyspiel

import regola.openspiel  # noqa: F401  (registers every pack)
from regola.core.bounds import derive
from regola.core.caps import decision_cap

GAMES = ["regola_cs(players=2,variants=ml-tiny)", "regola_pl(players=2,variants=pf-tiny)",
         "regola_pl(players=2,variants=pf-duel)", *(f"regola_cs(players={n})" for n in range(2, 6)),
         *(f"regola_pl(players={n})" for n in range(2, 6))]


def longest(game: pyspiel.Game, games: int, seed: int) -> tuple[int, int]:
    """The most decisions and chance nodes of ``games`` random games (chance by its probabilities)."""
    rng = random.Random(seed)
    most = drawn = 0
    for _ in range(games):
        state = game.new_initial_state()
        decisions = draws = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                draws += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        most, drawn = max(most, decisions), max(drawn, draws)
    return most, drawn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_strings", nargs="*", metavar="GAME", help="OpenSpiel game strings (default: both "
                        "games at every player count and the tiny games)")
    parser.add_argument("--games", type=int, default=200, help="random games each (default 200)")
    parser.add_argument("--seed", type=int, default=46)
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 100_000:
        parser.error("--games is between 1 and 100,000")
    print("| game | derived decisions | engine cap | max_game_length | longest random | ratio "
          "| derived chance nodes | most random | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in args.games_strings or GAMES:
        game = pyspiel.load_game(spec)
        ruleset, players = game.ruleset, game.players  # type: ignore[attr-defined]
        derived = derive(ruleset, players)
        cap = decision_cap(ruleset, players)
        seen, drawn = longest(game, args.games, args.seed)
        told = game.max_game_length()
        chance = game.max_chance_nodes_in_history()
        said = f"{derived.decisions:,}" if derived else "none"
        print(f"| `{spec}` | {said} | {cap:,} | {told:,} | {seen:,} | "
              f"{told / max(1, seen):.1f}× | {chance:,} | {drawn:,} | {chance / max(1, drawn):.1f}× |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

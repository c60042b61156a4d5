"""Train OpenSpiel's own PyTorch DQN on a regola game through the bridge, and show it learned.

    pip install -e '.[rl]'            # OpenSpiel, dm-tree; torch from this machine's file: pip install torch==2.13.0
    .venv/bin/python tools/train_dqn.py --game 'regola_cs(players=2)' --minutes 4

Seat 0 is the learner (``open_spiel.python.pytorch.dqn.DQN`` over the information-state tensor, one
Q-value per action id of the pack's fixed action space, illegal ids masked by OpenSpiel); seat 1 is
OpenSpiel's uniform random agent. Before training and after every ``--eval-every`` episodes it plays
``--eval-games`` evaluation games (greedy Q, no exploration) against random and prints the learner's
mean return (1 a win, 0.5 a shared win) with a 95 % Wilson interval; at the end the first and the last
evaluation side by side. Chance is OpenSpiel's explicit chance nodes, sampled by the environment.

Several seeds with a band, and evaluation against regola's greedy bot too: tools/learning_curve.py.
Exact methods (CFR, best response) fit only a reduced game: ml-tiny, tools/cfr_tiny.py (docs/SEARCH.md).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the evaluation loop is learning_curve's
from learning_curve import play


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval of a win share (statsmodels; the tools run with the sim extra)."""
    from statsmodels.stats.proportion import proportion_confint

    if n == 0:
        return 0.0, 1.0
    low, high = proportion_confint(wins, n, alpha=0.05, method="wilson")
    return float(low), float(high)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="regola_cs(players=2)")
    ap.add_argument("--minutes", type=float, default=4.0, help="training time (wall clock)")
    ap.add_argument("--eval-every", type=int, default=200, help="episodes between evaluations")
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    try:
        import numpy as np
        import pyspiel
        import torch
        from open_spiel.python import rl_environment
        from open_spiel.python.algorithms import random_agent
        from open_spiel.python.pytorch import dqn

        import regola.openspiel  # noqa: F401  (registers the games)
    except ImportError as err:
        print(f"train_dqn: {err.name} is missing: pip install -e '.[rl]' and pip install torch==2.13.0",
              file=sys.stderr)
        return 2

    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    env = rl_environment.Environment(pyspiel.load_game(args.game), seed=args.seed)
    if env.num_players != 2:
        print("train_dqn: this example trains one seat against one random seat (players=2)", file=sys.stderr)
        return 2
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    learner = dqn.DQN(player_id=0, state_representation_size=size, num_actions=actions,
                      hidden_layers_sizes=(256, 256), replay_buffer_capacity=50_000, batch_size=64,
                      learning_rate=1e-3, update_target_network_every=500, learn_every=4,
                      min_buffer_size_to_learn=1000, epsilon_start=0.5, epsilon_end=0.05,
                      epsilon_decay_duration=30_000, optimizer_str="adam", loss_str="huber", seed=args.seed)
    opponent = random_agent.RandomAgent(player_id=1, num_actions=actions)
    print(f"{args.game}: {size} inputs, {actions} action ids; learner seat 0 against random seat 1", flush=True)
    curve: list[tuple[int, float]] = []

    def report(episodes: int) -> None:
        score = play(env, learner, opponent, args.eval_games)
        lo, hi = wilson(score * args.eval_games, args.eval_games)
        curve.append((episodes, score))
        print(f"after {episodes:5d} episodes: mean return against random {score:.2f} "
              f"(95 % CI {lo:.2f}-{hi:.2f}, {args.eval_games} games)", flush=True)

    report(0)
    deadline = time.monotonic() + 60 * args.minutes
    episodes = 0
    while time.monotonic() < deadline:
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            out = learner.step(step) if seat == 0 else opponent.step(step)
            step = env.step([out.action])
        learner.step(step)  # the terminal step: the learner sees its reward
        episodes += 1
        if episodes % args.eval_every == 0:
            report(episodes)
    if curve[-1][0] != episodes:
        report(episodes)
    (_, first), (last_n, last) = curve[0], curve[-1]
    print(f"mean return against random: {first:.2f} untrained -> {last:.2f} after {last_n} episodes "
          f"({args.minutes:g} min)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

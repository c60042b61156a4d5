"""A learning curve a reviewer can accept: OpenSpiel's PyTorch DQN over several seeds, measured against
random play and against regola's greedy bot, with the mean curve, its band and the random baseline.

    pip install -e '.[rl,sim]' && pip install torch==2.13.0      # torch from this machine's file
    python tools/learning_curve.py                                # ml-tiny, 5 seeds, 3,000 episodes each
    python tools/learning_curve.py --game "regola_cs(players=2)" --episodes 2000 --seeds 3

Seat 0 learns (``open_spiel.python.pytorch.dqn.DQN`` over the normalized information-state tensor, one
Q-value per action id) against OpenSpiel's uniform random agent (``--train-against greedy`` trains against
regola's greedy bot instead). Before training and every ``--eval-every`` episodes, the greedy-Q policy
(no exploration) plays ``--eval-games`` games against random and as many against greedy
(``regola.openspiel.agents.RegolaAgent``); the return is 1 for a win, shared on a tie. Every seed is its
own process (``--jobs`` at once) with its own torch, numpy and environment seeds. The baseline is a
uniform random player in seat 0 against the same two opponents, over as many games as all seeds'
evaluations together. Written to ``--out``: ``curves.csv`` (seed, episodes, opponent, mean return),
``baseline.csv`` and ``learning.png`` (per opponent: each seed thin, the mean thick, a 95 % t-band over
seeds, the random baseline dashed). Figures: docs/reports/learning-curve.md.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

OPPONENTS = ("random", "greedy")


@dataclass(frozen=True)
class Plan:
    game: str
    episodes: int
    eval_every: int
    eval_games: int
    train_against: str


def _environment(game: str, seed: int) -> Any:
    import pyspiel
    from open_spiel.python import rl_environment

    import regola.openspiel  # noqa: F401  (registers the games)

    return rl_environment.Environment(pyspiel.load_game(game), seed=seed)


def _opponent(kind: str, env: Any, seed: int) -> Any:
    from open_spiel.python.algorithms import random_agent

    from regola.openspiel.agents import RegolaAgent

    if kind == "random":
        return random_agent.RandomAgent(player_id=1, num_actions=env.action_spec()["num_actions"])
    return RegolaAgent(env, 1, kind, seed)


def play(env: Any, first: Any, second: Any, games: int, evaluation: bool = True) -> float:
    """Mean return of seat 0 over ``games`` episodes of ``first`` (seat 0) against ``second``."""
    total = 0.0
    for _ in range(games):
        step = env.reset()
        while not step.last():
            agent = first if step.observations["current_player"] == 0 else second
            step = env.step([agent.step(step, is_evaluation=evaluation).action])
        for agent in (first, second):
            agent.step(step, is_evaluation=evaluation)
        total += step.rewards[0]
    return total / games


def train(plan: Plan, seed: int) -> list[tuple[int, str, float]]:
    """One seed's curve: (episodes, opponent, mean return) at every evaluation."""
    import numpy as np
    import torch
    from open_spiel.python.pytorch import dqn

    torch.manual_seed(seed)
    np.random.seed(seed)
    torch.set_num_threads(1)
    env = _environment(plan.game, seed)
    judge_env = _environment(plan.game, 10_000 + seed)  # evaluations draw their own chance
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    steps = plan.episodes * 12  # about how many decisions training sees; exploration fades over half
    learner = dqn.DQN(player_id=0, state_representation_size=size, num_actions=actions,
                      hidden_layers_sizes=(128, 128), replay_buffer_capacity=50_000, batch_size=64,
                      learning_rate=5e-4, update_target_network_every=500, learn_every=4,
                      min_buffer_size_to_learn=500, epsilon_start=0.8, epsilon_end=0.05,
                      epsilon_decay_duration=max(steps // 2, 1_000), optimizer_str="adam", loss_str="huber",
                      seed=seed)
    trainer = _opponent(plan.train_against, env, seed)
    judges = {kind: _opponent(kind, judge_env, seed) for kind in OPPONENTS}
    curve = []

    def judge(episodes: int) -> None:
        for kind, opponent in judges.items():
            curve.append((episodes, kind, play(judge_env, learner, opponent, plan.eval_games)))

    judge(0)
    for episode in range(1, plan.episodes + 1):
        play(env, learner, trainer, 1, evaluation=False)
        if episode % plan.eval_every == 0 or episode == plan.episodes:
            judge(episode)
    return curve


def baseline(plan: Plan, games: int) -> dict[str, float]:
    """A uniform random seat 0's mean return against each opponent."""
    from open_spiel.python.algorithms import random_agent

    env = _environment(plan.game, 99_991)
    me = random_agent.RandomAgent(player_id=0, num_actions=env.action_spec()["num_actions"])
    return {kind: play(env, me, _opponent(kind, env, 7), games) for kind in OPPONENTS}


def band(values: list[float]) -> tuple[float, float, float]:
    """Mean and 95 % t-interval over seeds (scipy's t quantile)."""
    from scipy import stats

    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = float(stats.t.ppf(0.975, len(values) - 1)) * statistics.stdev(values) / len(values) ** 0.5
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="regola_cs(players=2,variants=ml-tiny)")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--episodes", type=int, default=3000)
    ap.add_argument("--eval-every", type=int, default=300)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--train-against", choices=OPPONENTS, default="random")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("out/learning"))
    args = ap.parse_args(argv)
    for name, value, lo, hi in (("--seeds", args.seeds, 1, 64), ("--episodes", args.episodes, 1, 1_000_000),
                                ("--eval-every", args.eval_every, 1, 1_000_000),
                                ("--eval-games", args.eval_games, 1, 100_000), ("--jobs", args.jobs, 1, 64)):
        if not lo <= value <= hi:
            ap.error(f"{name} must be {lo} to {hi}")
    try:
        import torch  # noqa: F401
        from open_spiel.python.pytorch import dqn  # noqa: F401
    except ImportError as err:
        print(f"learning_curve: {err.name} is missing: pip install -e '.[rl,sim]' and pip install torch==2.13.0",
              file=sys.stderr)
        return 2
    plan = Plan(args.game, args.episodes, args.eval_every, args.eval_games, args.train_against)
    if _environment(plan.game, 0).num_players != 2:
        print("learning_curve: one learning seat against one opponent: the game needs players=2", file=sys.stderr)
        return 2
    seeds = list(range(args.seeds))
    if args.jobs == 1:
        curves = {seed: train(plan, seed) for seed in seeds}
    else:
        with ProcessPoolExecutor(max_workers=min(args.jobs, len(seeds))) as pool:
            curves = dict(zip(seeds, pool.map(train, [plan] * len(seeds), seeds), strict=True))
    base = baseline(plan, args.eval_games * len(seeds))
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "curves.csv").open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["seed", "episodes", "opponent", "mean_return"])
        writer.writerows((seed, e, kind, f"{v:.4f}") for seed, rows in curves.items() for e, kind, v in rows)
    with (args.out / "baseline.csv").open("w", newline="") as f:
        csv.writer(f).writerows([["opponent", "mean_return"], *([k, f"{v:.4f}"] for k, v in base.items())])
    print(f"{plan.game}: DQN in seat 0, trained against {plan.train_against}, {len(seeds)} seeds × "
          f"{plan.episodes} episodes; {plan.eval_games} evaluation games per point and opponent")
    points = sorted({e for rows in curves.values() for e, _, _ in rows})
    for kind in OPPONENTS:
        print(f"against {kind} (uniform random player: {base[kind]:.3f})")
        for e in points:
            mean, lo, hi = band([v for rows in curves.values() for x, k, v in rows if x == e and k == kind])
            print(f"  after {e:>6} episodes: {mean:.3f}  (95 % over seeds {lo:.3f}–{hi:.3f})")
    _plot(curves, base, points, plan, args.out / "learning.png")
    print(f"written: {args.out / 'curves.csv'}, {args.out / 'baseline.csv'}, {args.out / 'learning.png'}")
    return 0


def _plot(curves: dict[int, list[tuple[int, str, float]]], base: dict[str, float], points: list[int],
          plan: Plan, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(OPPONENTS), figsize=(10, 4), sharey=True)
    for ax, kind in zip(axes, OPPONENTS, strict=True):
        for rows in curves.values():
            ax.plot([e for e, k, _ in rows if k == kind], [v for _, k, v in rows if k == kind],
                    color="tab:blue", alpha=0.25, linewidth=0.8)
        bands = [band([v for rows in curves.values() for x, k, v in rows if x == e and k == kind]) for e in points]
        ax.plot(points, [b[0] for b in bands], color="tab:blue", linewidth=2, label=f"DQN, mean of {len(curves)} seeds")
        ax.fill_between(points, [b[1] for b in bands], [b[2] for b in bands], color="tab:blue", alpha=0.2,
                        label="95 % over seeds")
        ax.axhline(base[kind], color="grey", linestyle="--", label="uniform random player")
        ax.set_title(f"against {kind}")
        ax.set_xlabel("training episodes")
        ax.set_ylim(0, 1)
    axes[0].set_ylabel("mean return of seat 0")
    axes[0].legend(loc="lower right", fontsize=8)
    fig.suptitle(f"{plan.game}, trained against {plan.train_against}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())

"""Per-game numbers of each arm, one series per metric, indexed by game: what the statistics compare.

Every metric is generic: seat win rates (and bot win rates when the lineup mixes bots), mean score and
the winner's margin, game length in decisions, each number the game's ``metrics`` hook gives (per game,
or per seat as a mean over the seats) and the count of each action kind (the verb of the action).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

#: columns every games row has; the others come from the game's metrics hook
STANDARD = frozenset({"arm", "pack", "content_hash", "variants", "players", "setup", "root_seed", "game", "seed",
                      "rotation", "bots", "decisions", "winners", "rank"})


@dataclass
class Metric:
    name: str
    label: str
    group: str  # wins, score, length, game, player, actions
    binary: bool
    values: pd.DataFrame  # index: game; columns: arms; NaN where the metric has no value for a game

    def arm(self, arm: str) -> np.ndarray:
        return self.values[arm].dropna().to_numpy(dtype=float)


def _series(frame: pd.DataFrame, values: list[float]) -> pd.Series:
    return pd.Series(values, index=frame.index, dtype=float)


def _per_arm(games: pd.DataFrame, actions: pd.DataFrame, arm: str) -> dict[str, tuple[str, str, pd.Series]]:
    g = games[games["arm"] == arm].set_index("game").sort_index()
    out: dict[str, tuple[str, str, pd.Series]] = {}
    most = int(g["players"].max()) if len(g) else 0
    winners = [set(w) for w in g["winners"]]
    for seat in range(most):
        out[f"win.seat{seat}"] = ("wins", f"win rate of seat {seat}", _series(
            g, [float(seat in w) if n > seat else np.nan for w, n in zip(winners, g["players"], strict=True)]))
    bots = sorted({b for line in g["bots"] for b in line})
    if len(bots) > 1:
        for bot in bots:
            vals = []
            for w, line in zip(winners, g["bots"], strict=True):
                seats = [s for s, b in enumerate(line) if b == bot]
                vals.append(float(np.mean([s in w for s in seats])) if seats else np.nan)
            out[f"win.bot.{bot}"] = ("wins", f"win rate of a {bot} seat", _series(g, vals))
    if "score" in g.columns:
        scores = [sorted(s, reverse=True) for s in g["score"]]
        out["score.mean"] = ("score", "mean score per player", _series(g, [float(np.mean(s)) for s in scores]))
        out["score.margin"] = ("score", "winner's margin over the runner-up",
                               _series(g, [float(s[0] - s[1]) if len(s) > 1 else np.nan for s in scores]))
    out["length.decisions"] = ("length", "decisions per game", g["decisions"].astype(float))
    for col in g.columns:
        if col in STANDARD or col == "score":
            continue
        sample = g[col].iloc[0] if len(g) else None
        if isinstance(sample, (list, np.ndarray)):
            out[f"player.{col}"] = ("player", f"{col.replace('_', ' ')} per player",
                                    _series(g, [float(np.mean(v)) for v in g[col]]))
        elif pd.api.types.is_bool_dtype(g[col]):
            out[f"game.{col}"] = ("game", f"share of games with {col.replace('_', ' ')}", g[col].astype(float))
        elif pd.api.types.is_numeric_dtype(g[col]):
            out[f"game.{col}"] = ("game", col.replace("_", " "), g[col].astype(float))
    a = actions[actions["arm"] == arm]
    if len(a):
        counts = a.pivot_table(index="game", columns="kind", values="count", aggfunc="sum", fill_value=0)
        counts = counts.reindex(g.index, fill_value=0)
        for kind in counts.columns:
            out[f"actions.{kind}"] = ("actions", f"'{kind}' actions per game", counts[kind].astype(float))
    return out


def metrics(games: pd.DataFrame, actions: pd.DataFrame, arms: list[str], compared: bool = True
            ) -> tuple[list[Metric], list[str]]:
    """The metrics in a stable order, and notes on those left out. With ``compared``, a metric that is
    constant, or a copy of another, is left out: there is nothing to compare."""
    per_arm = {arm: _per_arm(games, actions, arm) for arm in arms}
    names: list[str] = []
    for arm in arms:
        names.extend(n for n in per_arm[arm] if n not in names)
    out: list[Metric] = []
    notes: list[str] = []
    for name in names:
        group, label = next((per_arm[a][name][0], per_arm[a][name][1]) for a in arms if name in per_arm[a])
        fill = 0.0 if group == "actions" else np.nan
        frame = pd.DataFrame({a: per_arm[a][name][2] if name in per_arm[a] else pd.Series(dtype=float)
                              for a in arms})
        if group == "actions":
            frame = frame.fillna(fill)
        flat = frame.to_numpy(dtype=float)
        seen = flat[~np.isnan(flat)]
        if compared and seen.size and np.all(seen == seen[0]):
            notes.append(f"{label}: {seen[0]:g} in every game of every arm (not compared)")
            continue
        twin = next((m for m in out if m.values.shape == frame.shape and m.values.equals(frame)), None)
        if compared and twin is not None:
            notes.append(f"{label}: the same numbers as {twin.label} (not compared twice)")
            continue
        binary = bool(seen.size) and bool(np.all((seen == 0) | (seen == 1)))
        out.append(Metric(name, label, group, binary, frame))
    return out, notes

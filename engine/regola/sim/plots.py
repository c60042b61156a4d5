"""The report's plots (matplotlib, Agg: no display needed), each returned as PNG bytes."""

from __future__ import annotations

import io
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from regola.sim.stats import MetricResult


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=96)
    plt.close(fig)
    return buf.getvalue()


def _hist(values: dict[str, np.ndarray], xlabel: str, ylabel: str, title: str) -> bytes:
    fig, ax = plt.subplots(figsize=(7, 3.4))
    everything = np.concatenate([v for v in values.values() if v.size]) if values else np.array([0.0])
    lo, hi = float(everything.min()), float(everything.max())
    bins = np.arange(lo, hi + 2) - 0.5 if hi - lo <= 60 else np.linspace(lo, hi, 40)
    for arm, v in values.items():
        ax.hist(v, bins=bins, histtype="step", linewidth=1.6, density=True, label=f"{arm} (mean {v.mean():.1f})")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    return _png(fig)


def score_distribution(games: pd.DataFrame, arms: list[str]) -> bytes | None:
    if "score" not in games.columns:
        return None
    values = {a: np.concatenate([np.asarray(s, dtype=float) for s in games.loc[games["arm"] == a, "score"]])
              for a in arms}
    return _hist(values, "final score of a player", "share of players",
                 "Score distribution per arm (every seat of every game)")


def game_length(games: pd.DataFrame, arms: list[str]) -> bytes:
    values = {a: games.loc[games["arm"] == a, "decisions"].to_numpy(dtype=float) for a in arms}
    return _hist(values, "decisions per game", "share of games", "Game length per arm")


def _grouped_bars(results: list[MetricResult], arms: list[str], label: Callable[[MetricResult], str],
                  title: str, xlabel: str, scale: float = 1.0) -> bytes:
    height = max(2.6, 0.32 * len(results) * len(arms) + 1.2)
    fig, ax = plt.subplots(figsize=(7, height))
    y = np.arange(len(results))
    width = 0.8 / len(arms)
    for k, arm in enumerate(arms):
        est = [r.arms[arm] for r in results]
        vals = np.array([e.value for e in est]) * scale
        err = np.array([[e.value - e.low for e in est], [e.high - e.value for e in est]]) * scale
        ax.barh(y + k * width - 0.4 + width / 2, vals, height=width, xerr=np.nan_to_num(err), capsize=2,
                label=arm)
    ax.set_yticks(y, [label(r) for r in results])
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    return _png(fig)


def seat_wins(results: list[MetricResult], arms: list[str]) -> bytes | None:
    wins = [r for r in results if r.group == "wins"]
    if not wins:
        return None
    return _grouped_bars(wins, arms, lambda r: r.label.replace("win rate of ", ""),
                         "Win rates with 95 % intervals", "win rate (%)", 100.0)


def action_usage(results: list[MetricResult], arms: list[str], names: dict[str, str]) -> bytes | None:
    acts = [r for r in results if r.group == "actions"]
    if not acts:
        return None
    return _grouped_bars(acts, arms, lambda r: names.get(r.name.split(".", 1)[1], r.name.split(".", 1)[1]),
                         "Actions per game by kind, with 95 % intervals", "actions per game")


def differences(results: list[MetricResult], base: str) -> bytes | None:
    """Each paired difference relative to the base arm's value, with the paired and unpaired intervals."""
    rows = [(r, d) for r in results for d in r.differences
            if r.arms[base].value and np.isfinite(d.paired_low) and np.isfinite(d.unpaired_low)]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(7, max(2.6, 0.3 * len(rows) + 1.2)))
    y = np.arange(len(rows))
    for i, (r, d) in enumerate(rows):
        scale = 100.0 / abs(r.arms[base].value)
        ax.plot([d.unpaired_low * scale, d.unpaired_high * scale], [i + 0.15] * 2, color="0.65", linewidth=3)
        ax.plot([d.paired_low * scale, d.paired_high * scale], [i - 0.15] * 2,
                color="tab:red" if d.significant else "tab:blue", linewidth=3)
        ax.plot([d.diff * scale], [i - 0.15], "k|")
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(y, [f"{r.label} ({d.arm})" for r, d in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel(f"difference from {base} (% of {base}'s value)")
    ax.set_title("Paired (coloured; red = significant after Holm) vs unpaired (grey) 95 % intervals")
    ax.title.set_fontsize(9)
    return _png(fig)

"""The report's plots (matplotlib, Agg: no display needed), each returned as PNG bytes.

Integer data get integer bins (width 1, or a whole number of values when the range is wide), bars
show shares in per cent (not densities), differences are in the units of the table beside them
(percentage points for rates), and every label is the report's words (words.py). Figures are saved with
a tight bounding box, so nothing is cut off.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from regola.sim.stats import Estimate, Finding
from regola.sim.words import Words

WIDTH = 7.5  # inches, at 96 dpi: 720 px, the report's column


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
    return buf.getvalue()


def _title(ax: plt.Axes, text: str) -> None:
    ax.set_title("\n".join(textwrap.wrap(text, 70)), fontsize=10)


def figure_png(title: str, draw: Callable[[plt.Axes], None], height: float = 3.4) -> bytes:
    """One axes drawn by ``draw``, titled, as PNG bytes (for plots outside the comparison report)."""
    fig, ax = plt.subplots(figsize=(WIDTH, height))
    draw(ax)
    _title(ax, title)
    return _png(fig)


def integer_edges(low: float, high: float, most_bins: int = 60) -> np.ndarray:
    """Bin edges for whole numbers from ``low`` to ``high``: each bin holds the same count of whole
    numbers (1, or more when the range is wide), centred on them."""
    lo, hi = math.floor(low), math.ceil(high)
    width = max(1, math.ceil((hi - lo + 1) / most_bins))
    return np.arange(lo, hi + width + 1, width) - 0.5


def histogram(counts: dict[str, dict[float, int]], w: Words, xlabel: str, ylabel: str, title: str) -> bytes | None:
    """Each arm's distribution of a whole-number quantity, as the share of its games (or players) per bin."""
    everything = [v for c in counts.values() for v in c]
    if not everything:
        return None
    edges = integer_edges(min(everything), max(everything))
    fig, ax = plt.subplots(figsize=(WIDTH, 3.4))
    for arm, c in counts.items():
        values = np.array(list(c), dtype=float)
        weights = np.array(list(c.values()), dtype=float)
        total = weights.sum()
        shares, _ = np.histogram(values, bins=edges, weights=weights)
        mean = float((values * weights).sum() / total) if total else math.nan
        ax.stairs(100 * shares / total, edges, linewidth=1.6,
                  label=w._("{arm} (mean {mean})").format(arm=arm, mean=w.num(mean)))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _title(ax, title)
    ax.legend(fontsize=8)
    return _png(fig)


def seat_wins(rates: dict[str, list[Estimate]], w: Words, title: str) -> bytes | None:
    """Each arm's win rate per seat with 95 % intervals (in %), and the fair share."""
    if not rates:
        return None
    seats = max(len(v) for v in rates.values())
    fig, ax = plt.subplots(figsize=(WIDTH, 3.2))
    width = 0.8 / len(rates)
    x = np.arange(seats)
    for k, (arm, est) in enumerate(rates.items()):
        vals = np.array([e.value for e in est]) * 100
        err = np.array([[e.value - e.low for e in est], [e.high - e.value for e in est]]) * 100
        # an interval's end may pass its value by a rounding (a rate of 0 with a bound of 1e-17): never below 0
        err = np.clip(np.nan_to_num(err), 0, None)
        ax.bar(x[:len(est)] + k * width - 0.4 + width / 2, vals, width=width, yerr=err, capsize=3,
               label=arm)
    ax.set_xticks(x, [w._("seat {seat}").format(seat=s + 1) for s in range(seats)])
    ax.set_ylabel(w._("games won (%)"))
    _title(ax, title)
    ax.legend(fontsize=8)
    return _png(fig)


def forest(findings: list[Finding], w: Words, xlabel: str, title: str, label_of: dict[int, str]) -> bytes | None:
    """Each difference with its interval (at its family's level): significant ones in red."""
    rows = [f for f in findings if math.isfinite(f.low) and math.isfinite(f.high)]
    if not rows:
        return None
    scale = 100.0 if rows[0].binary else 1.0
    fig, ax = plt.subplots(figsize=(WIDTH, max(1.6, 0.32 * len(rows) + 1.0)))
    for i, f in enumerate(rows):
        colour = "tab:red" if f.significant else "tab:blue"
        ax.plot([f.low * scale, f.high * scale], [i, i], color=colour, linewidth=3, solid_capstyle="butt")
        ax.plot([f.diff * scale], [i], "k|", markersize=10)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [label_of[id(f)] for f in rows], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    _title(ax, title)
    return _png(fig)

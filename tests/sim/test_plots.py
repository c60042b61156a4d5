"""The plots: whole-number data in whole-number bins (no false dips), shares that add up to 100 %, and
nothing cut off at the edges of the image, however long a label or title."""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib import image

from regola.sim import plots
from regola.sim.stats import Estimate, Finding
from regola.sim.words import Words


@settings(max_examples=60, deadline=None, database=None)
@given(low=st.integers(-50, 300), span=st.integers(0, 400))
def test_integer_edges_give_every_bin_the_same_count_of_whole_numbers(low: int, span: int) -> None:
    edges = plots.integer_edges(low, low + span)
    assert np.all(edges % 1 == 0.5)  # every edge between two whole numbers
    widths = np.diff(edges)
    assert len(set(widths)) == 1 and widths[0] >= 1 and widths[0] % 1 == 0
    assert edges[0] < low and edges[-1] > low + span and len(widths) <= 61


def _pixels(png: bytes) -> np.ndarray:
    return image.imread(io.BytesIO(png), format="png")


def _border_is_blank(png: bytes, px: int = 4) -> bool:
    rgb = _pixels(png)[..., :3]
    border = np.concatenate([rgb[:px].reshape(-1, 3), rgb[-px:].reshape(-1, 3), rgb[:, :px].reshape(-1, 3),
                             rgb[:, -px:].reshape(-1, 3)])
    return bool(np.all(border > 0.98))


def test_a_histogram_shows_shares_and_nothing_is_cut_off() -> None:
    w = Words("de")
    counts = {"base": {float(v): int(c) for v, c in zip(range(10, 75), range(1, 66), strict=True)},
              "a-variant-with-a-rather-long-name": {30.0: 50, 45.0: 20, 60.0: 5}}
    png = plots.histogram(counts, w, "Entscheidungen pro Partie", "Partien (%)",
                          "Spieldauer, " + "greedy:temp=0.5," * 6)
    assert png is not None and _border_is_blank(png)


def test_a_forest_plot_with_long_labels_is_drawn_whole() -> None:
    class Fixed:
        method, n, correlation, p, se = "paired t", 100, None, 0.01, 1.0

        def __init__(self, diff: float) -> None:
            self.diff = diff

    rows = []
    for k, diff in enumerate((-0.12, 0.03, 0.2)):
        e = Estimate(100, 0.3, 0.2, 0.4)
        f = Finding(f"win.seat{k}", "greedy:temp=0.5,random,random", "v", "exploratory", True, Fixed(diff), e, e)
        f.low, f.high, f.significant = diff - 0.05, diff + 0.05, k != 1
        rows.append(f)
    labels = {id(f): "win rate of a greedy:temp=0.5,top=3 seat · greedy:temp=0.5,random,random" for f in rows}
    png = plots.forest(rows, Words(), "difference (percentage points)", "A title " * 20, labels)
    assert png is not None and _border_is_blank(png)
    assert _pixels(png).shape[1] > 700  # the long labels widened the image rather than being cut


@pytest.mark.parametrize("lang", ["en", "cs", "fr"])
def test_numbers_are_written_in_the_readers_notation(lang: str) -> None:
    w = Words(lang)
    assert w.pct(0.125).startswith("12" + ("." if lang == "en" else ","))
    assert w.pp(-0.034).startswith("−3")
    assert w.num(1234.6) == {"en": "1,235", "cs": "1\xa0235", "fr": "1\u202f235"}[lang]

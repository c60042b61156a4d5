"""The comparison report: the same numbers as JSON (for programs), Markdown (for reading and
pasting) and a self-contained HTML page with the plots embedded as PNG data URIs."""

from __future__ import annotations

import base64
import html
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from regola.sim import plots, stats
from regola.sim.stats import Difference, Estimate, MetricResult, json_ready

METHOD = (
    "Paired design (common random numbers): every arm plays the same games, with the same seeds and the "
    "same bot at every seat, so a difference is taken game by game. Each arm's value has a 95 % interval "
    "(Wilson for rates, Student t for means); the paired difference has a paired-t 95 % interval and, for "
    "comparison, the unpaired (Welch) interval of the same difference. A difference is significant when its "
    f"Holm-adjusted p-value (over all {{tests}} tests of this report) is below {stats.ALPHA}; intervals are "
    "not adjusted. Where a difference is not significant, the report gives the smallest difference these "
    f"games detect with {stats.POWER:.0%} power, and how many games would detect the difference asked "
    "about (--detect: an absolute share for rates, a share of the base value for means), at the Bonferroni "
    "level alpha / tests, which is never more lenient than Holm."
)


@dataclass
class Report:
    meta: dict[str, Any]
    base: str
    arms: list[str]
    results: list[MetricResult]
    notes: list[str]
    names: dict[str, str] = field(default_factory=dict)  # action kind -> name in the chosen language
    images: dict[str, bytes] = field(default_factory=dict)

    @property
    def tests(self) -> int:
        return sum(1 for r in self.results for d in r.differences if not math.isnan(d.p))

    def label(self, r: MetricResult) -> str:
        if r.group == "actions":
            kind = r.name.split(".", 1)[1]
            return f"'{self.names.get(kind, kind)}' actions per game"
        return r.label

    def to_json(self) -> dict[str, Any]:
        return {"meta": self.meta, "method": METHOD.format(tests=self.tests), "base": self.base, "arms": self.arms,
                "correction": stats.CORRECTION, "alpha": stats.ALPHA, "power": stats.POWER,
                "metrics": [{**r.to_json(), "label": self.label(r)} for r in self.results], "notes": self.notes}


def build(meta: dict[str, Any], games: pd.DataFrame, results: list[MetricResult], notes: list[str],
          base: str, arms: list[str], names: dict[str, str] | None = None, with_plots: bool = True) -> Report:
    report = Report(meta, base, arms, results, notes, names or {})
    if with_plots:
        made = {
            "Score distribution": plots.score_distribution(games, arms),
            "Win rates": plots.seat_wins(results, arms),
            "Action usage": plots.action_usage(results, arms, report.names),
            "Game length": plots.game_length(games, arms),
            "Paired vs unpaired differences": plots.differences(results, base),
        }
        report.images = {k: v for k, v in made.items() if v is not None}
    return report


# -- formatting ----------------------------------------------------------------------------------------
def _num(x: float | None, rate: bool, signed: bool = False) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    sign = "+" if signed else ""
    if rate:  # a difference of two rates is in percentage points
        return f"{100 * x:{sign}.1f} pp" if signed else f"{100 * x:.1f} %"
    return f"{x:{sign}.3g}" if abs(x) < 100 else f"{x:{sign}.0f}"


def _est(e: Estimate, rate: bool) -> str:
    return f"{_num(e.value, rate)} [{_num(e.low, rate)}, {_num(e.high, rate)}]"


def _interval(low: float, high: float, rate: bool) -> str:
    return f"[{_num(low, rate, True)}, {_num(high, rate, True)}]"


def _p(p: float) -> str:
    return "–" if math.isnan(p) else ("< 0.0001" if p < 1e-4 else f"{p:.4f}")


def _power(d: Difference, rate: bool) -> str:
    if d.significant:
        return "significant"
    parts = []
    if d.detectable is not None:
        parts.append(f"detects {_num(d.detectable, rate, True).replace('+', '±')}")
    if d.target is not None:
        target = _num(d.target, rate, True).replace("+", "±")
        if d.detectable is not None and d.detectable <= d.target:
            parts.append(f"enough for {target}")
        elif d.games_needed is not None:
            parts.append(f"{d.games_needed:,} games for {target}")
    return "; ".join(parts) or "the same in every pair of games"


def _rows(report: Report, arm: str) -> list[list[str]]:
    out = []
    for r in report.results:
        d = next(x for x in r.differences if x.arm == arm)
        rate = r.group == "wins" or (r.binary and r.group == "game")  # shown in % (an action count is not)
        out.append([report.label(r), _est(r.arms[report.base], rate), _est(r.arms[arm], rate),
                    f"{_num(d.diff, rate, True)} {_interval(d.paired_low, d.paired_high, rate)}",
                    _interval(d.unpaired_low, d.unpaired_high, rate), _p(d.p_adjusted),
                    "**yes**" if d.significant else "no", _power(d, rate)])
    return out


HEADERS = ["metric", "{base}", "{arm}", "paired difference [95 % CI]", "unpaired 95 % CI", "p (Holm)",
           "significant", "power"]


def _reproduce(meta: dict[str, Any]) -> list[str]:
    lines = [f"- pack **{meta['pack']}**; arms:"]
    for a in meta["arms"]:
        lines.append(f"  - **{a['name']}**: variants {', '.join(a['variants']) or 'none'}; content hash "
                     f"`{a['content_hash']}`")
    lines.append(f"- {meta['games']} games per arm; players {meta['players']}; setup {meta['setup']}; bots "
                 f"{', '.join(meta['bots'])} (rotated over the seats); root seed {meta['seed']}; game K plays "
                 "from the seed derived from (root seed, K)")
    if not meta.get("balanced", True):
        lines.append("- the number of games is not a multiple of the players: seats are not perfectly balanced")
    lines.append(f"- reproduce: `{meta['command']}`")
    return lines


def markdown(report: Report) -> str:
    meta = report.meta
    lines = [f"# regola compare: {', '.join(report.arms)}", "", "## What was played", "", *_reproduce(meta), "",
             "## Method", "", METHOD.format(tests=report.tests), ""]
    for arm in report.arms:
        if arm == report.base:
            continue
        lines += [f"## {arm} against {report.base}", ""]
        heads = [h.format(base=report.base, arm=arm) for h in HEADERS]
        lines.append("| " + " | ".join(heads) + " |")
        lines.append("|" + "---|" * len(heads))
        lines += ["| " + " | ".join(row) + " |" for row in _rows(report, arm)]
        significant = [report.label(r) for r in report.results for d in r.differences
                       if d.arm == arm and d.significant]
        lines += ["", f"Significant after Holm: {', '.join(significant) if significant else 'nothing'}.", ""]
    if report.notes:
        lines += ["## Not compared", "", *(f"- {n}" for n in report.notes), ""]
    return "\n".join(lines)


CSS = """body{font:15px/1.45 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;font-size:13px;margin:1em 0}th,td{border:1px solid #ccc;padding:3px 6px;
text-align:right}td:first-child,th:first-child{text-align:left}tr.sig{background:#fff3e0}
figure{margin:1.5em 0}img{max-width:100%;border:1px solid #eee}code{background:#f4f4f4;padding:0 3px}"""


def html_page(report: Report) -> str:
    e = html.escape
    meta = report.meta
    parts = [f"<!doctype html><html lang=en><head><meta charset=utf-8><title>regola compare: "
             f"{e(', '.join(report.arms))}</title><style>{CSS}</style></head><body>",
             f"<h1>regola compare: {e(', '.join(report.arms))}</h1><h2>What was played</h2><ul>"]
    for a in meta["arms"]:
        parts.append(f"<li><b>{e(a['name'])}</b>: variants {e(', '.join(a['variants']) or 'none')}; content hash "
                     f"<code>{e(a['content_hash'])}</code></li>")
    parts.append(f"<li>pack {e(meta['pack'])}; {meta['games']} games per arm; players {e(str(meta['players']))}; "
                 f"setup {e(meta['setup'])}; bots {e(', '.join(meta['bots']))}; root seed {meta['seed']}</li>"
                 f"<li>reproduce: <code>{e(meta['command'])}</code></li></ul>")
    parts.append(f"<h2>Method</h2><p>{e(METHOD.format(tests=report.tests))}</p>")
    for arm in report.arms:
        if arm == report.base:
            continue
        parts.append(f"<h2>{e(arm)} against {e(report.base)}</h2><table><tr>")
        parts += [f"<th>{e(h.format(base=report.base, arm=arm))}</th>" for h in HEADERS]
        parts.append("</tr>")
        for row in _rows(report, arm):
            sig = row[6] != "no"
            cells = "".join(f"<td>{e(c.replace('**', ''))}</td>" for c in row)
            parts.append(f"<tr{' class=sig' if sig else ''}>{cells}</tr>")
        parts.append("</table>")
    parts.append("<h2>Plots</h2>")
    for title, png in report.images.items():
        data = base64.b64encode(png).decode("ascii")
        parts.append(f"<figure><img alt=\"{e(title)}\" src=\"data:image/png;base64,{data}\">"
                     f"<figcaption>{e(title)}</figcaption></figure>")
    if report.notes:
        parts.append("<h2>Not compared</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in report.notes) + "</ul>")
    parts.append("</body></html>")
    return "".join(parts)


def write(report: Report, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = {"report.json": json.dumps(json_ready(report.to_json()), indent=1, ensure_ascii=False, allow_nan=False,
                                       default=str) + "\n",
             "report.md": markdown(report) + "\n", "report.html": html_page(report)}
    out = []
    for name, text in files.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        out.append(path)
    return out

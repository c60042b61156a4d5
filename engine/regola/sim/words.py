"""Every word of the comparison report, through gettext (domain ``report``, English msgids; catalogs in
``regola/i18n/locale/<lang>/LC_MESSAGES/report.po``), and its numbers in the reader's notation (Babel).

After changing a word here or in verdict.py, report.py or plots.py: ``python tools/i18n.py update
--domain report``, then translate what it marks new or fuzzy (docs/SIMULATE.md, "Translating the report").
"""

from __future__ import annotations

import math
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

from regola.i18n import N_, translator
from regola.sim.metrics import Metric
from regola.sim.planning import CONSTANT, NO_TARGET, TOO_FEW, UNREACHABLE

#: the names of the primary questions, translated when shown
QUESTIONS = {
    "seat_balance": N_("Seat balance"),
    "length": N_("Game length"),
    "margin": N_("Winner's margin"),
    "tie_break": N_("Tie-breaks"),
}


class Words:
    """The report's words and numbers in one language (English when there is no catalog)."""

    def __init__(self, lang: str | None = None, action_names: dict[str, str] | None = None) -> None:
        self.lang = (lang or "en").replace("-", "_")
        t = translator(self.lang, "report")
        # gettext's own names (and ``_``), so Babel's extraction finds every message (tools/i18n.py)
        self._ = t.gettext
        self.ngettext = t.ngettext
        self.pgettext = t.pgettext
        try:
            self.locale = Locale.parse(self.lang)
        except (UnknownLocaleError, ValueError):
            self.locale = Locale.parse("en")
        self.action_names = action_names or {}

    # -- numbers ------------------------------------------------------------------------------------------
    def num(self, x: float | None, signed: bool = False, digits: int = 3) -> str:
        """A number to ``digits`` significant digits (whole numbers past 100), in the reader's notation."""
        if x is None or (isinstance(x, float) and not math.isfinite(x)):
            return "–"
        if x == 0:
            text = "0"
        else:
            scale = max(0, digits - 1 - math.floor(math.log10(abs(x))))
            pattern = "#,##0" + ("." + "#" * scale if scale else "")
            text = format_decimal(round(x, scale), format=pattern, locale=self.locale)
        if signed and x > 0:
            text = "+" + text
        return text.replace("-", "−")

    def pct(self, x: float | None) -> str:
        """A rate in per cent: 12.5 %."""
        if x is None or not math.isfinite(x):
            return "–"
        return format_decimal(round(100 * x, 1), format="0.0", locale=self.locale) + "\u00a0%"

    def pp(self, x: float | None, signed: bool = True) -> str:
        """A difference of rates in percentage points: +3.4 pp."""
        if x is None or not math.isfinite(x):
            return "–"
        text = format_decimal(round(100 * x, 1), format="0.0", locale=self.locale)
        if signed and round(100 * x, 1) > 0:
            text = "+" + text
        return text.replace("-", "−") + "\u00a0" + self.pgettext("unit", "pp")

    def value(self, x: float | None, rate: bool, signed: bool = False) -> str:
        """A value as its table shows it: a rate in %, a difference of rates in pp, else a number."""
        if rate:
            return self.pp(x, signed) if signed else self.pct(x)
        return self.num(x, signed)

    def interval(self, low: float | None, high: float | None, rate: bool) -> str:
        return f"[{self.value(low, rate, True)}, {self.value(high, rate, True)}]"

    def p(self, p: float) -> str:
        if p is None or not math.isfinite(p):
            return "–"
        return "< " + self.num(0.0001) if p < 1e-4 else format_decimal(round(p, 4), format="0.0000", locale=self.locale)

    def games(self, n: int) -> str:
        return self.ngettext("{n} game", "{n} games", n).format(n=self.num(n, digits=12))

    def finished(self, games: int, arms: int, lineups: int, played: int, seconds: float, files: list[str]) -> str:
        """compare's last line at the terminal: what was played, how long it took, where the report is."""
        return self._("{games} per arm; arms: {arms}; lineups: {lineups}; played now: {played} in {seconds} s. "
                      "Report: {files}").format(games=self.games(games), arms=self.num(arms),
                                                lineups=self.num(lineups), played=self.num(played, digits=12),
                                                seconds=format_decimal(round(seconds, 1), format="0.0",
                                                                       locale=self.locale),
                                                files=", ".join(files))

    def plan(self, pilot: int, detect: float, rows: list[Any], needed: int | None, where: str) -> str:
        """compare --plan at the terminal: the games each primary question needs (or why it has no plan), the
        seat shares a seat plan was made for, and the plan."""
        _ = self._
        lines = [_("Pilot: {games} per arm and lineup. Games per arm and lineup to detect a change of {rate} (rates "
                   "and the seat advantage) or {share} of the base value (numbers) with {power} probability at "
                   "the verdict's level:").format(games=self.games(pilot), rate=self.pp(detect, False),
                                                  share=self.pct(detect), power=self.pct(0.8))]
        for f in rows:
            need = f.need
            count = self.games(f.games_needed) if f.games_needed is not None else self.no_plan(need)
            lines.append(f"  {self.question(f.name)} ({f.arm}, {f.lineup}): {count}")
            for table in (need.assumed.get("shares", []) if need is not None else []):
                lines.append("    " + _("planned for {players} players: {seats}").format(
                    players=table["players"], seats=", ".join(
                        _("seat {seat} {base} → {variant}").format(seat=i + 1, base=self.pct(b), variant=self.pct(v))
                        for i, (b, v) in enumerate(zip(table["base"], table["variant"], strict=True)))))
        if needed is None:
            lines.append(_("No plan: a question above has none, for the reason given beside it."))
        else:
            lines.append(_("Plan: --games {n}, recorded in {file}. Run the same command with --games {n} instead "
                           "of --plan: the pilot's games are its first.").format(n=needed, file=where))
        return "\n".join(lines)

    # -- tune at the terminal ----------------------------------------------------------------------------
    def goal_figure(self, value: float | None, seats: bool) -> str:
        """A tuned figure: the seat advantage in pp, or how far from the target in per cent."""
        if seats:
            return self.pp(value, False)
        return self._("{share} off the target").format(share=self.pct(value))

    def goal_axis(self, seats: bool) -> str:
        """The axis of tune's history plot."""
        return self._("seat advantage (pp)") if seats else self._("distance from the target (%)")

    def tuned(self, out: str, changes: int, confirmed: bool, figures: list[tuple[str, str]], verdict: str,
              plot: str) -> str:
        """tune's last line: the variant written, its figures per lineup, the verdict and the plot."""
        said = "; ".join(f"{lineup} {figure}" for lineup, figure in figures)
        where = (self._("confirmed on fresh seeds: {figures}") if confirmed
                 else self._("on the search's seeds: {figures}")).format(figures=said)
        return self.ngettext("regola tune: {out} ({n} change); {where}; {verdict}. Plot: {plot}",
                             "regola tune: {out} ({n} changes); {where}; {verdict}. Plot: {plot}",
                             changes).format(out=out, n=self.num(changes), where=where, verdict=verdict, plot=plot)

    def tuned_nothing(self, candidates: int, figure: str) -> str:
        return self.ngettext("regola tune: the pack's own values were the best of {n} candidate ({figure}); no "
                             "variant written", "regola tune: the pack's own values were the best of {n} candidates "
                             "({figure}); no variant written", candidates).format(n=self.num(candidates),
                                                                                figure=figure)

    def goal_verdict(self, kind: str, limit: str = "", games: int = 0, more: int | None = None) -> str:
        """Whether a tuned goal is met: ``met``/``not_met`` on the search's seeds (a point estimate);
        ``shown`` (every confirmed interval within the goal), ``above`` (a confirmed figure past it) or
        ``unshown`` (an interval reaches past it at ``games``; ``more`` games per arm would show it)."""
        _ = self._
        if kind == "met":
            return _("goal met on the search's seeds (a point estimate)")
        if kind == "not_met":
            return _("goal not met on the search's seeds (a point estimate)")
        if kind == "shown":
            return _("goal met: every lineup's 95 % interval lies below {limit}").format(limit=limit)
        if kind == "above":
            return _("goal not met: above {limit} on fresh seeds").format(limit=limit)
        said = _("goal not shown at {games}: an interval reaches above {limit}").format(
            games=self.games(games), limit=limit)
        if more is not None:
            said += "; " + _("about {games} per arm would show it").format(games=self.games(more))
        return said

    def resume_hint(self, stop: str) -> str:
        return self._("regola: {stop}; run the same command again to resume the search").format(stop=stop)

    def no_plan(self, need: Any) -> str:
        """Why a question has no plan, in words."""
        _ = self._
        why = need.why_not if need is not None else None
        if why == NO_TARGET:
            return _("no plan: the change is asked relative to the base value, and that is 0")
        if why == CONSTANT:
            return _("no plan: the measure was the same in every pilot game of both rules")
        if why == UNREACHABLE:
            return _("no plan: no table of seat win shares raises the seat advantage by {size}").format(
                size=self.pp(need.assumed.get("target"), False))
        if why == TOO_FEW:
            return _("no plan: the pilot has fewer than two games")
        return _("more than {games}; ask about a larger change (--detect)").format(games=self.games(1_000_000))

    # -- names --------------------------------------------------------------------------------------------
    def question(self, qid: str) -> str:
        return self._(QUESTIONS[qid]) if qid in QUESTIONS else qid

    def metric(self, m: Metric) -> str:
        """What a metric is, in words."""
        _ = self._
        p = m.params
        if m.group == "wins":
            return _("win rate of seat {seat}").format(seat=int(p["seat"]) + 1)  # counted from 1
        if m.group == "bots":
            return _("win rate of a {bot} seat").format(bot=p["bot"])
        if m.name == "score.mean":
            return _("mean score per player")
        if m.name == "score.margin":
            return _("winner's margin over the runner-up")
        if m.name == "length.decisions":
            return _("decisions per game")
        if m.group == "player":
            return _("{what} per player").format(what=self.column(p["column"]))
        if m.group == "game" and m.binary:
            return _("share of games with {what}").format(what=self.column(p["column"]))
        if m.group == "game":
            return self.column(p["column"])
        if m.group == "actions":
            kind = p["kind"]
            if p.get("larger"):
                return _("'{kind}' actions per game larger than the least offered").format(
                    kind=self.action_names.get(kind, kind))
            return _("'{kind}' actions per game").format(kind=self.action_names.get(kind, kind))
        return m.name

    def column(self, name: str) -> str:
        """A number of a game's metrics hook; the ones Maestro Leonardo gives have words of their own (money
        without a currency: each game names its own in its rule catalog)."""
        known = {"rounds": N_("rounds"), "tie_break": N_("tie-break"), "money": N_("money"),
                 "end_bonus": N_("end bonus"), "inventions": N_("inventions"), "completed": N_("completed inventions"),
                 "earned": N_("money earned"), "spent": N_("money spent")}
        return self._(known[name]) if name in known else name.replace("_", " ")

    def test(self, method: str) -> str:
        names = {"paired t": N_("paired t"), "Tango score": N_("Tango score"),
                 "paired bootstrap": N_("paired bootstrap")}
        return self._(names[method]) if method in names else method

    def list(self, items: list[str]) -> str:
        from babel.lists import format_list

        return format_list(items, locale=self.locale) if items else ""

"""The comparison report: the verdict first, in plain words, then the tables and plots for those who want
them. One document model (headings, paragraphs, lists, tables, figures) rendered as Markdown and as a
self-contained HTML page (plots embedded as PNG data URIs), and the same numbers as JSON for programs.
Every word goes through gettext (words.py)."""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.core.game import definition_for
from regola.mechanics.moves import MOVE_RULE
from regola.sim import plots
from regola.sim.metrics import LARGER
from regola.sim.moves import usage
from regola.sim.report_style import CSS
from regola.sim.stats import ALPHA, FDR, POWER, PRIMARY, Finding, json_ready
from regola.sim.study import Analysis, LineupResult
from regola.sim.verdict import Verdict, seat_advice, shown, verdicts
from regola.sim.words import Words

Block = tuple[Any, ...]


@dataclass
class Report:
    title: str
    lang: str
    blocks: list[Block] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)

    def h(self, level: int, text: str, anchor: str | None = None) -> None:
        self.blocks.append(("h", level, text, anchor))

    def p(self, text: str, cls: str | None = None) -> None:
        self.blocks.append(("p", text, cls))

    def ul(self, items: list[Any]) -> None:
        self.blocks.append(("ul", items))

    def table(self, headers: list[str], rows: list[list[str]], marked: list[bool] | None = None) -> None:
        self.blocks.append(("table", headers, rows, marked or [False] * len(rows)))

    def figure(self, title: str, png: bytes | None) -> None:
        if png is not None:
            self.blocks.append(("figure", title, png))

    def code(self, text: str) -> None:
        self.blocks.append(("code", text))


@dataclass
class Context:
    """What the report needs besides the analysis: words, rule changes, the plan and its history."""

    words: Words
    changes: dict[str, list[tuple[str, str, str, str | None]]]  # variant → (rule id, title, text now, before)
    titles: dict[str, str]  # variant → its title
    command: str
    planned: int | None  # games planned when the run began
    earlier_reports: list[dict[str, Any]]  # reports written from these results before this one
    with_plots: bool = True
    #: variant → {"added": verbs of new kinds of move, "changed": verbs whose values changed} (sim.moves)
    moves: dict[str, dict[str, list[str]]] = field(default_factory=dict)


def build(a: Analysis, ctx: Context) -> Report:
    w = ctx.words
    _ = w._
    study = a.study
    names = [v.name for v in study.variants]
    report = Report(_("regola compare: {variants}").format(variants=", ".join(names)), w.lang)
    report.h(1, report.title)
    _notice(report, a, ctx)
    family = {v: len(a.questions) * sum(1 for r in a.lineups if v not in r.identical) for v in a.findings}
    all_verdicts: dict[str, list[Verdict]] = {}

    # -- the verdict ---------------------------------------------------------------------------------------
    report.h(2, _("Verdict"), "verdict")
    lineups = [lu.spec for lu in study.lineups]
    report.p(w.ngettext("Each variant was played against the base rules on the same {games}, with the bots "
                        "{lineups}.", "Each variant was played against the base rules on the same {games} per "
                        "lineup, under {n} bot lineups: {lineups}.", len(lineups))
             .format(games=w.games(study.games), n=len(lineups), lineups=w.list(lineups)))
    for variant in study.variants:
        name = variant.name
        report.h(3, f"{name}: {ctx.titles.get(name, name)}", f"variant-{name}")
        _changes(report, w, ctx.changes.get(name, []))
        _met(report, a, w, name, ctx.changes.get(name, []))
        if name in a.same_rules:
            other = a.same_rules[name]
            report.p(_("Its rules are exactly the base rules (the same content hash): it changes nothing, so "
                       "nothing was played or tested.") if other == study.base.name else
                     _("Its rules are exactly those of {other} (the same content hash): see there; it was not "
                       "played twice.").format(other=other), "note")
            continue
        identical = [r.lineup.spec for r in a.lineups if name in r.identical]
        if len(identical) == len(a.lineups):
            report.p(_("Under every lineup, every game came out exactly as under the base rules: these bots never "
                       "use what the variant changes, so there is nothing to test. To learn about this rule, play "
                       "it with bots that use it (for example random ones)."), "note")
            continue
        if identical:
            report.p(_("With {lineups}, every game came out exactly as under the base rules (these bots never use "
                       "what the variant changes): the verdict rests on the other lineups.")
                     .format(lineups=w.list(identical)), "note")
        _moves(report, a, w, name, ctx.moves.get(name, {}))
        found = a.findings.get(name, [])
        vs = verdicts(w, name, [q.id for q in a.questions], found, family.get(name, 1))
        all_verdicts[name] = vs
        for v in vs:
            head = f"**{w.question(v.question)}.**"
            if len(v.sentences) == 1:
                report.p(f"{head} {v.sentences[0][1]}")
            else:
                report.p(f"{head} {v.summary}")
                report.ul([f"{lineup}: {text}" for lineup, text in v.sentences])
        extra = [f for f in found if f.family != PRIMARY and f.significant]
        if extra:
            labels = sorted({_label(a, w, f) for f in extra})
            report.p(_("Also changed (exploratory, at most {fdr} of such findings expected to be false): {what}.")
                     .format(fdr=w.pct(FDR), what=w.list(labels)))
    # -- the seat effect of the base game ------------------------------------------------------------------
    report.h(2, _("Seat balance of each arm"), "seats")
    report.p(_("How often each seat wins, per lineup and arm (a tie counts as a win for each tied seat). The seat "
               "advantage is the root-mean-square distance of the seats' shares of the wins (a tie shared among "
               "the tied seats) from their fair shares (0 pp: every seat wins its share), corrected for the chance "
               "of a finite number of games, with a 95 % bootstrap interval; beside it, a joint test that every "
               "seat wins equally often (games won by one seat)."))
    for r in a.lineups:
        seats = max((len(s.rates) for s in r.seats.values()), default=0)
        headers = [_("lineup"), _("arm"), *[_("seat {seat}").format(seat=s + 1) for s in range(seats)],
                   _("seat advantage [95 % CI]"), _("equal seats? (p)")]
        rows = []
        for arm, s in r.seats.items():
            rows.append([r.lineup.spec, _arm(w, study, arm), *[w.pct(x) for x in s.rates],
                         f"{w.pp(s.rms, False)} [{w.pp(s.low, False)}, {w.pp(s.high, False)}]",
                         (_("no") if s.p_equal < ALPHA else _("not rejected")) + f" ({w.p(s.p_equal)})"])
        report.table(headers, rows)
    advice = [seat_advice(w, r.lineup.spec, r.seats[study.base.name]) for r in a.lineups
              if study.base.name in r.seats]
    if any(advice):
        report.ul([text for text in advice if text])
    # -- what was played -----------------------------------------------------------------------------------
    report.h(2, _("What was played"), "played")
    items = [_("pack {pack}; base: {variants}").format(pack=study.base.pack.id,
                                                      variants=", ".join(study.base.variants) or _("no variant"))]
    for played in study.variants:
        items.append(_("{name}: content hash {hash}").format(name=played.name, hash=played.content_hash))
    items.append(_("{games} per arm and lineup, planned before the run; players {players}; setup {setup}; root "
                   "seed {seed}; game K plays from a seed derived from (root seed, K), with the bots rotated over "
                   "the seats").format(games=w.games(study.games), players=", ".join(map(str, study.players)),
                                       setup=study.setup, seed=study.seed))
    report.ul(items)
    report.p(_("To play it again:"))
    report.code(ctx.command)
    # -- tables --------------------------------------------------------------------------------------------
    report.h(2, _("Primary questions"), "primary")
    report.p(_("Family-wise error rate {alpha} per variant over every primary question and lineup (Bonferroni): "
               "each interval is at the level of its test, so it excludes 0 exactly when the row says "
               "\"changed\".").format(alpha=w.pct(ALPHA)))
    for name in a.tested():
        report.h(3, name)
        _findings_table(report, a, w, [f for f in a.findings[name] if f.family == PRIMARY])
    report.h(2, _("Exploratory metrics"), "exploratory")
    report.p(_("Everything else that was measured, for finding ideas rather than for conclusions: false "
               "discovery rate {fdr} per variant (Benjamini-Hochberg), intervals at the false-coverage-adjusted "
               "level (Benjamini-Yekutieli).").format(fdr=w.pct(FDR)))
    for name in a.tested():
        report.h(3, name)
        _findings_table(report, a, w, [f for f in a.findings[name] if f.family != PRIMARY])
    # -- plots ---------------------------------------------------------------------------------------------
    if ctx.with_plots:
        _plots(report, a, w)
    # -- method and notes ----------------------------------------------------------------------------------
    report.h(2, _("Method"), "method")
    report.p(_("Paired design (common random numbers): every arm plays the same games, with the same seeds, the "
               "same deals and the same bot at every seat; the bots draw their random numbers by the moment of "
               "the game, so a rule that changes one phase leaves the others' draws alone. A difference is taken "
               "game by game. Numbers are tested with the paired t-test, outcomes that happen or not with Tango's "
               "paired score interval, the seat advantage with a paired bootstrap. Each arm's own value "
               "has a 95 % interval (Wilson for rates, Student t for means). \"Power\" is the smallest difference "
               "these games detect with {power} probability at the level of the row (worked out exactly for "
               "outcomes that happen or not, by the normal formula otherwise).").format(power=w.pct(POWER)))
    notes = []
    for r in a.lineups:
        for kind, params in r.notes:
            m = params["metric"]
            if kind == "constant":
                notes.append(_("{lineup}: {metric} is {value} in every game of every arm").format(
                    lineup=r.lineup.spec, metric=w.metric(m), value=w.value(params["value"], m.binary)))
            else:
                notes.append(_("{lineup}: {metric} has the same numbers as {twin}").format(
                    lineup=r.lineup.spec, metric=w.metric(m), twin=w.metric(params["twin"])))
    if notes:
        report.h(2, _("Not compared"), "not-compared")
        report.ul(notes)
    report.data = _data(a, w, ctx, all_verdicts)
    return report


def _moves(report: Report, a: Analysis, w: Words, name: str, moves: dict[str, list[str]]) -> None:
    """The moves the variant adds or changes, how often each lineup made them, and a warning for a lineup
    that never made a move the variant adds: its verdict is about the old game (regola.sim.moves)."""
    added, changed = moves.get("added", []), moves.get("changed", [])
    verbs = added + changed
    if not verbs:
        return
    _ = w._
    shown = {verb: w.action_names.get(verb, verb) for verb in verbs}
    sized = _sized(a, verbs)  # how many of a sized verb's moves were larger than the least offered
    columns = [*((verb, verb) for verb in verbs), *((verb, verb + LARGER) for verb in sized)]
    heads = [shown[verb] for verb in verbs] + [_("{move}, larger than the least offered").format(move=shown[verb])
                                               for verb in sized]
    rows = [[r.lineup.spec, *(w.num(usage(r, name, kind)) for _verb, kind in columns)] for r in a.lineups]
    if added:
        report.p(_("Moves this variant adds: {moves}.").format(moves=w.list([shown[v] for v in added])))
    if changed:
        report.p(_("Moves it changes: {moves}.").format(moves=w.list([shown[v] for v in changed])))
    report.p(_("Made per game, on average:"))
    report.table([_("lineup"), *heads], rows)
    for r in a.lineups:
        never = [shown[verb] for verb in added if usage(r, name, verb) == 0]
        if never:
            report.p(_("With {lineup} the bots never made {moves}: this lineup does not use what the variant adds, "
                       "so its verdict is about the old game.").format(lineup=r.lineup.spec, moves=w.list(never)),
                     "note")


def _sized(a: Analysis, verbs: list[str]) -> list[str]:
    """The verbs of ``verbs`` with a size (``Verb.size``: a bid, a raise, how many people)."""
    declared = definition_for(a.study.base.pack.game).verbs
    return [verb for verb in verbs if declared is not None and verb in declared.sizes]


def _notice(report: Report, a: Analysis, ctx: Context) -> None:
    _ = ctx.words._
    earlier = [r for r in ctx.earlier_reports if r.get("games", 0) < a.study.games]
    if earlier:
        last = earlier[-1]
        report.p(_("Caution: a report of these results was already written with {before} per arm ({when}); this "
                   "one adds games to it. Looking at a result and then adding games makes a false \"changed\" "
                   "more likely than the stated error rates: read these verdicts as exploratory, or plan the "
                   "number of games before the run.").format(before=ctx.words.games(int(last.get("games", 0))),
                                                             when=last.get("written", "?")), "warning")
    elif ctx.planned is not None and ctx.planned != a.study.games:
        report.p(_("Caution: the run was planned with {planned} per arm; this report reads {now}.")
                 .format(planned=ctx.words.games(ctx.planned), now=ctx.words.games(a.study.games)), "warning")


def _changes(report: Report, w: Words, changes: list[tuple[str, str, str, str | None]]) -> None:
    _ = w._
    if not changes:
        return
    items = []
    for _rule, title, now, before in changes:
        if before is None:
            items.append(_("{rule} (new): {now}").format(rule=title, now=now))
        else:
            items.append(_("{rule}: {now} (before: {before})").format(rule=title, now=now, before=before))
    report.p(_("What it changes:"))
    report.ul(items)


def _arm(w: Words, study: Any, name: str) -> str:
    """An arm as a reader calls it: the base rules in the report's language, a variant by its id."""
    return w._("base") if name == study.base.name else name


def met(result: LineupResult, arm: str, rule: str, phases: set[str],
        cited: Mapping[str, tuple[str, ...]] | None = None) -> float | None:
    """How often a lineup met a rule under ``arm``: the moves per game of the verbs that carry it out (a
    declared verb, ``mechanics.moves.<verb>``, or a game's verb whose record cites the rule: ``cited``,
    rule -> verbs, from :func:`citing`); else the decisions per game taken in the flow state its id names
    first (``round_end.refill``: none; 0 where this lineup took none there but another did); None for a
    rule no decision of any lineup meets (a score, a setup) or results played before the flow states were
    counted. ``phases``: every flow state any lineup took a decision in."""
    if rule.startswith(MOVE_RULE):
        return usage(result, arm, rule.removeprefix(MOVE_RULE))
    verbs = (cited or {}).get(rule)
    if verbs:
        return sum(usage(result, arm, verb) for verb in verbs)
    phase = rule.split(".", 1)[0]
    return result.phases.get(arm, {}).get(phase, 0.0) if phase in phases else None


def citing(game: str) -> dict[str, tuple[str, ...]]:
    """Rule id -> the game's verbs whose record cites it (regola.core.verbs): the moves that meet it."""
    verbs = definition_for(game).verbs
    out: dict[str, tuple[str, ...]] = {}
    for verb in verbs or ():
        out[verb.cites] = (*out.get(verb.cites, ()), verb.name)
    return out


def decided_in(a: Analysis) -> set[str]:
    """Every flow state a decision was taken in, by any lineup under any arm."""
    return {phase for r in a.lineups for counts in r.phases.values() for phase in counts}


def _met(report: Report, a: Analysis, w: Words, name: str, changes: list[tuple[str, str, str, str | None]]) -> None:
    """How often each lineup met each rule the variant changes (``met``): a rule nobody meets cannot move
    the verdict, and a form that reuses a verb (``bid``) shows here where no new move does."""
    _ = w._
    phases, cited = decided_in(a), citing(a.study.base.pack.game)
    rows = [[title, *("—" if (n := met(r, name, rule, phases, cited)) is None else w.num(n) for r in a.lineups)]
            for rule, title, _now, _before in changes]
    if not any(cell != "—" for row in rows for cell in row[1:]):
        return
    report.p(_("How often each lineup met each rule it changes, on average per game: the moves that carry the "
               "rule out, else the decisions taken in its phase (—: no decision is taken there)."))
    report.table([_("rule"), *(r.lineup.spec for r in a.lineups)], rows)


def _label(a: Analysis, w: Words, f: Finding) -> str:
    if f.family == PRIMARY:
        return w.question(f.name)
    for r in a.lineups:
        for m in r.metrics:
            if m.name == f.extra.get("metric"):
                return w.metric(m)
    return f.name


def _findings_table(report: Report, a: Analysis, w: Words, found: list[Finding]) -> None:
    _ = w._
    headers = [_("metric"), _("lineup"), _("base"), _("variant"), _("difference [interval]"), _("level"),
               _("unpaired interval"), _("pairing r"), _("test"), _("p (adjusted)"), _("changed"), _("power")]
    rows, marked = [], []
    for f in found:
        rate = f.binary
        unpaired = ("–" if f.unpaired_low is None else w.interval(f.unpaired_low, f.unpaired_high, rate))
        power = "–"
        if f.detectable is not None:
            power = _("detects {size}").format(size=w.value(f.detectable, rate, True).replace("+", "±"))
            if f.target and f.games_needed and f.detectable > f.target:
                power += "; " + _("{games} for {size}").format(games=w.games(f.games_needed),
                                                                size=w.value(f.target, rate, True).replace("+", "±"))
        rows.append([_label(a, w, f), f.lineup, shown(w, f, f.base.value), shown(w, f, f.value.value),
                     f"{w.value(f.diff, rate, True)} {w.interval(f.low, f.high, rate)}",
                     w.pct(f.level), unpaired,
                     "–" if f.test.correlation is None else w.num(f.test.correlation, digits=2),
                     w.test(f.test.method), w.p(f.p_adjusted), _("yes") if f.significant else _("no"), power])
        marked.append(f.significant)
    report.table(headers, rows, marked)


def _plots(report: Report, a: Analysis, w: Words) -> None:
    _ = w._
    report.h(2, _("Plots"), "plots")
    base = _arm(w, a.study, a.study.base.name)
    for name in a.tested():
        found = a.findings[name]
        for q in a.questions:
            rows = [f for f in found if f.name == q.id and f.family == PRIMARY]
            labels = {id(f): f.lineup for f in rows}
            unit = _("difference (percentage points)") if rows and rows[0].binary else _("difference")
            title = _("{question}: {variant} against {base}, intervals at the family level (red: changed)").format(
                question=w.question(q.id), variant=name, base=base)
            report.figure(title, plots.forest(rows, w, unit, title, labels))
        rates = [f for f in found if f.family != PRIMARY and f.binary]
        if rates:
            title = _("Rates (exploratory): {variant} against {base}").format(variant=name, base=base)
            labels = {id(f): f"{_label(a, w, f)} · {f.lineup}" for f in rates}
            report.figure(title, plots.forest(rates, w, _("difference (percentage points)"), title, labels))
        acts = [f for f in found if f.family != PRIMARY and f.name.startswith("actions.")]
        if acts:
            title = _("Actions per game (exploratory): {variant} against {base}").format(variant=name, base=base)
            labels = {id(f): f"{_label(a, w, f)} · {f.lineup}" for f in acts}
            report.figure(title, plots.forest(acts, w, _("difference (actions per game)"), title, labels))
    for r in a.lineups:
        won: dict[str, list[Any]] = {}
        for arm in r.seats:
            est = [r.estimates[m.name][arm] for m in r.metrics if m.group == "wins" and arm in r.estimates[m.name]]
            if est:
                won[_arm(w, a.study, arm)] = est
        title = _("Games won per seat with 95 % intervals, {lineup}").format(lineup=r.lineup.spec)
        report.figure(title, plots.seat_wins(won, w, title))
        if "score" in r.histograms:
            title = _("Final score of every player, {lineup}").format(lineup=r.lineup.spec)
            report.figure(title, plots.histogram(r.histograms["score"], w, _("final score"), _("players (%)"), title))
        title = _("Game length, {lineup}").format(lineup=r.lineup.spec)
        report.figure(title, plots.histogram(r.histograms["length"], w, _("decisions per game"), _("games (%)"), title))


def _data(a: Analysis, w: Words, ctx: Context, all_verdicts: dict[str, list[Verdict]]) -> dict[str, Any]:
    study = a.study
    phases, cited = decided_in(a), citing(study.base.pack.game)
    return {
        "format": "regola-compare-report", "version": 2, "language": w.lang,
        "plan": {**study.plan(), "games": study.games, "planned_games": ctx.planned, "command": ctx.command},
        "earlier_reports": ctx.earlier_reports,
        "alpha": ALPHA, "fdr": FDR, "power": POWER, "primary_correction": "bonferroni",
        "exploratory_correction": "fdr_bh",
        "questions": [{"id": q.id, "metric": q.metric, "label": w.question(q.id)} for q in a.questions],
        "same_rules": a.same_rules,
        "identical": {r.lineup.spec: r.identical for r in a.lineups},
        "verdicts": {v: [{"question": x.question, "kind": x.kind, "heterogeneity_p": x.heterogeneity_p,
                          "summary": x.summary, "sentences": [{"lineup": lu, "text": t} for lu, t in x.sentences]}
                         for x in vs] for v, vs in all_verdicts.items()},
        "findings": {v: [{**f.to_json(), "label": _label(a, w, f)} for f in fs] for v, fs in a.findings.items()},
        "seats": {r.lineup.spec: {arm: vars(s) for arm, s in r.seats.items()} for r in a.lineups},
        "notes": {r.lineup.spec: [{"kind": k, "metric": p["metric"].name} for k, p in r.notes] for r in a.lineups},
        "moves": {v: {**moves, "per_game": {r.lineup.spec: {verb: usage(r, v, verb)
                                                             for verb in moves["added"] + moves["changed"]}
                                             for r in a.lineups},
                      "unused": {r.lineup.spec: [verb for verb in moves["added"] if usage(r, v, verb) == 0]
                                 for r in a.lineups},
                      # a sized verb's moves larger than the least offered, per game (regola.core.play)
                      "larger": {r.lineup.spec: {verb: usage(r, v, verb + LARGER)
                                                 for verb in _sized(a, moves["added"] + moves["changed"])}
                                 for r in a.lineups}}
                  for v, moves in ctx.moves.items() if moves["added"] + moves["changed"] and v not in a.same_rules},
        # how often each lineup met each rule a variant changes (None: no decision meets it)
        "met": {v: {rule: {r.lineup.spec: met(r, v, rule, phases, cited) for r in a.lineups}
                    for rule, *_ in changes}
                for v, changes in ctx.changes.items() if changes and v not in a.same_rules},
    }


# -- rendering -----------------------------------------------------------------------------------------------
def markdown(report: Report) -> str:
    out: list[str] = []
    for block in report.blocks:
        kind = block[0]
        if kind == "h":
            out += ["#" * block[1] + " " + block[2], ""]
        elif kind == "p":
            out += [block[1], ""]
        elif kind == "ul":
            out += [f"- {item}" for item in block[1]] + [""]
        elif kind == "code":
            out += ["```sh", block[1], "```", ""]
        elif kind == "table":
            headers, rows, marked = block[1], block[2], block[3]
            out.append("| " + " | ".join(headers) + " |")
            out.append("|" + "---|" * len(headers))
            for row, mark in zip(rows, marked, strict=True):
                cells = [f"**{c}**" if mark and i == 0 else c for i, c in enumerate(row)]
                out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"





def _inline(text: str) -> str:
    """Escaped text with **bold** kept."""
    parts = html.escape(text).split("**")
    return "".join(f"<strong>{p}</strong>" if i % 2 else p for i, p in enumerate(parts))


def html_page(report: Report) -> str:
    e = html.escape
    lang = report.lang.split("_")[0]
    parts = [f"<!doctype html><html lang=\"{e(lang)}\"><head><meta charset=\"utf-8\">"
             "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
             f"<title>{e(report.title)}</title><style>{CSS}</style></head><body>"]
    for block in report.blocks:
        kind = block[0]
        if kind == "h":
            anchor = f" id=\"{e(block[3])}\"" if block[3] else ""
            parts.append(f"<h{block[1]}{anchor}>{e(block[2])}</h{block[1]}>")
        elif kind == "p":
            cls = f" class=\"{block[2]}\"" if block[2] else ""
            parts.append(f"<p{cls}>{_inline(block[1])}</p>")
        elif kind == "ul":
            parts.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in block[1]) + "</ul>")
        elif kind == "code":
            parts.append(f"<pre><code>{e(block[1])}</code></pre>")
        elif kind == "table":
            headers, rows, marked = block[1], block[2], block[3]
            parts.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in headers) + "</tr>")
            for row, mark in zip(rows, marked, strict=True):  # on a phone each row is a card of "header: value"
                parts.append(f"<tr{' class=sig' if mark else ''}>" + "".join(
                    f"<td data-label=\"{e(h)}\">{e(c)}</td>" for h, c in zip(headers, row, strict=True)) + "</tr>")
            parts.append("</table>")
        elif kind == "figure":
            data = base64.b64encode(block[2]).decode("ascii")
            parts.append(f"<figure><img alt=\"{e(block[1])}\" src=\"data:image/png;base64,{data}\">"
                         f"<figcaption>{e(block[1])}</figcaption></figure>")
    parts.append("</body></html>")
    return "".join(parts)


def write(report: Report, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = {"report.json": json.dumps(json_ready(report.data), indent=1, ensure_ascii=False, allow_nan=False,
                                       default=str) + "\n",
             "report.md": markdown(report), "report.html": html_page(report)}
    out = []
    for name, text in files.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        out.append(path)
    return out


def verdict_markdown(report: Report) -> str:
    """Only the verdict section, as Markdown (what `compare` prints without --report)."""
    end = next((i for i, b in enumerate(report.blocks) if b[0] == "h" and b[3] == "seats"), len(report.blocks))
    return markdown(Report(report.title, report.lang, report.blocks[:end]))


def verdict_text(report: Report, width: int = 100) -> str:
    """The verdict section as a terminal shows it: headings and paragraphs as plain lines, wrapped at
    ``width`` on words (never cut), lists indented."""
    import textwrap

    out: list[str] = []
    for line in verdict_markdown(report).splitlines():
        plain = line.replace("**", "")
        if plain.startswith("#"):
            out.append(plain.lstrip("#").strip())
        elif plain.startswith("- "):
            out.extend(textwrap.wrap(plain, width, initial_indent="", subsequent_indent="  ") or [""])
        else:
            out.extend(textwrap.wrap(plain, width) or [""])
    return "\n".join(out).rstrip() + "\n"

"""The verdict: for each variant and primary question, a few plain sentences a club can act on, with the
uncertainty in words, and whether the answer holds under every bot lineup or depends on the bots.

Across lineups a question is answered:

- ``agree``: every lineup finds a change, in the same direction;
- ``none``: no lineup finds a change (each sentence says how large a change the games would have seen);
- ``depends``: the lineups contradict each other (changes in opposite directions), or some find a change
  that the others' intervals rule out (a heterogeneity test, Cochran's Q, below the family's level):
  the answer is about these bots, not the game alone;
- ``partial``: some lineups find a change and the others do not, without evidence that they differ:
  more games would tell.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from scipy import stats

from regola.sim.questions import SEATS
from regola.sim.seats import SeatBalance
from regola.sim.stats import ALPHA, Finding
from regola.sim.words import Words

AGREE, NONE, DEPENDS, PARTIAL = "agree", "none", "depends", "partial"


@dataclass
class Verdict:
    question: str
    variant: str
    kind: str  # agree, none, depends, partial
    findings: list[Finding]
    heterogeneity_p: float | None = None
    sentences: list[tuple[str, str]] = field(default_factory=list)  # (lineup, sentence)
    summary: str = ""


def heterogeneity(findings: list[Finding]) -> float | None:
    """Cochran's Q test that the lineups' effects are equal (None with one lineup or no spread)."""
    usable = [f for f in findings if f.test.se and math.isfinite(f.test.se) and f.test.se > 0]
    if len(usable) < 2:
        return None
    w = [1 / f.test.se ** 2 for f in usable]
    mean = sum(wi * f.diff for wi, f in zip(w, usable, strict=True)) / sum(w)
    q = sum(wi * (f.diff - mean) ** 2 for wi, f in zip(w, usable, strict=True))
    return float(stats.chi2.sf(q, len(usable) - 1))


def judge(findings: list[Finding], family_size: int) -> tuple[str, float | None]:
    directions = {f.direction for f in findings}
    het = heterogeneity(findings)
    if directions == {0}:
        return NONE, het
    if 1 in directions and -1 in directions:
        return DEPENDS, het
    if 0 not in directions:
        return AGREE, het
    if het is not None and het < ALPHA / max(1, family_size):
        return DEPENDS, het
    return PARTIAL, het


def shown(w: Words, f: Finding, x: float) -> str:
    """One arm's value of a finding as its unit says: the seat advantage in points (it is a distance between
    rates), another rate in %, a number as a number."""
    if f.extra.get("metric") == SEATS:
        return w.pp(x, signed=False)
    return w.value(x, f.binary)


def seat_advice(w: Words, lineup: str, seats: SeatBalance) -> str:
    """The base arm's seat effect in words, with what to do about it, when the seats are shown unequal."""
    _ = w._
    if not math.isfinite(seats.p_equal) or seats.p_equal >= ALPHA:
        return ""
    edge = seats.advantage()
    best = max(range(len(edge)), key=lambda i: edge[i])
    worst = min(range(len(edge)), key=lambda i: edge[i])
    return _("With {lineup}, seat {best} wins {best_rate} of its games and seat {worst} {worst_rate}, where a fair "
             "share is {fair}: the seats are {rms} from fair (seat advantage). `regola tune --goal fair-seats` "
             "searches for starting values that even them out.").format(
                 lineup=lineup, best=best + 1, worst=worst + 1, best_rate=w.pct(seats.shares[best]),  # from 1
                 worst_rate=w.pct(seats.shares[worst]), fair=w.pct(seats.fair[best]), rms=w.pp(seats.rms, signed=False))


def sentence(w: Words, f: Finding) -> str:
    """One lineup's answer to one primary question, with its interval in words."""
    _ = w._
    rate = f.binary
    lo, hi = f.low, f.high
    if f.direction < 0:  # a fall: say the sizes as positive numbers, smaller first
        lo, hi = -f.high, -f.low
    v = {"low": w.value(lo, rate) if not rate else w.pp(lo, signed=False),
         "high": w.value(hi, rate) if not rate else w.pp(hi, signed=False),
         "base": shown(w, f, f.base.value), "value": shown(w, f, f.value.value),
         "slow": w.value(f.low, rate, True), "shigh": w.value(f.high, rate, True),
         "mde": w.pp(f.detectable, signed=False) if rate else w.num(f.detectable)}
    q = f.name
    if q == "seat_balance":
        texts = (_("Seats are fairer: the seat advantage (how far the seats' win rates sit from their fair shares) "
                   "shrinks by between {low} and {high} (from {base} to {value})."),
                 _("Seats are less fair: the seat advantage (how far the seats' win rates sit from their fair "
                   "shares) grows by between {low} and {high} (from {base} to {value})."),
                 _("No change in seat balance was found: the seat advantage (how far the seats' win rates sit from "
                   "their fair shares) moves by between {slow} and {shigh} (from {base} to {value})."))
    elif q == "length":
        texts = (_("Games get shorter: between {low} and {high} fewer decisions per game (from {base} to {value})."),
                 _("Games get longer: between {low} and {high} more decisions per game (from {base} to {value})."),
                 _("No change in game length was found: between {slow} and {shigh} decisions per game "
                   "(from {base} to {value})."))
    elif q == "margin":
        texts = (_("Games are closer: the winner's lead over the runner-up shrinks by between {low} and {high} "
                   "(from {base} to {value})."),
                 _("Winners finish further ahead: the lead over the runner-up grows by between {low} and {high} "
                   "(from {base} to {value})."),
                 _("No change in the winner's margin was found: between {slow} and {shigh} "
                   "(from {base} to {value})."))
    elif q == "tie_break":
        texts = (_("Tie-breaks decide fewer games: between {low} and {high} less often (from {base} to {value} of "
                   "games)."),
                 _("Tie-breaks decide more games: between {low} and {high} more often (from {base} to {value} of "
                   "games)."),
                 _("No change in how often the tie-breaks decide was found: between {slow} and {shigh} "
                   "(from {base} to {value} of games)."))
    else:
        texts = (_("{what} falls by between {low} and {high}."), _("{what} rises by between {low} and {high}."),
                 _("No change in {what} was found: between {slow} and {shigh}."))
        v["what"] = w.question(q)
    if f.direction == 0 and f.test.se == 0 and f.diff == 0:
        return _("No change: every game came out the same on this measure under both rules ({base}).").format(**v)
    text = texts[0] if f.direction < 0 else texts[1] if f.direction > 0 else texts[2]
    out = text.format(**v)
    if f.direction == 0 and f.detectable is not None:
        out += " " + _("These games would have found a change of {mde} or more with 80 % probability.").format(**v)
    elif f.direction and f.target and max(abs(f.low), abs(f.high)) < f.target:
        # found, but all of it below what --detect asks about: say that it is too small to matter
        size = w.pp(f.target, signed=False) if rate else w.num(f.target)
        out += " " + _("All of it is less than {size}: too small to notice at the table.").format(size=size)
    return out


def summary(w: Words, kind: str, lineups: list[str], found: list[str]) -> str:
    _ = w._
    if len(lineups) == 1:
        return ""
    if kind == AGREE:
        return _("This holds under every lineup played ({lineups}).").format(lineups=w.list(lineups))
    if kind == NONE:
        return _("No lineup shows a change.")
    if kind == DEPENDS:
        return _("This depends on the bots: the lineups disagree, so it says more about how these bots play "
                 "than about the game.")
    others = [lu for lu in lineups if lu not in found]
    return _("Found with {found} only; with {others} no change was detected, and the lineups are not shown to "
             "differ: more games would tell.").format(found=w.list(found), others=w.list(others))


def verdicts(w: Words, variant: str, questions: list[str], findings: list[Finding], family_size: int) -> list[Verdict]:
    out = []
    for q in questions:
        mine = [f for f in findings if f.name == q and f.family == "primary"]
        if not mine:
            continue
        kind, het = judge(mine, family_size)
        v = Verdict(q, variant, kind, mine, het)
        v.sentences = [(f.lineup, sentence(w, f)) for f in mine]
        v.summary = summary(w, kind, [f.lineup for f in mine], [f.lineup for f in mine if f.direction])
        out.append(v)
    return out

"""Who starts each round.

- ``holder``: the pack's own rule moves the start (Maestro Leonardo: whoever holds Leonardo); the
  library changes nothing;
- ``rotate``: the start passes ``step`` seats on at each new round (Princes of Florence: 1), in the
  order of play (clockwise unless ``turn_order`` says otherwise);
- ``back``: the start passes ``step`` seats back at each new round, against the order of play;
- ``fixed``: whoever started the first round starts every round (the game's first seat,
  ``GameTerms.first_seat``), whatever moved the start during a round (Maestro Leonardo's council);
- ``fewest`` / ``most``: at each round's start, including the first, the player with the fewest (most)
  of the measure ``by`` starts; a tie goes to the tied player who comes first in the order of play from
  the previous start player, that player included (``tie: clockwise_from_previous``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regola.core.errors import PackError
from regola.i18n import N_, NN_
from regola.mechanics.forms import Form, Mechanic, Param, Says, Value
from regola.mechanics.parts import measure
from regola.mechanics.ranking import extremes
from regola.mechanics.seating import Order, after, in_turn_from
from regola.mechanics.terms import GameTerms

__all__ = ["START", "START_KINDS", "TIE_RULES", "StartRule", "compile_start", "round_start_seat"]

@dataclass(frozen=True)
class StartRule:
    kind: str
    step: int = 1
    by: str | None = None
    tie: str = "clockwise_from_previous"


def compile_start(raw: Mapping[str, Any] | None, terms: GameTerms, units: Mapping[str, str],
                  pointer: str) -> StartRule:
    """The block against the game's terms: a form the game cannot run, or a measure the pack lacks, at its
    line."""
    raw = raw or {"kind": "holder"}
    kind = raw["kind"]
    if kind not in START.kinds:  # the schema says so too; a document compiled unchecked gets the same line
        raise PackError(f"unknown start_player kind {kind!r} (kinds: {', '.join(START.kinds)})",
                        field=f"{pointer}/kind")
    if kind == "fixed" and terms.first_seat is None:
        raise PackError("this game cannot say who started the first round, so the start cannot stay with them "
                        f"(kinds: {', '.join(k for k in START.kinds if k != 'fixed')})", field=f"{pointer}/kind")
    by = raw.get("by")
    if kind in ("fewest", "most"):
        if by is None:
            raise PackError(f"start_player '{kind}' needs 'by', the measure it compares", field=pointer)
        by = measure(by, units, f"{pointer}/by")
    return StartRule(kind=kind, step=int(raw.get("step", 1)), by=by, tie=str(raw.get("tie", "clockwise_from_previous")))


#: the record of this mechanic's forms (regola.mechanics.forms): schema, editing choices, words, compile step
START = Mechanic(
    "start_player", N_("who starts"), "",
    forms=(
        Form("holder", N_("as the game says"), "the pack's own rule moves the start (whoever holds Leonardo)",
             says=Says(N_("The start player does not change from round to round."))),
        Form("rotate", N_("passes on each round"), "the start passes `step` seats clockwise each new round",
             takes=("step",),
             says=Says(*NN_("At each new round the start passes {step} seat clockwise.",
                            "At each new round the start passes {step} seats clockwise."),
                       count="step", values=(Value("step", "step", "number", 1),))),
        Form("back", N_("passes back each round"), "the start passes `step` seats counter-clockwise each new round",
             takes=("step",),
             says=Says(*NN_("At each new round the start passes {step} seat back, counter-clockwise.",
                            "At each new round the start passes {step} seats back, counter-clockwise."),
                       count="step", values=(Value("step", "step", "number", 1),))),
        Form("fixed", N_("the first round's start player, every round"),
             "whoever started the first round starts every round",
             says=Says(N_("At the start of each round the start goes back to the player who started the first "
                          "round, whoever held it during the round."))),
        Form("fewest", N_("whoever has the fewest"),
             "each round, from the first, the player with the fewest of `by` starts", takes=("by", "tie"),
             needs=("by",),
             says=Says(N_("At the start of each round, the first included, the player with the fewest {measure} "
                          "starts it; a tie goes to the tied player who comes first clockwise from the previous "
                          "start player, that player included."), values=(Value("measure", "by", "measure"),))),
        Form("most", N_("whoever has the most"), "each round, from the first, the player with the most of `by` starts",
             takes=("by", "tie"), needs=("by",),
             says=Says(N_("At the start of each round, the first included, the player with the most {measure} "
                          "starts it; a tie goes to the tied player who comes first clockwise from the previous "
                          "start player, that player included."), values=(Value("measure", "by", "measure"),))),
    ),
    params=(
        Param("step", N_("seats it passes on"), "seats the start passes (rotate: clockwise; back: counter-clockwise)",
              low=1, high=8, suggest=1),
        Param("by", N_("counted in"), "the measure compared", type="measure"),
        Param("tie", N_("a tie goes to"), "a tie goes to the tied player first clockwise from the previous start "
              "player, that player included", type="choice", choices=("clockwise_from_previous",),
              words=(N_("the first of them from the previous start player"),)),
    ),
    title=N_("Start player"), compiler=compile_start)

START_KINDS = START.kinds
TIE_RULES = START.param("tie").choices


def round_start_seat(state: Any, rule: StartRule, terms: GameTerms, n: int, round_number: int,
                     direction: Order = "clockwise") -> int:
    """The seat that starts round ``round_number`` (the start seat is still the previous round's); seats are
    passed and counted in the order of play (regola.mechanics.seating)."""
    previous = terms.start_seat(state)
    if rule.kind == "holder":
        return previous
    if rule.kind in ("rotate", "back"):  # back: as many seats the other way round the order of play
        steps = rule.step if rule.kind == "rotate" else -rule.step % n
        return previous if round_number == 1 else after(previous, n, direction, steps)
    if rule.kind == "fixed":
        assert terms.first_seat is not None  # compile_mechanics refuses 'fixed' for a game without one
        return terms.first_seat(state)
    assert rule.by is not None
    tied = set(extremes([terms.measures[rule.by](state, seat) for seat in range(n)], most=rule.kind == "most"))
    return next(seat for seat in in_turn_from(previous, n, direction) if seat in tied)

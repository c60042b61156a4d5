"""End conditions beyond the pack's round count, tested once a round is over, before the next begins
(``at: round``), or also as each player's turn ends (``at: turn``); the pack's last round stays the
latest end.

- ``reaches``: after the round in which a player's measure reaches a threshold ("after the round in
  which someone has 50 prestige");
- ``runs_out``: after the round in which one of the game's piles (``mechanics.piles``) is empty ("after
  the round in which the invention pile runs out").

A turn ends when a seat has decided and the next decision is another seat's, or nobody's (the step is
over). A condition tested at a turn's end stops the game there: the driver fires the flow's ``end``
trigger (to the final scoring) and the rest of the round is not played. Every condition is tested at a
round's end too, so one that automatic effects fulfil (a round's awards, its best work) still ends the
game then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.mechanics.forms import CITES, MEASURE, named
from regola.mechanics.terms import GameTerms

__all__ = ["END_KINDS", "END_MOMENTS", "EndCondition", "TurnEnd", "abandon_step", "ended"]

END_KINDS = ("reaches", "runs_out")
#: when a condition is tested: once each round is over, or also as each turn ends
END_MOMENTS = ("round", "turn")
#: the most end conditions a pack may list, and the largest threshold
MOST_ENDS = 8
MOST_AT_LEAST = 1_000_000


def schema() -> dict[str, Any]:
    """The schema of ``mechanics.end`` (``tools/schemas.py`` writes it into schemas/mechanics.schema.json)."""
    reaches, runs_out = END_KINDS
    item = {
        "type": "object", "additionalProperties": False, "required": ["kind"],
        "properties": {
            "kind": {"enum": list(END_KINDS), "description": "reaches: after the round (turn) in which some player "
                     "has at least `at_least` of `by`; runs_out: after the round (turn) in which the pile `pile` is "
                     "empty"},
            "by": MEASURE,
            "at_least": {"type": "integer", "minimum": 1, "maximum": MOST_AT_LEAST},
            "at": {"enum": list(END_MOMENTS), "default": END_MOMENTS[0], "description": "round: tested once each "
                   "round is over; turn: also as each player's turn ends, and then the rest of the round is not "
                   "played (the flow's 'end' transition leads to the final scoring)"},
            "cites": CITES,
            "pile": named("runs_out: one of the pack's piles"),
        },
        "allOf": [
            {"if": {"properties": {"kind": {"const": reaches}}},
             "then": {"required": ["by", "at_least"], "not": {"required": ["pile"]}}},
            {"if": {"properties": {"kind": {"const": runs_out}}},
             "then": {"required": ["pile"], "not": {"anyOf": [{"required": ["by"]}, {"required": ["at_least"]}]}}},
        ],
    }
    return {"type": "array", "maxItems": MOST_ENDS, "description": "further ways the game ends, each tested at the "
            "end of every round, or also at the end of every turn (at: turn); the round count stays the latest "
            "end", "items": item}


@dataclass(frozen=True)
class EndCondition:
    kind: str  # one of END_KINDS
    by: str  # reaches: the measure; runs_out: the pile
    at_least: int  # reaches: the threshold (runs_out: 0)
    index: int  # its rule id: mechanics.end.<index>
    at: str = "round"  # one of END_MOMENTS


def ended(state: Any, conditions: tuple[EndCondition, ...], terms: GameTerms, n: int) -> bool:
    """Whether some condition of ``conditions`` holds now."""
    for c in conditions:
        if c.kind == "runs_out":
            if terms.piles[c.by](state) == 0:
                return True
        elif any(terms.measures[c.by](state, seat) >= c.at_least for seat in range(n)):
            return True
    return False


@dataclass(frozen=True)
class TurnEnd:
    """What the driver asks as each turn ends: whether one of ``conditions`` holds (a value, so a ruleset
    holding one still pickles)."""

    conditions: tuple[EndCondition, ...]
    terms: GameTerms

    def __call__(self, state: Any) -> bool:
        return ended(state, self.conditions, self.terms, state.n)  # every game's state counts its seats in n


def abandon_step(state: Any) -> None:
    """The game stopped as a turn ended: the step it stopped in is left unfinished, and its sub-state (an
    auction's bids, a district's queue) goes, so the final view shows no decision pending. An effect of
    the flow's ``end`` transition, after the final scoring (the step's own exit still reads it)."""
    state.step = {}

"""Awards: scoring and catch-up terms ("at each round's start the poorest take 2 gulden",
"at the end each freedom scores 2 prestige").

An award names its moment (``round_start``, ``round_end``, ``game_end``), who receives (``each`` player,
or whoever has the ``fewest``/``most`` of the measure ``by``; ties all receive), the resource it gives
(``gain``) and the amount, a whole number or an expression over the measures, worked out for each
receiver. Every measure is read before any award of the moment is given, so the order of the awards
in the list changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from regola.mechanics.expressions import MAX_LENGTH, Expression
from regola.mechanics.forms import CITES, MEASURE, named
from regola.mechanics.parts import OTHERS, Give
from regola.mechanics.ranking import extremes
from regola.mechanics.seating import Order, in_turn_from
from regola.mechanics.terms import GameTerms

__all__ = ["MOMENTS", "RECEIVERS", "Award", "due", "give"]

MOMENTS = ("round_start", "round_end", "game_end")
RECEIVERS = ("each", "fewest", "most")
#: the most awards a pack may list, and the bound of a whole-number amount
MOST_AWARDS = 32
MOST_AMOUNT = 1_000_000


def schema() -> dict[str, Any]:
    """The schema of ``mechanics.awards`` (``tools/schemas.py`` writes it into schemas/mechanics.schema.json)."""
    item = {
        "type": "object", "additionalProperties": False, "required": ["when", "to", "gain", "amount"],
        "properties": {
            "when": {"enum": list(MOMENTS), "description": "round_start: as each round begins (the first included); "
                     "round_end: as each round ends; game_end: before the standings"},
            "to": {"enum": list(RECEIVERS), "description": "each: every player; fewest/most: the player or players "
                   "with the fewest/most of `by`"},
            "by": MEASURE,
            "gain": {**MEASURE, "description": "the counter given or paid: a counter a player owns (mechanics.parts)"},
            "amount": {"oneOf": [{"type": "integer", "minimum": -MOST_AMOUNT, "maximum": MOST_AMOUNT},
                                 {"type": "string", "minLength": 1, "maxLength": MAX_LENGTH}],
                       "description": "a whole number, or an expression over the measures worked out for each "
                       "receiver: whole numbers, measures, + - * // %, comparisons, and/or/not, 'a if c else b', "
                       "min, max, abs (e.g. '2 * freedoms')"},
            "via": named(f"whom the amount moves between, instead of the bank or the part's supply: '{OTHERS}' (a "
                         "payment goes to each other player, the amount to each; a gift is paid by each other "
                         "player, as far as each can) or a shared counter of mechanics.parts (a payment goes into "
                         "it; a gift comes out of it, as far as it holds)"),
            "cites": CITES,
        },
        "if": {"properties": {"to": {"enum": [r for r in RECEIVERS if r != "each"]}}},
        "then": {"required": ["by"]},
        "else": {"not": {"required": ["by"]}},
    }
    return {"type": "array", "maxItems": MOST_AWARDS, "description": "scoring and catch-up terms: at a moment, to "
            "each player or to whoever has the fewest/most of a measure, an amount of a resource", "items": item}


@dataclass(frozen=True)
class Award:
    when: str
    to: str
    by: str | None  # the measure that picks the receivers (fewest/most)
    gain: str  # the resource given
    amount: Expression
    index: int  # its place in the pack's list (its rule id: mechanics.awards.<index>)
    #: whom the amount moves between instead of the bank or the part's supply: OTHERS (each other
    #: player) or a shared counter, given by ``mover`` (a Give whose supply is that counter)
    via: str | None = None
    mover: Give | None = field(default=None, compare=False, repr=False)

    def receivers(self, state: Any, terms: GameTerms, n: int) -> list[int]:
        if self.to == "each" or self.by is None:
            return list(range(n))
        return extremes([terms.measures[self.by](state, seat) for seat in range(n)], most=self.to == "most")


def _amounts(state: Any, awards: tuple[Award, ...], terms: GameTerms, n: int) -> list[tuple[Award, int, int]]:
    """(award, receiver, amount) of every award of one moment, each amount worked out from the measures
    as they stand, before anything is given (none that comes to 0)."""
    gifts = []
    for award in awards:
        for seat in award.receivers(state, terms, n):
            amount = award.amount.value(terms.values(state, seat, award.amount.names))
            if amount:
                gifts.append((award, seat, amount))
    return gifts


def due(state: Any, awards: tuple[Award, ...], terms: GameTerms, n: int) -> list[tuple[str, int, int]]:
    """What the awards of one moment would give now, as (resource, seat, amount), without giving it
    (a bot reads this to value a position)."""
    return [(award.gain, seat, amount) for award, seat, amount in _amounts(state, awards, terms, n)]


def give(state: Any, awards: tuple[Award, ...], terms: GameTerms, n: int, turn_order: Order = "clockwise") -> None:
    """Every award of one moment: amounts worked out first, then given — from the bank or the part's
    supply, from or into a shared counter (``via``), or between the players (``via: others``: a
    payment goes to each other player in turn from the payer, a gift is paid by each of them, each
    as far as they can)."""
    if not awards:
        return
    gifts = _amounts(state, awards, terms, n)
    for award, seat, amount in gifts:
        held = terms.measures[award.gain](state, seat)
        _give_one(state, award, seat, amount, terms, n, turn_order)
        _record(state, seat, award, terms.measures[award.gain](state, seat) - held)


#: how many of the latest awards a state keeps for the words of what happened (bounded, whatever the data)
RECENT = 64


def _record(state: Any, seat: int, award: Award, change: int) -> None:
    """An award given, as it changed the receiver's part, kept in the state's ``marks`` (``awarded``: a
    running number and the latest entries [number, seat, part, change]) so the words of what happened can
    tell it even where the part itself is secret: an award is paid in the open."""
    marks = getattr(state, "marks", None)
    if marks is None or not change:
        return
    record = marks.setdefault("awarded", {"seq": 0, "recent": []})
    record["seq"] += 1
    record["recent"].append([record["seq"], seat, award.gain, change])
    del record["recent"][:-RECENT]


def _give_one(state: Any, award: Award, seat: int, amount: int, terms: GameTerms, n: int, turn_order: Order) -> None:
    if award.via == OTHERS:
        mover = terms.resources[award.gain]
        assert isinstance(mover, Give)
        for other in in_turn_from(seat, n, turn_order)[1:]:
            if amount < 0:
                mover.transfer(state, seat, other, -amount)
            else:
                mover.transfer(state, other, seat, amount)
    elif award.mover is not None:
        award.mover(state, seat, amount)
    else:
        terms.resources[award.gain](state, seat, amount)

"""The order of play around the table (``mechanics.turn_order``): who comes after whom.

- ``clockwise``: each next player sits to the left (both games as printed);
- ``counterclockwise``: each next player sits to the right;
- ``alternating``: clockwise in odd rounds, counter-clockwise in even ones;
- ``fewest`` / ``most`` ``by`` a measure: as each round begins, the seats are put in order of the
  measure (the fewest, or the most, first; equal ones clockwise from the previous start player), and
  for that round each next player is the next in that order, going round (regola.mechanics.compile
  keeps the round's order in the state's ``marks``).

Every "in turn" of a game and of the library (the start player's rotation, a tie rule's order, who bids
next) goes through these two calls, so the order is chosen once, in data: a direction, or the round's
order as a tuple of seats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from regola.core.errors import PackError
from regola.i18n import N_
from regola.mechanics.forms import Form, Mechanic, Param, Says, Value
from regola.mechanics.parts import measure

__all__ = ["DIRECTIONS", "MEASURED", "STEADY", "TURN_ORDER", "Order", "after", "compile_turn_order", "in_turn_from",
           "measured_order", "order_now"]

def compile_turn_order(raw: Mapping[str, Any] | None, terms: Any, units: Mapping[str, str],
                       pointer: str) -> tuple[str, str | None]:
    """(the order's kind, the measure that orders each round's play or None): a measure the pack lacks, or
    one the kind does not read, at its line."""
    raw = raw or {}
    kind = str(raw.get("kind", "clockwise"))
    if kind in MEASURED:
        if "by" not in raw:
            raise PackError(f"an order of play by the '{kind}' needs 'by', the measure it orders by", field=pointer)
        return kind, measure(raw["by"], units, f"{pointer}/by")
    if "by" in raw:
        raise PackError(f"an order of play '{kind}' does not read 'by' (only fewest and most do)",
                        field=f"{pointer}/by")
    return kind, None


#: the record of this mechanic's forms (regola.mechanics.forms): schema, editing choices, words, compile step
TURN_ORDER = Mechanic(
    "turn_order", N_("order of play"),
    "the order of play around the table: every 'in turn' of the game and of the other forms (the start "
    "player's rotation, a tie rule, who bids next) follows it",
    forms=(
        Form("clockwise", N_("clockwise"), "each next player sits to the left",
             says=Says(N_("Play goes clockwise: the next player is the one on the left."))),
        Form("counterclockwise", N_("counterclockwise"), "each next player sits to the right",
             says=Says(N_("Play goes counter-clockwise: the next player is the one on the right, and wherever "
                          "these rules say clockwise or to the left, read counter-clockwise or to the right."))),
        Form("alternating", N_("clockwise and counter-clockwise by turns"),
             "odd rounds clockwise, even rounds counter-clockwise",
             says=Says(N_("Play goes clockwise in odd rounds and counter-clockwise in even rounds: in an even round "
                          "the next player is the one on the right, and wherever these rules say clockwise or to "
                          "the left, read counter-clockwise or to the right."))),
        Form("fewest", N_("the fewest first, each round"),
             "as each round begins the seats are put in order of the measure `by`, the fewest first, equal ones "
             "clockwise from the previous start player, and play follows that order for the round",
             takes=("by",), needs=("by",),
             says=Says(N_("At the start of each round the players are put in order of their {measure}, the fewest "
                          "first (equal ones clockwise from the previous start player); for that round play goes "
                          "in this order instead of clockwise, from the start player round to the last and back to "
                          "the first."), values=(Value("measure", "by", "measure"),))),
        Form("most", N_("the most first, each round"), "as fewest, the most first", takes=("by",), needs=("by",),
             says=Says(N_("At the start of each round the players are put in order of their {measure}, the most "
                          "first (equal ones clockwise from the previous start player); for that round play goes "
                          "in this order instead of clockwise, from the start player round to the last and back to "
                          "the first."), values=(Value("measure", "by", "measure"),))),
    ),
    params=(Param("by", N_("counted in"), "the measure (a part of mechanics.parts) that orders each round's play",
                  type="measure"),),
    title=N_("Order of play"), compiler=compile_turn_order)

#: the kinds of a turn order that a measure sets anew each round (those that take ``by``)
MEASURED = tuple(f.kind for f in TURN_ORDER.forms if "by" in f.takes)
#: the directions round the table, and the kinds that keep one all game
DIRECTIONS = STEADY = ("clockwise", "counterclockwise")


def order_now(kind: str, state: Any) -> Order:
    """The order of play now under the form ``kind``: a steady direction; or this round's order by a measure,
    kept in the state's ``marks`` (clockwise before the first round has begun)."""
    if kind in MEASURED:
        order = state.marks.get("order")
        return tuple(order) if order else "clockwise"
    if kind == "alternating":  # odd rounds clockwise, even rounds the other way
        return "clockwise" if state.round % 2 else "counterclockwise"
    return kind
#: a direction round the table, or one round's order of every seat
Order = str | tuple[int, ...]


def in_turn_from(first: int, n: int, direction: Order = "clockwise") -> list[int]:
    """The ``n`` seats in the order of play, ``first`` first."""
    if isinstance(direction, tuple):
        at = direction.index(first)
        return [*direction[at:], *direction[:at]]
    if direction == "counterclockwise":
        return [(first - i) % n for i in range(n)]
    return [(first + i) % n for i in range(n)]


def after(seat: int, n: int, direction: Order = "clockwise", steps: int = 1) -> int:
    """The seat ``steps`` places after ``seat`` in the order of play."""
    if isinstance(direction, tuple):
        return direction[(direction.index(seat) + steps) % n]
    return (seat - steps) % n if direction == "counterclockwise" else (seat + steps) % n


def measured_order(value: Callable[[int], int], n: int, most: bool, previous_start: int) -> tuple[int, ...]:
    """Every seat in order of ``value`` (the fewest first, or with ``most`` the most), equal values in
    clockwise order from ``previous_start``."""
    around: Sequence[int] = in_turn_from(previous_start, n)
    return tuple(sorted(around, key=lambda seat: -value(seat) if most else value(seat)))

"""The pack's ``mechanics`` block compiled against a game's terms, and the calls the game's flow makes.

A fault the JSON Schema cannot see (a measure the game cannot count, an expression that names no
measure of the pack) is a PackError at the JSON pointer of the value at fault, naming what exists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from regola.core.errors import PackError
from regola.mechanics.auction import Auction
from regola.mechanics.awards import MOMENTS, Award, give
from regola.mechanics.draft import Deal
from regola.mechanics.ending import EndCondition, TurnEnd, ended
from regola.mechanics.expressions import Expression, ExpressionError
from regola.mechanics.moves import MoveSet, compile_moves
from regola.mechanics.operations import CLAIMED
from regola.mechanics.parts import OTHERS, Give, Part, compile_parts, measure
from regola.mechanics.parts import units as part_units
from regola.mechanics.schema import FORMED
from regola.mechanics.seating import STEADY, Order, measured_order, order_now
from regola.mechanics.start import StartRule, round_start_seat
from regola.mechanics.terms import GameTerms
from regola.mechanics.visibility import HELD_AUDIENCES, PILE_AUDIENCES, Visibility

__all__ = ["Mechanics", "compile_mechanics"]


@dataclass(frozen=True)
class Mechanics:
    """One pack's chosen forms, ready for the flow: the game calls these at its moments."""

    terms: GameTerms = field(repr=False)
    start: StartRule
    awards: Mapping[str, tuple[Award, ...]]  # moment -> its awards, in the pack's order
    end: tuple[EndCondition, ...]
    visibility: Visibility
    deal: Deal | None = None  # how the cards dealt at setup become a hand (games that deal one)
    auction: Auction = field(default_factory=Auction)  # how the game's auctions run (regola.mechanics.auction)
    turn_order: str = "clockwise"  # the order of play around the table (regola.mechanics.seating)
    order_by: str | None = None  # turn_order fewest/most: the measure that orders each round's play
    parts: Mapping[str, Part] = field(default_factory=dict)  # the pack's parts (regola.mechanics.parts)
    moves: MoveSet = field(default_factory=MoveSet)  # the moves the pack declares (regola.mechanics.moves)
    steady: bool = True  # the order of play keeps one direction all game (seating.STEADY)

    def order(self, state: Any) -> Order:
        """The order of play now, as the turn order's form says (regola.mechanics.seating.order_now)."""
        if self.steady:  # one direction all game: nothing to look up (this is asked at every turn)
            return self.turn_order
        return order_now(self.turn_order, state)

    def begin_round(self, state: Any, n: int, round_number: int) -> None:
        """A round begins: its order of play (where a measure sets it), the start player (by the standings as
        the round opens), then awards."""
        if self.order_by is not None:
            measure = self.terms.measures[self.order_by]
            state.marks["order"] = list(measured_order(lambda seat: measure(state, seat), n,
                                                       self.turn_order == "most", self.terms.start_seat(state)))
        if self.start.kind != "holder":
            self.terms.set_start_seat(state, round_start_seat(state, self.start, self.terms, n, round_number,
                                                              self.order(state)))
        claimed = state.marks.pop(CLAIMED, None) if self.moves else None
        if claimed is not None:  # a declared move claimed this round's start (regola.mechanics.moves: claim)
            self.terms.set_start_seat(state, int(claimed))
        give(state, self.awards["round_start"], self.terms, n, self.order(state))

    def end_round(self, state: Any, n: int) -> None:
        give(state, self.awards["round_end"], self.terms, n, self.order(state))

    def end_game(self, state: Any, n: int) -> None:
        give(state, self.awards["game_end"], self.terms, n, self.order(state))

    def ended(self, state: Any, n: int) -> bool:
        """Whether an end condition holds once a round is over (the round count aside): every condition,
        those tested at a turn's end too."""
        return bool(self.end) and ended(state, self.end, self.terms, n)

    def turn_end_test(self) -> Callable[[Any], bool] | None:
        """What the driver asks as each turn ends (state -> whether the game stops now); None when no
        condition is tested then, so a printed game pays nothing per decision."""
        at_turn = tuple(c for c in self.end if c.at == "turn")
        return TurnEnd(at_turn, self.terms) if at_turn else None


def _piles(raw: Any, terms: GameTerms, pointer: str) -> tuple[str, ...]:
    """The piles the pack lets its forms count: each one the game knows how to count."""
    for i, pile in enumerate(raw):
        if pile not in terms.piles:
            raise PackError(f"the game cannot count a pile {pile!r} (its piles: {', '.join(sorted(terms.piles))})",
                            field=f"{pointer}/{i}")
    return tuple(str(p) for p in raw)


def _end(raw: Mapping[str, Any], units: Mapping[str, str], piles: tuple[str, ...], pointer: str,
         index: int) -> EndCondition:
    if raw["kind"] == "runs_out":
        if raw["pile"] not in piles:
            raise PackError(f"unknown pile {raw['pile']!r} (the pack's piles: {', '.join(piles) or 'none'})",
                            field=f"{pointer}/pile")
        return EndCondition("runs_out", str(raw["pile"]), 0, index, str(raw.get("at", "round")))
    return EndCondition(raw["kind"], measure(raw["by"], units, f"{pointer}/by"), int(raw["at_least"]), index,
                        str(raw.get("at", "round")))


def compile_mechanics(raw: Mapping[str, Any], terms: GameTerms, pointer: str = "/mechanics",
                      doc: Mapping[str, Any] | None = None) -> Mechanics:
    """The block compiled against what the game lends; ``doc`` (the whole pack) resolves the parts' bounds
    given as pointers. The measures and resources come from the pack's parts, not from the game."""
    parts, gives = compile_parts(raw["parts"], doc, f"{pointer}/parts", terms.accounts,
                                 terms.fields() if terms.fields is not None else None)
    units = part_units(raw)
    terms = replace(terms, measures={name: parts[name] for name in units},
                    resources={name: give for name, give in gives.items() if name in units})
    chosen = {name: mechanic.compile(raw.get(name), terms, units, f"{pointer}/{name}")
              for name, mechanic in FORMED.items()}  # each formed mechanic by its record's compile step
    turn_order, order_by = chosen["turn_order"]
    awards: dict[str, list[Award]] = {moment: [] for moment in MOMENTS}
    for i, item in enumerate(raw.get("awards", ())):
        at = f"{pointer}/awards/{i}"
        award_by = item.get("by")
        if item["to"] != "each":
            if award_by is None:
                raise PackError(f"an award to the '{item['to']}' needs 'by', the measure it compares", field=at)
            award_by = measure(award_by, units, f"{at}/by")
        gain = measure(item["gain"], units, f"{at}/gain")
        if gain not in terms.resources:
            raise PackError(f"{gain!r} cannot be given: only a counter a player owns can (the pack's: "
                            f"{', '.join(sorted(terms.resources))})", field=f"{at}/gain")
        try:
            amount = Expression.compile(item["amount"], units)
        except ExpressionError as exc:
            raise PackError(str(exc), field=f"{at}/amount") from None
        via, mover = _via(item.get("via"), gain, parts, gives, f"{at}/via")
        awards[item["when"]].append(Award(item["when"], item["to"], award_by, gain, amount, i, via, mover))
    piles = _piles(raw.get("piles", ()), terms, f"{pointer}/piles")
    end = tuple(_end(c, units, piles, f"{pointer}/end/{i}", i) for i, c in enumerate(raw.get("end", ())))
    seats = int(((doc or {}).get("players") or {}).get("max", 5))  # the seats a payment 'to: chosen' may name
    steady = turn_order in STEADY
    moves = compile_moves(raw.get("moves"), parts, gives, f"{pointer}/moves",
                          turn_order if steady else "clockwise", seats)  # (paying the others: all alike)
    return Mechanics(terms=terms, start=chosen["start_player"],
                     awards={moment: tuple(items) for moment, items in awards.items()}, end=end,
                     visibility=_visibility(raw["visibility"], terms, piles, f"{pointer}/visibility"),
                     deal=chosen["deal"], auction=chosen["auction"],
                     turn_order=turn_order, order_by=order_by, parts=parts, moves=moves, steady=steady)


def _via(raw: Any, gain: str, parts: Mapping[str, Part], gives: Mapping[str, Give],
         pointer: str) -> tuple[str | None, Give | None]:
    """Whom an award's amount moves between: each other player, or a shared counter it comes out of
    and goes into (instead of the bank or the part's own supply)."""
    if raw is None:
        return None, None
    if raw == OTHERS:
        return OTHERS, None
    place = parts.get(str(raw))
    if place is None or place.owner != "shared" or place.kind != "counter":
        shared = ", ".join(n for n, p in parts.items() if p.owner == "shared" and p.kind == "counter")
        raise PackError(f"an award moves its amount with '{OTHERS}' (each other player) or a shared counter of "
                        f"the pack ({shared or 'none'}), not {raw!r}", field=pointer)
    given = gives[gain]
    return str(raw), Give(given.part, place, given.account)


def _visibility(raw: Mapping[str, Any], terms: GameTerms, piles: tuple[str, ...], pointer: str) -> Visibility:
    """Every part the game shows or hides, with its audience (none missing, none unknown), and under
    ``piles`` the piles the pack lays face up or down (unlisted: face down)."""
    held = {key: value for key, value in raw.items() if key != "piles"}
    unknown = [part for part in held if part not in terms.parts]
    if unknown:
        raise PackError(f"the game has no part {unknown[0]!r} whose audience a pack chooses (parts: "
                        f"{', '.join(terms.parts)}; a pile goes under 'piles')", field=f"{pointer}/{unknown[0]}")
    missing = [part for part in terms.parts if part not in held]
    if missing:
        raise PackError(f"say who sees {', '.join(missing)} (one of: {', '.join(HELD_AUDIENCES)})", field=pointer)
    for part, audience in held.items():
        if audience not in HELD_AUDIENCES:
            raise PackError(f"{part!r} is held by a player who decides with it: its audience is one of "
                            f"{', '.join(HELD_AUDIENCES)}, not {audience!r}", field=f"{pointer}/{part}")
    laid = dict(raw.get("piles") or {})
    tops: dict[str, int] = {}
    for pile, audience in laid.items():
        if pile not in piles:
            raise PackError(f"unknown pile {pile!r} (the pack's piles: {', '.join(piles) or 'none'})",
                            field=f"{pointer}/piles/{pile}")
        if isinstance(audience, Mapping) and "top" in audience:
            if not terms.pile_tops:
                raise PackError(f"this game lays a pile face up or face down, not only its top cards "
                                f"(one of: {', '.join(PILE_AUDIENCES)})", field=f"{pointer}/piles/{pile}")
            tops[pile] = int(audience["top"])
            laid[pile] = "hidden"  # the rest of it lies face down
            continue
        if audience not in PILE_AUDIENCES:
            raise PackError(f"the pile {pile!r} has no owner: it lies {' or '.join(PILE_AUDIENCES)}, not {audience!r}",
                            field=f"{pointer}/piles/{pile}")
    return Visibility({part: str(held[part]) for part in terms.parts}, {pile: str(a) for pile, a in laid.items()},
                      tops)

"""The pack's ``mechanics`` block compiled against a game's terms, and the calls the game's flow makes.

A fault the JSON Schema cannot see (a measure the game cannot count, an expression that names no
measure of the pack) is a PackError at the JSON pointer of the value at fault, naming what exists.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from regola.core.errors import PackError
from regola.mechanics.auction import Auction, RaiseRule
from regola.mechanics.awards import MOMENTS, Award, give
from regola.mechanics.draft import Deal
from regola.mechanics.ending import EndCondition, TurnEnd, ended
from regola.mechanics.expressions import Expression, ExpressionError
from regola.mechanics.moves import MoveSet, compile_moves
from regola.mechanics.parts import OTHERS, Give, Part, compile_parts
from regola.mechanics.parts import units as part_units
from regola.mechanics.seating import MEASURED, Order, measured_order
from regola.mechanics.start import START_KINDS, StartRule, round_start_seat
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

    def order(self, state: Any) -> Order:
        """The order of play now: the table's direction, or this round's order by a measure (kept in the
        state's ``marks``; clockwise before the first round has begun)."""
        if self.order_by is None:
            return self.turn_order
        order = state.marks.get("order")
        return tuple(order) if order else "clockwise"

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
    return EndCondition(raw["kind"], _measure(raw["by"], units, f"{pointer}/by"), int(raw["at_least"]), index,
                        str(raw.get("at", "round")))


def _measure(raw: Any, units: Mapping[str, str], pointer: str) -> str:
    if raw not in units:
        raise PackError(f"unknown measure {raw!r} (the pack's measures: {', '.join(sorted(units))})", field=pointer)
    return str(raw)


def compile_mechanics(raw: Mapping[str, Any], terms: GameTerms, pointer: str = "/mechanics",
                      doc: Mapping[str, Any] | None = None) -> Mechanics:
    """The block compiled against what the game lends; ``doc`` (the whole pack) resolves the parts' bounds
    given as pointers. The measures and resources come from the pack's parts, not from the game."""
    parts, gives = compile_parts(raw["parts"], doc, f"{pointer}/parts", terms.accounts,
                                 terms.fields() if terms.fields is not None else None)
    units = part_units(raw)
    terms = replace(terms, measures={name: parts[name] for name in units},
                    resources={name: give for name, give in gives.items() if name in units})
    start_raw = raw["start_player"]
    kind = start_raw["kind"]
    if kind not in START_KINDS:  # the schema says so too; a document compiled unchecked gets the same line
        raise PackError(f"unknown start_player kind {kind!r} (kinds: {', '.join(START_KINDS)})",
                        field=f"{pointer}/start_player/kind")
    if kind == "fixed" and terms.first_seat is None:
        raise PackError("this game cannot say who started the first round, so the start cannot stay with them "
                        f"(kinds: {', '.join(k for k in START_KINDS if k != 'fixed')})",
                        field=f"{pointer}/start_player/kind")
    by = start_raw.get("by")
    if kind in ("fewest", "most"):
        if by is None:
            raise PackError(f"start_player '{kind}' needs 'by', the measure it compares",
                            field=f"{pointer}/start_player")
        by = _measure(by, units, f"{pointer}/start_player/by")
    start = StartRule(kind=kind, step=int(start_raw.get("step", 1)), by=by,
                      tie=str(start_raw.get("tie", "clockwise_from_previous")))
    awards: dict[str, list[Award]] = {moment: [] for moment in MOMENTS}
    for i, item in enumerate(raw.get("awards", ())):
        at = f"{pointer}/awards/{i}"
        award_by = item.get("by")
        if item["to"] != "each":
            if award_by is None:
                raise PackError(f"an award to the '{item['to']}' needs 'by', the measure it compares", field=at)
            award_by = _measure(award_by, units, f"{at}/by")
        gain = _measure(item["gain"], units, f"{at}/gain")
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
    turn_order_raw = raw.get("turn_order") or {}
    turn_order = str(turn_order_raw.get("kind", "clockwise"))
    order_by = None
    if turn_order in MEASURED:
        if "by" not in turn_order_raw:
            raise PackError(f"an order of play by the '{turn_order}' needs 'by', the measure it orders by",
                            field=f"{pointer}/turn_order")
        order_by = _measure(turn_order_raw["by"], units, f"{pointer}/turn_order/by")
    elif "by" in turn_order_raw:
        raise PackError(f"an order of play '{turn_order}' does not read 'by' (only fewest and most do)",
                        field=f"{pointer}/turn_order/by")
    seats = int(((doc or {}).get("players") or {}).get("max", 5))  # the seats a payment 'to: chosen' may name
    moves = compile_moves(raw.get("moves"), parts, gives, f"{pointer}/moves",
                          turn_order if order_by is None else "clockwise", seats)  # (paying the others: all alike)
    return Mechanics(terms=terms, start=start,
                     awards={moment: tuple(items) for moment, items in awards.items()}, end=end,
                     visibility=_visibility(raw["visibility"], terms, piles, f"{pointer}/visibility"),
                     deal=_deal(raw.get("deal"), terms, f"{pointer}/deal"),
                     auction=_auction(raw.get("auction"), terms, f"{pointer}/auction"),
                     turn_order=turn_order, order_by=order_by, parts=parts, moves=moves)


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


#: the most prices, raises or bids a form may list: a bound the data's numbers cannot push past
MOST_LISTED = 200


def _auction(raw: Mapping[str, Any] | None, terms: GameTerms, pointer: str) -> Auction:
    if raw is None:
        return Auction()
    kind = str(raw["kind"])
    if kind not in terms.auctions:
        runs = ", ".join(terms.auctions) or "none: its auctions are its own code"
        raise PackError(f"this game's auctions cannot run {kind!r} (the forms it runs: {runs})",
                        field=f"{pointer}/kind")
    for key, why in terms.auction_unread.items():
        if key in raw:
            raise PackError(f"this game's auction does not read {key!r}: {why}", field=f"{pointer}/{key}")
    rule = _raise_rule(raw.get("raise"), terms, f"{pointer}/raise") if kind == "open" else RaiseRule()
    auction = Auction(kind=kind, raise_rule=rule, start=int(raw.get("start", 0)), step=int(raw.get("step", 0)),
                      floor=int(raw.get("floor", 0)), price=None if raw.get("price") is None else int(raw["price"]),
                      bid_step=int((raw.get("bids") or {}).get("by", 0)),
                      bid_most=int((raw.get("bids") or {}).get("max", 0)),
                      bid_least=int((raw.get("bids") or {}).get("min", 0)),
                      tie=str(raw.get("tie", "start_then_clockwise")))
    if kind == "dutch":
        if auction.floor > auction.start:
            raise PackError(f"the floor {auction.floor} is above the first price {auction.start}",
                            field=f"{pointer}/floor")
        if len(auction.dutch_prices()) > MOST_LISTED:
            raise PackError(f"from {auction.start} down to {auction.floor} by {auction.step} is more than "
                            f"{MOST_LISTED} prices", field=f"{pointer}/step")
    if kind == "fixed" and auction.price is None and not terms.fixed_price:
        raise PackError("this game's lots have no price of their own: say what a lot costs (price)", field=pointer)
    if kind == "sealed" and terms.listed_bids and not auction.bid_step:
        raise PackError("this game lists its bids: say which sealed bids there are (bids: {by, max})", field=pointer)
    if kind == "sealed" and auction.bid_step:
        if auction.bid_most // auction.bid_step > MOST_LISTED:
            raise PackError(f"bids up to {auction.bid_most} by {auction.bid_step} are more than {MOST_LISTED} bids",
                            field=f"{pointer}/bids")
        if auction.bid_least > auction.bid_most:
            raise PackError(f"the least bid {auction.bid_least} is above the highest {auction.bid_most}",
                            field=f"{pointer}/bids/min")
    return auction


def _raise_rule(raw: Mapping[str, Any] | None, terms: GameTerms, pointer: str) -> RaiseRule:
    if raw is None:
        raw = {"kind": "any"}
    kind = str(raw["kind"])
    if kind == "any":
        if terms.listed_bids:
            raise PackError("this game lists its bids: a raise is 'exactly' a step or a 'multiple' of one up to "
                            "a 'max'", field=f"{pointer}/kind")
        return RaiseRule()
    by = int(raw["by"])
    if kind == "exactly":
        return RaiseRule("exactly", by)
    least, most = int(raw.get("min", by)), int(raw["max"])
    rule = RaiseRule("multiple", by, least, most)
    if not rule.raises():
        raise PackError(f"no multiple of {by} lies from {least} to {most}", field=pointer)
    if len(rule.raises() or ()) > MOST_LISTED:
        raise PackError(f"multiples of {by} up to {most} are more than {MOST_LISTED} raises", field=f"{pointer}/max")
    return rule


def _deal(raw: Mapping[str, Any] | None, terms: GameTerms, pointer: str) -> Deal | None:
    if raw is None:
        if terms.deals:
            raise PackError("say how the cards dealt at setup are kept (deal: {kind: keep, dealt, kept})",
                            field=pointer)
        return None
    if not terms.deals:
        raise PackError("this game deals no hand at setup: 'deal' changes nothing", field=pointer)
    dealt, kept = int(raw["dealt"]), int(raw["kept"])
    if kept > dealt:
        raise PackError(f"a player cannot keep {kept} of {dealt} cards", field=f"{pointer}/kept")
    return Deal(str(raw["kind"]), dealt, kept, str(raw.get("pass", "left")))


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

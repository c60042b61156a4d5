"""How a lot is auctioned (``mechanics.auction``): the forms, their raise rule, and the bookkeeping each
form needs. A game runs the forms it declares (``GameTerms.auctions``); who may bid, what a lot gives
and who opens it stay the game's.

- ``sealed``: every bidder names a bid secretly and at once (where several lots are offered, naming the
  lot too); the bids are settled from the highest down, a tie going by the tie rule
  (regola.mechanics.ties): each takes its lot at its bid while the lot is still to be had, else nothing;
- ``open``: the bidders bid in turn, clockwise, each raising the bid by the raise rule (up to their
  money) or dropping out for good; the last one left pays their bid and takes the lot; if nobody bids
  at all, nobody takes it;
- ``dutch``: the lot is offered at ``start``; the bidders are asked in turn, clockwise, and the first to
  accept pays the current price; each time it goes round the table unclaimed the price falls by
  ``step``; unclaimed at ``floor``, the lot is not sold;
- ``fixed``: no bidding: a lot goes at ``price`` (or the game's own fixed price) to the first who takes
  it in turn; a game where a player puts a lot up (Princes of Florence) sells it to that player, a game
  whose lot is there to be had (Maestro Leonardo's contested invention) asks its bidders in turn, once
  round, as a Dutch offer that never falls (``dutch_state`` with the price, ``dutch_decline``).

The raise rule (``raise``) of an open auction: ``any`` amount above the high bid; ``exactly`` ``by``;
or a ``multiple`` of ``by`` from ``min`` to ``max``. A game whose bids are listed actions (Princes of
Florence) needs a bounded rule (``exactly`` or ``multiple``).

Every bookkeeping structure is plain JSON (lists, ints, dicts), kept in the game's step sub-state, so it
survives the JSON round trip and the search bots' copies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from regola.core.errors import PackError
from regola.i18n import N_, NC_
from regola.mechanics.forms import Form, Mechanic, Param, Says, Value
from regola.mechanics.ties import TIE_ORDERS

__all__ = ["AUCTION", "AUCTION_KINDS", "MOST_LISTED", "RAISE", "RAISE_KINDS", "Auction", "RaiseRule", "compile_auction",
           "compile_raise", "dutch_decline", "dutch_state",
           "dutch_turn", "open_bid", "open_state", "open_turn", "sealed_order", "tied_lots"]


@dataclass(frozen=True)
class RaiseRule:
    """By how much an open bid may raise the high bid."""

    kind: str = "any"
    by: int = 1
    least: int = 1  # multiple: the smallest raise
    most: int = 0  # multiple: the largest raise
    traits: frozenset[str] = frozenset({"unbounded"})  # its form's (RAISE.traits)
    #: a raise of any amount: the bids are every sum above the high bid
    unbounded: bool = field(init=False)
    #: one raise only (``by``): a raise is listed without its amount
    single: bool = field(init=False)

    def __post_init__(self) -> None:  # the traits as flags, read on every bid
        object.__setattr__(self, "unbounded", "unbounded" in self.traits)
        object.__setattr__(self, "single", "single" in self.traits)

    def raises(self) -> tuple[int, ...] | None:
        """Every raise the rule allows, smallest first; None for ``any`` (every amount above)."""
        if self.kind == "any":
            return None
        if self.kind == "exactly":
            return (self.by,)
        first = -(-self.least // self.by) * self.by  # the smallest multiple of ``by`` at least ``least``
        return tuple(range(first, self.most + 1, self.by))

    @property
    def least_raise(self) -> int:
        """The smallest raise the rule allows (1 for ``any``)."""
        return (self.raises() or (1,))[0]

    def bids(self, high: int, money: int) -> list[int]:
        """The new bids a bidder with ``money`` may make over ``high`` (a bounded rule only)."""
        return [high + r for r in self.raises() or () if high + r <= money]


@dataclass(frozen=True)
class Auction:
    """A pack's chosen auction form with its parameters."""

    kind: str = "sealed"
    raise_rule: RaiseRule = RaiseRule()
    start: int = 0  # dutch: the first price
    step: int = 0  # dutch: the fall after each unclaimed round
    floor: int = 0  # dutch: the lowest price
    price: int | None = None  # fixed: the price (None: the game's own fixed price)
    bid_step: int = 0  # sealed, where bids are listed: bids go up in this step ...
    bid_most: int = 0  # ... up to this bid ...
    bid_least: int = 0  # ... from this one (0: from the game's own least bid, its opening price)
    tie: str = "start_then_clockwise"  # sealed: who of equal bids goes first (regola.mechanics.ties)
    traits: frozenset[str] = frozenset({"sealed"})  # its form's (AUCTION.traits): what the games' steps ask
    #: bids made in secret, all at once
    sealed: bool = field(init=False)
    #: bids raised openly in turn by the raise rule
    raised: bool = field(init=False)
    #: a price asked of each bidder in turn; the first to accept pays it
    offered: bool = field(init=False)
    #: the price asked falls each time the lot goes round unclaimed
    falling: bool = field(init=False)
    #: a lot goes at a fixed price: it is offered, and the price never falls
    priced: bool = field(init=False)
    #: the price of a lot put up moves (raised, or falling) while the bidders go round
    haggled: bool = field(init=False)

    def __post_init__(self) -> None:  # the traits as flags, read on every decision of an auction
        flags = {name: name in self.traits for name in ("sealed", "raised", "offered", "falling")}
        flags["priced"] = flags["offered"] and not flags["falling"]
        flags["haggled"] = flags["raised"] or flags["falling"]
        for name, value in flags.items():
            object.__setattr__(self, name, value)

    def asking(self, default: int) -> int:
        """The first price asked: a falling offer's start, a fixed price's price (``default``: the game's own
        price of a lot where the form names none, and the opening bid of the other forms)."""
        if self.falling:
            return self.start
        return self.price if self.offered and self.price is not None else default

    def listed_bids(self, least: int) -> tuple[int, ...]:
        """The sealed bids the form lists from ``least`` up (none for a form without listed sealed bids)."""
        return self.sealed_bids(least) if self.sealed else ()

    def sealed_bids(self, least: int) -> tuple[int, ...]:
        """The listed sealed bids from ``least`` (``bids.min`` where set) up; none without ``bids``."""
        first = self.bid_least or least
        return tuple(range(first, self.bid_most + 1, self.bid_step)) if self.bid_step else ()

    def dutch_prices(self) -> tuple[int, ...]:
        """Every price a Dutch lot passes through, highest first (a bounded count: see the schema)."""
        if not self.step:
            return ()
        return tuple(range(self.start, self.floor - 1, -self.step))

    def most_decisions(self, bidders: int, ceiling: int, opening: int = 0) -> int:
        """The most decisions selling one lot among ``bidders`` takes (regola.core.bounds), where no bidder can
        hold more than ``ceiling`` (the most money a player may hold) and an open auction starts at
        ``opening``: sealed, one bid each; open, each raise lifts the high bid by at least the least raise
        and no bid passes the ceiling, and each bidder drops out once; offered, each bidder is asked once
        at every price the offer passes through (once, at a fixed price)."""
        if self.raised:
            return bidders + max(0, ceiling - opening) // max(1, self.raise_rule.least_raise)
        if self.offered:
            return bidders * max(1, len(self.dutch_prices()))
        return bidders


#: the most prices, raises or bids a form may list: a bound the data's numbers cannot push past
MOST_LISTED = 200


def compile_raise(raw: Mapping[str, Any] | None, terms: Any, units: Mapping[str, str], pointer: str) -> RaiseRule:
    """An open auction's raise rule: a rule the game cannot list, or one that lists nothing or too much, at
    its line."""
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
        return RaiseRule("exactly", by, traits=frozenset(RAISE.form(kind).traits))
    least, most = int(raw.get("min", by)), int(raw["max"])
    rule = RaiseRule("multiple", by, least, most, traits=frozenset(RAISE.form(kind).traits))
    if not rule.raises():
        raise PackError(f"no multiple of {by} lies from {least} to {most}", field=pointer)
    if len(rule.raises() or ()) > MOST_LISTED:
        raise PackError(f"multiples of {by} up to {most} are more than {MOST_LISTED} raises", field=f"{pointer}/max")
    return rule


def compile_auction(raw: Mapping[str, Any] | None, terms: Any, units: Mapping[str, str], pointer: str) -> Auction:
    """How the game's auctions run: a form the game cannot run, a parameter it does not read or needs and
    lacks, and numbers that would list too many prices or bids, at their line."""
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
    rule = RAISE.compile(raw.get("raise"), terms, units, f"{pointer}/raise") if kind == "open" else RaiseRule()
    bids = raw.get("bids") or {}
    auction = Auction(kind=kind, raise_rule=rule, traits=frozenset(AUCTION.form(kind).traits),
                      start=int(raw.get("start", 0)), step=int(raw.get("step", 0)),
                      floor=int(raw.get("floor", 0)), price=None if raw.get("price") is None else int(raw["price"]),
                      bid_step=int(bids.get("by", 0)), bid_most=int(bids.get("max", 0)),
                      bid_least=int(bids.get("min", 0)), tie=str(raw.get("tie", "start_then_clockwise")))
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


#: the records of this module's forms (regola.mechanics.forms): schema, editing choices, words, compile steps
RAISE = Mechanic(
    "raise", N_("how a bid is raised"), "",
    forms=(
        Form("any", N_("by any amount"), "any amount above", refused_if="listed_bids", traits=("unbounded",)),
        Form("exactly", N_("by exactly an amount"), "`by`", takes=("by",), needs=("by",), traits=("single",)),
        Form("multiple", N_("by a multiple of an amount"), "a multiple of `by` from `min` (default `by`) to `max`",
             takes=("by", "min", "max"), needs=("by", "max")),
    ),
    traits={"unbounded": "a raise of any amount", "single": "one raise only, listed without its amount"},
    params=(
        Param("by", N_("raise by"), low=1, suggest=1),
        Param("min", N_("least raise"), low=1),
        Param("max", N_("greatest raise"), low=1),
    ),
    compiler=compile_raise)

#: the prices of an offer, in the pack's money
_OFFER = (Value("start", "start", "money"), Value("step", "step", "money"), Value("floor", "floor", "money"))
_PRICE = (Value("price", "price", "money"),)
_LISTED = (Value("by", "bids/by", "money"), Value("most", "bids/max", "money"))
_TIE = Value("tie", "tie", "phrase", "start_then_clockwise")


def _asked_from_start(block: Mapping[str, Any]) -> bool:
    """Whether the game asks for a lot from the start player (Maestro Leonardo's contested invention), not
    from whoever put it up (the words add ``asked_from`` from GameTerms.offered_from)."""
    return block.get("asked_from") == "start"


def _sealed_shape(block: Mapping[str, Any]) -> str:
    bids = block.get("bids")
    if not bids:
        return "any"
    if _asked_from_start(block):
        return "listed_one"
    return "listed_least" if bids.get("min") else "listed"


def _fixed_shape(block: Mapping[str, Any]) -> str:
    if _asked_from_start(block):
        return "asked"
    return "price" if block.get("price") is not None else "opening"


AUCTION = Mechanic(
    "auction", N_("how a lot is auctioned"),
    "how the game's auctions run (a game runs the forms it declares: Maestro Leonardo's completion auction and "
    "Princes of Florence's lots run all four)",
    forms=(
        Form("sealed", N_("sealed bids"), "secret bids at once (naming the lot where several are offered), settled "
             "from the highest down", takes=("bids", "tie"),
             subforms=("any", "listed"), subform=lambda block: "listed" if block.get("bids") else "any",
             says={"any": Says(N_("Several bidders for one lot bid secretly and all at once, each up to their money; "
                                  "the highest bid pays and takes the lot.")),
                   "listed_one": Says(N_("Several bidders for one lot bid secretly and all at once: each bids "
                                         "nothing, or from {least} up to {most} in steps of {by}, never more than "
                                         "their money; the highest bid pays and takes the lot."),
                                      values=(*_LISTED, Value("least", "bids/min|bids/by", "money"))),
                   "listed": Says(N_("Each player names in secret, all at the same time, a lot and a bid from its "
                                     "opening price up to {most}, in steps of {by}. The bids are settled from the "
                                     "highest down, equal bids going {tie}: each bidder whose lot is still to be "
                                     "had pays their bid and takes it; the others take nothing."),
                                  values=(*_LISTED, _TIE)),
                   "listed_least": Says(N_("Each player names in secret, all at the same time, a lot and a bid from "
                                           "{least} up to {most}, in steps of {by}. The bids are settled from the "
                                           "highest down, equal bids going {tie}: each bidder whose lot is still to "
                                           "be had pays their bid and takes it; the others take nothing."),
                                        values=(*_LISTED, _TIE, Value("least", "bids/min", "money")))},
             shape=_sealed_shape, traits=("sealed",)),
        Form("open", N_("open bidding"), "in turn, clockwise, raise by the raise rule or drop out, the last one left "
             "pays its bid", takes=("raise",),
             subforms=RAISE.kinds, subform=lambda block: str((block.get("raise") or {}).get("kind", "any")),
             says={"any": Says(N_("Several bidders for one lot bid openly in turn, from the start player clockwise: "
                                  "each raises the bid, up to their money, or drops out for good; the last one left "
                                  "pays their bid and takes the lot. If nobody bids, nobody takes it.")),
                   "exactly": Says(N_("Several bidders for one lot bid openly in turn, clockwise: each raises the "
                                      "bid by exactly {by}, up to their money, or drops out for good; the last one "
                                      "left pays their bid and takes the lot."),
                                   values=(Value("by", "raise/by", "money"),)),
                   "multiple": Says(N_("Several bidders for one lot bid openly in turn, clockwise: each raises the "
                                       "bid by a multiple of {by}, at least {least} and at most {most}, up to their "
                                       "money, or drops out for good; the last one left pays their bid and takes "
                                       "the lot."),
                                    values=(Value("by", "raise/by", "money"),
                                            Value("least", "raise/min|raise/by", "money"),
                                            Value("most", "raise/max", "money")))},
             shape=lambda block: str((block.get("raise") or {}).get("kind", "any")), traits=("raised",)),
        Form("dutch", N_("Dutch: a falling price"), "offered at `start`, falling by `step` each time it goes round "
             "unclaimed, the first to accept pays, unsold below `floor`", takes=("start", "step", "floor"),
             needs=("start", "step", "floor"),
             says={"asked": Says(N_("When several players want one lot, it is offered to them at {start}: they are "
                                    "asked in turn, clockwise from the start player, and the first to accept pays "
                                    "the price asked and takes it. Each time the offer goes round unclaimed the "
                                    "price falls by {step}; if nobody takes it at {floor}, nobody gets it."),
                                 values=_OFFER),
                   "put_up": Says(N_("A lot put up is offered at {start}: the players are asked in turn, clockwise "
                                     "from whoever put it up, and the first to accept pays the price asked and "
                                     "takes the lot. Each time the offer goes round the table unclaimed the price "
                                     "falls by {step}; if nobody takes the lot at {floor}, it stays unsold this "
                                     "round."), values=_OFFER)},
             shape=lambda block: "asked" if _asked_from_start(block) else "put_up", traits=("offered", "falling")),
        Form("fixed", N_("a fixed price"), "no bidding, the lot goes for `price` (or the game's fixed price) to "
             "whoever takes it first in turn", takes=("price",),
             says={"asked": Says(N_("When several players want one lot, there is no bidding: they are asked in "
                                    "turn, clockwise from the start player, and the first who wants it pays {price} "
                                    "and takes it; if nobody does, nobody gets it."), values=_PRICE),
                   "price": Says(N_("There is no bidding: whoever puts a lot up takes it for {price}."),
                                 values=_PRICE),
                   "opening": Says(N_("There is no bidding: whoever puts a lot up takes it at its opening price."))},
             shape=_fixed_shape, traits=("offered",)),
    ),
    traits={"sealed": "bids made in secret, all at once", "raised": "bids raised openly in turn",
            "offered": "a price asked of each in turn, the first to accept pays it",
            "falling": "the price asked falls each time the lot goes round unclaimed"},
    params=(
        Param("raise", N_("how a bid is raised"), "by how much a bid raises the high bid", type="form", inner=RAISE),
        Param("start", N_("first price"), "the first price of a lot"),
        Param("step", N_("price falls by"), "how far the price falls each time the lot goes round the table "
              "unclaimed", low=1, suggest=1),
        Param("floor", N_("lowest price"), "the lowest price; unclaimed at it, the lot is not sold", suggest=0),
        Param("price", N_("price"), "the price a lot goes for (without it: the game's own fixed price, Princes of "
              "Florence's opening bid; Maestro Leonardo has none and needs it)", needed_if="not fixed_price"),
        Param("bids", N_("bids offered"), "the bids there are: from `min` in steps of `by` up to `max`, never more "
              "than the bidder's money (without it: Maestro Leonardo's bid is any sum; Princes of Florence lists its "
              "bids and needs it); in Maestro Leonardo a bidder may also bid nothing (0)", type="record",
              needs=("by", "max"),
              fields=(Param("by", N_("bids go up by"), low=1, needed_if="listed_bids"),
                      Param("max", N_("highest bid"), low=1, needed_if="listed_bids"),
                      Param("min", N_("least bid"), "the least bid (without it: Princes of Florence's opening bid, "
                            "Maestro Leonardo's step `by`)", low=1))),
        Param("tie", N_("equal highest bids"), "who of equal bids goes first, counted from the start player; "
              "nobody: a lot whose highest bids are equal is not sold (Maestro Leonardo reads its own from "
              "/completion/auction/tie)", type="choice", choices=(*TIE_ORDERS, "nobody"),
              words=(N_("the first from the start player wins"), N_("the first after the start player wins"),
                     N_("nobody: the lot is not sold")),
              said=(NC_("tie", "to the start player first, then clockwise"),
                    NC_("tie", "first to the player after the start player, clockwise, the start player last"),
                    NC_("tie", "to nobody (that lot is not sold this round)"))),
    ),
    runs="auctions", unread="auction_unread", title=N_("Auction"), compiler=compile_auction)

AUCTION_KINDS = AUCTION.kinds
RAISE_KINDS = RAISE.kinds


# -- open ------------------------------------------------------------------------------------------

def open_state(bidders: Sequence[int], high: int = 0, leader: int | None = None) -> dict[str, Any]:
    """An open auction among ``bidders`` (in turn order, the first to bid first); a game whose opener
    bids by choosing the lot lists the opener first, as ``leader`` with the opening bid as ``high``,
    and the turn passes to the next bidder."""
    auction = {"in": list(bidders), "high": high, "leader": leader, "turn": 0 if leader is None else 1}
    auction["seat"] = _whose_bid(auction)
    return auction


def _whose_bid(auction: dict[str, Any]) -> int | None:
    still = auction["in"]
    if not still or (len(still) == 1 and auction["leader"] == still[0]):
        return None
    return int(still[auction["turn"] % len(still)])


def open_turn(auction: dict[str, Any]) -> int | None:
    """Whose bid it is, or None when the auction is over (one bidder left holding the high bid, or none).
    Kept in the auction (``seat``) as each bid is made: a game asks this far more often than bids come."""
    if "seat" not in auction:  # an auction saved before the seat was kept
        return _whose_bid(auction)
    seat: int | None = auction["seat"]
    return seat


def open_bid(auction: dict[str, Any], seat: int, amount: int) -> None:
    """``seat`` raises to ``amount``, or drops out with a bid that does not raise."""
    still = auction["in"]
    at = still.index(seat)
    if amount > auction["high"]:
        auction["high"], auction["leader"] = amount, seat
        auction["turn"] = at + 1
    else:
        still.remove(seat)
        auction["turn"] = at  # the next bidder moved into this place
    auction["seat"] = _whose_bid(auction)


# -- dutch -----------------------------------------------------------------------------------------

def dutch_state(bidders: Sequence[int], price: int) -> dict[str, Any]:
    """A Dutch offer to ``bidders`` (in the order asked) at ``price``."""
    return {"asked": list(bidders), "price": price, "turn": 0}


def dutch_turn(offer: dict[str, Any]) -> int | None:
    """Who is asked now, or None once the offer has gone unclaimed to the end (the lot is not sold)."""
    asked = offer["asked"]
    return int(asked[offer["turn"]]) if asked and offer["price"] is not None else None


def dutch_decline(offer: dict[str, Any], rule: Auction, can_pay: Any = None) -> None:
    """The one asked lets the lot go at this price: the next is asked; after a whole round unclaimed the
    price falls by the step, and below the floor the offer ends unclaimed (``price`` None). A fixed
    price (a rule with no step) goes round once.

    ``can_pay(seat, price)`` leaves out a bidder who could not pay the next price, so a round nobody
    could claim is not asked at all.
    """
    offer["turn"] += 1
    if offer["turn"] < len(offer["asked"]):
        return
    offer["turn"] = 0
    if not rule.step:  # a fixed price: once round the table
        offer["price"] = None
        return
    price = offer["price"] - rule.step
    while price >= rule.floor:
        if can_pay is None or any(can_pay(seat, price) for seat in offer["asked"]):
            offer["price"] = price
            return
        price -= rule.step
    offer["price"] = None


# -- sealed ----------------------------------------------------------------------------------------

def tied_lots(bids: Mapping[int, tuple[str, int]]) -> set[str]:
    """The lots whose highest sealed bid (seat -> (lot, bid)) was named by more than one bidder: under the
    tie rule ``nobody`` none of them is sold."""
    top: dict[str, list[int]] = {}
    for lot, bid in bids.values():
        best = top.setdefault(lot, [bid, 0])
        if bid > best[0]:
            best[0], best[1] = bid, 0
        if bid == best[0]:
            best[1] += 1
    return {lot for lot, (_, count) in top.items() if count > 1}


def sealed_order(bids: Mapping[int, int], preference: Sequence[int]) -> list[int]:
    """The bidders from the highest bid down; equal bids in the tie rule's ``preference`` order."""
    rank = {seat: i for i, seat in enumerate(preference)}
    return sorted(bids, key=lambda seat: (-bids[seat], rank.get(seat, len(rank))))

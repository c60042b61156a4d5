"""Phase D: completed inventions, rewards, cards and sealed auctions (001 §9, F14, R3, R7, R10, R11, R14).

The contested card is sold in the pack's auction form (mechanics.auction, regola.mechanics.auction):
``sealed`` as printed (R7), ``open`` in turn from Leonardo's holder, and ``dutch`` or ``fixed`` as an
offer to the co-completers in turn from Leonardo's holder: the first to accept (``("bid", price)``)
pays the price asked; ``("pass",)`` lets it go. An offer nobody takes ends as when all bid 0 (R7,
``all_zero``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from regola.core.errors import IllegalAction
from regola.core.step import Action, ActionRange, Step
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import State
from regola.mechanics.auction import dutch_decline, dutch_state, dutch_turn, open_bid, open_state, open_turn
from regola.mechanics.ties import NOBODY, preference


def discount(state: State, seat: int, card_id: int) -> int:
    """Weeks granted by cards of the same type the seat owns before this phase D (R10; once, F10)."""
    cards = state.rules.cards
    kind = cards[card_id].type
    return state.rules.discount_per_card * sum(1 for c in state.players[seat].cards if cards[c].type == kind)


def find_completions(state: State) -> list[tuple[int, int, int]]:
    """(seat, lab, card) of every lab that completes now. Completion is not optional (R3)."""
    rules = state.rules
    out = []
    for seat in state.in_turn_from(state.leonardo):
        for li, lab in enumerate(state.players[seat].labs):
            c = lab.target
            if c is None or (c not in state.display and c not in state.completed_before):
                continue  # not yet requested: the lab waits (001 §6)
            if lab.weeks + discount(state, seat, c) >= rules.cards[c].weeks:
                out.append((seat, li, c))
    return out


def begin_completion(state: State) -> None:
    for p in state.players:  # the measure auction_paid counts this phase's auctions from here on
        p.auction_paid = 0
    groups: dict[str, dict[str, Any]] = {}
    order: list[str] = []
    for seat, li, c in find_completions(state):
        key = str(c)
        if key not in groups:
            groups[key] = {"card": c, "seats": [], "labs": [], "auction": False}
            order.append(key)
        groups[key]["seats"].append(seat)
        groups[key]["labs"].append(li)
    for g in groups.values():
        g["first"] = g["card"] not in state.completed_before
        g["auction"] = g["card"] in state.display and len(g["seats"]) > 1
    state.step = {"groups": groups, "cards": order, "done": [], "pos": 0, "choosing": False,
                  "auction": None, "bids": {}, "who": None}
    _settle(state)


def _process(state: State, key: str) -> None:
    """Reward every completer, return the materials to the shops, hand out the card if it has one owner."""
    rules = state.rules
    g = state.step["groups"][key]
    card = rules.cards[g["card"]]
    reward = card.first if g["first"] else card.later
    for seat, li in zip(g["seats"], g["labs"], strict=True):
        p = state.players[seat]
        lab = p.labs[li]
        for m, count in enumerate(lab.materials or ()):
            state.shops[m] += count
        lab.clear()
        p.completed.append(card.id)
        state.gain(seat, reward, "completion")
    if card.id in state.display and not g["auction"]:
        state.display.remove(card.id)
        if rules.sole_completer_takes_card:
            state.players[g["seats"][0]].cards.append(card.id)
    state.step["done"].append(key)


def _settle(state: State) -> None:
    s = state.step
    n = state.n
    if s["auction"] is not None and s.get("offer"):
        if _asked(state) is not None:
            return
        del s["offer"]  # nobody took it
        _sold(state, s["groups"][s["auction"]]["card"], None, 0, {})
    if s["auction"] is not None and s.get("open"):
        turn = open_turn(s["open"])
        if turn is not None:
            s["who"] = turn
            return
        _resolve_open(state)
    if s["auction"] is not None:
        g = s["groups"][s["auction"]]
        for seat in g["seats"]:
            if str(seat) not in s["bids"]:
                s["who"] = seat
                return
        _resolve_auction(state)
    while s["pos"] < n:
        seat = state.after(state.leonardo, s["pos"])
        pending = [k for k in s["cards"] if k not in s["done"] and seat in s["groups"][k]["seats"]]
        for k in pending:
            if not s["groups"][k]["auction"]:
                _process(state, k)
        auctions = [k for k in pending if s["groups"][k]["auction"]]
        if len(auctions) > 1:
            s["choosing"] = True  # F14: who is in two auctions picks which goes first
            s["who"] = seat
            return
        if auctions:
            _start_auction(state, auctions[0])
            _settle(state)
            return
        s["pos"] += 1
    s["who"] = None


def _start_auction(state: State, key: str) -> None:
    s = state.step
    _process(state, key)  # rewards first, then the auction for the card (F14)
    s["auction"] = key
    s["bids"] = {}
    form = state.rules.mechanics.auction
    seats = s["groups"][key]["seats"]
    in_turn = [seat for seat in state.in_turn_from(state.leonardo) if seat in seats]  # from Leonardo's holder
    if form.raised:
        s["open"] = open_state(in_turn)
    elif form.offered:  # a price asked of each in turn: falling from its start, or fixed
        s["offer"] = dutch_state(in_turn, form.asking(0))


def _can_pay(state: State) -> Callable[[int, int], bool]:
    """(seat, price) -> whether that player has the gulden to take an offer at that price."""
    return lambda seat, price: state.players[seat].money >= price


def _asked(state: State) -> int | None:
    """Who of the co-completers is asked now, passing over whoever could not pay the price (set as
    ``who``); None once the offer went round unclaimed at its floor (or once, at a fixed price)."""
    s = state.step
    offer = s["offer"]
    form = state.rules.mechanics.auction
    can_pay = _can_pay(state)
    while (seat := dutch_turn(offer)) is not None:
        if can_pay(seat, offer["price"]):
            s["who"] = seat
            return seat
        dutch_decline(offer, form, can_pay)
    return None


def _resolve_auction(state: State) -> None:
    s = state.step
    g = s["groups"][s["auction"]]
    card = g["card"]
    bids = s["bids"]
    best = max(bids.values())
    if best and state.rules.auction_tie == NOBODY and sum(1 for bid in bids.values() if bid == best) > 1:
        _sold(state, card, None, best, dict(bids), stays=True)  # a tie for the highest bid: nobody takes it
        return
    # ties (R7: the holder, then clockwise, i.e. in the order of play)
    order = preference(state.rules.auction_tie, state.leonardo, state.n, state.rules.mechanics.order(state))
    winner = next(seat for seat in order if bids.get(str(seat)) == best) if best else None
    _sold(state, card, winner, best, dict(bids))


def _resolve_open(state: State) -> None:
    """The last bidder left pays the bank and takes the card; nobody bid: as when all bid 0 (R7)."""
    s = state.step
    auction = s.pop("open")
    card = s["groups"][s["auction"]]["card"]
    _sold(state, card, auction["leader"], auction["high"], {str(auction["leader"]): auction["high"]})


def _sold(state: State, card: int, winner: int | None, price: int, bids: dict[str, int], stays: bool = False) -> None:
    """The auction's card goes to the winner, who pays the bank; with no winner (all bid 0, or nobody
    bid) it goes out of the game or stays in the display, as the pack says (R7); after a tie under the tie
    rule 'nobody' (``stays``) it stays in the display. Either way it is in
    exactly one place afterwards (tests/maestro_leonardo/test_card_conservation.py)."""
    if winner is None:
        if state.rules.auction_all_zero_removes and not stays:
            state.display.remove(card)
            state.box_cards.append(card)
    else:
        state.display.remove(card)
        state.pay(winner, price, "auction")
        state.players[winner].cards.append(card)
        state.players[winner].auction_paid += price
    if state.log is not None:
        state.log.append(("auction", card, bids))
    state.step["auction"] = None
    state.step["bids"] = {}


def end_completion(state: State) -> None:
    """Labs still working on an invention completed this round show their materials (001 §9)."""
    s = state.step
    finished = [s["groups"][k]["card"] for k in s["cards"]]
    for p in state.players:
        for lab in p.labs:
            if lab.target in finished:
                lab.revealed = True
    for c in finished:
        if c not in state.completed_before:
            state.completed_before.append(c)


def _listed_bids(state: State) -> tuple[int, ...]:
    """The sealed bids a house rule lists (``mechanics.auction.bids``: from ``min``, else ``by``, in steps of
    ``by`` up to ``max``); none as printed, where a bid is any sum (R7)."""
    form = state.rules.mechanics.auction
    return form.listed_bids(form.bid_step)


class Completion(Step):
    rule = "completion.auction"

    def most(self, rules: Rules, players: int) -> int:
        """An auction needs two labs completing the same card, so a phase holds at most half the labs the
        seats may hold (limits.labs) of them: each chosen to go first once at most, each sold in the pack's
        form among at most every seat, none bidding more than a player may hold (parts.money)."""
        auctions = players * rules.limit_labs // 2
        return auctions * (1 + rules.mechanics.auction.most_decisions(players, rules.money_most))

    def decider(self, state: State) -> int | None:
        who: int | None = state.step["who"]
        return who

    def legal(self, state: State) -> Sequence[Action]:
        s = state.step
        seat = s["who"]
        if s["choosing"]:
            return [("auction_first", s["groups"][k]["card"]) for k in s["cards"]
                    if k not in s["done"] and s["groups"][k]["auction"] and seat in s["groups"][k]["seats"]]
        if s.get("offer"):  # take the card at the price asked (while the purse holds it), or let it go
            price = s["offer"]["price"]
            return [("bid", price), ("pass",)] if state.players[seat].money >= price else [("pass",)]
        money = state.players[seat].money
        if s.get("open"):  # raise above the high bid by the raise rule, up to the purse; the high bid drops out
            high = s["open"]["high"]
            rule = state.rules.mechanics.auction.raise_rule
            if rule.unbounded:
                return ActionRange("bid", range(high, max(high, money) + 1))
            return [("bid", high), *(("bid", bid) for bid in rule.bids(high, money))]
        listed = _listed_bids(state)
        if listed:  # a house rule's bids (mechanics.auction.bids): nothing, or one of them up to the purse
            return [("bid", 0), *(("bid", bid) for bid in listed if bid <= money)]
        return ActionRange("bid", range(money + 1))  # a bid is 0 to the purse, never listed

    def explain(self, state: State, action: Action) -> IllegalAction:
        if action and action[0] == "auction_first":
            return IllegalAction("completion.order", "pick one of your own pending auctions", action)
        if state.step.get("offer"):
            price = state.step["offer"]["price"]
            return IllegalAction(self.rule, f"the card is offered at {price}: ('bid', {price}) takes it, ('pass',) "
                                 "lets it go", action)
        if state.step.get("open"):
            raises = state.rules.mechanics.auction.raise_rule.raises()
            by = "" if raises is None else f" by {', '.join(map(str, raises))}"
            return IllegalAction(self.rule, f"an open bid raises the high bid{by}, up to the bidder's money; a bid "
                                 "of the high bid drops out", action)
        listed = _listed_bids(state)
        if listed:
            return IllegalAction(self.rule, f"a bid is 0 (nothing) or one of {', '.join(map(str, listed))}, up to "
                                 "the bidder's money", action)
        return IllegalAction(self.rule, "a bid is a whole number from 0 to the bidder's money", action)

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        if action[0] == "auction_first":
            s["choosing"] = False
            _start_auction(state, str(action[1]))
        elif s.get("offer"):
            if action[0] == "bid":
                price = s.pop("offer")["price"]
                _sold(state, s["groups"][s["auction"]]["card"], s["who"], price, {str(s["who"]): price})
            else:
                dutch_decline(s["offer"], state.rules.mechanics.auction, _can_pay(state))
        elif s.get("open"):
            open_bid(s["open"], s["who"], action[1])
        else:
            s["bids"][str(s["who"])] = action[1]
        _settle(state)

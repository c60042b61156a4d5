"""Phase A, the auction (004 Faza Licytacji), in the form the pack chooses (mechanics.auction).

As printed (``open``, raise ``exactly`` 100): a chooser picks a lot and thereby bids the opening price;
clockwise, every other player still in the round raises by the step or passes, and a pass is final for
that lot. The winner pays the bank. If the chooser lost, he chooses again; otherwise the next player
still in the round does. Declining to choose ends one's part in the round. The last player still in the
round may take a lot for the opening price without an auction. A ``dutch`` lot is offered to the same
players in the same order at a falling price; ``fixed`` sells each chosen lot at the opening price;
``sealed`` has every player name a lot and a bid at once, settled from the highest bid down. How a lot
is sold is the library's (regola.mechanics.auction); what a lot gives, who may use it and who chooses
are this game's. Every number comes from the pack (auction.yaml by player count, mechanics.yaml).
"""

from __future__ import annotations

from typing import Any

from regola.core.errors import IllegalAction
from regola.core.step import Action, Step
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.rules import Lot, Rules
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps import anytime
from regola.games.princes_of_florence.steps.characters import rank_position
from regola.games.princes_of_florence.supply import (
    can_place_landscape,
    draw,
    hire_architect,
    place,
    placement_refusal,
    placements,
)
from regola.mechanics.auction import Auction as AuctionForm
from regola.mechanics.auction import (
    dutch_decline,
    dutch_state,
    dutch_turn,
    open_bid,
    open_state,
    open_turn,
    sealed_order,
    tied_lots,
)
from regola.mechanics.ties import NOBODY, preference


def lots(state: State) -> tuple[Lot, ...]:
    return state.rules.lots_by_players[state.n]


def _lot(state: State, lot_id: str) -> Lot:
    return next(lot for lot in lots(state) if lot.id == lot_id)


def stack_has(state: State, lot: Lot) -> bool:
    """Whether the lot's stack still holds something (004: an empty stack is not auctioned)."""
    for give in lot.gives:
        if give in state.landscapes:
            if state.landscapes[give] > 0:
                return True
        elif give == "jester":
            if state.jesters > 0:
                return True
        elif give == "architect":
            if state.architects > 0:
                return True
        elif give == "prestige":
            if state.prestige_deck:
                return True
        elif give == "recruitment" and state.recruitment > 0:
            return True
    return False


def can_take(state: State, seat: int, lot: Lot) -> bool:
    """Whether this player could use the lot: a fourth architect is not allowed (004 Znaczenie 7
    przedmiotów) and a landscape must fit into the principality at once (004 Las)."""
    landscapes = tuple(g for g in lot.gives if g in state.landscapes)
    if landscapes:
        return can_place_landscape(state, seat, landscapes)
    if "architect" in lot.gives and state.players[seat].architects >= state.rules.max_architects:
        return False
    return stack_has(state, lot)


def available(state: State) -> list[Lot]:
    """The lots whose stack still has something, has sold fewer than ``per_stack`` lots this round and has
    not gone unclaimed this round (a Dutch offer)."""
    sold, unsold = state.step["sold"], state.step.get("unsold", ())
    return [lot for lot in lots(state)
            if sold.count(lot.id) < state.rules.per_stack and lot.id not in unsold and stack_has(state, lot)]


def begin_auction(state: State) -> None:
    for p in state.players:  # the measure auction_paid counts this phase's lots from here on
        p.auction_paid = 0
    state.step = {"out": [False] * state.n, "won": [0] * state.n, "sold": [], "unsold": [], "chooser": state.start,
                  "lot": None, "opener": None, "open": None, "dutch": None, "sealed": None, "pending": None}
    if state.rules.mechanics.auction.sealed:  # every seat names a lot and a bid, from the start player
        state.step.update(chooser=None, sealed={"asked": state.in_turn_from(state.start), "bids": {}, "queue": None})


def _form(state: State) -> AuctionForm:
    return state.rules.mechanics.auction


def _opening(state: State) -> int:
    return int(state.rules.opening_bid[state.n])


def buy_price(state: State) -> int:
    """What a lot bought without an auction costs: the fixed-price form's ``price`` where it says one, else
    the opening bid (the last player's lot under R16, a fixed-price lot as printed)."""
    form = _form(state)
    return form.price if form.priced and form.price is not None else _opening(state)


def _can_pay(state: State, seat: int, price: int) -> bool:
    """Whether the seat could pay ``price``, counting the prestige it may sell for money (R15)."""
    return state.players[seat].money + anytime.sellable(state, seat) >= price


class Auction(Step):
    """Phase A in the pack's auction form (mechanics.auction): who chooses, what a lot gives and the last
    player's lot are this game's; how a chosen lot is sold is the library's form (regola.mechanics.auction)."""

    rule = "auction.lots"

    def most(self, rules: Rules, players: int) -> int:
        """One auction phase: each seat wins at most ``per_player`` lots and declines once; a lot offered at a
        price nobody takes is not offered again this round; each lot chosen is sold in the pack's form
        (regola.mechanics.auction; nobody bids past the most a player may hold), and its winner finishes
        taking it in at most the decisions its stack asks (the merchant's choice, a landscape placed, a
        prestige card kept and the rest put under, a recruitment card kept for later). A sealed auction
        is one bid or one refusal each. Moves back on the fame track are counted with the actions."""
        form = rules.mechanics.auction
        lots = rules.lots_by_players.get(players, ())
        won = players * rules.per_player
        follow = max((_taking(rules, lot) for lot in lots), default=0) + (1 if rules.characters else 0)
        if form.sealed:
            return players + won * follow
        unsold = len({lot.id for lot in lots}) if form.offered else 0
        chosen = won + unsold
        selling = 0 if form.priced else (won + unsold) * form.most_decisions(
            players, rules.money_most, rules.opening_bid.get(players, 0))
        return chosen + players + selling + won * follow

    def midway(self, state: State) -> bool:
        """A follow-up decision of an action or a lot (its options worked out as it began) is under way."""
        return state.step.get("pending") is not None

    def decider(self, state: State) -> int | None:
        s = state.step
        pending = s["pending"]
        if pending is not None:
            return int(pending["seat"])
        offer = s["open"]
        if offer:
            return open_turn(offer)
        if s["dutch"]:
            return dutch_turn(s["dutch"])
        if s["sealed"]:
            return _sealed_turn(state)
        chooser: int | None = s["chooser"]
        return chooser

    def legal(self, state: State) -> list[Action]:
        s = state.step
        if s["pending"] is not None:
            return _pending_legal(state, s["pending"])
        seat = self._to_move(state)
        money = state.players[seat].money
        offer = s["open"]
        if offer:  # the bidder to move is the open auction's (decider)
            high = offer["high"]
            rule = _form(state).raise_rule
            if rule.single:  # the printed game: one raise, listed without its amount
                out: list[Action] = [("raise",)] if money >= high + rule.by else []
            else:
                out = [("raise", bid - high) for bid in rule.bids(high, money)]
            out.append(("pass",))
        elif s["dutch"]:
            out = [("accept",)] if money >= s["dutch"]["price"] else []
            out.append(("pass",))
        elif s["sealed"]:
            out = [*sealed_options(state, seat), ("decline",)]
        else:
            verb = "buy" if self._last(state) or _form(state).priced else "open"
            least = buy_price(state) if verb == "buy" else _opening(state)
            out = [(verb, lot.id) for lot in available(state) if money >= least and can_take(state, seat, lot)]
            out.append(("decline",))
        if anytime.may_sell(state, seat):  # ruling R15: at any of one's own decisions
            out.append(("sell",))
        return out

    def _to_move(self, state: State) -> int:
        seat = self.decider(state)
        if seat is None:  # the flow asks a step for moves only while someone is to move
            raise RuntimeError("phase A has nobody to move")
        return seat

    def _last(self, state: State) -> bool:
        return (state.rules.last_player_buys and _form(state).haggled
                and state.step["out"].count(False) == 1)

    def explain(self, state: State, action: Action) -> IllegalAction:
        s = state.step
        verb = action[0] if action else None
        pending = s["pending"]
        if pending is not None:
            return _pending_refusal(state, pending, action)
        if verb == "sell":
            return anytime.sell_refusal(state, action)
        if verb == "recruit":
            return IllegalAction(anytime.RECRUIT_RULE, "a recruitment card is used when it is won or in the "
                                 "action phase, not while lots are being auctioned", action)
        form = _form(state)
        if verb in ("open", "buy", "seal") and len(action) >= 2 and s["lot"] is None:
            refusal = self._choice_refusal(state, action)
            if refusal is not None:
                return refusal
        if verb in ("raise", "pass", "accept") and s["lot"] is None:
            return IllegalAction("auction.lots", "no lot is being auctioned now: the player chooses a lot or "
                                 "declines", action)
        if verb == "raise" and s.get("open"):
            high, money = s["open"]["high"], state.players[self._to_move(state)].money
            rule = form.raise_rule
            if action not in [_raise_action(state, r) for r in rule.raises() or ()]:
                if rule.single:
                    return IllegalAction("auction.raise", f"every raise is exactly {rule.by}: send ('raise',) and "
                                         f"the bid becomes {high + rule.by}", action)
                return IllegalAction("auction.raise", f"a raise is a multiple of {rule.by} from {rule.least} to "
                                     f"{rule.most}: send ('raise', amount)", action)
            return IllegalAction("auction.afford", f"a raise to {high + (action[1:] or (rule.by,))[0]} is more "
                                 f"than the player's {money}", action)
        if verb == "accept" and s.get("dutch"):
            return IllegalAction("auction.afford", f"the price is {s['dutch']['price']}; the player has "
                                 f"{state.players[self._to_move(state)].money}", action)
        if verb in ("open", "buy", "seal") and s["lot"] is not None:
            return IllegalAction("auction.pass_final", f"the auction of {s['lot']} is running", action)
        if verb in ("open", "buy", "seal", "raise", "accept"):
            return IllegalAction(self.rule, f"the auction here is {form.kind}: {verb!r} is not one of its "
                                 "moves", action)
        return IllegalAction(self.rule, "not one of the legal actions here", action)

    def _choice_refusal(self, state: State, action: Action) -> IllegalAction | None:
        s = state.step
        seat = self._to_move(state)
        lot = next((lot for lot in lots(state) if lot.id == action[1]), None)
        if lot is None:
            known = ", ".join(lot.id for lot in lots(state))
            return IllegalAction("auction.lots", f"no lot '{action[1]}' in this game (lots: {known})", action)
        if s["sold"].count(lot.id) >= state.rules.per_stack:
            return IllegalAction("auction.one_per_stack", f"the {lot.id} stack has sold "
                                 f"{s['sold'].count(lot.id)} lot(s) this round, its most", action)
        if lot.id in s.get("unsold", ()):
            return IllegalAction("auction.lots", f"the {lot.id} lot went unclaimed this round", action)
        if not stack_has(state, lot):
            return IllegalAction("auction.empty_stack", f"the {lot.id} stack is empty", action)
        least = buy_price(state) if action[0] == "buy" else _opening(state)
        if state.players[seat].money < least:
            what = "the price" if action[0] == "buy" else "the opening bid"
            return IllegalAction("auction.afford", f"{what} is {least}; the player has {state.players[seat].money}",
                                 action)
        if "architect" in lot.gives and state.players[seat].architects >= state.rules.max_architects:
            return IllegalAction("auction.architect_limit", f"the player already has "
                                 f"{state.rules.max_architects} architects, the most anyone may hold", action)
        if not can_take(state, seat, lot):
            return IllegalAction("auction.landscape", "the landscape fits nowhere in the principality", action)
        if action[0] == "open" and self._last(state):
            return IllegalAction("auction.last_player", "the last player takes a lot for the opening bid "
                                 "without an auction ('buy')", action)
        if action[0] == "buy" and _form(state).haggled and not self._last(state):
            return IllegalAction("auction.last_player", "only the last player still in the round takes a lot "
                                 "without an auction; others open one ('open')", action)
        return None

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        verb = action[0]
        if s["pending"] is not None:
            _pending_apply(state, action)
        elif verb == "sell":
            anytime.sell(state, self._to_move(state))
        elif verb in ("raise", "pass") and s["open"]:
            offer = s["open"]
            step = action[1] if len(action) > 1 else _form(state).raise_rule.by
            bidder = open_turn(offer)
            assert bidder is not None  # an auction that is over is never left running (_settle_open)
            open_bid(offer, bidder, offer["high"] + step if verb == "raise" else offer["high"])
            _settle_open(state)
        elif verb in ("accept", "pass"):
            seat = self._to_move(state)
            if verb == "accept":
                _sold_to(state, seat, s["dutch"]["price"])
            else:
                dutch_decline(s["dutch"], _form(state), lambda other, price: _can_pay(state, other, price))
                _settle_dutch(state)
        elif verb == "seal" or (verb == "decline" and s["sealed"]):
            sealed = s["sealed"]
            seat = self._to_move(state)
            sealed["bids"][str(seat)] = [action[1], action[2]] if verb == "seal" else None
        elif verb == "open":
            seat = s["chooser"]
            s.update(lot=action[1], opener=seat)
            bidders = [other for other in state.in_turn_from(seat) if not s["out"][other]]
            if _form(state).offered:  # a price asked of each in turn (it falls as it goes round)
                s["dutch"] = dutch_state(bidders, _form(state).asking(_opening(state)))
                _settle_dutch(state)
            else:
                s["open"] = open_state(bidders, high=_opening(state), leader=seat)
                _settle_open(state)
        elif verb == "buy":
            seat = s["chooser"]
            _win(state, seat, action[1], buy_price(state))
            s["chooser"] = _next_in(state, seat)
        else:  # decline: out of this round's auctions (004 Przebieg fazy Licytacji)
            seat = s["chooser"]
            s["out"][seat] = True
            s["chooser"] = _next_in(state, seat)
        if s["sealed"] and s["pending"] is None:
            _settle_sealed(state)


def _taking(rules: Rules, lot: Lot) -> int:
    """The decisions a lot's winner takes to finish taking it (Auction.most)."""
    if any(give in rules.landscape_kinds for give in lot.gives):
        return 1
    if "prestige" in lot.gives:
        return 1 + (1 if rules.prestige_draw > 2 else 0)
    return 1 if "recruitment" in lot.gives else 0


def sealed_options(state: State, seat: int) -> list[Action]:
    """The sealed bids ``seat`` may make: a lot it can use, a listed bid from the least bid (the form's, else the
    opening bid) up to its money."""
    form = _form(state)
    listed = form.sealed_bids(form.bid_least or min(state.rules.opening_bid.values()))  # as verbs.py lists them
    least = form.bid_least or _opening(state)
    money = state.players[seat].money
    bids = [bid for bid in listed if least <= bid <= money]
    return [("seal", lot.id, bid) for lot in available(state) if can_take(state, seat, lot) for bid in bids]


def _raise_action(state: State, step: int) -> Action:
    """A raise as the action table lists it: ('raise',) under 'exactly', ('raise', step) otherwise."""
    return ("raise",) if _form(state).raise_rule.single else ("raise", step)


def _next_in(state: State, seat: int) -> int | None:
    """The next player clockwise after ``seat`` (or ``seat`` itself, last) still in this round."""
    out = state.step["out"]
    for i in range(1, state.n + 1):
        other = state.after(seat, i)
        if not out[other]:
            return other
    return None


def _settle_open(state: State) -> None:
    """Drop every bidder whose turn it is but who could not raise (money, or a lot he could not use); once one
    bidder is left holding the high bid, he wins (004 Przebieg fazy Licytacji)."""
    s = state.step
    offer = s["open"]
    lot: Lot | None = None
    rule = _form(state).raise_rule
    least = rule.least_raise
    while (seat := open_turn(offer)) is not None:
        if _can_pay(state, seat, offer["high"] + least):
            lot = lot or _lot(state, s["lot"])
            if can_take(state, seat, lot):
                return
        open_bid(offer, seat, offer["high"])
    _sold_to(state, offer["leader"], offer["high"])


def _settle_dutch(state: State) -> None:
    """Pass over whoever could not pay the price or use the lot; unclaimed at the floor, the lot is not sold
    this round and its chooser chooses again."""
    s = state.step
    offer = s["dutch"]
    lot = _lot(state, s["lot"])
    while (seat := dutch_turn(offer)) is not None:
        if _can_pay(state, seat, offer["price"]) and can_take(state, seat, lot):
            return
        dutch_decline(offer, _form(state), lambda other, price: _can_pay(state, other, price))
    s["unsold"].append(s["lot"])
    s.update(lot=None, dutch=None)
    opener = s["opener"]
    s["chooser"] = opener if not s["out"][opener] else _next_in(state, opener)


def _sold_to(state: State, winner: int, price: int) -> None:
    """The running lot goes to ``winner`` at ``price``; the chooser who lost chooses again, one who won hands
    on clockwise (004 Przebieg fazy Licytacji)."""
    s = state.step
    opener = s["opener"]
    _win(state, winner, s["lot"], price)
    s.update(lot=None, open=None, dutch=None)
    s["chooser"] = opener if winner != opener and not s["out"][opener] else _next_in(state, opener)


def _sealed_turn(state: State) -> int | None:
    """Who names a lot and a bid next; None once every seat has, or while the bids are settled."""
    sealed = state.step["sealed"]
    if sealed["queue"] is not None:
        return None
    return next((seat for seat in sealed["asked"] if str(seat) not in sealed["bids"]), None)


def _settle_sealed(state: State) -> None:
    """Once every seat has bid: from the highest bid down (ties by the form's tie rule), each takes its lot at
    its bid while the lot is still to be had, else nothing; a lot's winner finishes taking it first."""
    s = state.step
    sealed = s["sealed"]
    if _sealed_turn(state) is not None:
        return
    if sealed["queue"] is None:
        bids = {int(seat): bid[1] for seat, bid in sealed["bids"].items() if bid is not None}
        rule = _form(state).tie
        if rule == NOBODY:  # a lot whose highest bids are equal goes to nobody: every bid on it is void
            tied = tied_lots({int(seat): (bid[0], bid[1]) for seat, bid in sealed["bids"].items() if bid is not None})
            bids = {seat: bid for seat, bid in bids.items() if sealed["bids"][str(seat)][0] not in tied}
            rule = "start_then_clockwise"  # (no two bids left on one lot are equal at its top)
        tie = preference(rule, state.start, state.n, state.rules.mechanics.order(state))
        sealed["queue"] = sealed_order(bids, tie)
    while sealed["queue"] and s["pending"] is None:
        seat = sealed["queue"].pop(0)
        lot_id, bid = sealed["bids"][str(seat)]
        lot = _lot(state, lot_id)
        if (lot in available(state) and can_take(state, seat, lot) and state.players[seat].money >= bid
                and not s["out"][seat]):
            _win(state, seat, lot_id, bid)
    if not sealed["queue"] and s["pending"] is None:
        s["out"] = [True] * state.n
        s["sealed"] = None


def _win(state: State, seat: int, lot_id: str, price: int) -> None:
    s = state.step
    state.pay(seat, price)
    state.players[seat].auction_paid += price
    won = s.setdefault("won", [0] * state.n)  # a state saved before per_player was read has none
    won[seat] += 1
    if won[seat] >= state.rules.per_player:  # out of this round's auctions (004: one lot each)
        s["out"][seat] = True
    s["sold"].append(lot_id)
    lot = _lot(state, lot_id)
    p = state.players[seat]
    landscapes = [g for g in lot.gives if g in state.landscapes]
    then: dict[str, Any] | None = None
    if landscapes:
        then = {"seat": seat, "kind": "place", "gives": landscapes}
    elif "prestige" in lot.gives:
        then = {"seat": seat, "kind": "prestige", "cards": draw(state.prestige_deck, state.rules.prestige_draw)}
    elif "architect" in lot.gives:
        hire_architect(state, seat)
    elif "jester" in lot.gives:
        state.jesters -= 1
        p.jesters += 1
    elif "recruitment" in lot.gives:
        state.recruitment -= 1
        p.recruits += 1
        if not state.rules.recruit_is_action and anytime.recruit_options(state, seat):
            then = {"seat": seat, "kind": "recruit"}  # usable at once (004 Karty Rekrutacji)
    s["pending"] = then
    if state.extra.get("merchant") == seat:  # expansion: the merchant's holder chooses first
        state.extra["merchant"] = None
        s["pending"] = {"seat": seat, "kind": "merchant", "price": price, "then": then}


def _pending_legal(state: State, pending: dict[str, Any]) -> list[Action]:
    seat = pending["seat"]
    p = state.players[seat]
    kind = pending["kind"]
    if kind == "merchant":
        return [("merchant", "free"), ("merchant", "rank")]
    if kind == "place":
        return [("place", *pl) for kind in pending["gives"] if state.landscapes[kind] > 0
                for pl in placements(state.rules, p.board, kind, p.architects)]
    if kind == "recruit":
        return [*anytime.recruit_options(state, seat), ("wait",)]
    if kind == "under":
        return anytime.under_options(pending)
    return [("keep", card) for card in pending["cards"]]


def _pending_refusal(state: State, pending: dict[str, Any], action: Action) -> IllegalAction:
    """Why an action is refused while the winner of a lot finishes taking it."""
    kind = pending["kind"]
    verb = action[0] if action else None
    if kind == "place" and verb == "place":
        if len(action) == 5 and action[1] not in pending["gives"]:
            return IllegalAction("auction.landscape", f"the lot gives {', '.join(pending['gives'])}, not "
                                 f"{action[1]!r}", action)
        refusal = placement_refusal(state, pending["seat"], action)
        if refusal is not None:
            return refusal
    if kind == "recruit" and verb == "recruit":
        return anytime.recruit_refusal(state, pending["seat"], action)
    if kind == "prestige" and verb == "keep":
        return IllegalAction("auction.prestige_card", "the card kept must be one of the cards drawn: "
                             f"{', '.join(map(str, pending['cards']))}", action)
    if kind == "under" and verb == "under":
        return IllegalAction("auction.prestige_card", "the order must hold each of the cards going back "
                             f"exactly once: {', '.join(map(str, pending['cards']))}", action)
    return IllegalAction("auction.lots", f"the winner of the lot first finishes taking it ({kind})", action)


def _pending_apply(state: State, action: Action) -> None:
    s = state.step
    pending = s["pending"]
    seat = pending["seat"]
    kind = pending["kind"]
    if kind == "merchant":  # the lot for free, or prestige by one's place on the track
        if action[1] == "free":
            state.gain(seat, pending["price"])
        else:
            state.players[seat].prestige += rank_position(state, seat)
        s["pending"] = pending["then"]
        return
    if kind == "place":
        place(state, seat, Placement(*action[1:]))
        s["pending"] = None
    elif kind == "recruit":
        if action[0] == "wait":
            s["pending"] = None
            return
        anytime.recruit(state, seat, action)
        if not anytime.recruit_options(state, seat):
            s["pending"] = None
    elif kind == "under":
        anytime.put_under(state, pending, action)
        s["pending"] = None
    else:  # a prestige card: keep one face down, the rest go under the pile (004 Karty Prestiżu)
        state.players[seat].prestige_cards.append(action[1])
        rest = [c for c in pending["cards"] if c != action[1]]
        s["pending"] = anytime.back_under(state, seat, "prestige_deck", rest)

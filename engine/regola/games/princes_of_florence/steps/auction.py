"""Phase A, the auction (004 Faza Licytacji).

A chooser picks a lot and thereby bids the opening price; clockwise, every other player still in the
round raises by the fixed step or passes, and a pass is final for that lot. The winner pays the bank.
If the chooser lost, he chooses again; otherwise the next player still in the round does. Declining to
choose ends one's part in the round. The last player still in the round may take a lot for the opening
price without an auction. Every number comes from the pack (auction.yaml, by player count).
"""

from __future__ import annotations

from typing import Any

from regola.core.errors import IllegalAction
from regola.core.step import Action, Step
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.rules import Lot
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
    """The lots whose stack still has something and has sold fewer than ``per_stack`` lots this round."""
    sold = state.step["sold"]
    return [lot for lot in lots(state) if sold.count(lot.id) < state.rules.per_stack and stack_has(state, lot)]


def begin_auction(state: State) -> None:
    state.step = {"out": [False] * state.n, "won": [0] * state.n, "sold": [], "chooser": state.start, "lot": None,
                  "price": 0, "high": None, "opener": None, "passed": [], "turn": None, "pending": None}


class Auction(Step):
    rule = "auction.lots"

    def decider(self, state: State) -> int | None:
        s = state.step
        if s["pending"] is not None:
            return int(s["pending"]["seat"])
        if s["lot"] is not None:
            return int(s["turn"])
        return s["chooser"]

    def legal(self, state: State) -> list[Action]:
        s = state.step
        if s["pending"] is not None:
            return _pending_legal(state, s["pending"])
        if s["lot"] is not None:
            seat = s["turn"]
            out: list[Action] = [("raise",)] if state.players[seat].money >= s["price"] + state.rules.raise_by else []
            out.append(("pass",))
        else:
            seat = s["chooser"]
            opening = state.rules.opening_bid[state.n]
            verb = "buy" if self._last(state) else "open"
            money = state.players[seat].money
            out = [(verb, lot.id) for lot in available(state) if money >= opening and can_take(state, seat, lot)]
            out.append(("decline",))
        if anytime.may_sell(state, seat):  # ruling R15: at any of one's own decisions
            out.append(("sell",))
        return out

    def _last(self, state: State) -> bool:
        return state.rules.last_player_buys and state.step["out"].count(False) == 1

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
        if s["lot"] is None and verb in ("open", "buy") and len(action) == 2:
            return self._choice_refusal(state, action)
        if verb in ("raise", "pass") and s["lot"] is None:
            return IllegalAction("auction.lots", "no lot is being auctioned now: the player chooses a lot to "
                                 "auction ('open') or declines", action)
        if verb == "raise":
            need = s["price"] + state.rules.raise_by
            if len(action) != 1:
                return IllegalAction("auction.raise", f"every raise is exactly {state.rules.raise_by}: send "
                                     f"('raise',) and the bid becomes {need}", action)
            return IllegalAction("auction.afford", f"a raise to {need} is more than the player's "
                                 f"{state.players[s['turn']].money}", action)
        if verb in ("open", "buy") and s["lot"] is not None:
            return IllegalAction("auction.pass_final", f"the auction of {s['lot']} is running: raise or pass",
                                 action)
        return IllegalAction(self.rule, "not one of the legal actions here", action)

    def _choice_refusal(self, state: State, action: Action) -> IllegalAction:
        s = state.step
        seat = s["chooser"]
        lot = next((lot for lot in lots(state) if lot.id == action[1]), None)
        if lot is None:
            known = ", ".join(lot.id for lot in lots(state))
            return IllegalAction("auction.lots", f"no lot '{action[1]}' in this game (lots: {known})", action)
        if s["sold"].count(lot.id) >= state.rules.per_stack:
            return IllegalAction("auction.one_per_stack", f"the {lot.id} stack has sold "
                                 f"{s['sold'].count(lot.id)} lot(s) this round, its most", action)
        if not stack_has(state, lot):
            return IllegalAction("auction.empty_stack", f"the {lot.id} stack is empty", action)
        if state.players[seat].money < state.rules.opening_bid[state.n]:
            return IllegalAction("auction.afford", f"the opening bid is {state.rules.opening_bid[state.n]}; the "
                                 f"player has {state.players[seat].money}", action)
        if "architect" in lot.gives and state.players[seat].architects >= state.rules.max_architects:
            return IllegalAction("auction.architect_limit", f"the player already has "
                                 f"{state.rules.max_architects} architects, the most anyone may hold", action)
        if action[0] == "open" and self._last(state):
            return IllegalAction("auction.last_player", "the last player takes a lot for the opening bid "
                                 "without an auction ('buy')", action)
        if action[0] == "buy" and not self._last(state):
            return IllegalAction("auction.last_player", "only the last player still in the round takes a lot "
                                 "without an auction; others open one ('open')", action)
        return IllegalAction("auction.landscape", "the landscape fits nowhere in the principality", action)

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        verb = action[0]
        if s["pending"] is not None:
            _pending_apply(state, action)
            return
        if verb == "sell":
            anytime.sell(state, s["turn"] if s["lot"] is not None else s["chooser"])
        elif verb == "raise":
            s["price"] += state.rules.raise_by
            s["high"] = s["turn"]
            _next_bidder(state, s["turn"])
        elif verb == "pass":
            s["passed"].append(s["turn"])
            _next_bidder(state, s["turn"])
        elif verb == "open":
            seat = s["chooser"]
            s.update(lot=action[1], price=state.rules.opening_bid[state.n], high=seat, opener=seat, passed=[])
            _next_bidder(state, seat)
        elif verb == "buy":
            seat = s["chooser"]
            _win(state, seat, action[1], state.rules.opening_bid[state.n])
            s["chooser"] = _next_in(state, seat)
        else:  # decline: out of this round's auctions (004 Przebieg fazy Licytacji)
            seat = s["chooser"]
            s["out"][seat] = True
            s["chooser"] = _next_in(state, seat)


def _next_in(state: State, seat: int) -> int | None:
    """The next player clockwise after ``seat`` (or ``seat`` itself, last) still in this round."""
    out = state.step["out"]
    for i in range(1, state.n + 1):
        other = (seat + i) % state.n
        if not out[other]:
            return other
    return None


def _next_bidder(state: State, after: int) -> None:
    """Hand the bid to the next player clockwise who may still bid; one who cannot raise (money, or a
    lot he could not use) withdraws from the lot. Nobody left: the high bidder wins."""
    s = state.step
    lot = _lot(state, s["lot"])
    need = s["price"] + state.rules.raise_by
    for i in range(1, state.n):
        seat = (after + i) % state.n
        if seat == s["high"] or s["out"][seat] or seat in s["passed"]:
            continue
        if state.players[seat].money + anytime.sellable(state, seat) < need or not can_take(state, seat, lot):
            s["passed"].append(seat)
            continue
        s["turn"] = seat
        return
    winner, opener = s["high"], s["opener"]
    _win(state, winner, s["lot"], s["price"])
    s.update(lot=None, turn=None, high=None, passed=[])
    # the chooser who lost chooses again; one who won hands on clockwise (004 Przebieg fazy Licytacji)
    s["chooser"] = opener if winner != opener and not s["out"][opener] else _next_in(state, opener)


def _win(state: State, seat: int, lot_id: str, price: int) -> None:
    s = state.step
    state.pay(seat, price)
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

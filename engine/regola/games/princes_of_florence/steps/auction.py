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
from regola.games.princes_of_florence.steps.characters import rank_position
from regola.games.princes_of_florence.supply import can_place_landscape, draw, hire_architect, place, placements


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
    s = state.step
    return [lot for lot in lots(state) if lot.id not in s["sold"] and stack_has(state, lot)]


def begin_auction(state: State) -> None:
    state.step = {"out": [False] * state.n, "sold": [], "chooser": state.start, "lot": None, "price": 0,
                  "high": None, "opener": None, "passed": [], "turn": None, "pending": None}


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
            return [("raise",), ("pass",)]
        seat = s["chooser"]
        opening = state.rules.opening_bid[state.n]
        verb = "buy" if self._last(state) else "open"
        money = state.players[seat].money
        out: list[Action] = [(verb, lot.id) for lot in available(state)
                             if money >= opening and can_take(state, seat, lot)]
        out.append(("decline",))
        return out

    def _last(self, state: State) -> bool:
        return state.rules.last_player_buys and state.step["out"].count(False) == 1

    def explain(self, state: State, action: Action) -> IllegalAction:
        s = state.step
        verb = action[0] if action else None
        if s["pending"] is None and s["lot"] is None and verb in ("open", "buy") and len(action) == 2:
            lot = next((lot for lot in lots(state) if lot.id == action[1]), None)
            if lot is None:
                return IllegalAction("auction.lots", f"no lot '{action[1]}' in this game", action)
            if lot.id in s["sold"]:
                return IllegalAction("auction.one_per_stack", "this stack already sold a lot this round", action)
            if not stack_has(state, lot):
                return IllegalAction("auction.empty_stack", "this stack is empty", action)
            if state.players[s["chooser"]].money < state.rules.opening_bid[state.n]:
                return IllegalAction("auction.afford", "not enough money for the opening bid", action)
            if "architect" in lot.gives:
                return IllegalAction("auction.architect_limit", "no player may hold more architects", action)
            if verb == "open" and self._last(state):
                return IllegalAction("auction.last_player", "the last player buys without an auction", action)
            return IllegalAction("auction.landscape", "the landscape does not fit into the principality", action)
        if verb == "raise":
            return IllegalAction("auction.pass_final", "no bid is open to this player now", action)
        return IllegalAction(self.rule, "not one of the legal actions here", action)

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        verb = action[0]
        if s["pending"] is not None:
            _pending_apply(state, action)
            return
        if verb == "raise":
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
        if state.players[seat].money < need or not can_take(state, seat, lot):
            s["passed"].append(seat)
            continue
        s["turn"] = seat
        return
    winner, opener = s["high"], s["opener"]
    _win(state, winner, s["lot"], s["price"])
    s.update(lot=None, turn=None, high=None, passed=[])
    # the chooser who lost chooses again; one who won hands on clockwise (004 Przebieg fazy Licytacji)
    s["chooser"] = opener if not s["out"][opener] else _next_in(state, opener)


def _win(state: State, seat: int, lot_id: str, price: int) -> None:
    s = state.step
    state.pay(seat, price)
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
    s["pending"] = then
    if state.extra.get("merchant") == seat:  # expansion: the merchant's holder chooses first
        state.extra["merchant"] = None
        s["pending"] = {"seat": seat, "kind": "merchant", "price": price, "then": then}


def _pending_legal(state: State, pending: dict[str, Any]) -> list[Action]:
    seat = pending["seat"]
    p = state.players[seat]
    if pending["kind"] == "merchant":
        return [("merchant", "free"), ("merchant", "rank")]
    if pending["kind"] == "place":
        return [("place", *pl) for kind in pending["gives"] if state.landscapes[kind] > 0
                for pl in placements(state.rules, p.board, kind, p.architects)]
    return [("keep", card) for card in pending["cards"]]


def _pending_apply(state: State, action: Action) -> None:
    s = state.step
    pending = s["pending"]
    seat = pending["seat"]
    if pending["kind"] == "merchant":  # the lot for free, or prestige by one's place on the track
        if action[1] == "free":
            state.gain(seat, pending["price"])
        else:
            state.players[seat].prestige += rank_position(state, seat)
        s["pending"] = pending["then"]
        return
    if pending["kind"] == "place":
        place(state, seat, Placement(*action[1:]))
    else:  # a prestige card: keep one face down, the rest go under the pile (004 Karty Prestiżu)
        state.players[seat].prestige_cards.append(action[1])
        state.prestige_deck.extend(c for c in pending["cards"] if c != action[1])
    s["pending"] = None

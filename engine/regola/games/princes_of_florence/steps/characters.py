"""Expansion "Muza i Księżniczka" (004): phase A2, the character cards, and what each one does.

A2 runs after the auction of phase A. Clockwise from the start player, a player without a token on a
card withdraws, lays his token on a free card at any bid field he can pay, or outbids the token on a
taken card (a higher field; for the banker a lower one) and hands that token back. A player whose token
still lies on a card when his turn comes pays that bid and takes the card. Every number is data
(/characters, added by the variant).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regola.core.step import Action, Step
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.supply import draw


def spec(state: State) -> Mapping[str, Any]:
    characters = state.rules.characters
    assert characters is not None  # asked only while the expansion is in play
    return characters


def owner(state: State, card: str) -> int | None:
    """Who holds ``card`` for this round (bought in this round's A2), if anyone."""
    seat = state.extra.get("owners", {}).get(card)
    return None if seat is None else int(seat)


def rank_position(state: State, seat: int) -> int:
    """The player's place on the fame track (ties share a place: 1, 2, 2, 4)."""
    mine = state.players[seat].prestige
    return 1 + sum(1 for p in state.players if p.prestige > mine)


def begin_characters(state: State) -> None:
    """Last round's characters are spent; an unused merchant still earns his track position (a player
    always takes free prestige); the banker's card gains money when nobody took it."""
    extra = state.extra
    merchant = extra.get("merchant")
    if merchant is not None:
        state.players[merchant].prestige += rank_position(state, merchant)
    extra["merchant"] = None
    extra["owners"] = {}
    state.step = {"tokens": {}, "done": [False] * state.n, "turn": state.start, "pending": None}


def _bids(state: State, card: dict[str, Any]) -> range:
    step = spec(state)["bid_step"]
    return range(card["min"], card["max"] + 1, step)


class Characters(Step):
    rule = "characters.bidding"

    def most(self, rules: Rules, players: int) -> int:
        """A bid moves a card's token to a better field, so each card takes at most as many bids as it has
        fields; each seat withdraws or hires once, and the professor's holder chooses a pile and keeps a card."""
        characters = rules.characters or {}
        step = max(1, int(characters.get("bid_step", 1)))
        fields = sum(len(range(int(c["min"]), int(c["max"]) + 1, step)) for c in characters.get("cards", ()))
        return fields + players + 2

    def decider(self, state: State) -> int | None:
        s = state.step
        if s["pending"] is not None:
            return int(s["pending"]["seat"])
        return s["turn"]

    def legal(self, state: State) -> list[Action]:
        s = state.step
        if s["pending"] is not None:
            pending = s["pending"]
            if pending["kind"] == "professor":
                return [("professor", deck) for deck in ("prestige", "bonus")
                        if (state.prestige_deck if deck == "prestige" else state.bonus_deck)]
            return [("take", c) for c in pending["cards"]]
        seat = s["turn"]
        mine = next((c for c, (who, _) in s["tokens"].items() if who == seat), None)
        if mine is not None:
            return [("hire", mine)]
        money = state.players[seat].money
        out: list[Action] = [("withdraw",)]
        for card in spec(state)["cards"]:
            token = s["tokens"].get(card["id"])
            for bid in _bids(state, card):
                if bid > money:
                    continue
                if token is not None:
                    better = bid < token[1] if card.get("lower_wins") else bid > token[1]
                    if not better:
                        continue
                out.append(("bid", card["id"], bid))
        return out

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        verb = action[0]
        if s["pending"] is not None:
            _pending(state, action)
            return
        seat = s["turn"]
        if verb == "withdraw":
            s["done"][seat] = True
        elif verb == "bid":
            s["tokens"][action[1]] = [seat, action[2]]
        else:  # hire: pay the bid, take the card
            card = action[1]
            bid = s["tokens"].pop(card)[1]
            state.pay(seat, bid)
            s["done"][seat] = True
            _hired(state, seat, card)
        _next(state, seat)


def _next(state: State, seat: int) -> None:
    s = state.step
    for i in range(1, state.n + 1):
        other = state.after(seat, i)
        if not s["done"][other]:
            s["turn"] = other
            return
    s["turn"] = None


def _hired(state: State, seat: int, card: str) -> None:
    extra = state.extra
    extra["owners"][card] = seat
    banker = spec(state)["banker"]
    if card == "banker":
        state.gain(seat, extra.get("banker_money", banker["start"]))
        extra["banker_money"] = banker["refill"]
        extra["banker_used"] = True
        if state.round == state.rules.rounds:
            extra["final_banker"] = seat
    elif card == "merchant":
        extra["merchant"] = seat
    elif card == "professor":
        state.step["pending"] = {"seat": seat, "kind": "professor"}


def _pending(state: State, action: Action) -> None:
    s = state.step
    pending = s["pending"]
    seat = pending["seat"]
    draw_count = spec(state)["professor_draw"]
    if action[0] == "professor":
        deck = state.prestige_deck if action[1] == "prestige" else state.bonus_deck
        s["pending"] = {"seat": seat, "kind": action[1], "cards": draw(deck, draw_count)}
        return
    if pending["kind"] == "prestige":
        state.players[seat].prestige_cards.append(action[1])
        state.prestige_deck.extend(c for c in pending["cards"] if c != action[1])
    else:
        state.players[seat].bonus.append(action[1])
        state.bonus_deck.extend(c for c in pending["cards"] if c != action[1])
    s["pending"] = None


def end_characters(state: State) -> None:
    """Nobody took the banker: more money lies on it next round."""
    extra = state.extra
    banker = spec(state)["banker"]
    if not extra.pop("banker_used", False):
        extra["banker_money"] = extra.get("banker_money", banker["start"]) + banker["unsold_adds"]


def muse_bonus(state: State, seat: int) -> int:
    if state.rules.characters is None or owner(state, "muse") != seat:
        return 0
    per_round: int = spec(state)["muse_per_round"]
    return per_round * state.round


def most_actions(rules: Rules) -> int:
    """The most actions one seat takes in a round: the turn's, and the cardinal's more where he is in play."""
    return rules.per_turn + (int(rules.characters.get("cardinal_extra_actions", 0)) if rules.characters else 0)


def extra_actions(state: State, seat: int) -> int:
    if state.rules.characters is None or owner(state, "cardinal") != seat:
        return 0
    extra: int = spec(state)["cardinal_extra_actions"]
    return extra


def round_limit(state: State, seat: int, kind: str) -> int:
    """How often ``seat`` may take an action of ``kind`` this round: the kind's limit, raised by the cardinal's
    extra actions for its holder where the expansion lifts it (``cardinal_lifts``)."""
    limit = state.rules.kinds[kind].max_per_round
    if state.rules.characters is not None and kind in spec(state).get("cardinal_lifts", ()):
        limit += extra_actions(state, seat)
    return limit


def princess_value(state: State, seat: int) -> int:
    """The princess's work: every landscape, architect, building and card counted (no bonus cards)."""
    rules = state.rules
    weights = spec(state)["princess"]
    p = state.players[seat]
    buildings = sum(1 for k in p.board.kinds if k in rules.building_size)
    landscapes = sum(1 for pl in p.board.pieces if pl.piece not in rules.building_size)
    cards = len(p.hand) + p.recruits + len(p.table)
    return (weights["per_landscape"] * landscapes + weights["per_architect"] * p.architects
            + weights["per_building"] * buildings + weights["per_card"] * cards)


def final_banker(state: State) -> None:
    """The banker of the last round turns all his money into prestige."""
    seat = state.extra.get("final_banker")
    if seat is None:
        return
    rate = spec(state)["banker"]["final_round_rate"]
    points = state.players[seat].money // rate
    state.pay(seat, points * rate)
    state.players[seat].prestige += points

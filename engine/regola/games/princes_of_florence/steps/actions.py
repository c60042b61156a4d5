"""Phase B, the actions (004 Faza Akcji): clockwise from the start player, each player takes up to two
actions; how often each kind may be taken per round and its price are data (actions.yaml).

A chosen action is carried out to its end before anything else (004: an action once begun is not
broken off): a building or a drawn card is a follow-up decision of the same player, and so are the
bonus cards played into a work and the exchange of its pay for prestige.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regola.core.errors import IllegalAction
from regola.core.step import Action, ActionRange, Step
from regola.games.princes_of_florence.measures import bonus_value
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.placement.shared import JointPlacement
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps import anytime, shared
from regola.games.princes_of_florence.steps.characters import (
    extra_actions,
    most_actions,
    muse_bonus,
    owner,
    princess_value,
    round_limit,
)
from regola.games.princes_of_florence.supply import buildable, draw, place, placement_refusal, placements
from regola.games.princes_of_florence.works import base_value, bonus_reach


def begin_actions(state: State) -> None:
    state.step = {"order": state.in_turn_from(state.start), "idx": 0, "done": 0,
                  "used": [{} for _ in range(state.n)], "pending": None, "window": []}
    _open_window(state)


def _open_window(state: State) -> None:
    """A turn boundary: every other holder of a usable recruitment card may use it now (ruling R16)."""
    s = state.step
    if s["idx"] < len(s["order"]):
        s["window"] = anytime.window(state, _seat(state), _seat(state))
    else:  # after the last turn, still in the action phase
        s["window"] = anytime.window(state, state.start, None)


def _seat(state: State) -> int:
    s = state.step
    return int(s["order"][s["idx"]])


#: the actions of phase B that cost money, besides a building: each at its kind's price (actions.yaml)
PRICED = ("freedom", "profession", "bonus")


def price_of(state: State, seat: int, verb: str) -> int | None:
    """What a move of phase B costs ``seat`` (004 Faza Akcji): a building (alone or with a partner) at the
    price the seat's architects make it, a freedom, a profession or a bonus card at its kind's price; None
    for a move that costs nothing. What the move pays, what its refusal quotes and what its words show."""
    rules = state.rules
    if verb in ("build", "build_with"):
        return rules.price_of_building(state.players[seat].architects)
    return rules.kinds[verb].price if verb in PRICED else None


def acting_seat(state: State) -> int | None:
    """The seat whose turn of phase B it is (None outside phase B or once every turn is played)."""
    s = state.step
    if state.flow_state != "actions" or s["idx"] >= len(s["order"]):
        return None
    return _seat(state)


def _may(state: State, seat: int, kind: str) -> bool:
    spec = state.rules.kinds[kind]
    return state.step["used"][seat].get(kind, 0) < round_limit(state, seat, kind) and \
        state.players[seat].money >= spec.price


class Actions(Step):
    """Phase B (004 Faza Akcji): up to two actions a turn, each carried out to its end (module docstring)."""

    rule = "actions.limits"

    def most(self, rules: Rules, players: int) -> int:
        """Each seat's turn: its actions (two, and the cardinal's one more), each carried out to its end in
        at most three decisions more and one per bonus card it may hold (a work: its bonus cards, finished,
        its pay turned into points; a card drawn: kept, the rest put under), and ending the turn early;
        then the round's recruitments and moves back on the fame track (anytime)."""
        per_seat = most_actions(rules) * (3 + len(rules.bonus)) + 1
        return players * per_seat + anytime.most_recruiting(rules, players) + anytime.most_sales(rules, players)

    def midway(self, state: State) -> bool:
        """A follow-up decision of an action or a lot (its options worked out as it began) is under way."""
        return state.step.get("pending") is not None

    def decider(self, state: State) -> int | None:
        s = state.step
        if s["pending"] is not None:
            return int(s["pending"]["seat"])
        if s.get("window"):
            return int(s["window"][0])
        return _seat(state) if s["idx"] < len(s["order"]) else None

    def legal(self, state: State) -> Sequence[Action]:
        s = state.step
        if s["pending"] is not None:
            return _pending_legal(state, s["pending"])
        if s.get("window"):
            return [*anytime.recruit_options(state, s["window"][0]), ("wait",)]
        rules = state.rules
        seat = _seat(state)
        p = state.players[seat]
        out: list[Action] = []
        if s["done"] < _per_turn(state, seat):
            if owner(state, "princess") == seat and not state.extra.get("princess_used") and \
                    princess_value(state, seat) + muse_bonus(state, seat) >= rules.minimum(state.round):
                out.append(("princess",))
            if _may(state, seat, "work"):
                minimum = rules.minimum(state.round)
                extra = bonus_reach(state, p) + muse_bonus(state, seat)
                out.extend(("work", card) for card in sorted(set(p.hand))
                           if base_value(state, p, card) + extra >= minimum)
            if state.step["used"][seat].get("build", 0) < round_limit(state, seat, "build") and \
                    p.money >= rules.price_of_building(p.architects):
                out.extend(("build", kind) for kind in buildable(rules, p.board, p.architects)
                           if state.buildings[kind] > 0
                           and (not shared.active(state) or shared.solo_placements(state, seat, kind)))
                if shared.active(state):
                    out.extend(shared.joint_actions(state, seat))
            if state.profession_deck and _may(state, seat, "profession"):
                out.append(("profession",))
            if _may(state, seat, "freedom"):
                out.extend(("freedom", kind) for kind in rules.freedom_kinds
                           if state.freedoms[kind] > 0 and kind not in p.freedoms)
            if state.bonus_deck and _may(state, seat, "bonus"):
                out.append(("bonus",))
        if not rules.recruit_is_action or s["done"] < _per_turn(state, seat):
            out.extend(anytime.recruit_options(state, seat))
        if anytime.may_sell(state, seat):
            out.append(("sell",))
        out.append(("end",))
        return out

    def explain(self, state: State, action: Action) -> IllegalAction:
        s = state.step
        verb = action[0] if action else None
        if s["pending"] is not None:
            return _pending_refusal(state, s["pending"], action)
        seat = int(s["window"][0]) if s.get("window") else _seat(state)
        if verb == "recruit":
            if s.get("window") or not state.rules.recruit_is_action:
                return anytime.recruit_refusal(state, seat, action)
            return IllegalAction("actions.per_turn", "recruiting is an action in this pack, and both actions of "
                                 "this turn are taken", action)
        if s.get("window"):
            return IllegalAction(anytime.RECRUIT_RULE, f"between turns seat {seat} may only use a recruitment "
                                 "card or wait", action)
        if verb == "sell":
            return anytime.sell_refusal(state, action)
        if verb in state.rules.kinds:
            return _kind_refusal(state, seat, action)
        return IllegalAction(self.rule, "not one of the legal actions here", action)

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        if s["pending"] is not None:
            _pending_apply(state, action)
            return
        verb = action[0]
        if s.get("window"):  # a turn boundary: a holder of a recruitment card uses it, or waits
            holder = int(s["window"][0])
            if verb == "recruit":
                anytime.recruit(state, holder, action)
            if verb == "wait" or not anytime.recruit_options(state, holder):
                s["window"].pop(0)
            return
        rules = state.rules
        seat = _seat(state)
        p = state.players[seat]
        if verb == "end":
            _next_turn(state)
            return
        if verb == "sell":  # move the pawn back one step for money (004 Wypłata wynagrodzenia)
            anytime.sell(state, seat)
            return
        if verb == "princess":  # expansion: the princess completes one work, as an action
            s["done"] += 1
            state.extra["princess_used"] = True
            _finish(state, seat, princess_value(state, seat) + muse_bonus(state, seat))
            return
        if verb == "recruit":  # no action (004 Karty Rekrutacji, footnote 4) unless the pack says so
            anytime.recruit(state, seat, action)
            if rules.recruit_is_action:
                s["done"] += 1
                _maybe_end_turn(state)
            return
        used = s["used"][seat]
        used[verb] = used.get(verb, 0) + 1
        s["done"] += 1
        if verb == "work":
            card = action[1]
            p.hand.remove(card)
            p.table.append(card)
            s["pending"] = {"seat": seat, "kind": "work", "card": card,
                            "value": base_value(state, p, card) + muse_bonus(state, seat)}
        elif verb == "build":
            state.pay(seat, price_of(state, seat, verb) or 0)
            s["pending"] = {"seat": seat, "kind": "place", "piece": action[1]}
        elif verb == "build_with":  # the price is the active player's (004 Wspólne budowanie)
            used.pop(verb)
            used["build"] = used.get("build", 0) + 1
            state.pay(seat, price_of(state, seat, verb) or 0)
            s["pending"] = {"seat": seat, "kind": "joint", "partner": action[1], "piece": action[2]}
        elif verb == "freedom":
            state.pay(seat, price_of(state, seat, verb) or 0)
            state.freedoms[action[1]] -= 1
            p.freedoms.append(action[1])
        else:  # profession or bonus: pay, look at the top cards, keep one
            spec = rules.kinds[verb]
            state.pay(seat, spec.price)
            deck = state.profession_deck if verb == "profession" else state.bonus_deck
            s["pending"] = {"seat": seat, "kind": verb, "cards": draw(deck, spec.draw)}
        _maybe_end_turn(state)


def _maybe_end_turn(state: State) -> None:
    """A turn ends by itself once both actions are done and finished."""
    s = state.step
    if s["pending"] is None and s["idx"] < len(s["order"]) and s["done"] >= _per_turn(state, _seat(state)):
        _next_turn(state)


def _per_turn(state: State, seat: int) -> int:
    """Two actions; the cardinal's holder one more this round (expansion)."""
    return state.rules.per_turn + extra_actions(state, seat)


def _finish(state: State, seat: int, value: int) -> None:
    """The bank pays for a finished work; its pay may then be exchanged for prestige."""
    rules = state.rules
    state.gain(seat, value * rules.payout_per_point)
    state.work_marks[seat] = max(state.work_marks[seat], value)
    state.step["pending"] = {"seat": seat, "kind": "convert",
                             "max": value * rules.payout_per_point // rules.florins_per_prestige}


def _next_turn(state: State) -> None:
    s = state.step
    s["idx"] += 1
    s["done"] = 0
    _open_window(state)


def _kind_refusal(state: State, seat: int, action: Action) -> IllegalAction:
    """Why an action of a kind (work, build, …) is refused: the rule that forbids it, in true words."""
    s = state.step
    rules = state.rules
    p = state.players[seat]
    kind = action[0]
    if s["done"] >= _per_turn(state, seat):
        return IllegalAction("actions.per_turn", f"the {_per_turn(state, seat)} actions of this turn are taken", action)
    used = s["used"][seat].get(kind, 0)
    if used >= round_limit(state, seat, kind):
        return IllegalAction("actions.limits", f"'{kind}' may be taken {round_limit(state, seat, kind)} time(s) "
                             f"a round; the player has taken it {used} time(s)", action)
    if kind == "work":
        if len(action) != 2 or action[1] not in p.hand:
            return IllegalAction("works.value", f"a work is done with a profession card in the player's hand; "
                                 f"{action[1:]!r} is none", action)
        return IllegalAction("works.minimum", f"this work cannot reach the round's minimum value "
                             f"({rules.minimum(state.round)})", action)
    if kind == "build":
        return _build_refusal(state, seat, action)
    price = rules.kinds[kind].price
    rule = {"profession": "actions.profession", "freedom": "actions.freedom", "bonus": "actions.bonus"}[kind]
    if p.money < price:
        return IllegalAction(rule, f"'{kind}' costs {price}; the player has {p.money}", action)
    if kind == "freedom":
        if len(action) != 2 or action[1] not in rules.freedom_kinds:
            return IllegalAction(rule, f"the freedoms are {', '.join(rules.freedom_kinds)}", action)
        if action[1] in p.freedoms:
            return IllegalAction(rule, f"this principality has already proclaimed {action[1]}", action)
        return IllegalAction(rule, f"no {action[1]} token is left in the supply", action)
    return IllegalAction(rule, f"the {kind} pile is empty", action)


def _build_refusal(state: State, seat: int, action: Action) -> IllegalAction:
    rules = state.rules
    p = state.players[seat]
    piece = action[1] if len(action) == 2 else None
    if piece not in rules.building_kinds:
        return IllegalAction("placement.piece", f"{piece!r} is no building (buildings: "
                             f"{', '.join(rules.building_kinds)})", action)
    price = price_of(state, seat, "build") or 0
    if p.money < price:
        return IllegalAction("actions.build_price", f"a building costs this player {price}; the player has "
                             f"{p.money}", action)
    if piece in p.board.kinds:
        return IllegalAction("placement.unique_building", f"this principality already has a {piece}; each kind "
                             "of building is built once", action)
    if state.buildings[piece] <= 0:
        return IllegalAction("game.components", f"no {piece} is left in the supply", action)
    return IllegalAction("placement.inside", f"no place in the principality can take a {piece} now (the grid, "
                         "the pieces already there and the distance between buildings leave none)", action)


def _pending_refusal(state: State, pending: dict[str, Any], action: Action) -> IllegalAction:
    """Why an action is refused while a chosen action is carried out to its end."""
    verb = action[0] if action else None
    kind = pending["kind"]
    if kind == "place" and verb == "place":
        if len(action) == 5 and action[1] != pending["piece"]:
            return IllegalAction("placement.piece", f"the building being built is the {pending['piece']}, not "
                                 f"{action[1]!r}", action)
        refusal = placement_refusal(state, int(pending["seat"]), action)
        if refusal is not None:
            return refusal
    if kind in ("profession", "bonus") and verb == "take":
        return IllegalAction(f"actions.{kind}", "the card kept must be one of the cards drawn: "
                             f"{', '.join(map(str, pending['cards']))}", action)
    if kind == "under" and verb == "under":
        return IllegalAction(f"actions.{pending['deck'].split('_')[0]}", "the order must hold each of the cards "
                             f"going back exactly once: {', '.join(map(str, pending['cards']))}", action)
    if kind == "work" and verb == "play_bonus":
        return IllegalAction("works.bonus_cards", "the bonus card must be one in the player's hand", action)
    if kind == "work" and verb == "finish":
        return IllegalAction("works.minimum", f"the work is worth {pending['value']}, below the round's minimum "
                             f"({state.rules.minimum(state.round)}): play a bonus card", action)
    if kind == "convert" and verb == "convert":
        return IllegalAction("works.payout", f"at most {pending['max']} prestige can be bought with this work's pay",
                             action)
    return IllegalAction("actions.limits", f"an action once begun is carried out to its end first ({kind})", action)


def _pending_legal(state: State, pending: dict[str, Any]) -> Sequence[Action]:
    rules = state.rules
    seat = pending["seat"]
    p = state.players[seat]
    kind = pending["kind"]
    if kind == "place":
        if shared.active(state):
            return [("place", *pl) for pl in shared.solo_placements(state, seat, pending["piece"])]
        return [("place", *pl) for pl in placements(rules, p.board, pending["piece"], p.architects)]
    if kind == "joint":
        return [("place_joint", j.a, j.a_mask, j.b, j.b_mask)
                for j in shared.joint_options(state, seat, pending["partner"], pending["piece"])]
    if kind in ("profession", "bonus"):
        return [("take", card) for card in pending["cards"]]
    if kind == "under":
        return anytime.under_options(pending)
    if kind == "work":
        out: list[Action] = [("play_bonus", b) for b in sorted(set(p.bonus))]
        if pending["value"] >= rules.minimum(state.round):
            out.append(("finish",))
        return out
    # convert: part or all of this work's pay into prestige (004 Ukończenie Dzieła)
    return ActionRange("convert", range(pending["max"] + 1))


def _pending_apply(state: State, action: Action) -> None:
    rules = state.rules
    s = state.step
    pending = s["pending"]
    seat = pending["seat"]
    p = state.players[seat]
    verb = action[0]
    if verb == "place":
        place(state, seat, Placement(*action[1:]))
        s["pending"] = None
    elif verb == "place_joint":
        shared.build_joint(state, seat, JointPlacement(pending["piece"], *action[1:]))
        s["pending"] = None
    elif verb == "take":
        if pending["kind"] == "profession":
            p.hand.append(action[1])
            p.hand.sort()
        else:
            p.bonus.append(action[1])
        rest = [c for c in pending["cards"] if c != action[1]]  # under the pile, in the order chosen (R17)
        s["pending"] = anytime.back_under(state, seat, f"{pending['kind']}_deck", rest)
    elif verb == "under":
        anytime.put_under(state, pending, action)
        s["pending"] = None
    elif verb == "play_bonus":
        pending["value"] += bonus_value(rules, p, action[1])
        p.bonus.remove(action[1])
        p.bonus_used.append(action[1])
    elif verb == "finish":
        _finish(state, seat, pending["value"])
    else:  # convert
        k = action[1]
        state.pay(seat, k * rules.florins_per_prestige)
        p.prestige += k
        s["pending"] = None
    _maybe_end_turn(state)


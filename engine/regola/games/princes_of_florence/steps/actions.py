"""Phase B, the actions (004 Faza Akcji): clockwise from the start player, each player takes up to two
actions; how often each kind may be taken per round and its price are data (actions.yaml).

A chosen action is carried out to its end before anything else (004: an action once begun is not
broken off): a building or a drawn card is a follow-up decision of the same player, and so are the
bonus cards played into a work and the exchange of its pay for prestige.
"""

from __future__ import annotations

from typing import Any

from regola.core.errors import IllegalAction
from regola.core.step import Action, Step
from regola.games.princes_of_florence.measures import bonus_value
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.placement.shared import JointPlacement
from regola.games.princes_of_florence.state import RECRUITMENT, State
from regola.games.princes_of_florence.steps import shared
from regola.games.princes_of_florence.steps.characters import extra_actions, muse_bonus, owner, princess_value
from regola.games.princes_of_florence.supply import buildable, draw, place, placements
from regola.games.princes_of_florence.works import base_value, bonus_reach


def begin_actions(state: State) -> None:
    state.step = {"order": state.clockwise_from(state.start), "idx": 0, "done": 0,
                  "used": [{} for _ in range(state.n)], "pending": None}


def _seat(state: State) -> int:
    s = state.step
    return int(s["order"][s["idx"]])


def _may(state: State, seat: int, kind: str) -> bool:
    spec = state.rules.kinds[kind]
    return state.step["used"][seat].get(kind, 0) < spec.max_per_round and \
        state.players[seat].money >= spec.price


class Actions(Step):
    """Phase B (004 Faza Akcji): up to two actions a turn, each carried out to its end (module docstring)."""

    rule = "actions.limits"

    def decider(self, state: State) -> int | None:
        s = state.step
        if s["pending"] is not None:
            return int(s["pending"]["seat"])
        return _seat(state) if s["idx"] < len(s["order"]) else None

    def legal(self, state: State) -> list[Action]:
        s = state.step
        if s["pending"] is not None:
            return _pending_legal(state, s["pending"])
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
            if state.step["used"][seat].get("build", 0) < rules.kinds["build"].max_per_round and \
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
        if p.recruits:
            out.extend(sorted({("recruit", q.seat, card) for q in state.players if q.seat != seat
                               for card in q.table if card != RECRUITMENT}))
        if rules.sell_allowed and p.prestige > 0:
            out.append(("sell",))
        out.append(("end",))
        return out

    def explain(self, state: State, action: Action) -> IllegalAction:
        s = state.step
        if s["pending"] is None and action and action[0] in state.rules.kinds:
            if s["done"] >= _per_turn(state, _seat(state)):
                return IllegalAction("actions.per_turn", "both actions of this turn are taken", action)
            kind = action[0]
            used = s["used"][_seat(state)].get(kind, 0)
            if used >= state.rules.kinds[kind].max_per_round:
                return IllegalAction("actions.limits", f"'{kind}' may be taken {used} times a round", action)
            if kind == "work":
                return IllegalAction("works.minimum", "this work cannot reach the round's minimum value", action)
            if kind == "build":
                return IllegalAction("actions.build", "no such building can be built here now", action)
        if s["pending"] is not None and action and action[0] == "place":
            p = state.players[int(s["pending"]["seat"])]
            try:
                state.rules.principality.check(p.board, Placement(*action[1:]), p.architects)
            except IllegalAction as err:
                return err
            except (TypeError, KeyError):
                pass
        return IllegalAction(self.rule, "not one of the legal actions here", action)

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        if s["pending"] is not None:
            _pending_apply(state, action)
            return
        rules = state.rules
        seat = _seat(state)
        p = state.players[seat]
        verb = action[0]
        if verb == "end":
            _next_turn(state)
            return
        if verb == "sell":  # move the pawn back one step for money (004 Wypłata wynagrodzenia)
            p.prestige -= 1
            state.gain(seat, rules.sell_per_point)
            return
        if verb == "princess":  # expansion: the princess completes one work, as an action
            s["done"] += 1
            state.extra["princess_used"] = True
            _finish(state, seat, princess_value(state, seat) + muse_bonus(state, seat))
            return
        if verb == "recruit":  # no action (004 Karty Rekrutacji, footnote 4)
            victim = state.players[action[1]]
            victim.table[victim.table.index(action[2])] = RECRUITMENT
            p.recruits -= 1
            p.hand.append(action[2])
            p.hand.sort()
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
            state.pay(seat, rules.price_of_building(p.architects))
            s["pending"] = {"seat": seat, "kind": "place", "piece": action[1]}
        elif verb == "build_with":  # the price is the active player's (004 Wspólne budowanie)
            used.pop(verb)
            used["build"] = used.get("build", 0) + 1
            state.pay(seat, rules.price_of_building(p.architects))
            s["pending"] = {"seat": seat, "kind": "joint", "partner": action[1], "piece": action[2]}
        elif verb == "freedom":
            state.pay(seat, rules.kinds["freedom"].price)
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


def _pending_legal(state: State, pending: dict[str, Any]) -> list[Action]:
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
    if kind == "work":
        out: list[Action] = [("play_bonus", b) for b in sorted(set(p.bonus))]
        if pending["value"] >= rules.minimum(state.round):
            out.append(("finish",))
        return out
    # convert: part or all of this work's pay into prestige (004 Ukończenie Dzieła)
    return [("convert", k) for k in range(pending["max"] + 1)]


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
        cards = pending["cards"]
        if pending["kind"] == "profession":
            p.hand.append(action[1])
            p.hand.sort()
            deck = state.profession_deck
        else:
            p.bonus.append(action[1])
            deck = state.bonus_deck
        deck.extend(c for c in cards if c != action[1])  # under the pile, in the order drawn
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


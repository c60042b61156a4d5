"""Phase A: start or abort inventions, one turn per player from the Leonardo holder (001 §6, R8)."""

from __future__ import annotations

from collections.abc import Mapping

from regola.core.errors import IllegalAction
from regola.core.step import Action, Step
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import Player, State

PASS: Action = ("pass",)


def begin_planning(state: State) -> None:
    state.step = {"order": state.in_turn_from(state.leonardo), "turn": 0}


# Cards a hand can pay for, by catalogue (its card_needs mapping, held so its id stays unique) and
# hand: hands repeat across turns and games, so this is mostly one lookup instead of a catalogue scan.
_AFFORDABLE: dict[int, tuple[object, dict[tuple[int, ...], frozenset[int]]]] = {}
_AFFORDABLE_MAX = 50_000


def _affordable(needs: Mapping[int, tuple[tuple[int, int], ...]], hand: list[int]) -> frozenset[int]:
    """Every card of the catalogue whose materials ``hand`` holds (need <= count of each material)."""
    entry = _AFFORDABLE.get(id(needs))
    if entry is None or entry[0] is not needs:
        entry = _AFFORDABLE[id(needs)] = (needs, {})
    by_hand = entry[1]
    key = tuple(hand)
    cards = by_hand.get(key)
    if cards is None:
        if len(by_hand) >= _AFFORDABLE_MAX:
            by_hand.clear()
        cards = by_hand[key] = frozenset(
            cid for cid, need in needs.items() if all(n <= key[m] for m, n in need))
    return cards


def _startable(state: State, p: Player) -> list[int]:
    """Inventions the player may start in an idle lab, in card-id order (the same for each idle lab).

    Only requested or already completed inventions can start unless the pack allows otherwise, so the
    search runs over the display and the completed ones, not the whole catalogue.
    """
    rules = state.rules
    hand = p.hand
    if not rules.any_card_without_materials and not any(hand):
        return []  # an empty hand starts nothing
    affordable = _affordable(rules.card_needs, hand)
    if rules.unrequested_start:
        cands = set(affordable)
    else:
        cands = {*state.display, *state.completed_before}
        cands.intersection_update(affordable)
    cands.difference_update(p.completed)
    if not rules.same_invention_in_both_labs:
        cands.difference_update([lab.target for lab in p.labs])
    return sorted(cands)


class Planning(Step):
    rule = "planning.turn"

    def most(self, rules: Rules, players: int) -> int:
        """Each seat's turn: in each lab it may hold (limits.labs) an abort of older work and a start
        (a start is this round's work, which no abort takes back), then its pass."""
        return players * (1 + 2 * rules.limit_labs)

    def decider(self, state: State) -> int | None:
        s = state.step
        return int(s["order"][s["turn"]]) if s["turn"] < state.n else None

    def legal(self, state: State) -> list[Action]:
        s = state.step
        p = state.players[s["order"][s["turn"]]]
        out: list[Action] = [PASS]
        labs = p.labs
        pool: list[int] | None = None
        for li, lab in enumerate(labs):
            if lab.target is not None:
                if lab.started_round < state.round:
                    out.append(("abort", li))
                continue
            if pool is None:
                pool = _startable(state, p)
            out.extend(("start", li, cid) for cid in pool)
        return out

    def explain(self, state: State, action: Action) -> IllegalAction:
        seat = self.decider(state)
        if seat is None:
            return IllegalAction(self.rule, "phase A is over", action)
        p = state.players[seat]
        kind = action[0] if action else None
        if kind == "start" and len(action) == 3:
            li, cid = action[1], action[2]
            if not isinstance(li, int) or not 0 <= li < len(p.labs):
                return IllegalAction("planning.one_per_lab", f"no lab {li!r}", action)
            if cid not in state.rules.cards:
                return IllegalAction("inventions.cards", f"no invention {cid!r}", action)
            if p.labs[li].target is not None:
                return IllegalAction("planning.one_per_lab", "this lab already works on an invention", action)
            if cid in p.completed:
                return IllegalAction("planning.complete_once", "this player already completed it", action)
            if any(lab.target == cid for lab in p.labs):
                return IllegalAction("planning.not_both_labs", "the other lab works on it already", action)
            return IllegalAction("planning.exact_materials",
                                 "the hand lacks the exact materials this invention needs", action)
        if kind == "abort" and len(action) == 2:
            li = action[1]
            if not isinstance(li, int) or not 0 <= li < len(p.labs) or p.labs[li].target is None:
                return IllegalAction("planning.abort", "that lab works on nothing", action)
            return IllegalAction("planning.abort", "only work begun in an earlier round can be aborted", action)
        return IllegalAction(self.rule, "in phase A a player starts, aborts or passes", action)

    def apply(self, state: State, action: Action) -> None:
        seat = int(state.step["order"][state.step["turn"]])
        p = state.players[seat]
        kind = action[0]
        if kind == "pass":
            state.step["turn"] += 1
        elif kind == "start":
            lab = p.labs[action[1]]
            comp = state.rules.cards[action[2]].components
            hand = p.hand
            for m, need in enumerate(comp):
                hand[m] -= need
            lab.target = action[2]
            lab.materials = list(comp)
            lab.weeks = 0
            lab.revealed = False
            lab.started_round = state.round
        else:  # abort: the materials go back to the hand, the work is lost (001 §6)
            lab = p.labs[action[1]]
            for m, count in enumerate(lab.materials or ()):
                p.hand[m] += count
            lab.clear()

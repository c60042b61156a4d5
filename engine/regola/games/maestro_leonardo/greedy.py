"""A heuristic bot that really pursues inventions. It reads only its own view and the public rules.

Plan: keep both labs busy with the requested invention that pays most per week of work, buy exactly
the materials the next invention lacks, staff the labs so they finish, grow the workshop early.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from regola.bots.declared import own_or_declared
from regola.core.bots import Observation
from regola.core.step import Action, ActionRange
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.steps.placement import lab_loc


def invention_value(rules: Rules, card_id: int, owned_of_type: int, done_before: bool,
                    materials: int | None = None) -> float:
    """What an invention is worth per unit of effort to a player holding ``owned_of_type`` cards of its
    type: its reward (plus a little for a new type) over its weeks and twice its material cards. The
    bot's judgement, not a rule."""
    card = rules.cards[card_id]
    reward = card.later if done_before else card.first
    weeks = max(1, card.weeks - rules.discount_per_card * owned_of_type)
    count = sum(card.components) if materials is None else materials
    return (reward + (3 if not owned_of_type else 0)) / (weeks + 2 * count)


#: the most rankings of inventions a greedy bot keeps (each a few short tuples and a list)
RANKINGS_KEPT = 1024


class GreedyBot:
    name = "greedy"
    #: the verbs this bot weighs; at a decision with any other (a house rule's new move) it just takes the
    #: first legal one, so a search that rolls out with it values such moves by the rules instead
    knows = frozenset({"start", "abort", "place", "master", "act", "bid", "favor", "leonardo", "space", "buy",
                       "order", "pass", "decline"})

    def __init__(self, seat: int, seed: int | str | None, rules: Rules) -> None:
        self.seat = seat
        self.rules = rules
        self.rng = random.Random(f"{seed}/{seat}/greedy")
        self._material_count = {c: sum(card.components) for c, card in rules.cards.items()}
        self._type_of = {c: card.type for c, card in rules.cards.items()}
        # invention_value by (card, cards held of its type, done before): filled as asked (a rollout asks the
        # same few again and again; a table of every count up front would cost more than a greedy game)
        self._worth: dict[tuple[int, int, bool], float] = {}
        # the first shop that sells each material, and the district of each kind (the last named)
        self._shop_of: dict[int, str] = {}
        for d in rules.districts.values():
            self._shop_of.setdefault(d.material, d.letter)
        self._kinds = {d.kind: d.letter for d in rules.districts.values()}
        self._rankings: dict[tuple[Any, ...], list[int]] = {}  # _candidates' answers by what they depend on

    # -- evaluation ---------------------------------------------------------------------------------
    def _me(self, v: dict[str, Any]) -> dict[str, Any]:
        me: dict[str, Any] = v["players"][self.seat]
        return me

    def _type_counts(self, me: dict[str, Any]) -> dict[str, int]:
        counts: dict[str, int] = {}
        type_of = self._type_of
        for c in me["cards"]:
            t = type_of[c]
            counts[t] = counts.get(t, 0) + 1
        return counts

    def _candidates(self, v: dict[str, Any], me: dict[str, Any]) -> list[int]:
        """The inventions worth starting, best value first (ties in the order the pool lists them). Answers
        are kept by everything they were computed from: the rollouts of one decision ask again and again
        about the same few positions (``RANKINGS_KEPT`` at most; then the table starts again)."""
        asked = (v["round"], tuple(v["display"]), tuple(v["completed_before"]), tuple(me["cards"]),
                 tuple(me["completed"]), tuple([lab.get("target") for lab in me["labs"]]))
        found = self._rankings.get(asked)
        if found is None:
            if len(self._rankings) >= RANKINGS_KEPT:
                self._rankings.clear()
            found = self._rankings[asked] = self._rank(v, me)
        return found

    def _rank(self, v: dict[str, Any], me: dict[str, Any]) -> list[int]:
        busy = {lab.get("target") for lab in me["labs"]}
        before = v["completed_before"]
        pool = set(v["display"]) | set(before)
        horizon = (self.rules.rounds - v["round"] + 1) * 8
        counts = self._type_counts(me)
        per_card = self.rules.discount_per_card
        cards = self.rules.cards
        type_of = self._type_of
        completed = me["completed"]
        worth = self._worth
        scored: list[tuple[float, int, int]] = []
        for c in pool:
            if c in completed or c in busy:
                continue
            owned = counts.get(type_of[c], 0)
            if cards[c].weeks - per_card * owned > horizon:
                continue
            key = (c, owned, c in before)
            value = worth.get(key)
            if value is None:
                value = worth[key] = invention_value(self.rules, c, owned, key[2], self._material_count[c])
            scored.append((-value, len(scored), c))
        scored.sort()
        return [c for _, _, c in scored]

    def _missing(self, me: dict[str, Any], card_id: int) -> list[int]:
        """The material cards ``card_id`` still lacks, by material index, one entry a card."""
        hand = me["hand"]
        materials = self.rules.materials
        out: list[int] = []
        for m, need in enumerate(self.rules.cards[card_id].components):
            short = need - hand[materials[m]]
            if short > 0:
                out.extend([m] * short)
        return out

    def _wanted_materials(self, v: dict[str, Any], me: dict[str, Any]) -> list[int]:
        idle = sum(1 for lab in me["labs"] if not lab["working"])
        wanted: list[int] = []
        for c in self._candidates(v, me)[: max(1, idle)]:
            wanted.extend(self._missing(me, c))
        return wanted

    # -- decisions ----------------------------------------------------------------------------------
    def choose(self, obs: Observation) -> Action:
        obs, declared = own_or_declared(obs)  # a move the pack declares, when it leaves this seat better off
        if declared is not None:
            return declared
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        verbs = {legal.verb} if type(legal) is ActionRange else set(map(itemgetter(0), legal))
        v = obs.lean()  # the part of the view this bot reads (views.greedy_view)
        me = self._me(v)
        if "start" in verbs or "abort" in verbs:
            return self._plan(v, me, legal)
        if "place" in verbs or "master" in verbs:
            return self._place(v, me, legal)
        if "act" in verbs:
            return self._act(v, me, legal)
        if "bid" in verbs:
            return self._bid(me, legal)
        if "favor" in verbs:
            return self._favor(v, me, legal)
        if "leonardo" in verbs:
            return ("leonardo", self.seat)
        if "space" in verbs:
            return self._space(v, me, legal)
        if "buy" in verbs:
            wanted = self._wanted_materials(v, me)
            for a in legal:
                if a[0] == "buy" and a[1] in wanted:
                    return a
            return ("decline",)
        if "order" in verbs:
            return legal[0]
        if "pass" in verbs:
            return ("pass",)
        if "decline" in verbs:
            return ("decline",)
        return legal[0]

    def _plan(self, v: dict[str, Any], me: dict[str, Any], legal: Sequence[Action]) -> Action:
        first_start: dict[Any, Action] = {}  # the first start of each invention offered
        for a in legal:
            if a[0] == "start" and a[2] not in first_start:
                first_start[a[2]] = a
        for c in self._candidates(v, me):
            if c in first_start:
                return first_start[c]
        return ("pass",)

    def _place(self, v: dict[str, Any], me: dict[str, Any], legal: Sequence[Action]) -> Action:
        legal_set = set(legal)
        # 1. labs that still need weeks, the most first (each figure's weeks of work as the rules give them)
        rules = self.rules
        my_labs = me["labs"]
        needs: list[tuple[int, int]] = []
        counts: dict[str, int] | None = None
        for i, lab in enumerate(my_labs):
            if lab["working"]:
                if counts is None:
                    counts = self._type_counts(me)
                target = lab["target"]
                need = rules.cards[target].weeks - rules.discount_per_card * counts.get(
                    self._type_of[target], 0) - lab["weeks"] - rules.work_robot * lab["robots"]
                if need > 0:
                    needs.append((need, i))
        if len(needs) > 1:
            needs.sort(reverse=True)
        for need, i in needs:
            loc = lab_loc(i)
            if 0 < rules.work_master <= need and ("master", loc) in legal_set:
                return ("master", loc)
            lab = my_labs[i]
            short = need - rules.work_apprentice * lab["apprentices"] - (rules.work_master if lab["master"] else 0)
            # apprentices it takes, rounded up (none where a house rule makes their work worth nothing)
            want = max(0, -(-short // rules.work_apprentice)) if rules.work_apprentice > 0 else 0
            if want:
                options = [a for a in legal if a[0] == "place" and a[1] == loc]
                if options:
                    return max(options, key=lambda a: (min(a[2], want), -a[2]))
        districts = self.rules.districts
        if v["phase"] == "placement" and any(a[1] in districts for a in legal if a[0] != "pass"):
            # 2. a shop for a missing material
            for m in self._wanted_materials(v, me):
                letter = self._shop_of[m]
                if ("place", letter, 2) in legal_set and me["apprentices"] >= 4:
                    return ("place", letter, 2)
                if ("place", letter, 1) in legal_set:
                    return ("place", letter, 1)
            # 3. grow: more apprentices early, a second lab, more spaces
            kinds = self._kinds
            total = me["apprentices"] + me["academy"]
            if v["round"] <= 4 and me["academy"] > 0 and ("place", kinds.get("academy"), 1) in legal_set \
                    and total < 8:
                return ("place", kinds["academy"], 1)
            if v["round"] <= 5 and ("place", kinds.get("workshop"), 1) in legal_set and (
                    len(my_labs) < self.rules.limit_labs or any(not lab["working"] for lab in my_labs)):
                return ("place", kinds["workshop"], 1)
            if ("master", kinds.get("council")) in legal_set and v["council_money"] >= 2:
                return ("master", kinds["council"])
        return ("pass",)

    def _act(self, v: dict[str, Any], me: dict[str, Any], legal: Sequence[Action]) -> Action:
        price = v["step"].get("price", 0)
        kind = v["step"].get("kind")
        money = me["money"]
        acts = [a for a in legal if a[0] == "act"]
        if kind == "shop":
            m = self.rules.districts[v["step"]["district"]].material
            if m in self._wanted_materials(v, me) and price <= max(0, money - 1):
                return acts[0]
            return ("pass",)
        if kind == "academy":
            return acts[0] if price <= 2 and v["round"] <= 5 else ("pass",)
        if kind == "workshop" and price <= 3 and price < money:
            order = {u.id: i for i, u in enumerate(self.rules.upgrades)}
            prefer = sorted(acts, key=lambda a: (0 if a[1] == "take_large" else 1, order.get(a[1], 9)))
            return prefer[0]
        return ("pass",)

    def _bid(self, me: dict[str, Any], legal: Sequence[Action]) -> Action:
        worth = 4 + self.rng.randrange(3)  # what a contested invention is worth to it, in gulden
        if legal[-1] == ("pass",):  # offered at a price (dutch, fixed): take it if it is worth that much
            return legal[0] if legal[0][1] <= worth else ("pass",)
        if type(legal) is ActionRange:  # bids run from low to the purse: never iterate it
            low, top = legal[0][1], legal[-1][1]
            return ("bid", max(low, min(top, worth)))  # low: drops out of an open auction
        within = [a for a in legal if a[0] == "bid" and a[1] <= worth]  # listed bids or raises
        return max(within, key=lambda a: a[1]) if within else legal[0]

    def _space(self, v: dict[str, Any], me: dict[str, Any], legal: Sequence[Action]) -> Action:
        ids = {a[1] for a in legal if a[0] == "space"}
        effects = {sp.id: sp.effect for sp in self.rules.council_spaces}
        by_effect = {effects[i]: i for i in ids}
        if "take_council_money" in by_effect and v["council_money"] >= 2:
            return ("space", by_effect["take_council_money"])
        if "buy_material" in by_effect and me["money"] >= 1 and self._wanted_materials(v, me):
            return ("space", by_effect["buy_material"])
        if "take_council_money" in by_effect:
            return ("space", by_effect["take_council_money"])
        return next(a for a in legal if a[0] == "space") if ids else legal[0]

    def _favor(self, v: dict[str, Any], me: dict[str, Any], legal: Sequence[Action]) -> Action:
        wanted = self._wanted_materials(v, me)
        for fid in ("d2", "d1", "b", "a", "c"):
            options = [a for a in legal if a[1] == fid]
            if options:
                if wanted:
                    options.sort(key=lambda a: -sum(a[3][m] for m in set(wanted)))
                return options[0]
        return legal[0]

"""A heuristic bot that pursues works. It reads only its own view and the public rules.

Plan: hold profession cards whose wishes the principality can meet, build and proclaim what those
cards want, keep jesters coming, complete the most valuable work each round, and bid in the auction
only up to a modest price.
"""

from __future__ import annotations

import random
from typing import Any

from regola.bots.declared import own_or_declared
from regola.core.bots import Observation
from regola.core.step import Action
from regola.games.princes_of_florence.rules import Rules

#: how much the bot will bid for a lot at most (its own judgement, not a rule)
_BID_LIMIT = {"jester": 700, "architect": 600, "forest": 500, "lake": 500, "park": 500, "landscape": 600,
              "prestige": 500, "recruitment": 300}


class GreedyBot:
    name = "greedy"

    #: the verbs this bot weighs; at a decision with any other (a house rule's new move) it takes what
    #: comes first, so a search that rolls out with it values such moves by the rules instead
    knows = frozenset({"withdraw", "bid", "princess", "wait", "recruit", "pass", "accept", "raise", "seal",
                       "open", "buy", "decline", "place", "pick", "return", "keep", "take", "finish", "play_bonus",
                       "convert", "work", "build", "freedom", "profession", "bonus", "end"})

    def __init__(self, seat: int, seed: int | str | None, rules: Rules) -> None:
        self.seat = seat
        self.rules = rules
        self.rng = random.Random(f"{seed}/{seat}/greedy")

    def _wants(self, me: dict[str, Any]) -> dict[str, int]:
        """How many of the bot's profession cards want each building, landscape and freedom."""
        wants: dict[str, int] = {}
        for card in me.get("hand", []):
            prof = self.rules.professions[card]
            for thing in (prof.building, prof.landscape, prof.freedom):
                wants[thing] = wants.get(thing, 0) + 1
        return wants

    def _fit(self, me: dict[str, Any], card: int) -> int:
        prof = self.rules.professions[card]
        have = {pl[0] for pl in me["pieces"]} | set(me["freedoms"])
        return sum(1 for thing in (prof.building, prof.landscape, prof.freedom) if thing in have)

    def choose(self, obs: Observation) -> Action:
        obs, declared = own_or_declared(obs)  # a move the pack declares, when it leaves this seat better off
        if declared is not None:
            return declared
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        v = obs.lean()  # the part of the view this bot reads (views.greedy_view)
        me = v["players"][self.seat]
        wants = self._wants(me)
        verbs = {a[0] for a in legal}
        if "hire" in verbs or "merchant" in verbs or "professor" in verbs:  # expansion decisions
            return legal[0]
        if "withdraw" in verbs:  # phase A2: a cheap muse or cardinal when money allows, else nothing
            cheap = [a for a in legal if a[0] == "bid" and a[1] in ("muse", "cardinal", "banker")
                     and (a[2] <= me["money"] // 4 or a[1] == "banker")]
            return min(cheap, key=lambda a: (a[2], a[1])) if cheap else ("withdraw",)
        if ("princess",) in legal:
            return ("princess",)
        if "wait" in verbs:  # a recruitment card: take a card that fits, else keep it for later
            recruits = [a for a in legal if a[0] == "recruit" and self._fit(me, a[2]) >= 2]
            return max(recruits, key=lambda a: self._fit(me, a[2])) if recruits else ("wait",)
        if "under" in verbs:
            return legal[0]
        if "pass" in verbs and v["step"].get("lot") is not None:  # an open raise or a Dutch offer
            step = v["step"]
            limit = min(_BID_LIMIT.get(step["lot"], 400), me["money"] // 3)
            if ("accept",) in legal:
                return ("accept",) if step["price"] <= limit else ("pass",)
            raises = [a for a in legal if a[0] == "raise"]
            if not raises:
                return ("pass",)
            least = min(raises, key=lambda a: a[1] if len(a) > 1 else 0)
            step_by = least[1] if len(least) > 1 else self.rules.mechanics.auction.raise_rule.by
            return least if step["price"] + step_by <= limit else ("pass",)
        if "seal" in verbs:  # a sealed bid: the lot that fits best, at what it is worth to this bot
            seals = [a for a in legal if a[0] == "seal"]
            best = max(wants.get(a[1], 0) + (2 if a[1] == "jester" else 0) + (1 if a[1] == "architect" else 0)
                       for a in seals)
            lot = next(a[1] for a in seals if wants.get(a[1], 0) + (2 if a[1] == "jester" else 0)
                       + (1 if a[1] == "architect" else 0) == best)
            limit = min(_BID_LIMIT.get(lot, 400), me["money"] // 3)
            fitting = [a for a in seals if a[1] == lot and a[2] <= limit]
            return max(fitting, key=lambda a: a[2]) if fitting else min((a for a in seals if a[1] == lot),
                                                                        key=lambda a: a[2])
        if verbs & {"open", "buy"}:
            opts = [a for a in legal if a[0] in ("open", "buy")]
            return max(opts, key=lambda a: (wants.get(a[1], 0) + (2 if a[1] == "jester" else 0)
                                            + (1 if a[1] == "architect" else 0), self.rng.random()))
        if "decline" in verbs:
            return ("decline",)
        if "place" in verbs:
            return min((a for a in legal if a[0] == "place"), key=lambda a: (a[4], -a[3], a[2]))
        if "pick" in verbs:  # a draft: the card that fits the principality best
            return max(legal, key=lambda a: (self._fit(me, a[1]), -a[1]))
        if "return" in verbs:
            return min((a for a in legal if a[0] == "return"), key=lambda a: self._fit(me, a[1]))
        if "keep" in verbs and all(a[0] == "keep" for a in legal):
            return max(legal, key=lambda a: self.rules.prestige[a[1]].points if len(a) > 1 else 0)
        if "take" in verbs:
            pending = v["step"].get("pending", {})
            if pending.get("kind") == "profession":
                return max(legal, key=lambda a: self._fit(me, a[1]))
            return legal[0]
        if "finish" in verbs:
            return ("finish",)
        if "play_bonus" in verbs:
            return next(a for a in legal if a[0] == "play_bonus")
        if "convert" in verbs:
            keep = max(0, 1200 - me["money"])
            best = max(a[1] for a in legal)
            return ("convert", max(0, best - keep // (2 * self.rules.payout_per_point)))
        if "work" in verbs:
            return max((a for a in legal if a[0] == "work"), key=lambda a: self._fit(me, a[1]))
        builds = [a for a in legal if a[0] == "build" and wants.get(a[1], 0)]
        if builds:
            return max(builds, key=lambda a: wants[a[1]])
        freedoms = [a for a in legal if a[0] == "freedom" and wants.get(a[1], 0)]
        if freedoms:
            return max(freedoms, key=lambda a: wants[a[1]])
        if ("profession",) in legal and len(me.get("hand", [])) < 2:
            return ("profession",)
        if ("bonus",) in legal and me["bonus_size"] < 2:
            return ("bonus",)
        return ("end",)

"""Phase C: the city districts in their order (001 §8). One flow state resolves one district; the
district's `kind` (council, workshop, academy, shop, market) selects the mechanic, the pack its numbers.
"""

from __future__ import annotations

import itertools

from regola.core.errors import IllegalAction
from regola.core.step import Action, Step
from regola.games.maestro_leonardo.labs import apply_upgrade, upgrade_targets
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import State

PASS: Action = ("pass",)
DECLINE: Action = ("decline",)
#: the council's stages (its step's ``phase``): Leonardo named, spaces chosen, spaces carried out
COUNCIL_STAGES = ("leonardo", "choose", "execute")


# -- occupancy helpers ------------------------------------------------------------------------------
def ranking(state: State, letter: str) -> list[int]:
    """Seats in a district, best first: most people (master = 2), ties to the one nearer the arrow."""
    rules = state.rules
    wa, wm = rules.weight_apprentice, rules.weight_master
    entries = state.occupancy.get(letter, ())
    order = sorted(range(len(entries)), key=lambda i: (-(entries[i][1] * wa + entries[i][2] * wm), i))
    return [entries[i][0] for i in order]


def send_home(state: State, letter: str, seat: int) -> None:
    """A seat takes its people in a district back to its supply."""
    entries = state.occupancy.get(letter)
    if not entries:
        return
    for i, e in enumerate(entries):
        if e[0] == seat:
            p = state.players[seat]
            p.apprentices += e[1]
            if e[2]:
                p.master = None
            del entries[i]
            return


def current_letter(state: State) -> str:
    return state.rules.district_order[state.district_index]


# -- flow effects and guards -------------------------------------------------------------------------
def first_district(state: State) -> None:
    state.district_index = 0


def more_districts(state: State) -> bool:
    return state.district_index + 1 < len(state.rules.district_order)


def open_district(state: State) -> None:
    letter = current_letter(state)
    kind = state.rules.districts[letter].kind
    state.step = {"kind": kind, "letter": letter, "rank": ranking(state, letter), "who": None}
    OPENERS[kind](state)


def close_district(state: State) -> None:
    """Everybody takes their people back; the price marker returns to 0 (001 §8)."""
    letter = current_letter(state)
    for e in list(state.occupancy.get(letter, ())):
        send_home(state, letter, e[0])
    state.occupancy.pop(letter, None)
    state.district_index += 1


# -- council (A) --------------------------------------------------------------------------------------
def _open_council(state: State) -> None:
    rules = state.rules
    s = state.step
    rank: list[int] = s["rank"]
    if rules.council_exclusion and state.n >= rules.council_exclusion_min_players and len(rank) == state.n:
        out = rank.pop()  # R4: the lowest-ranked takes the people back and acts not
        send_home(state, s["letter"], out)
        s["excluded"] = out
    s["phase"] = "leonardo" if rules.leader_assigns_leonardo else "choose"
    s["chooser"] = 0
    s["spaces"] = {}
    s["exec"] = 0
    _settle_council(state)


def _council_exec_options(state: State, space_index: int, seat: int) -> list[Action]:
    rules = state.rules
    space = rules.council_spaces[space_index]
    p = state.players[seat]
    eff = space.effect
    if eff == "move_apprentice":
        prm = space.params
        whose_any = prm["whose"] == "any"
        protect = bool(prm["protect_majority"])
        out: list[Action] = []
        for src in prm["from"]:
            for e in state.occupancy.get(src, ()):
                owner = e[0]
                if e[1] <= 0 or (owner != seat and not whose_any):
                    continue
                for dst in prm["to"]:
                    if dst == src:
                        continue
                    if protect and owner != seat:
                        r = ranking(state, dst)
                        if r and r[0] == owner:
                            continue
                    out.append(("move", owner, src, dst))
        return [*out, DECLINE] if out else []
    if eff == "peek_deck":
        k = min(int(space.params["cards"]), len(state.deck))
        if k == 0:
            return []
        return [("order", perm) for perm in itertools.permutations(state.deck[:k])]
    if eff == "buy_material":
        price = int(space.params["price"])
        if p.money < price:
            return []
        out = [("buy", m) for m in range(len(rules.materials)) if state.shops[m] > 0]
        return [*out, DECLINE] if out else []
    if eff == "take_council_money":
        return [("take",)]
    raise ValueError(f"unknown council effect {eff}")


def _settle_council(state: State) -> None:
    """Run what needs no decision; stop at the next decision (or the end of the council)."""
    rules = state.rules
    s = state.step
    rank = s["rank"]
    while True:
        if not rank:
            s["who"] = None
            return
        if s["phase"] == "leonardo":
            s["who"] = rank[0]
            return
        if s["phase"] == "choose":
            if s["chooser"] < len(rank) and len(s["spaces"]) < len(rules.council_spaces):
                s["who"] = rank[s["chooser"]]
                return
            for seat in rank[s["chooser"]:]:  # no space left for them
                send_home(state, s["letter"], seat)
            s["phase"] = "execute"
            continue
        # execute the chosen spaces in their order (001 §8 A)
        while s["exec"] < len(rules.council_spaces):
            space = rules.council_spaces[s["exec"]]
            seat = s["spaces"].get(str(space.id))
            if seat is None:
                s["exec"] += 1
                continue
            options = _council_exec_options(state, s["exec"], seat)
            if len(options) == 1:
                _council_execute(state, seat, options[0])
                continue
            if not options:
                s["exec"] += 1
                continue
            s["who"] = seat
            return
        s["who"] = None
        return


def _council_execute(state: State, seat: int, action: Action) -> None:
    rules = state.rules
    s = state.step
    space = rules.council_spaces[s["exec"]]
    kind = action[0]
    if kind == "take":
        state.gain(seat, state.council_money, "council")
        state.council_money = 0
    elif kind == "move":
        _, owner, src, dst = action
        for i, e in enumerate(state.occupancy[src]):
            if e[0] == owner:
                e[1] -= 1
                if e[1] == 0 and e[2] == 0:
                    del state.occupancy[src][i]
                break
        entries = state.occupancy.setdefault(dst, [])
        for e in entries:
            if e[0] == owner:  # joins own people; otherwise right of everybody (001 §8 A1)
                e[1] += 1
                break
        else:
            entries.append([owner, 1, 0])
    elif kind == "order":
        perm = list(action[1])
        state.deck[: len(perm)] = perm
        for other in range(state.n):
            if other != seat and state.known_deck[other]:
                state.known_deck[other] = []  # what they saw is no longer the order
        state.known_deck[seat] = perm
    elif kind == "buy":
        state.pay(seat, int(space.params["price"]), "council material")
        state.shops[action[1]] -= 1
        state.players[seat].hand[action[1]] += 1
    s["exec"] += 1


def _council_legal(state: State) -> list[Action]:
    s = state.step
    seat = s["who"]
    if s["phase"] == "leonardo":
        return [("leonardo", other) for other in range(state.n)]
    if s["phase"] == "choose":
        free = [("space", sp.id) for sp in state.rules.council_spaces if str(sp.id) not in s["spaces"]]
        return free + ([("withdraw",)] if s["chooser"] > 0 else [])
    return _council_exec_options(state, s["exec"], seat)


def _council_apply(state: State, action: Action) -> None:
    s = state.step
    seat = s["who"]
    if s["phase"] == "leonardo":
        state.leonardo = action[1]  # R5: counts at once
        s["phase"] = "choose"
    elif s["phase"] == "choose":
        if action[0] == "space":
            s["spaces"][str(action[1])] = seat
        else:
            send_home(state, s["letter"], seat)
            s["rank"].remove(seat)
            s["chooser"] -= 1
        s["chooser"] += 1
    elif action[0] == "decline":
        s["exec"] += 1
    else:
        _council_execute(state, seat, action)
    _settle_council(state)


# -- districts with a price track (workshop, academy, shops) -----------------------------------------
def _open_priced(state: State) -> None:
    state.step.update(i=0, done=0)
    _settle_priced(state)


def _priced_options(state: State, seat: int) -> list[Action]:
    rules = state.rules
    s = state.step
    p = state.players[seat]
    if p.money < rules.cost_track[s["done"]]:
        return []  # R6: who cannot pay must pass
    kind = s["kind"]
    if kind == "workshop":
        return [("act", up.id, li) for up in rules.upgrades for li in upgrade_targets(rules, p, up)]
    if kind == "academy":
        return [("act",)] if p.academy > 0 or not rules.skip_empty_actions else []
    # shop
    m = rules.districts[s["letter"]].material
    return [("act",)] if state.shops[m] > 0 or not rules.skip_empty_actions else []


def _settle_priced(state: State) -> None:
    s = state.step
    rank = s["rank"]
    track = len(state.rules.cost_track)
    while rank and s["done"] < track:
        if s["i"] >= len(rank):
            s["i"] = 0  # the offer goes round again (001 §8)
        seat = rank[s["i"]]
        if _priced_options(state, seat):
            s["who"] = seat
            return
        send_home(state, s["letter"], seat)  # nothing to take or pay with: passes (R1, R6)
        rank.pop(s["i"])
    s["who"] = None


def _priced_apply(state: State, action: Action) -> None:
    rules = state.rules
    s = state.step
    seat = s["who"]
    if action[0] == "pass":
        send_home(state, s["letter"], seat)
        s["rank"].pop(s["i"])
    else:
        price = rules.cost_track[s["done"]]
        if price:
            state.pay(seat, price, f"district {s['letter']}")
        p = state.players[seat]
        kind = s["kind"]
        if kind == "workshop":
            apply_upgrade(p, rules.upgrade(action[1]), action[2])
            p.upgrades += 1
        elif kind == "academy":
            if p.academy > 0:
                p.academy -= 1
                p.apprentices += 1  # placeable from the next round on (001 §8 C)
        else:
            m = rules.districts[s["letter"]].material
            if state.shops[m] > 0:
                state.shops[m] -= 1
                p.hand[m] += 1
        s["done"] += 1
        s["i"] += 1
    _settle_priced(state)


# -- marketplace (Codex Leonardi II): each player once, in rank order, swaps 1-2 cards for free --------
def _open_market(state: State) -> None:
    state.step.update(i=0)
    _settle_market(state)


def _market_options(state: State, seat: int) -> list[Action]:
    prm = state.rules.districts[state.step["letter"]].params
    lo, hi = int(prm["min_cards"]), int(prm["max_cards"])
    hand = state.players[seat].hand
    market = state.market
    n_m = len(hand)
    out: list[Action] = []
    for k in range(lo, hi + 1):
        vectors = [v for v in itertools.product(range(k + 1), repeat=n_m) if sum(v) == k]
        gives = [v for v in vectors if all(v[m] <= hand[m] for m in range(n_m))]
        takes = [v for v in vectors if all(v[m] <= market[m] for m in range(n_m))]
        out.extend(("exchange", g, t) for g in gives for t in takes if g != t)
    return [*out, PASS] if out else []


def _settle_market(state: State) -> None:
    s = state.step
    rank = s["rank"]
    while s["i"] < len(rank):
        if _market_options(state, rank[s["i"]]):
            s["who"] = rank[s["i"]]
            return
        s["i"] += 1
    s["who"] = None


def _market_apply(state: State, action: Action) -> None:
    s = state.step
    seat = s["who"]
    if action[0] == "exchange":
        hand = state.players[seat].hand
        _, give, take = action
        for m in range(len(hand)):  # takes only from what lay there before (reconstructed reading)
            hand[m] += take[m] - give[m]
            state.market[m] += give[m] - take[m]
    s["i"] += 1
    _settle_market(state)


OPENERS = {"council": _open_council, "workshop": _open_priced, "academy": _open_priced, "shop": _open_priced,
           "market": _open_market}


class DistrictStep(Step):
    """Decisions inside the district being resolved."""

    rule = "district.offer_loop"

    def most(self, rules: Rules, players: int) -> int:
        """One district, the most its kind takes: a council, Leonardo's holder named, each seat in it
        choosing a space or withdrawing once, each space carried out once; a priced district, each step of
        the cost track taken once and each seat passing once; the marketplace, each seat once."""
        kinds = {rules.districts[letter].kind for letter in rules.district_order}
        most = players  # the marketplace
        if "council" in kinds:
            most = max(most, 1 + players + len(rules.council_spaces))
        if kinds & {"workshop", "academy", "shop"}:
            most = max(most, len(rules.cost_track) + players)
        return most

    def decider(self, state: State) -> int | None:
        who: int | None = state.step["who"]
        return who

    def legal(self, state: State) -> list[Action]:
        kind = state.step["kind"]
        seat = state.step["who"]
        if kind == "council":
            return _council_legal(state)
        if kind == "market":
            return _market_options(state, seat)
        return [*_priced_options(state, seat), PASS]

    def apply(self, state: State, action: Action) -> None:
        kind = state.step["kind"]
        if kind == "council":
            _council_apply(state, action)
        elif kind == "market":
            _market_apply(state, action)
        else:
            _priced_apply(state, action)

    def explain(self, state: State, action: Action) -> IllegalAction:
        s = state.step
        kind = s["kind"]
        seat = s["who"]
        verb = action[0] if action else None
        if kind == "council":
            if s["phase"] == "choose" and verb == "space":
                return IllegalAction("council.spaces", "each council space can be taken once", action)
            if s["phase"] == "choose" and verb == "withdraw":
                return IllegalAction("council.leonardo", "the leader must take a space", action)
            if verb == "move":
                return IllegalAction("council.move_apprentice",
                                     "that apprentice may not move there (never the master, never into the "
                                     "council or a lab)", action)
            if verb == "buy":
                return IllegalAction("council.buy_material", "cannot pay or that pile is empty", action)
            return IllegalAction("council.execution_order", "not a council decision of this moment", action)
        if kind == "market":
            return IllegalAction("district.offer_loop", "not an exchange the marketplace allows", action)
        if verb == "act":
            price = state.rules.cost_track[s["done"]]
            if state.players[seat].money < price:
                return IllegalAction("district.payment", f"the action costs {price}", action)
            if kind == "workshop":
                up = next((u for u in state.rules.upgrades if len(action) == 3 and u.id == action[1]), None)
                if up is not None and len(action) == 3 and isinstance(action[2], int) \
                        and 0 <= action[2] < len(state.players[seat].labs) \
                        and state.players[seat].labs[action[2]].target is not None:
                    return IllegalAction("workshop.idle_labs_only", "a working lab cannot be upgraded", action)
                if up is not None and up.effect == "install_robot":
                    return IllegalAction("workshop.robots", "no robot or no free robot space", action)
                if up is not None and up.effect == "take_lab":
                    return IllegalAction("workshop.lab_limit", "the player has that lab already", action)
                return IllegalAction("workshop.upgrades", "not an upgrade this player can make", action)
            return IllegalAction("district.empty_action", "there is nothing to take here", action)
        return IllegalAction(self.rule, "act or pass", action)

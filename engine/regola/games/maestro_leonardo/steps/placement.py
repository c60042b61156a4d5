"""Phase B: place apprentices or the master, turn after turn until all passed (001 §7, R9)."""

from __future__ import annotations

from regola.core.errors import IllegalAction
from regola.core.step import Action, Step
from regola.games.maestro_leonardo.labs import free_spaces
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import State

PASS: Action = ("pass",)


def begin_placement(state: State) -> None:
    state.step = {"seat": state.leonardo, "passed": [False] * state.n}


def lab_loc(index: int) -> str:
    return _LAB_LOCS[index] if index < len(_LAB_LOCS) else f"lab{index}"


_LAB_LOCS = tuple(f"lab{i}" for i in range(8))

# Placement actions are built once and shared: a legal list is then a few slices, not a few dozen tuples.
_PLACE: dict[str, list[Action]] = {}
_MASTER: dict[str, Action] = {}


def _places(loc: str, count: int) -> list[Action]:
    """("place", loc, 1) … ("place", loc, count), from the shared table."""
    row = _PLACE.get(loc)
    if row is None or len(row) < count:
        row = _PLACE[loc] = [("place", loc, k) for k in range(1, max(count, 12) + 1)]
    return row[:count]


# the city part of a legal list depends on these four things only; kept, it is one lookup
_CITY: dict[tuple[tuple[str, ...], int, bool, frozenset[str]], tuple[Action, ...]] = {}
_CITY_MAX = 50_000


def _city_places(order: tuple[str, ...], n_app: int, master_home: bool, placed: list[str]) -> tuple[Action, ...]:
    key = (order, n_app, master_home, frozenset(placed))
    actions = _CITY.get(key)
    if actions is None:
        out: list[Action] = []
        for loc in order:
            if n_app and loc not in placed:
                out += _places(loc, n_app)
            if master_home:
                out.append(_MASTER[loc] if loc in _MASTER else _master(loc))
        if len(_CITY) >= _CITY_MAX:
            _CITY.clear()
        actions = _CITY[key] = tuple(out)
    return actions


def _master(loc: str) -> Action:
    action = _MASTER[loc] = ("master", loc)
    return action


class Placement(Step):
    rule = "placement.turn"

    def most(self, rules: Rules, players: int) -> int:
        """Each seat: its master once, apprentices into each location once with at least one each (no more
        placements than it may own apprentices, limits.apprentices, nor than the districts and the labs it
        may hold), and its pass."""
        locations = len(rules.district_order) + rules.limit_labs
        return players * (2 + min(rules.limit_apprentices, locations))

    def decider(self, state: State) -> int | None:
        s = state.step
        passed = s["passed"]
        seat = s["seat"]
        for _ in range(state.n):
            if not passed[seat]:
                if self._can_place(state, seat):
                    s["seat"] = seat
                    return int(seat)
                passed[seat] = True  # nobody left to place, or nowhere to go: passes by itself (R9)
            seat = state.after(seat)
        return None

    def _can_place(self, state: State, seat: int) -> bool:
        """Whether any placement is legal (a cheap test: no list is built)."""
        p = state.players[seat]
        master_home = p.master is None
        if p.apprentices == 0 and not master_home:
            return False
        rules = state.rules
        kind = rules.round_kinds[state.round - 1]
        placed = state.placed[seat]
        if kind.city and (master_home or any(loc not in placed for loc in rules.district_order)):
            return True
        if kind.labs:
            for li, lab in enumerate(p.labs):
                if lab.target is not None and free_spaces(rules, lab) > 0 and (
                        master_home or lab_loc(li) not in placed):
                    return True
        return False

    def legal(self, state: State) -> list[Action]:
        return self.legal_for(state, state.step["seat"])

    def legal_for(self, state: State, seat: int) -> list[Action]:
        rules = state.rules
        kind = rules.round_kinds[state.round - 1]
        p = state.players[seat]
        placed = state.placed[seat]
        out: list[Action] = [PASS]
        n_app = p.apprentices
        master_home = p.master is None
        if kind.city:
            out += _city_places(rules.district_order, n_app, master_home, placed)
        if kind.labs:
            for li, lab in enumerate(p.labs):
                if lab.target is None:
                    continue
                free = free_spaces(rules, lab)
                if free <= 0:
                    continue
                loc = lab_loc(li)
                if n_app and loc not in placed:
                    out += _places(loc, min(n_app, free))
                if master_home:
                    out.append(_MASTER[loc] if loc in _MASTER else _master(loc))
        return out

    def explain(self, state: State, action: Action) -> IllegalAction:
        seat = state.step["seat"]
        rules = state.rules
        p = state.players[seat]
        if not action or action[0] not in ("place", "master", "pass"):
            return IllegalAction("placement.one_location_per_turn",
                                 "a turn places apprentices in one location, or the master, or passes", action)
        if (action[0] == "place" and len(action) != 3) or (action[0] == "master" and len(action) != 2):
            return IllegalAction("placement.one_location_per_turn",
                                 "one turn places people in exactly one location", action)
        loc = action[1] if len(action) > 1 else None
        kind = rules.round_kinds[state.round - 1]
        if isinstance(loc, str) and loc in rules.districts and not kind.city:
            return IllegalAction("placement.research_rounds", "in research rounds people go only into labs", action)
        if isinstance(loc, str) and loc.startswith("lab"):
            idx = loc[3:]
            if not idx.isdigit() or int(idx) >= len(p.labs) or p.labs[int(idx)].target is None:
                return IllegalAction("placement.working_labs_only", "people go only into own working labs", action)
            wanted = action[2] if action[0] == "place" and isinstance(action[2], int) else 1
            if wanted > free_spaces(rules, p.labs[int(idx)]):
                return IllegalAction("placement.lab_spaces", "not enough free spaces in that lab", action)
        if action[0] == "place":
            if loc in state.placed[seat]:
                return IllegalAction("placement.once_per_location",
                                     "apprentices go to each location once per round", action)
            if len(action) != 3 or not isinstance(action[2], int) or not 1 <= action[2] <= p.apprentices:
                return IllegalAction(self.rule, "not that many apprentices in the supply", action)
        if action[0] == "master" and p.master is not None:
            return IllegalAction("placement.turn", "the master is already placed", action)
        return IllegalAction(self.rule, "no such location", action)

    def apply(self, state: State, action: Action) -> None:
        s = state.step
        seat = s["seat"]
        if action[0] == "pass":
            s["passed"][seat] = True
        else:
            p = state.players[seat]
            loc = action[1]
            is_master = action[0] == "master"
            n = 0 if is_master else action[2]
            if loc.startswith("lab"):
                lab = p.labs[int(loc[3:])]
                if is_master:
                    lab.master = True
                else:
                    lab.apprentices += n
            else:
                entries = state.occupancy.setdefault(loc, [])
                for e in entries:  # joins own people already there (001 §7)
                    if e[0] == seat:
                        e[1] += n
                        e[2] |= is_master
                        break
                else:
                    entries.append([seat, n, int(is_master)])
            if is_master:
                p.master = loc
            else:
                p.apprentices -= n
                state.placed[seat].append(loc)
        s["seat"] = state.after(seat)

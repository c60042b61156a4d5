"""Setup: the table at the start (beginner or advanced), the deck (chance), round-0 favors."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from regola.core.errors import IllegalAction
from regola.core.step import CHANCE, Action, Step
from regola.games.maestro_leonardo.labs import apply_upgrade, upgrade_targets
from regola.games.maestro_leonardo.rules import LabSpec, Rules
from regola.games.maestro_leonardo.state import Lab, Player, State


def new_state(rules: Rules, n_players: int, setup: str) -> State:
    """The table before the deck is dealt: people, labs, money and materials per seat."""
    st = State(rules, n_players, setup)
    st.shops = [rules.cards_per_material] * len(rules.materials)
    st.council_money = rules.council_money
    for m, count in enumerate(rules.market_start):  # Codex Leonardi II: the marketplace's first cards
        st.shops[m] -= count
        st.market[m] += count
    st.leonardo = 0
    for seat in range(n_players):
        if setup == "beginner":
            spec = rules.seats[seat]
            p = Player(seat, spec.color, len(rules.materials))
            fewer = rules.fewer_apprentices.get(n_players, 0)
            p.apprentices = spec.apprentices - fewer
            p.box = fewer
            p.academy = rules.apprentices_per_color - spec.apprentices
            labs: tuple[LabSpec, ...] = spec.labs
            money = spec.money
            for m, count in enumerate(spec.materials):
                p.hand[m] += count
                st.shops[m] -= count
        else:
            p = Player(seat, rules.colors[seat], len(rules.materials))
            p.apprentices = rules.adv_apprentices
            p.academy = rules.apprentices_per_color - rules.adv_apprentices
            labs = rules.adv_labs
            money = rules.adv_money
        p.robot_supply = rules.robots_per_color
        for spec_lab in labs:
            p.labs.append(Lab(spec_lab.kind, spec_lab.side, spec_lab.robots))
            p.robot_supply -= spec_lab.robots
        st.players.append(p)
        st.gain(seat, money, "setup")
    if setup == "beginner":
        st.display = list(rules.beginner_display[n_players])
    return st


def _tier_piles(rules: Rules, pool: list[int]) -> dict[str, list[int]]:
    fixed = {c for layer in rules.deck_layers for c in layer.cards}
    piles: dict[str, list[int]] = {t: [] for t in rules.tiers}
    for c in pool:
        if c not in fixed:
            piles[rules.cards[c].tier].append(c)
    return piles


def deal_pool(rules: Rules, st: State) -> list[int]:
    return [c for c in rules.card_ids if c not in st.display]


def build_deck(rules: Rules, st: State, rng: random.Random) -> tuple[list[int], list[int]]:
    """Shuffle the deck as 001 §3 builds it, bottom layer first. Returns (deck top first, removed)."""
    piles = _tier_piles(rules, deal_pool(rules, st))
    for pile in piles.values():
        rng.shuffle(pile)
    removed: list[int] = []
    if st.setup == "advanced":
        for tier, count in rules.adv_removed.get(st.n, ()):
            for _ in range(count):
                removed.append(piles[tier].pop())
    bottom_up: list[int] = []
    for layer in rules.deck_layers:
        chunk = list(layer.cards)
        for tier, count in layer.add:
            for _ in range(count):
                chunk.append(piles[tier].pop())
        for tier in layer.rest:
            chunk.extend(piles[tier])
            piles[tier] = []
        rng.shuffle(chunk)
        bottom_up.extend(chunk)
    return bottom_up[::-1], removed


def check_deck(rules: Rules, st: State, deck: list[int], removed: list[int]) -> str | None:
    """Why a transcribed deck cannot come out of the deck building, or None when it can."""
    pool = deal_pool(rules, st)
    if sorted(deck + removed) != sorted(pool):
        return "the deck and the removed cards must hold each remaining invention exactly once"
    want_removed = Counter(dict(rules.adv_removed.get(st.n, ()))) if st.setup == "advanced" else Counter()
    if Counter(rules.cards[c].tier for c in removed) != want_removed:
        return f"removed cards must be exactly {dict(want_removed) or 'none'}"
    bottom_up = deck[::-1]
    pos = 0
    for i, layer in enumerate(rules.deck_layers):
        if layer.rest:
            size = len(bottom_up) - pos
            chunk = bottom_up[pos:]
            if any(rules.cards[c].tier not in layer.rest for c in chunk):
                return f"layer {i + 1} (top) may hold only {', '.join(layer.rest)} cards"
        else:
            size = len(layer.cards) + sum(n for _, n in layer.add)
            chunk = bottom_up[pos:pos + size]
            extra = Counter(rules.cards[c].tier for c in chunk if c not in layer.cards)
            if not set(layer.cards) <= set(chunk) or extra != Counter(dict(layer.add)):
                return f"layer {i + 1} from the bottom must be cards {list(layer.cards)} plus {dict(layer.add)}"
        pos += size
    return None


class Deal(Step):
    """Chance node: the shuffled deck (and, in the advanced setup, the display drawn from it)."""

    rule = "setup.deck"

    def most(self, rules: Rules, players: int) -> int:
        return 0

    def events(self, rules: Rules, players: int) -> int:
        return 1

    def decider(self, state: State) -> int | None:
        return None if state.step.get("dealt") else CHANCE

    def legal(self, state: State) -> list[Action]:
        return []

    def sample(self, state: State, rng: random.Random) -> Action:
        deck, removed = build_deck(state.rules, state, rng)
        return ("deal", tuple(deck), tuple(removed))

    def check_chance(self, state: State, action: Action) -> None:
        if len(action) != 3 or action[0] != "deal":
            raise IllegalAction(self.rule, "a deal is ('deal', deck top first, removed cards)", action)
        why = check_deck(state.rules, state, list(action[1]), list(action[2]))
        if why:
            raise IllegalAction(self.rule, why, action)

    def apply(self, state: State, action: Action) -> None:
        rules = state.rules
        state.deck = list(action[1])
        state.removed = list(action[2])
        if state.setup == "advanced":
            size = rules.display_size[state.n]
            state.display = state.deck[:size]
            del state.deck[:size]
        state.step = {"dealt": True}


def _material_vectors(total: int, max_same: int, n_materials: int) -> list[tuple[int, ...]]:
    return [v for v in itertools.product(range(max_same + 1), repeat=n_materials) if sum(v) == total]


class Favors(Step):
    """Round 0 of the advanced setup: one favor per turn from the Leonardo holder on (R13, F9)."""

    rule = "setup.favors"

    def most(self, rules: Rules, players: int) -> int:
        """One favor a turn, the setup's number of favors each."""
        return players * rules.favors_per_player.get(players, 0)

    def decider(self, state: State) -> int | None:
        s = state.step
        if s["turn"] >= s["total"]:
            return None
        return int(s["order"][s["turn"] % state.n])

    def legal(self, state: State) -> list[Action]:
        rules = state.rules
        seat = self.decider(state)
        assert seat is not None
        p = state.players[seat]
        taken = state.step["taken"][seat]
        limit = rules.max_same_letter.get(state.n)
        none = (0,) * len(rules.materials)
        out: list[Action] = []
        for f in rules.favors:
            if limit is not None and taken.count(f.letter) >= limit:
                continue
            if f.apprentices and p.academy < f.apprentices:
                continue
            labs = [-1]
            if f.upgrade is not None:
                labs = upgrade_targets(rules, p, rules.upgrade(f.upgrade))
                if not labs:
                    continue
            if f.materials:
                mats = [v for v in _material_vectors(f.materials, f.max_same_material, len(rules.materials))
                        if all(v[m] <= state.shops[m] for m in range(len(v)))]
            else:
                mats = [none]
            out.extend(("favor", f.id, lab, mat) for lab in labs for mat in mats)
        return out

    def explain(self, state: State, action: Action) -> IllegalAction:
        seat = self.decider(state)
        if len(action) == 4 and action[0] == "favor" and seat is not None:
            letter = next((f.letter for f in state.rules.favors if f.id == action[1]), None)
            limit = state.rules.max_same_letter.get(state.n)
            if letter is not None and limit is not None and state.step["taken"][seat].count(letter) >= limit:
                return IllegalAction("setup.favor_letter_limit",
                                     f"favor letter {letter} already taken {limit} times", action)
        return IllegalAction(self.rule, "not a favor this player may take now", action)

    def apply(self, state: State, action: Action) -> None:
        rules = state.rules
        seat = self.decider(state)
        assert seat is not None
        p = state.players[seat]
        _, fid, lab, mats = action
        f = next(f for f in rules.favors if f.id == fid)
        if f.money:
            state.gain(seat, f.money, "favor")
        if f.apprentices:
            p.academy -= f.apprentices
            p.apprentices += f.apprentices
        if f.upgrade is not None:
            apply_upgrade(p, rules.upgrade(f.upgrade), lab)
        for m, count in enumerate(mats):
            p.hand[m] += count
            state.shops[m] -= count
        state.step["taken"][seat].append(f.letter)
        state.step["turn"] += 1


def begin_favors(state: State) -> None:
    per = state.rules.favors_per_player[state.n]
    state.step = {"order": state.in_turn_from(state.leonardo), "turn": 0, "total": per * state.n,
                  "taken": [[] for _ in range(state.n)]}

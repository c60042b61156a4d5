"""Build a game of Maestro Leonardo and bring it into a chosen situation.

The helper drives the real flow: ``Scenario.run`` applies scripted actions per seat and, for every
other decision, a *neutral* default (pass, decline, withdraw, bid 0, keep Leonardo where it is) until
a condition holds. Where a situation cannot be reached by play in a few moves (a hand of materials,
a lab already upgraded), ``Scenario.edit`` changes the state *before* the decision under test, then
lets the driver settle again; it only ever sets up the situation, never the outcome under test.

``check_invariants`` states the conservation laws of the game (components never appear or vanish,
the money ledger balances); the property tests call it after every action.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from regola.core.errors import IllegalAction
from regola.core.game import CHANCE, TERMINAL, Game, Ruleset
from regola.core.step import Action
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import Lab, Player, State

Plan = Mapping[int, Iterable[Action]]


def canonical(data: Any) -> Any:
    """JSON data as JSON would give it back (tuples become lists), for exact comparisons."""
    return json.loads(json.dumps(data, sort_keys=True))


def neutral(game: Game) -> Action:
    """The decision that changes the least: pass, decline, withdraw, bid 0, keep Leonardo, else the first."""
    legal = game.legal_actions()
    st: State = game.state
    for preferred in (("pass",), ("decline",), ("withdraw",), ("bid", 0), ("leonardo", st.leonardo)):
        if preferred in legal:
            return preferred
    return legal[0]


class Scenario:
    """One game under test, with helpers to reach a situation through the real flow."""

    def __init__(self, ruleset: Ruleset, players: int = 4, setup: str = "beginner", seed: int = 0,
                 deck: list[int] | None = None, removed: list[int] | None = None, deal: bool = True,
                 use_machine: bool = False) -> None:
        self.ruleset = ruleset
        self.game = Game.new(ruleset, players, seed=seed, setup=setup, use_machine=use_machine)
        self.opening = start_log(self.game)
        if deal:
            self.deal(deck, removed)

    # -- shortcuts ------------------------------------------------------------------------------------
    @property
    def state(self) -> State:
        st: State = self.game.state
        return st

    @property
    def rules(self) -> Rules:
        rules: Rules = self.ruleset.rules
        return rules

    @property
    def n(self) -> int:
        return self.state.n

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    @property
    def who(self) -> int:
        return self.game.current_player()

    @property
    def phase(self) -> str:
        return self.state.flow_state

    @property
    def district(self) -> str | None:
        """The letter of the district being resolved, if the flow is in phase C's districts."""
        if self.phase != "district":
            return None
        return self.rules.district_order[self.state.district_index]

    def legal(self) -> list[Action]:
        return self.game.legal_actions()

    # -- acting ---------------------------------------------------------------------------------------
    def deal(self, deck: list[int] | None = None, removed: list[int] | None = None) -> None:
        """Resolve the setup chance node: a transcribed deck (top first) or the seeded shuffle."""
        assert self.who == CHANCE
        if deck is None:
            self.game.apply(self.game.sample_chance())
        else:
            self.game.apply(("deal", tuple(deck), tuple(removed or ())))

    def do(self, seat: int, *actions: Action) -> None:
        """``seat`` takes these decisions, one after the other (it must be that seat's turn each time)."""
        for action in actions:
            assert self.who == seat, f"expected seat {seat} to decide, not {self.who} (phase {self.phase})"
            self.game.apply(action)

    def refused(self, action: Action, rule: str) -> IllegalAction:
        """Apply an action that must be refused under ``rule``; the state must not change at all."""
        before = canonical(self.game.to_json())
        try:
            self.game.apply(action)
        except IllegalAction as err:
            assert err.rule == rule, f"{action!r} refused under {err.rule!r}, expected {rule!r}: {err}"
            assert canonical(self.game.to_json()) == before, f"refusing {action!r} changed the state"
            return err
        raise AssertionError(f"{action!r} was accepted, expected IllegalAction({rule!r})")

    def run(self, until: Callable[[Scenario], bool], plan: Plan | None = None,
            default: Callable[[Game], Action] = neutral, limit: int = 5000) -> None:
        """Play until ``until(self)`` holds: scripted actions first (per seat, in order), else ``default``.

        A scripted action is used at that seat's next decision; the run fails if scripts are left over
        when the condition holds, so a script that no longer fits the flow does not pass silently.
        """
        scripts = {seat: list(actions) for seat, actions in (plan or {}).items()}
        for _ in range(limit):
            if until(self):
                left = {s: a for s, a in scripts.items() if a}
                assert not left, f"scripted actions not used: {left}"
                return
            who = self.who
            if who == TERMINAL:
                raise AssertionError("the game ended before the condition held")
            if who == CHANCE:
                self.game.apply(self.game.sample_chance())
            elif scripts.get(who):
                self.game.apply(scripts[who].pop(0))
            else:
                self.game.apply(default(self.game))
        raise AssertionError("condition never held")

    def to(self, phase: str, district: str | None = None, round: int | None = None, plan: Plan | None = None,
           ) -> None:
        """Play (scripts, else neutral decisions) until the flow waits in ``phase`` (district, round)."""

        def reached(sc: Scenario) -> bool:
            return (sc.phase == phase and (district is None or sc.district == district)
                    and (round is None or sc.state.round == round) and sc.who != TERMINAL)

        self.run(reached, plan)

    def finish_phase(self, plan: Plan | None = None) -> None:
        """Play the rest of the current flow state (scripts, else neutral decisions)."""
        phase, district, rnd = self.phase, self.district, self.state.round
        self.run(lambda sc: (sc.phase, sc.district, sc.state.round) != (phase, district, rnd), plan)

    def to_end(self, plan: Plan | None = None) -> None:
        self.run(lambda sc: sc.who == TERMINAL, plan)

    # -- setting up a situation (never the outcome) -----------------------------------------------------
    def edit(self, change: Callable[[State], None]) -> None:
        """Change the state while a decision is pending, then let the driver settle from there.

        The game object stays the same (references to its state remain valid); its cached decision is
        dropped and the driver settles again, exactly as after an applied action.
        """
        change(self.state)
        self.game._legal = None
        self.game._settle()

    @staticmethod
    def set_money(st: State, seat: int, amount: int) -> None:
        """Set a player's money, keeping the ledger (received - paid) and the log consistent."""
        delta = amount - st.players[seat].money
        if delta > 0:
            st.gain(seat, delta, "scenario")
        elif delta < 0:
            p = st.players[seat]
            p.money += delta
            p.received += delta
            if st.log is not None:
                st.log.append(("gain", seat, delta, "scenario"))

    @staticmethod
    def set_hand(st: State, seat: int, materials: Mapping[str, int]) -> None:
        """Give a player exactly this hand; the cards come from (or go back to) the shops."""
        p = st.players[seat]
        for m, name in enumerate(st.rules.materials):
            want = int(materials.get(name, 0))
            st.shops[m] += p.hand[m] - want
            p.hand[m] = want
            assert st.shops[m] >= 0, f"not enough {name} in the city for this scenario"

    @staticmethod
    def set_labs(st: State, seat: int, labs: Iterable[tuple[str, str, int]]) -> None:
        """Give a player idle labs (kind, side, robots); robots come from (or go back to) their supply."""
        p = st.players[seat]
        for lab in p.labs:
            assert lab.target is None, "set_labs only rebuilds idle labs"
            p.robot_supply += lab.robots
        p.labs = []
        for kind, side, robots in labs:
            p.labs.append(Lab(kind, side, robots))
            p.robot_supply -= robots
        assert p.robot_supply >= 0

    @staticmethod
    def start_work(st: State, seat: int, lab_index: int, card: int, weeks: int = 0, started_round: int = 0) -> None:
        """Put a running invention in a lab as phase A would: its exact materials from the shops."""
        lab = st.players[seat].labs[lab_index]
        comp = st.rules.cards[card].components
        for m, need in enumerate(comp):
            st.shops[m] -= need
            assert st.shops[m] >= 0
        lab.target = card
        lab.materials = list(comp)
        lab.weeks = weeks
        lab.revealed = False
        lab.started_round = started_round

    @staticmethod
    def give_card(st: State, seat: int, card: int) -> None:
        """A card already in front of a player (completed in an earlier round): out of deck/display."""
        for pile in (st.deck, st.display, st.box_cards, st.removed):
            if card in pile:
                pile.remove(card)
        st.players[seat].cards.append(card)
        st.players[seat].completed.append(card)
        if card not in st.completed_before:
            st.completed_before.append(card)

    @staticmethod
    def request(st: State, cards: Iterable[int]) -> None:
        """Lay these cards on the display (taken from the deck), keeping every card exactly once."""
        for card in cards:
            if card in st.display:
                continue
            st.deck.remove(card)
            st.display.append(card)


# -- conservation laws --------------------------------------------------------------------------------
def start_log(game: Game) -> list[int]:
    """Start the money log (right after Game.new); returns each seat's money at that moment.

    The setup money is paid inside Game.new, before a log can exist: the log then sums to each
    player's money minus this opening balance (which is the setup money of the pack).
    """
    game.state.log = []
    return [p.money for p in game.state.players]


def check_invariants(game: Game, opening: list[int] | None = None) -> None:
    """Every component where it belongs, every gulden accounted for. Raises AssertionError.

    ``opening``: each seat's money when the log was started (see ``start_log``).
    """
    st: State = game.state
    rules: Rules = st.rules
    n_mat = len(rules.materials)

    # materials: shops + hands + under labs + marketplace, per kind (001 §1)
    per_kind = [st.shops[m] + st.market[m] for m in range(n_mat)]
    for p in st.players:
        for m in range(n_mat):
            per_kind[m] += p.hand[m]
        for lab in p.labs:
            if lab.materials is not None:
                for m in range(n_mat):
                    per_kind[m] += lab.materials[m]
    assert per_kind == [rules.cards_per_material] * n_mat, f"materials per kind {per_kind}"
    assert all(x >= 0 for x in st.shops), st.shops
    assert all(x >= 0 for p in st.players for x in p.hand)

    # apprentices per colour: supply + academy + box + in districts + in labs (001 §1)
    in_city = Counter()
    masters_in_city = Counter()
    for entries in st.occupancy.values():
        for seat, apprentices, master in entries:
            in_city[seat] += apprentices
            masters_in_city[seat] += master
    for p in st.players:
        in_labs = sum(lab.apprentices for lab in p.labs)
        total = p.apprentices + p.academy + p.box + in_city[p.seat] + in_labs
        assert total == rules.apprentices_per_color, f"seat {p.seat}: {total} apprentices"
        assert min(p.apprentices, p.academy, p.box) >= 0
        masters = masters_in_city[p.seat] + sum(1 for lab in p.labs if lab.master)
        assert masters == (0 if p.master is None else 1), f"seat {p.seat}: master at {p.master}, {masters} placed"

    # robots: supplies + in labs + those of absent colours (001 §1, §3)
    robots = sum(p.robot_supply + sum(lab.robots for lab in p.labs) for p in st.players)
    robots += rules.robots_per_color * (len(rules.colors) - st.n)
    assert robots == rules.robots_total, f"{robots} robots"
    for p in st.players:
        assert sum(lab.robots for lab in p.labs) <= rules.limit_robots
        assert len(p.labs) <= rules.limit_labs
        for lab in p.labs:
            side = rules.lab_sides[(lab.kind, lab.side)]
            assert 0 <= lab.robots <= side.robot_spaces
            assert lab.robots + lab.apprentices + int(lab.master) <= side.spaces
            # a lab works on one invention, with exactly its materials (001 §6, F4, F5)
            if lab.target is None:
                assert lab.materials is None and lab.weeks == 0 and lab.apprentices == 0 and not lab.master
            else:
                assert lab.materials == list(rules.cards[lab.target].components)
        targets = [lab.target for lab in p.labs if lab.target is not None]
        assert len(targets) == len(set(targets)), "one invention in two labs"
        assert not set(targets) & set(p.completed), "working on an invention already completed"
        assert len(p.completed) == len(set(p.completed))

    # invention cards: each exactly once (001 §1), once the deck is dealt
    dealt = st.flow_state != "setup"
    places = st.deck + st.display + st.removed + st.box_cards + [c for p in st.players for c in p.cards]
    extra, missing = Counter(places) - Counter(rules.card_ids), Counter(rules.card_ids) - Counter(places)
    assert not dealt or sorted(places) == sorted(rules.card_ids), f"cards twice {extra}, missing {missing}"

    # money: the ledger balances and nobody owes the bank (R6)
    for p in st.players:
        assert p.money == p.received - p.paid, f"seat {p.seat}: money {p.money} != {p.received} - {p.paid}"
        assert p.money >= 0, f"seat {p.seat}: money {p.money}"
    assert st.council_money >= 0
    if st.log is not None and opening is not None:
        logged = Counter(dict(enumerate(opening)))
        for entry in st.log:
            if entry[0] == "gain":
                logged[entry[1]] += entry[2]
            elif entry[0] == "pay":
                logged[entry[1]] -= entry[2]
        for p in st.players:
            assert logged[p.seat] == p.money, f"seat {p.seat}: opening + log sum to {logged[p.seat]}, money {p.money}"

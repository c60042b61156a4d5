"""Setup (004 Przygotowanie gry): the shuffled decks and the deal (chance), each player keeping 3 of 4
profession cards, and the draw pile made of the rest (chance)."""

from __future__ import annotations

import random
from collections import Counter

from regola.core.errors import IllegalAction
from regola.core.step import CHANCE, Action, Step
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.state import Player, State
from regola.mechanics.draft import begin_display, begin_draft, display_turn, pick, take_from_display


def new_state(rules: Rules, n_players: int, setup: str) -> State:
    """The table before any card is dealt: boards, money, prestige."""
    st = State(rules, n_players, setup)
    for seat in range(n_players):
        p = Player(seat, rules.principality.empty_board())
        p.prestige = rules.start_prestige
        st.players.append(p)
        extra = rules.seat_money[seat] if seat < len(rules.seat_money) else 0  # a house rule's, per seat
        st.gain(seat, rules.money_by_players[n_players] + extra)
    return st


class Deal(Step):
    """Chance: the order of the three decks and which extra freedom tokens come into play."""

    rule = "setup.professions"

    def most(self, rules: Rules, players: int) -> int:
        return 0

    def events(self, rules: Rules, players: int) -> int:
        return 1

    def decider(self, state: State) -> int | None:
        return None if state.step.get("dealt") else CHANCE

    def legal(self, state: State) -> list[Action]:
        return []

    def sample(self, state: State, rng: random.Random) -> Action:
        rules = state.rules
        professions = list(rules.professions)
        bonus = list(rules.bonus)
        prestige = list(rules.prestige)
        for deck in (professions, bonus, prestige):
            rng.shuffle(deck)
        _, extra = rules.freedom_supply[state.n]
        kinds = list(rules.freedom_kinds)
        rng.shuffle(kinds)
        return ("deal", tuple(professions), tuple(bonus), tuple(prestige), tuple(sorted(kinds[:extra])))

    def check_chance(self, state: State, action: Action) -> None:
        rules = state.rules
        if len(action) != 5 or action[0] != "deal":
            raise IllegalAction(self.rule, "a deal is ('deal', professions, bonus, prestige, extra freedoms)",
                                action)
        for deck, ids in ((action[1], rules.professions), (action[2], rules.bonus), (action[3], rules.prestige)):
            if sorted(deck) != sorted(ids):
                raise IllegalAction(self.rule, "each deck must hold each of its cards exactly once", action)
        _, extra = rules.freedom_supply[state.n]
        extras = list(action[4])
        if len(extras) != extra or len(set(extras)) != extra or not set(extras) <= set(rules.freedom_kinds):
            raise IllegalAction("setup.freedoms", f"{extra} different extra freedom kinds are drawn", action)

    def apply(self, state: State, action: Action) -> None:
        rules = state.rules
        deck = list(action[1])
        deal = rules.mechanics.deal
        assert deal is not None  # this game deals a hand: its packs must say how (mechanics.compile)
        shown = deck[:deal.dealt] if deal.shown else []  # an open display instead of hands
        if shown:
            del deck[:deal.dealt]
        else:
            for p in state.players:
                p.hand = sorted(deck[:deal.dealt])  # a hand is kept in card order, as every later change keeps it
                del deck[:deal.dealt]
        state.profession_deck = deck
        state.bonus_deck = list(action[2])
        state.prestige_deck = list(action[3])
        each, _ = rules.freedom_supply[state.n]
        for kind in rules.freedom_kinds:
            state.freedoms[kind] = each + (1 if kind in action[4] else 0)
        state.step = {"dealt": True, "returned": [], "turn": 0}
        if deal.passed:  # the hands become packets passed round the table
            state.step["returned"] = begin_draft(state.step, deal, [p.hand for p in state.players]) or []
        elif deal.shown:  # taken from in turn from the start player, refilled from the pile
            begin_display(state.step, shown, state.in_turn_from(state.start))


def _kept(state: State) -> int:
    deal = state.rules.mechanics.deal
    assert deal is not None
    return deal.kept


class Keep(Step):
    """Each player, in seat order, returns the cards beyond the ones kept (one of four); or, when the
    pack's deal is a draft (regola.mechanics.draft), keeps one card of its packet at a time."""

    rule = "setup.professions"

    def most(self, rules: Rules, players: int) -> int:
        """Each seat gives back the cards beyond those it keeps one by one (or keeps them in one decision);
        in a draft or from a display it picks each card it keeps."""
        deal = rules.mechanics.deal
        return 0 if deal is None else players * max(1, deal.dealt - deal.kept, deal.kept)

    def decider(self, state: State) -> int | None:
        if "display" in state.step:
            deal = state.rules.mechanics.deal
            assert deal is not None
            return display_turn(state.step, deal)
        turn = state.step["turn"]
        return turn if turn < state.n else None

    def legal(self, state: State) -> list[Action]:
        if "display" in state.step:
            return [("pick", card) for card in sorted(state.step["display"])]
        if "packets" in state.step:
            return [("pick", card) for card in state.step["packets"][state.step["turn"]]]
        p = state.players[state.step["turn"]]
        if len(p.hand) <= _kept(state):
            return [("keep",)]
        return [("return", card) for card in sorted(p.hand)]

    def apply(self, state: State, action: Action) -> None:
        if "display" in state.step:
            deal = state.rules.mechanics.deal
            seat = self.decider(state)
            assert deal is not None and seat is not None
            hand = state.players[seat].hand
            left_over = take_from_display(state.step, deal, action[1], hand, state.profession_deck)
            hand.sort()
            if left_over is not None:
                state.step["returned"].extend(left_over)
                del state.step["display"]
                state.step["turn"] = state.n  # the keeping is over
            return
        p = state.players[state.step["turn"]]
        if action[0] == "pick":
            deal = state.rules.mechanics.deal
            assert deal is not None
            left_over = pick(state.step, deal, action[1], p.hand, state.n)
            if left_over is not None:
                state.step["returned"].extend(left_over)
                del state.step["packets"]
            return
        if action[0] == "return":
            p.hand.remove(action[1])
            state.step["returned"].append(action[1])
        if len(p.hand) <= _kept(state):
            state.step["turn"] += 1


class Reshuffle(Step):
    """Chance: the undealt and returned profession cards, shuffled, make the draw pile."""

    rule = "setup.professions"
    stream = "reshuffle"  # its own stream: the deal before it never shifts it (core.game.Game.streams)

    def most(self, rules: Rules, players: int) -> int:
        return 0

    def events(self, rules: Rules, players: int) -> int:
        return 1

    def decider(self, state: State) -> int | None:
        return None if state.step.get("shuffled") else CHANCE

    def legal(self, state: State) -> list[Action]:
        return []

    def _pool(self, state: State) -> list[int]:
        return state.profession_deck + list(state.step["returned"])

    def sample(self, state: State, rng: random.Random) -> Action:
        pool = self._pool(state)
        rng.shuffle(pool)
        return ("shuffle", tuple(pool))

    def check_chance(self, state: State, action: Action) -> None:
        if len(action) != 2 or action[0] != "shuffle" or Counter(action[1]) != Counter(self._pool(state)):
            raise IllegalAction(self.rule, "the draw pile holds the undealt and returned cards, once each",
                                action)

    def apply(self, state: State, action: Action) -> None:
        state.profession_deck = list(action[1])
        state.step = {"shuffled": True}

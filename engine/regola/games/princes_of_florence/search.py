"""Search hooks for Princes of Florence: copies for search, a seat's information state, worlds drawn
from it (regola.core.search), so the generic ``mcts`` bot plays this game too.

What a seat cannot know (004, views.py): the other players' profession, bonus and prestige cards in
hand (only how many), and the order of the three draw piles. Everything else lies open. A world puts
the cards the seat has not seen back where they could be: each other hand keeps its size, the piles
their sizes, the cards dealt among them at random.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from regola.core.step import Action
from regola.games.princes_of_florence.measures import prestige_points
from regola.games.princes_of_florence.state import PILES, State
from regola.games.princes_of_florence.steps.auction import sealed_options
from regola.games.princes_of_florence.works import base_value

UNKNOWN = -1  # a card the seat cannot see
#: how much of a hand's future works a cut-off valuation counts (the bot's judgement: tools/bench_probe.py)
FUTURE = 0.5


def clone_state(state: State) -> State:
    """An independent copy for search (``State.clone``)."""
    return state.clone()


#: the pending follow-up decisions that show a seat cards of each kind (steps' "pending" kinds)
_PENDING_OF = {"profession": ("profession",), "bonus": ("bonus",), "prestige": ("prestige",)}


#: a place that holds cards a seat cannot see: a list of cards, or the part of a pile below its shown top
#: (``_Below``); typed loosely so the compiled engine (mypyc checks a list's items) takes both
Place = Any


def _places(st: State, seat: int | None) -> dict[str, list[Place]]:
    """Per card kind, the lists that hold cards ``seat`` cannot see (seat None: of every seat)."""
    others = [p for p in st.players if p.seat != seat]
    hides = st.rules.mechanics.visibility.hides  # a part the pack makes public is seen, not guessed
    places: dict[str, list[Place]] = {
        "profession": [p.hand for p in others if hides("hand")],
        "bonus": [p.bonus for p in others if hides("bonus")],
        "prestige": [p.prestige_cards for p in others if hides("prestige_cards")],
    }
    seen = st.rules.mechanics.visibility
    for held, pile, cards in _decks(st):
        if seen.shown_on_top(pile):  # its top cards are seen: only those below are guessed
            places[held].append(_Below(cards, seen.shown_on_top(pile)))
        elif not seen.open_pile(pile):  # a pile laid face up is seen in order, not guessed
            places[held].append(cards)
    step = st.step if isinstance(st.step, dict) else {}
    if isinstance(step.get("packets"), list):  # a draft: the packets in the other seats' hands
        places["profession"] += [packet for s, packet in enumerate(step["packets"]) if s != seat]
    if isinstance(step.get("returned"), list):  # profession cards given back face down at the start
        places["profession"].append(step["returned"])
    pending = step.get("pending")
    if pending is not None and pending.get("seat") != seat and "cards" in pending:
        kind = _pending_kind(pending)
        if kind is not None:
            places[kind].append(pending["cards"])
    return places


class _Below:
    """The cards of a pile below the ones shown on its top, as a list the guessing writes into (the pile's
    own list, from ``shown`` on)."""

    __slots__ = ("cards", "shown")

    def __init__(self, cards: list[int], shown: int) -> None:
        self.cards, self.shown = cards, shown

    def __iter__(self) -> Iterator[int]:
        return iter(self.cards[self.shown:])

    def __len__(self) -> int:
        return max(0, len(self.cards) - self.shown)

    def __setitem__(self, index: int | slice, value: Any) -> None:
        if isinstance(index, slice):  # the whole of it, as information_state blanks a place
            self.cards[self.shown:] = value
        else:
            self.cards[self.shown + index] = value


def _decks(st: State) -> tuple[tuple[str, str, list[int]], ...]:
    """Each draw pile: the kind of card it holds, its name among the pack's piles, its cards."""
    return tuple((held, name, getattr(st, attr)) for name, held, attr in PILES)


def _pending_kind(pending: dict[str, object]) -> str | None:
    """Which kind of card a pending look holds (a choice among drawn cards, or their order under a pile)."""
    if pending.get("kind") == "under":
        deck = str(pending.get("deck", ""))
        return deck.removesuffix("_deck") if deck.removesuffix("_deck") in _PENDING_OF else None
    return next((kind for kind, names in _PENDING_OF.items() if pending.get("kind") in names), None)


def unseen_draws(state: State, seat: int) -> set[tuple[str, int]]:
    """The dealt cards ``seat`` cannot see, as the chance domain names them (kind, card): the other hands,
    the face-down piles, another seat's look at a pile."""
    return {(kind, c) for kind, lists in _places(state, seat).items() for cards in lists for c in cards}


def information_state(state: State, seat: int) -> State:
    """A copy of ``state`` with every card the seat cannot see replaced by UNKNOWN (counts kept)."""
    info = clone_state(state)
    # Florins stay, even where a house rule keeps each purse to its owner (mechanics.visibility): every
    # florin moves by an open payment from an open start, so a seat that remembers the game knows them.
    for lists in _places(info, seat).values():
        for cards in lists:
            cards[:] = [UNKNOWN] * len(cards)
    sealed = info.step.get("sealed") if isinstance(info.step, dict) else None
    if sealed and sealed["queue"] is None:  # the others' sealed bids: who has bid is seen, not what
        for other, bid in sealed["bids"].items():
            if int(other) != seat and bid is not None:
                sealed["bids"][other] = [UNKNOWN, UNKNOWN]
    return info


def determinize(info: State, seat: int, rng: random.Random) -> State:
    """A full state drawn from ``info``: the cards of each kind the seat has not seen, dealt at random
    into the places that hold unseen cards (other hands, the piles, another seat's look at a pile)."""
    st = clone_state(info)
    rules = st.rules
    every = {"profession": list(rules.professions), "bonus": list(rules.bonus), "prestige": list(rules.prestige)}
    seen: dict[str, set[int]] = {"profession": set(), "bonus": set(), "prestige": set()}
    for held, pile, cards in _decks(st):
        if rules.mechanics.visibility.open_pile(pile):  # face up: its cards are seen where they lie
            seen[held].update(cards)
        else:  # its top cards, where they are shown
            seen[held].update(cards[:rules.mechanics.visibility.shown_on_top(pile)])
    for p in st.players:
        seen["profession"].update(c for c in (*p.hand, *p.table) if c != UNKNOWN)
        seen["bonus"].update(c for c in (*p.bonus, *p.bonus_used) if c != UNKNOWN)
        seen["prestige"].update(c for c in p.prestige_cards if c != UNKNOWN)
    pending = st.step.get("pending") if isinstance(st.step, dict) else None
    if pending is not None and "cards" in pending:
        kind = _pending_kind(pending)
        if kind is not None:
            seen[kind].update(c for c in pending["cards"] if c != UNKNOWN)
    for kind, lists in _places(st, seat).items():
        unseen = [c for c in every[kind] if c not in seen[kind]]
        rng.shuffle(unseen)
        for place in lists:  # (not ``cards``: that name holds a pile's list above, and a place may be _Below)
            for i, c in enumerate(place):
                if c == UNKNOWN and unseen:
                    place[i] = unseen.pop()
    for p in st.players:
        if p.seat != seat:
            p.hand.sort()  # a hand is kept sorted (steps.actions)
    _guess_sealed_bids(st, rng)
    return st


def _guess_sealed_bids(st: State, rng: random.Random) -> None:
    """Another seat's unseen sealed bid, drawn from what it could have bid: a lot it can use, a bid it can pay
    (the step's own legal list, asked as if it were that seat's turn)."""
    sealed = st.step.get("sealed") if isinstance(st.step, dict) else None
    if not sealed:
        return
    for other, bid in sealed["bids"].items():
        if bid is not None and bid[0] == UNKNOWN:
            options = sealed_options(st, int(other))
            sealed["bids"][other] = list(rng.choice(options)[1:]) if options else None


def playout(state: State, legal: Sequence[Action], rng: random.Random) -> Action:
    """A cheap rollout policy: uniform, but end a turn only when nothing else is left a third of the time."""
    if len(legal) > 1 and legal[-1] == ("end",) and rng.random() < 0.67:
        return legal[rng.randrange(len(legal) - 1)]
    return legal[rng.randrange(len(legal))]


def evaluate(state: State) -> list[float]:
    """Each seat's prestige plus what its position is worth, for a rollout cut off before the end: the
    prestige cards it holds as they would score if the game ended now (004 Karty Prestiżu), its florins at
    half the rate a work point converts at (money buys what earns prestige later, but is only the
    tie-break at the end), and the works its hand could still bring: the best of its profession cards, as
    many as the rounds left allow, each at the value the principality gives it now (so a jester, a
    landscape, a building or a freedom bought now pays in every later work), at the same rate as money and
    discounted by ``FUTURE`` (not every card will be played). The weights are the bot's judgement, not rules."""
    rules = state.rules
    rate = 0.5 / max(1, rules.payout_per_point)
    left = max(0, rules.rounds - state.round + 1)
    works = left * rules.kinds["work"].max_per_round
    cash = rate * left / rules.rounds  # money fades: at the end it only breaks ties
    least = rules.minimum(min(state.round, rules.rounds))
    out: list[float] = []
    for p in state.players:
        value = float(p.prestige) + cash * p.money
        for card in p.prestige_cards:
            if card != UNKNOWN:
                value += prestige_points(state, p.seat, rules.prestige[card])
        ahead = sorted((base_value(state, p, c) for c in p.hand if c in rules.professions), reverse=True)[:works]
        value += FUTURE * rate * rules.payout_per_point * sum(v for v in ahead if v >= least)
        out.append(value)
    return out

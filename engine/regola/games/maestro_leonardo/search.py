"""Search hooks for Maestro Leonardo: a seat's information state, worlds sampled from it, a cheap
rollout policy and an evaluation for cut-off rollouts (regola.core.search).

What a seat cannot know (001 §6, views.py): the other players' hands and money, what lies under
their labs (the invention and its materials) unless revealed, the deck below what the council showed
it, and the other bids of a sealed auction. The information state blanks exactly these; the sampler
fills them from what is public: every material card not in sight is in another hand or under another
working lab, a working lab holds the exact materials of an invention its owner could start, the deck
keeps the layers it was built in (001 §3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from regola.core.step import Action
from regola.games.maestro_leonardo.greedy import invention_value
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import Lab, Player, State

UNKNOWN = -1  # a placeholder where the seat cannot know a number or an invention


def information_state(state: State, seat: int) -> State:
    """A copy of ``state`` with everything ``seat`` cannot know replaced by placeholders."""
    info = state.clone()
    n_mat = len(info.rules.materials)
    hides = info.rules.mechanics.visibility.hides  # what the pack's visibility keeps from other seats
    for p in info.players:
        if p.seat == seat:
            continue
        if hides("hand"):
            p.hand = [0] * n_mat
        if hides("money"):
            p.money = UNKNOWN
            p.received = p.paid = 0
        for lab in p.labs:
            if hides("lab_work") and lab.target is not None and not lab.revealed:
                lab.target = UNKNOWN
                lab.materials = None
    known = _known(info, seat)
    info.deck[known:] = sorted(info.deck[known:])
    info.known_deck = [k if i == seat else [] for i, k in enumerate(info.known_deck)]
    bids = info.step.get("bids") if isinstance(info.step, dict) else None
    if bids:
        for key in bids:
            if key != str(seat):
                bids[key] = UNKNOWN
    return info


def unseen_draws(state: State, seat: int) -> set[int]:
    """The dealt inventions ``seat`` cannot place: the pile below what it knows (the removed cards lie open)."""
    return set(state.deck[_known(state, seat):])


def _known(state: State, seat: int) -> int:
    """How many cards from the top of the invention pile ``seat`` knows in order: all of them when the pile
    lies face up (mechanics.visibility), else what the council showed it or shows it now."""
    seen = state.rules.mechanics.visibility
    if seen.open_pile("inventions"):
        return len(state.deck)
    shown = min(seen.shown_on_top("inventions"), len(state.deck))  # the top cards everyone sees
    return max(len(state.known_deck[seat]), _peeking(state, seat), shown)


def _peeking(state: State, seat: int) -> int:
    """How many deck cards ``seat`` is looking at right now: the council's peek shows it the top
    cards, in order, while it decides how to put them back (001 §8 A)."""
    s = state.step
    if s.get("kind") != "council" or s.get("who") != seat or s.get("phase") != "execute":
        return 0
    space = state.rules.council_spaces[s["exec"]]
    if space.effect != "peek_deck":
        return 0
    return min(int(space.params["cards"]), len(state.deck))


def determinize(info: State, seat: int, rng: random.Random) -> State:
    """A full state drawn from ``info``: reads nothing but the information state and the rules."""
    st = info.clone()
    rules = st.rules
    me = st.players[seat]
    others = [p for p in st.players if p.seat != seat]
    pool = _unseen_materials(st)
    hidden = [(p, lab) for p in others for lab in p.labs if lab.target == UNKNOWN]
    targets = _guess_targets(st, hidden, pool, rng)
    for (_, lab), target in zip(hidden, targets, strict=True):
        comp = rules.cards[target].components
        lab.target = target
        lab.materials = [min(c, pool[m]) for m, c in enumerate(comp)]  # min: only if no guess fitted
        for m, c in enumerate(lab.materials):
            pool[m] -= c
    if others and rules.mechanics.visibility.hides("hand"):  # the rest of the unseen cards: in the other hands
        for m, count in enumerate(pool):
            for _ in range(count):
                others[rng.randrange(len(others))].hand[m] += 1
    for p in others:  # money is private: the seat's own purse, corrected by the public rewards
        if p.money == UNKNOWN:  # of the inventions each has completed (001 §9)
            p.money = max(0, me.money + _rewards(st, p) - _rewards(st, me))
            p.received = p.money
    known = _known(st, seat)
    st.deck[known:] = _layered_deck(rules, st.deck[known:], rng)
    bids = st.step.get("bids") if isinstance(st.step, dict) else None
    if bids:
        for key, amount in bids.items():
            if amount == UNKNOWN:
                bids[key] = rng.randint(0, max(0, st.players[int(key)].money))
    return st


def _rewards(st: State, p: Player) -> int:
    """What ``p``'s completed inventions paid, as far as the table saw: the first reward when nobody
    else completed the same invention, else the mean of the first and the later one."""
    total = 0.0
    for c in p.completed:
        card = st.rules.cards[c]
        shared = any(c in o.completed for o in st.players if o is not p)
        total += (card.first + card.later) / 2 if shared else card.first
    return round(total)


def _unseen_materials(st: State) -> list[int]:
    """Material cards per kind that are in no shop, marketplace, visible hand or visible lab."""
    rules = st.rules
    pool = [rules.cards_per_material - st.shops[m] - st.market[m] for m in range(len(rules.materials))]
    for p in st.players:
        for m, count in enumerate(p.hand):
            pool[m] -= count
        for lab in p.labs:
            if lab.materials is not None:
                for m, count in enumerate(lab.materials):
                    pool[m] -= count
    return [max(0, c) for c in pool]


def _guess_targets(st: State, hidden: list[tuple[Player, Lab]], pool: list[int], rng: random.Random) -> list[int]:
    """An invention for each hidden lab that its owner could work on, all of them together covered by
    the unseen materials: a random depth-first search (a few labs, a few candidates each) over the
    requested inventions, then over all; the first candidates if still nothing fits."""
    rules = st.rules
    requested = sorted({*st.display, *st.completed_before})
    for pool_of_cards in (requested, rules.card_ids):  # the requested ones first, then any
        options = [[c for c in pool_of_cards if c not in p.completed] for p, _ in hidden]
        found = _joint_fit(st, hidden, options, pool, rng)
        if found is not None:
            return found
    return [next((c for c in rules.card_ids if c not in p.completed and c not in {lb.target for lb in p.labs}),
                 rules.card_ids[0]) for p, _ in hidden]


def _joint_fit(st: State, hidden: list[tuple[Player, Lab]], options: list[list[int]], pool: list[int],
               rng: random.Random) -> list[int] | None:
    rules = st.rules
    budget = [2000]  # search steps before giving up on a perfect fit

    def search(i: int, left: list[int], chosen: list[int]) -> list[int] | None:
        if i == len(hidden):
            return chosen
        owner = hidden[i][0]
        busy = {lab.target for lab in owner.labs} | {c for (p, _), c in zip(hidden, chosen, strict=False) if p is owner}
        candidates = _likely_first(st, owner, [c for c in options[i] if c not in busy], rng)
        for c in candidates:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            needs = rules.card_needs[c]
            if all(n <= left[m] for m, n in needs):
                rest = left[:]
                for m, n in needs:
                    rest[m] -= n
                found = search(i + 1, rest, [*chosen, c])
                if found is not None:
                    return found
        return None

    return search(0, list(pool), [])


#: how strongly a guess favours the inventions worth more per week (the weight is the value to this
#: power): players chase the good ones. The bot's judgement, not a rule.
SHARPNESS = 3.0


def _likely_first(st: State, owner: Player, candidates: list[int], rng: random.Random) -> list[int]:
    """``candidates`` in a random order that puts the inventions worth more to ``owner`` (by
    greedy.invention_value) first more often: each one's place is an exponential race with the
    value to the power SHARPNESS as its rate."""
    rules = st.rules
    owned: dict[str, int] = {}
    for c in owner.cards:
        owned[rules.cards[c].type] = owned.get(rules.cards[c].type, 0) + 1
    done = set(st.completed_before)
    keyed = []
    for c in candidates:
        weight = invention_value(rules, c, owned.get(rules.cards[c].type, 0), c in done) ** SHARPNESS
        keyed.append((rng.expovariate(1.0) / max(weight, 1e-9), c))
    keyed.sort()
    return [c for _, c in keyed]


def _layered_deck(rules: Rules, unseen: list[int], rng: random.Random) -> list[int]:
    """The unseen part of the deck, top first, in the layers the deck was built in (001 §3).

    Cards are drawn from the top, so the bottom layers are intact while the topmost one may be
    partly drawn: fill the layers bottom up, each with its fixed cards and, for its drawn-at-random
    slots, unseen cards of the tiers it names; whatever is left is the top.
    """
    left = list(unseen)
    rng.shuffle(left)
    bottom_up: list[int] = []
    for layer in rules.deck_layers:
        if not left:
            break
        size = len(layer.cards) + sum(count for _, count in layer.add)
        if layer.rest or len(left) <= size:
            chunk = left
            left = []
        else:
            chunk = [c for c in left if c in layer.cards]
            for tier, count in layer.add:
                of_tier = [c for c in left if rules.cards[c].tier == tier and c not in layer.cards and c not in chunk]
                chunk.extend(of_tier[:count])
            rest = [c for c in left if c not in chunk]
            chunk.extend(rest[:size - len(chunk)])
            left = [c for c in left if c not in chunk]
        rng.shuffle(chunk)
        bottom_up.extend(chunk)
    bottom_up.extend(left)
    return bottom_up[::-1]


# -- rollouts ----------------------------------------------------------------------------------------
def playout(state: State, legal: Sequence[Action], rng: random.Random) -> Action:
    """A cheap rollout policy: start inventions, staff the labs that need work, bid modestly, act
    when it is cheap; otherwise uniform. Far weaker than the greedy bot, and some fifty times cheaper."""
    n = len(legal)
    if n == 1:
        return legal[0]
    verb = legal[-1][0] if legal[0][0] == "pass" else legal[0][0]
    if verb in ("start", "abort"):
        starts = [a for a in legal if a[0] == "start"]
        return rng.choice(starts) if starts else legal[0]
    if verb in ("place", "master"):
        if rng.random() < 0.15:
            return legal[0]  # pass now and then, so the city is not always full
        small = [a for a in legal if a[0] == "master" or (a[0] == "place" and a[2] <= 2)]
        return rng.choice(small or legal)
    if legal[-1][0] == "bid" and legal[0][0] == "bid":
        return legal[min(n - 1, rng.randrange(6))]
    if legal[0][0] == "act":
        return legal[0] if rng.random() < 0.7 else legal[-1]
    return legal[rng.randrange(n)]


def evaluate(state: State) -> list[float]:
    """Each seat's money plus what its position is worth, for a rollout cut off before the end.

    A lab's reward counts in proportion to its weeks, the work of the people standing in it this round
    included (only if it can still finish); the end bonus its cards earn counts in full. What only
    pays later — materials, apprentices of one's own, extra labs and robots — counts for less as
    the game runs out; a material card counts more when the invention the seat would start next needs
    it (``_hand_worth``). The weights are the bot's judgement, not rules."""
    rules = state.rules
    rounds_left = rules.rounds - state.round + 1
    later = rounds_left / rules.rounds
    wa, wm, wr = rules.work_apprentice, rules.work_master, rules.work_robot
    out: list[float] = []
    for p in state.players:
        value = float(p.money)
        value += later * (_hand_worth(state, p) + 1.0 * (rules.apprentices_per_color - p.academy - p.box)
                          + 3.0 * (len(p.labs) - 1) + 2.0 * sum(lab.robots for lab in p.labs))
        for lab in p.labs:
            if lab.target is not None and lab.target != UNKNOWN:
                card = rules.cards[lab.target]
                need = max(1, card.weeks - rules.discount_per_card * sum(
                    1 for c in p.cards if rules.cards[c].type == card.type))
                weeks = lab.weeks + lab.apprentices * wa + (wm if lab.master else 0) + lab.robots * wr
                if need - weeks <= 6 * rounds_left:
                    reward = card.later if card.id in state.completed_before else card.first
                    value += reward * min(1.0, weeks / need) * 0.8 + later * 1.0 * sum(card.components)
        value += rules.type_bonus.get(len({rules.cards[c].type for c in p.cards}), 0)
        out.append(value)
    return out


def _hand_worth(state: State, p: Player) -> float:
    """A hand's worth: 1.5 for each card the seat's best next invention needs (the one greedy would
    chase: most reward per effort, among those it may start), 0.5 for each other card. So swapping a
    card nobody needs for one that completes a set is worth something, as it is to a player."""
    hand = p.hand
    total = sum(hand)
    if not total:
        return 0.0
    rules = state.rules
    busy = {lab.target for lab in p.labs}
    owned: dict[str, int] = {}
    for c in p.cards:
        owned[rules.cards[c].type] = owned.get(rules.cards[c].type, 0) + 1
    best, best_value = None, -1.0
    for c in (*state.display, *state.completed_before):
        if c in busy or c in p.completed or c == UNKNOWN:
            continue
        v = invention_value(rules, c, owned.get(rules.cards[c].type, 0), c in state.completed_before)
        if v > best_value:
            best, best_value = c, v
    if best is None:
        return 0.5 * total
    need = rules.cards[best].components
    matched = sum(min(hand[m], need[m]) for m in range(len(hand)))
    return 1.5 * matched + 0.5 * (total - matched)

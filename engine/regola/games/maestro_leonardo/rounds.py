"""Automatic effects of the flow: new round, labs at work, round end, final scoring; and its guards."""

from __future__ import annotations

from collections.abc import Callable

from regola.games.maestro_leonardo.state import State
from regola.mechanics.ranking import measure_key


def begin_round(state: State) -> None:
    for placed in state.placed:
        placed.clear()
    state.occupancy.clear()
    state.rules.mechanics.begin_round(state, state.n, state.round)


def next_round(state: State) -> None:
    state.round += 1


def more_rounds(state: State) -> bool:
    return state.round < state.rules.rounds and not state.rules.mechanics.ended(state, state.n)


def advanced_setup(state: State) -> bool:
    return state.setup == "advanced"


def city_open(state: State) -> bool:
    return state.rules.round_kinds[state.round - 1].city


def work_labs(state: State) -> None:
    """Each working lab advances by its people and robots; people go home, robots stay (001 §8, F12)."""
    rules = state.rules
    wa, wm, wr = rules.work_apprentice, rules.work_master, rules.work_robot
    for p in state.players:
        for lab in p.labs:
            if lab.target is not None:
                lab.weeks += lab.apprentices * wa + (wm if lab.master else 0) + lab.robots * wr
            p.apprentices += lab.apprentices
            lab.apprentices = 0
            lab.master = False
        p.master = None


def council_income(state: State) -> None:
    state.council_money += state.rules.council_income


def refill_display(state: State) -> None:
    size = state.rules.display_size[state.n]
    drawn = 0
    while len(state.display) < size and state.deck:
        state.display.append(state.deck.pop(0))
        drawn += 1
    if drawn:
        state.known_deck = [known[drawn:] for known in state.known_deck]


END_DUTIES: dict[str, Callable[[State], None]] = {"council_income": council_income, "refill_display": refill_display}


def round_end_duties(state: State) -> None:
    for duty in state.rules.round_kinds[state.round - 1].end_duties:
        END_DUTIES[duty](state)
    state.rules.mechanics.end_round(state, state.n)


def standings_key(state: State, seat: int) -> tuple[int, ...]:
    """The pack's tie-breaks in order (001 §11: money, then number of inventions, then inventions per tier
    from the highest down): each a measure of the pack's parts, or the game's own tier counts."""
    rules = state.rules
    p = state.players[seat]
    key: list[int] = []
    for tb in rules.tie_breaks:
        if tb == "tier_counts":
            key.extend(sum(1 for c in p.cards if rules.cards[c].tier == t) for t in reversed(rules.tiers))
        else:
            key.append(measure_key(state, seat, tb, rules.mechanics.terms.measures))
    return tuple(key)


def final_scoring(state: State) -> None:
    rules = state.rules
    rules.mechanics.end_game(state, state.n)  # the house's awards first: they may count in the standings
    bonus: list[int] = []
    for p in state.players:
        b = rules.type_bonus.get(len({rules.cards[c].type for c in p.cards}), 0)
        bonus.append(b)
        if b:
            state.gain(p.seat, b, "type bonus")
    keys = [standings_key(state, s) for s in range(state.n)]
    order = sorted(range(state.n), key=lambda s: keys[s], reverse=True)
    result = []
    for seat in order:
        rank = 1 + sum(1 for o in range(state.n) if keys[o] > keys[seat])
        p = state.players[seat]
        result.append({"seat": seat, "color": p.color, "rank": rank, "money": p.money, "bonus": bonus[seat],
                       "inventions": len(p.cards), "completed": len(p.completed), "key": list(keys[seat])})
    state.result = result

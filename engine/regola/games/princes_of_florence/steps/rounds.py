"""Rounds (004 Przebieg gry, Najwybitniejsze Dzieło, Nowa runda) and the end (004 Zakończenie gry)."""

from __future__ import annotations

from regola.games.princes_of_florence.measures import prestige_points
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps.characters import final_banker, rank_position
from regola.mechanics.ranking import measure_key


def begin_round(state: State) -> None:
    state.work_marks = [0] * state.n
    state.step = {}
    state.rules.mechanics.begin_round(state, state.n, state.round)  # the start player moves (004 Nowa runda)


def best_work(state: State) -> None:
    """The best work(s) of the round earn prestige; nobody completed a work: nobody earns it."""
    best = max(state.work_marks)
    if best > 0:
        for seat, value in enumerate(state.work_marks):
            if value == best:
                state.players[seat].prestige += state.rules.best_work_prestige
    state.rules.mechanics.end_round(state, state.n)


def more_rounds(state: State) -> bool:
    return state.round < state.rules.rounds and not state.rules.mechanics.ended(state, state.n)


def next_round(state: State) -> None:
    state.round += 1


def final_scoring(state: State) -> None:
    """Prestige cards for their owners, then the standings: most prestige, ties by money."""
    state.rules.mechanics.end_game(state, state.n)  # the house's awards first
    if state.rules.characters is not None:  # expansion: the last banker and an unused merchant
        final_banker(state)
        merchant = state.extra.get("merchant")
        if merchant is not None:
            state.players[merchant].prestige += rank_position(state, merchant)
            state.extra["merchant"] = None
    earned = [0] * state.n
    for p in state.players:
        for card in p.prestige_cards:
            earned[p.seat] += prestige_points(state, p.seat, state.rules.prestige[card])
    for p in state.players:
        p.prestige += earned[p.seat]
    measures = state.rules.mechanics.terms.measures  # the pack's tie-breaks, each a measure of its parts
    keys = [tuple(measure_key(state, p.seat, k, measures) for k in state.rules.tiebreak) for p in state.players]
    order = sorted(range(state.n), key=lambda s: keys[s], reverse=True)
    state.result = [{"seat": s, "rank": 1 + sum(1 for o in range(state.n) if keys[o] > keys[s]),
                     "prestige": state.players[s].prestige, "money": state.players[s].money,
                     "prestige_cards": earned[s], "key": list(keys[s])} for s in order]

"""The value of a work (004 Ukończenie Dzieła): it starts at zero and adds what the principality offers
the profession card being played."""

from __future__ import annotations

from regola.games.princes_of_florence.measures import bonus_value
from regola.games.princes_of_florence.state import Player, State


def base_value(state: State, p: Player, card: int) -> int:
    """The value without bonus cards, with ``card`` already among the player's cards (hand or table)."""
    rules = state.rules
    prof = rules.professions[card]
    board = p.board
    value = 0
    if prof.building in board.kinds:
        value += rules.wanted_building
    if prof.landscape in board.kinds:
        value += rules.wanted_landscape
    if prof.freedom in p.freedoms:
        value += rules.wanted_freedom
    value += rules.per_jester * p.jesters
    value += rules.per_card * (len(p.hand) + p.recruits + len(p.table))
    return value


def best_possible(state: State, p: Player, card: int) -> int:
    """The highest value ``card`` could reach now, every useful bonus card played (with ``card`` moved
    from the hand to the table, which leaves the card count unchanged)."""
    hand = p.hand
    hand.remove(card)
    p.table.append(card)
    try:
        return base_value(state, p, card) + sum(max(0, bonus_value(state.rules, p, b)) for b in p.bonus)
    finally:
        p.table.pop()
        hand.append(card)
        hand.sort()

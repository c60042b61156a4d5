"""The value of a work (004 Ukończenie Dzieła): it starts at zero and adds what the principality offers
the profession card being played."""

from __future__ import annotations

from regola.games.princes_of_florence.measures import bonus_value
from regola.games.princes_of_florence.state import Player, State


def base_value(state: State, p: Player, card: int) -> int:
    """The value without bonus cards. ``card`` counts among the player's cards whether it is still in the
    hand or already on the table."""
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


def bonus_reach(state: State, p: Player) -> int:
    """The most the player's bonus cards could add to a work begun now: every card that adds anything,
    counted with one profession card already moved from the hand to the table (which card does not
    matter to any measure)."""
    if not p.bonus or not p.hand:
        return 0
    card = p.hand.pop()
    p.table.append(card)
    try:
        return sum(max(0, bonus_value(state.rules, p, b)) for b in p.bonus)
    finally:
        p.table.pop()
        p.hand.append(card)

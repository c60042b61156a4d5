"""What a principality holds, counted by the names the card data uses (bonus and prestige cards)."""

from __future__ import annotations

from regola.games.princes_of_florence.rules import PrestigeCard, Rules, Term
from regola.games.princes_of_florence.state import Player, State


def measure(rules: Rules, p: Player, name: str) -> int:
    """One measure of player ``p``'s principality and cards."""
    board = p.board
    if name == "buildings":
        return sum(1 for kind in board.kinds if kind in rules.building_size)
    if name.startswith("buildings_"):
        size = name[len("buildings_"):]
        return sum(1 for kind in board.kinds if rules.building_size.get(kind) == size)
    if name == "landscapes":
        return sum(1 for pl in board.pieces if pl.piece not in rules.building_size)
    if name in rules.landscape_kinds:
        return sum(1 for pl in board.pieces if pl.piece == name)
    if name == "freedoms":
        return len(p.freedoms)
    if name.startswith("freedom:"):
        return int(name[len("freedom:"):] in p.freedoms)
    if name == "jesters":
        return p.jesters
    if name == "architects":
        return p.architects
    if name == "prestige_cards":
        return len(p.prestige_cards)
    if name == "hand_cards":
        return len(p.hand) + p.recruits
    if name == "table_cards":
        return len(p.table)
    if name == "empty_cells":
        return board.empty_cells()
    raise KeyError(name)


def bonus_value(rules: Rules, p: Player, card: int) -> int:
    """What bonus card ``card`` adds to a work of player ``p`` now."""
    total = 0
    term: Term
    for term in rules.bonus[card]:
        if term.distinct:
            total += term.per * sum(1 for m in term.measures if measure(rules, p, m) > 0)
        else:
            total += term.per * measure(rules, p, term.measures[0])
    return total


def prestige_points(state: State, seat: int, card: PrestigeCard) -> int:
    """What prestige card ``card`` earns player ``seat`` at the end of the game (004 Karty Prestiżu)."""
    rules = state.rules
    p = state.players[seat]
    if card.kind == "all":
        return card.points if all(measure(rules, p, m) >= n for m, n in card.needs) else 0
    mine = measure(rules, p, card.measure)
    others = [measure(rules, q, card.measure) for q in state.players if q.seat != seat]
    if card.kind == "most":
        if mine == 0 or any(o > mine for o in others):
            return 0
    elif any(o < mine for o in others):
        return 0
    return card.tied_points if mine in others else card.points

"""Taking things from the supply into a principality, and the prestige that comes with them."""

from __future__ import annotations

from regola.games.princes_of_florence.placement import Board, Placement
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.state import State

# Legal placements depend only on the board and on whether the architects lift the adjacency rule; a
# player's board changes a few times per game while it is asked for its placements at every decision.
_CACHE: dict[tuple[object, ...], list[Placement]] = {}
_CACHE_LIMIT = 20000


def placements(rules: Rules, board: Board, piece: str, architects: int) -> list[Placement]:
    key = (id(rules), board.occupied, board.class_masks, board.kinds, piece, architects)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[key] = rules.principality.legal_placements(board, piece, architects)
    return found


def can_place_landscape(state: State, seat: int, kinds: tuple[str, ...]) -> bool:
    p = state.players[seat]
    return any(state.landscapes[k] > 0 and placements(state.rules, p.board, k, p.architects) for k in kinds)


def place(state: State, seat: int, placement: Placement) -> None:
    """Put a piece from the supply into the principality, with its prestige (004 Wznoszenie Budynków,
    004 Las)."""
    rules = state.rules
    p = state.players[seat]
    p.board = p.board.place(placement)
    kind = placement.piece
    if kind in state.buildings:
        state.buildings[kind] -= 1
        p.prestige += rules.building_prestige
    else:
        state.landscapes[kind] -= 1
        if sum(1 for pl in p.board.pieces if pl.piece == kind) >= 2:
            p.prestige += rules.repeat_landscape_prestige


def hire_architect(state: State, seat: int) -> None:
    rules = state.rules
    p = state.players[seat]
    state.architects -= 1
    p.architects += 1
    p.prestige += rules.architect_prestige[min(p.architects, len(rules.architect_prestige) - 1)]


def draw(deck: list[int], count: int) -> list[int]:
    """The top ``count`` cards (fewer if the deck is short), taken off the deck."""
    cards = deck[:count]
    del deck[:count]
    return cards

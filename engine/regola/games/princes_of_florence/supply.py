"""Taking things from the supply into a principality, and the prestige that comes with them."""

from __future__ import annotations

from regola.core.errors import IllegalAction
from regola.games.princes_of_florence.placement import Board, Placement
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.state import State

# Where a piece may go depends only on the cells it may not cover: the taken ones, plus the sides of
# the pieces it must keep apart from unless the architects lift that rule. Boards differ from game to
# game, but these masks repeat, and a player is asked at every decision whether a building still fits.
_LISTS: dict[tuple[int, str, int], list[Placement]] = {}
_FITS: dict[tuple[int, str, int], bool] = {}
_CACHE_LIMIT = 50000


def _forbidden(rules: Rules, board: Board, piece: str, architects: int) -> int:
    kind = rules.principality.kinds[piece]
    forbidden = board.occupied
    if kind.apart and architects < kind.lifted_at:
        blockers = 0
        for index in kind.apart:
            blockers |= board.class_masks[index]
        forbidden |= rules.principality.grid.neighbours(blockers)
    return forbidden


def placements(rules: Rules, board: Board, piece: str, architects: int) -> list[Placement]:
    """Every legal placement (the placement module's enumeration, remembered by forbidden cells)."""
    if rules.principality.kinds[piece].once and piece in board.kinds:
        return []
    key = (id(rules), piece, _forbidden(rules, board, piece, architects))
    found = _LISTS.get(key)
    if found is None:
        if len(_LISTS) >= _CACHE_LIMIT:
            _LISTS.clear()
        found = _LISTS[key] = rules.principality.legal_placements(board, piece, architects)
    return found


def fits(rules: Rules, board: Board, piece: str, architects: int) -> bool:
    """Whether ``piece`` has any legal placement: the same bit test as the enumeration, stopping at the
    first orientation that has a free anchor."""
    kind = rules.principality.kinds[piece]
    if kind.once and piece in board.kinds:
        return False
    forbidden = _forbidden(rules, board, piece, architects)
    key = (id(rules), piece, forbidden)
    found = _FITS.get(key)
    if found is None:
        if len(_FITS) >= _CACHE_LIMIT:
            _FITS.clear()
        found = False
        for orientation in kind.orientations:
            valid = orientation.domain
            for offset in orientation.offsets:
                valid &= ~(forbidden >> offset)
            if valid:
                found = True
                break
        _FITS[key] = found
    return found


_BUILDABLE: dict[tuple[object, ...], tuple[str, ...]] = {}


def buildable(rules: Rules, board: Board, architects: int) -> tuple[str, ...]:
    """The building kinds that fit into ``board`` now (asked at every action decision, so remembered per
    board and whether the architects lift the adjacency rule)."""
    lifted = tuple(architects >= rules.principality.kinds[k].lifted_at for k in rules.building_kinds[:1])
    key = (id(rules), board.occupied, board.class_masks, board.kinds, lifted)
    found = _BUILDABLE.get(key)
    if found is None:
        if len(_BUILDABLE) >= _CACHE_LIMIT:
            _BUILDABLE.clear()
        found = _BUILDABLE[key] = tuple(k for k in rules.building_kinds if fits(rules, board, k, architects))
    return found


def can_place_landscape(state: State, seat: int, kinds: tuple[str, ...]) -> bool:
    p = state.players[seat]
    return any(state.landscapes[k] > 0 and fits(state.rules, p.board, k, p.architects) for k in kinds)


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


def placement_refusal(state: State, seat: int, action: tuple[object, ...]) -> IllegalAction | None:
    """The placement rule a ``("place", piece, orientation, column, row)`` breaks in this player's
    principality (with the action as given), or None when none does or the action is malformed."""
    p = state.players[seat]
    try:
        state.rules.principality.check(p.board, Placement(*action[1:]), p.architects)  # type: ignore[arg-type]
    except IllegalAction as err:
        return IllegalAction(err.rule, err.message, action, err.details)
    except (TypeError, KeyError):
        return None
    return None


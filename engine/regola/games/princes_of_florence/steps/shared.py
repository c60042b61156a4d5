"""Expansion "Wspólne budowanie" (004): building along a border alone, and building across a border
with a neighbour. Every number and switch is /shared_board in the pack (rules.shared_board)."""

from __future__ import annotations

from regola.core.step import Action
from regola.games.princes_of_florence.placement import Placement, Principality
from regola.games.princes_of_florence.placement.board import Board
from regola.games.princes_of_florence.placement.shared import (
    Border,
    JointPlacement,
    across,
    add_part,
    borders_for,
    edge_mask,
    joint_placements,
)
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.supply import placements


def active(state: State) -> bool:
    return state.rules.shared_board is not None


def borders(state: State) -> tuple[Border, ...]:
    assert state.rules.shared_board is not None
    return borders_for(state.rules.shared_board["layouts"], state.n)


def _boards(state: State) -> dict[int, Board]:
    return {p.seat: p.board for p in state.players}


def solo_placements(state: State, seat: int, piece: str) -> list[Placement]:
    """The base game's placements minus those a border forbids for this player's architects."""
    rules = state.rules
    p = state.players[seat]
    found = placements(rules, p.board, piece, p.architects)
    if rules.shared_board is None or piece not in state.buildings:
        return found
    need = rules.shared_board["border_architects"]
    if p.architects >= max(need["alone"], need["occupied_across"]):
        return found
    principality = rules.principality
    building = principality.class_index["building"]
    along = 0  # my border cells
    blocked_across = 0  # my border cells with a building right across
    for border in borders(state):
        if seat not in (border.a, border.b):
            continue
        other = border.other(seat)
        along |= edge_mask(principality, border.edge_of(seat))
        theirs = state.players[other].board.class_masks[building] & edge_mask(principality, border.edge_of(other))
        blocked_across |= across(principality, border, other, theirs)
    out = []
    for pl in found:
        mask = _mask(principality, pl)
        required = need["occupied_across"] if mask & blocked_across else need["alone"] if mask & along else 0
        if required <= p.architects:
            out.append(pl)
    return out


_MASKS: dict[tuple[int, Placement], int] = {}


def _mask(principality: Principality, placement: Placement) -> int:
    key = (id(principality), placement)
    found = _MASKS.get(key)
    if found is None:
        found = _MASKS[key] = principality.grid.mask(principality.cells(placement))
    return found


def partners(state: State, seat: int) -> list[tuple[int, Border]]:
    return [(b.other(seat), b) for b in borders(state) if seat in (b.a, b.b)]


def joint_options(state: State, seat: int, partner: int, piece: str) -> list[JointPlacement]:
    rules = state.rules
    out: list[JointPlacement] = []
    for other, border in partners(state, seat):
        if other == partner:
            out.extend(joint_placements(rules.principality, border, piece, _boards(state),
                                        {p.seat: p.architects for p in state.players}))
    return out


def joint_actions(state: State, seat: int) -> list[Action]:
    """("build_with", partner, kind) for every neighbour who accepts and every kind that fits across."""
    rules = state.rules
    spec = rules.shared_board
    assert spec is not None
    if not spec["joint"]["partner_accepts"]:
        return []
    out: set[Action] = set()
    for partner, _ in partners(state, seat):
        if state.players[partner].money < spec["joint"]["partner_payment"]:
            continue
        out.update(("build_with", partner, kind) for kind in rules.building_kinds
                   if state.buildings[kind] > 0 and joint_options(state, seat, partner, kind))
    return sorted(out)


def build_joint(state: State, seat: int, choice: JointPlacement) -> None:
    """Lay a building across a border: one building from the supply, a part on each board, the agreed
    payment from the partner to the active player and the prestige for both (004 Wspólne budowanie)."""
    spec = state.rules.shared_board
    assert spec is not None
    for owner, mask in ((choice.a, choice.a_mask), (choice.b, choice.b_mask)):
        p = state.players[owner]
        p.board = add_part(p.board, choice.piece, mask)
        p.prestige += spec["joint"]["prestige"]
    state.buildings[choice.piece] -= 1
    partner = choice.b if choice.a == seat else choice.a
    payment = spec["joint"]["partner_payment"]
    if payment:
        state.pay(partner, payment)
        state.gain(seat, payment)

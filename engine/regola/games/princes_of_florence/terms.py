"""What Princes of Florence lends the mechanics library (regola.mechanics.terms): its measures, the
florins and prestige an award gives, and the start player's marker."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regola.mechanics.auction import AUCTION_KINDS
from regola.mechanics.terms import GameTerms

if TYPE_CHECKING:  # the rules import these terms, and the state imports the rules
    from regola.games.princes_of_florence.state import State

__all__ = ["TERMS"]


def money(state: State, seat: int) -> int:
    return state.players[seat].money


def prestige(state: State, seat: int) -> int:
    return state.players[seat].prestige


def freedoms(state: State, seat: int) -> int:
    """Freedoms the player has proclaimed (004 Ogłaszanie Swobód)."""
    return len(state.players[seat].freedoms)


def auction_paid(state: State, seat: int) -> int:
    """Florins the player paid for lots in the latest auction phase (phase A; 0 before the first)."""
    return state.players[seat].auction_paid


def freedom_kinds(doc: Mapping[str, Any]) -> int:
    """A player proclaims each freedom once at most (004 Ogłaszanie Swobód)."""
    return len(doc["components"]["freedoms"]["kinds"])


def give_money(state: State, seat: int, amount: int) -> None:
    """Florins from the bank; a negative amount goes back, never below zero."""
    if amount >= 0:
        state.gain(seat, amount)
    else:
        state.pay(seat, min(-amount, state.players[seat].money))


def give_prestige(state: State, seat: int, amount: int) -> None:
    state.players[seat].prestige += amount


def professions_left(state: State) -> int:
    return len(state.profession_deck)


def bonus_left(state: State) -> int:
    return len(state.bonus_deck)


def prestige_left(state: State) -> int:
    return len(state.prestige_deck)


def start_marker(state: State) -> int:
    return state.start


def move_start_marker(state: State, seat: int) -> None:
    state.start = seat


def first_seat(state: State) -> int:
    """The start player's marker begins at the pack's start seat (setup.start_seat)."""
    return state.rules.start_seat % state.n


TERMS = GameTerms(measures={"money": money, "prestige": prestige, "freedoms": freedoms, "auction_paid": auction_paid},
                  resources={"money": give_money, "prestige": give_prestige}, start_seat=start_marker,
                  set_start_seat=move_start_marker, first_seat=first_seat, parts=("hand", "bonus", "prestige_cards"),
                  ceilings={"freedoms": freedom_kinds}, deals=True, auctions=AUCTION_KINDS, listed_bids=True,
                  piles={"professions": professions_left, "bonus": bonus_left, "prestige": prestige_left},
                  score="prestige")

"""What Princes of Florence lends the mechanics library (regola.mechanics.terms): the account its florins
move through, the start player's marker, the forms its auctions and deal run, its piles. Its measures
are the pack's parts (mechanics.parts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regola.mechanics.auction import AUCTION_KINDS
from regola.mechanics.terms import GameTerms

if TYPE_CHECKING:  # the rules import these terms, and the state imports the rules
    from regola.games.princes_of_florence.state import State

__all__ = ["TERMS"]


def fields() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a player and the game's state keep: what a part of the pack (mechanics.parts) may name."""
    from regola.games.princes_of_florence.state import PLAYER_FIELDS, STATE_FIELDS

    return PLAYER_FIELDS, STATE_FIELDS


def money_account(state: State, seat: int, amount: int) -> None:
    """Florins an award moves, through the bank's ledger; a negative amount goes back. The bounds are the
    pack's (mechanics.parts.money), applied before."""
    if amount >= 0:
        state.gain(seat, amount)
    else:
        state.pay(seat, -amount)


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


TERMS = GameTerms(fields=fields, accounts={"money": money_account}, start_seat=start_marker,
                  set_start_seat=move_start_marker, first_seat=first_seat,
                  parts=("money", "hand", "bonus", "prestige_cards"),
                  deals=True, auctions=AUCTION_KINDS, listed_bids=True, fixed_price=True, pile_tops=True,
                  piles={"professions": professions_left, "bonus": bonus_left, "prestige": prestige_left},
                  score="prestige")

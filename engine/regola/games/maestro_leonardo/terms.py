"""What Maestro Leonardo lends the mechanics library (regola.mechanics.terms): the account its money
moves through, the start seat (whoever holds Leonardo), the forms its auction runs. Its measures are
the pack's parts (mechanics.parts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regola.mechanics.terms import GameTerms

if TYPE_CHECKING:  # the rules import these terms, and the state imports the rules
    from regola.games.maestro_leonardo.state import State

__all__ = ["TERMS"]


def fields() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a player and the game's state keep: what a part of the pack (mechanics.parts) may name."""
    from regola.games.maestro_leonardo.state import PLAYER_FIELDS, STATE_FIELDS

    return PLAYER_FIELDS, STATE_FIELDS


def money_account(state: State, seat: int, amount: int) -> None:
    """Gulden an award moves, through the money log (R6: the bank never runs out); a negative amount
    goes back. The bounds are the pack's (mechanics.parts.money), applied before."""
    if amount >= 0:
        state.gain(seat, amount, "award")
    else:
        state.pay(seat, -amount, "award")


def leonardo(state: State) -> int:
    return state.leonardo


def pass_leonardo(state: State, seat: int) -> None:
    state.leonardo = seat


def first_seat(state: State) -> int:
    """Leonardo begins with the first seat (setup.leonardo: first_seat, 001 §3)."""
    return 0


def inventions_left(state: State) -> int:
    """Invention cards still in the face-down pile (the display is refilled from it)."""
    return len(state.deck)


TERMS = GameTerms(fields=fields, accounts={"money": money_account}, start_seat=leonardo, set_start_seat=pass_leonardo,
                  first_seat=first_seat, parts=("money", "hand", "lab_work"),
                  auctions=("sealed", "open", "dutch", "fixed"), offered_from="start",
                  auction_unread={"tie": "the completion auction's tie rule is /completion/auction/tie (R7)"},
                  piles={"inventions": inventions_left}, pile_tops=True)

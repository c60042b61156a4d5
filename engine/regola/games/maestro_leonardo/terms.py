"""What Maestro Leonardo lends the mechanics library (regola.mechanics.terms): its measures, the money
an award gives, and the start seat (whoever holds Leonardo)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regola.mechanics.terms import GameTerms

if TYPE_CHECKING:  # the rules import these terms, and the state imports the rules
    from regola.games.maestro_leonardo.state import State

__all__ = ["TERMS"]


def money(state: State, seat: int) -> int:
    return state.players[seat].money


def inventions(state: State, seat: int) -> int:
    """Invention cards in front of the player."""
    return len(state.players[seat].cards)


def completed(state: State, seat: int) -> int:
    """Inventions the player has completed, with a card or not."""
    return len(state.players[seat].completed)


def upgrades(state: State, seat: int) -> int:
    """Upgrades bought at the workshop (001 §8 B)."""
    return state.players[seat].upgrades


def cards_in_the_box(doc: Mapping[str, Any]) -> int:
    """Nobody completes or holds more inventions than the box has cards."""
    return len(doc["inventions"]["cards"])


def auction_paid(state: State, seat: int) -> int:
    """Gulden the player paid for cards won at the latest auctions (phase D; 0 before the first)."""
    return state.players[seat].auction_paid


def give_money(state: State, seat: int, amount: int) -> None:
    """Gulden from the bank (R6: it never runs out); a negative amount goes back, never below zero."""
    if amount >= 0:
        state.gain(seat, amount, "award")
    else:
        state.pay(seat, min(-amount, state.players[seat].money), "award")


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


TERMS = GameTerms(measures={"money": money, "inventions": inventions, "completed": completed, "upgrades": upgrades,
                            "auction_paid": auction_paid},
                  resources={"money": give_money}, start_seat=leonardo, set_start_seat=pass_leonardo,
                  first_seat=first_seat,
                  parts=("money", "hand", "lab_work"), auctions=("sealed", "open"),
                  ceilings={"inventions": cards_in_the_box, "completed": cards_in_the_box},
                  piles={"inventions": inventions_left})

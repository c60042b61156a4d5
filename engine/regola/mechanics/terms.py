"""What a game lends the mechanics library: how to count its measures and how to give its resources.

A *measure* is a whole number per player that the game knows how to count (money, prestige, completed
inventions); a *resource* is a measure the game can also give (money, prestige). The pack names which
measures its mechanics may use and the unit their words count in (``mechanics.measures``); the game's
``GameTerms`` says how to count each one. Plain module-level functions, so compiled rules pickle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["GameTerms", "Measure"]

#: a measure: (state, seat) -> its value for that player
Measure = Callable[[Any, int], int]


@dataclass(frozen=True)
class GameTerms:
    measures: Mapping[str, Measure]
    #: the resources an award may give: (state, seat, amount); a negative amount takes
    resources: Mapping[str, Callable[[Any, int, int], None]]
    #: the seat that starts the round, and how the game moves it
    start_seat: Callable[[Any], int]
    set_start_seat: Callable[[Any, int], None]
    #: the seat that starts the first round, as the pack's setup says (start_player 'fixed' returns to it)
    first_seat: Callable[[Any], int] | None = None
    #: the parts of a player's holdings whose audience the pack chooses (mechanics.visibility)
    parts: tuple[str, ...] = ()
    #: the auction forms the game's auctions run (mechanics.auction; regola.mechanics.auction)
    auctions: tuple[str, ...] = ()
    #: whether the game's bids are listed actions (an open raise rule and sealed bids must be bounded)
    listed_bids: bool = False
    #: whether the game deals a hand at setup whose keeping the pack chooses (mechanics.deal)
    deals: bool = False
    #: pile -> how many cards it holds now (an end condition 'runs_out' names one; mechanics.piles)
    piles: Mapping[str, Callable[[Any], int]] = field(default_factory=dict)
    #: measure -> the most a player can ever have of it under the pack document (where the game knows)
    ceilings: Mapping[str, Callable[[Mapping[str, Any]], int]] = field(default_factory=dict)
    #: the measure whose most wins the game (money, prestige): what a bot's evaluation counts in
    score: str = "money"

    def values(self, state: Any, seat: int, names: tuple[str, ...]) -> dict[str, int]:
        return {name: self.measures[name](state, seat) for name in names}

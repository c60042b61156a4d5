"""What a game lends the mechanics library: its start seat, the forms its auctions and deals run, the
accounts it keeps, how to count its piles.

A *measure* (a whole number per player: money, prestige, completed inventions) and a *resource* (a
measure an award may give) are not lent by the game: the pack declares its parts (``mechanics.parts``,
regola.mechanics.parts) and the compiled mechanics carry the measures and resources made from them, in
the same two mappings. A game lends only an *account* for a counter it keeps a ledger of. Plain
module-level functions, so compiled rules pickle.
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
    #: the seat that starts the round, and how the game moves it
    start_seat: Callable[[Any], int]
    set_start_seat: Callable[[Any, int], None]
    #: the measures made from the pack's parts (filled by regola.mechanics.compile, never by a game)
    measures: Mapping[str, Measure] = field(default_factory=dict)
    #: the resources an award may give: (state, seat, amount); a negative amount takes (likewise filled)
    resources: Mapping[str, Callable[[Any, int, int], None]] = field(default_factory=dict)
    #: counter -> how the game moves it where it keeps a ledger: (state, seat, amount), a negative amount
    #: paid back; the bounds are applied before (regola.mechanics.parts.Give)
    accounts: Mapping[str, Callable[[Any, int, int], None]] = field(default_factory=dict)
    #: () -> (the fields a player keeps, the fields the game's state keeps): what a part's ``at`` may name
    fields: Callable[[], tuple[tuple[str, ...], tuple[str, ...]]] | None = None
    #: the seat that starts the first round, as the pack's setup says (start_player 'fixed' returns to it)
    first_seat: Callable[[Any], int] | None = None
    #: the parts of a player's holdings whose audience the pack chooses (mechanics.visibility)
    parts: tuple[str, ...] = ()
    #: the auction forms the game's auctions run (mechanics.auction; regola.mechanics.auction)
    auctions: tuple[str, ...] = ()
    #: auction parameter -> why the game's auctions do not read it (a value nobody reads is refused at its
    #: line, never silently ignored: Maestro Leonardo's sealed bids are every sum from 0 to the purse)
    auction_unread: Mapping[str, str] = field(default_factory=dict)
    #: whether the game's lots have a fixed price of their own (a fixed-price form may leave out its price)
    fixed_price: bool = False
    #: who is asked first when a lot is offered: 'opener' (whoever put it up) or 'start' (the start player)
    offered_from: str = "opener"
    #: whether the game's bids are listed actions (an open raise rule and sealed bids must be bounded)
    listed_bids: bool = False
    #: whether the game deals a hand at setup whose keeping the pack chooses (mechanics.deal)
    deals: bool = False
    #: whether the game can show only the top cards of a pile (mechanics.visibility.piles: {top: N})
    pile_tops: bool = False
    #: pile -> how many cards it holds now (an end condition 'runs_out' names one; mechanics.piles)
    piles: Mapping[str, Callable[[Any], int]] = field(default_factory=dict)
    #: the measure whose most wins the game (money, prestige): what a bot's evaluation counts in
    score: str = "money"

    def values(self, state: Any, seat: int, names: tuple[str, ...]) -> dict[str, int]:
        return {name: self.measures[name](state, seat) for name in names}

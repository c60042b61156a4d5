"""How a lot is auctioned (``mechanics.auction``).

- ``sealed``: every bidder names a bid secretly and at once; the highest wins, a tie goes by the
  pack's tie rule (regola.mechanics.ties);
- ``open``: the bidders bid in turn, from the start player clockwise, each raising the bid (up to
  their money) or dropping out for good; the last one left pays their bid and takes the lot; if
  nobody bids at all, nobody takes it.

An open auction's bookkeeping lives in the step's sub-state (``in``: the bidders still in, in turn
order; ``high``, ``leader``, ``turn``), so it survives the JSON round trip. A bid that does not raise
(``bid`` equal to the current high bid) drops out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["AUCTION_KINDS", "open_bid", "open_state", "open_turn"]

AUCTION_KINDS = ("sealed", "open")


def open_state(bidders: Sequence[int]) -> dict[str, Any]:
    """An open auction among ``bidders`` (in turn order, the first to bid first)."""
    return {"in": list(bidders), "high": 0, "leader": None, "turn": 0}


def open_turn(auction: dict[str, Any]) -> int | None:
    """Whose bid it is, or None when the auction is over (one bidder left holding the high bid, or none)."""
    still = auction["in"]
    if not still or (len(still) == 1 and auction["leader"] == still[0]):
        return None
    return int(still[auction["turn"] % len(still)])


def open_bid(auction: dict[str, Any], seat: int, amount: int) -> None:
    """``seat`` raises to ``amount``, or drops out with a bid that does not raise."""
    still = auction["in"]
    at = still.index(seat)
    if amount > auction["high"]:
        auction["high"], auction["leader"] = amount, seat
        auction["turn"] = at + 1
    else:
        still.remove(seat)
        auction["turn"] = at  # the next bidder moved into this place

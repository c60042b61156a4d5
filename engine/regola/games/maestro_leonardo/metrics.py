"""The numbers of a finished game that simulations compare (regola simulate / compare)."""

from __future__ import annotations

from typing import Any

from regola.games.maestro_leonardo.state import State


def metrics(state: State) -> dict[str, Any]:
    """Game-level and per-seat numbers, read from the final standings and the money ledger."""
    result = state.result or []
    by_seat = {r["seat"]: r for r in result}
    winners = [r for r in result if r["rank"] == 1]
    first = winners[0]["key"][0] if winners else None
    # the standings consulted a tie-break when another seat equalled the winner on the first criterion
    tie_break = sum(1 for r in result if r["key"][0] == first) > 1
    seats = []
    for seat, p in enumerate(state.players):
        r = by_seat.get(seat, {})
        seats.append({"score": p.money, "money": p.money, "end_bonus": r.get("bonus", 0),
                      "inventions": len(p.cards), "completed": len(p.completed),
                      "earned": p.received, "spent": p.paid})
    return {"game": {"rounds": state.round, "tie_break": tie_break}, "seats": seats}

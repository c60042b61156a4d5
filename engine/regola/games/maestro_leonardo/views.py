"""What one seat may see (001 §6: hands and the cards under labs are private; sealed bids; the deck
order only as far as the council let that seat look)."""

from __future__ import annotations

from typing import Any

from regola.games.maestro_leonardo.state import State


def _lab_view(lab: Any, own: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": lab.kind, "side": lab.side, "robots": lab.robots, "working": lab.target is not None,
                           "weeks": lab.weeks, "apprentices": lab.apprentices, "master": lab.master}
    if own or lab.revealed:
        out["target"] = lab.target
        out["materials"] = list(lab.materials) if lab.materials is not None else None
    return out


def view(state: State, seat: int) -> dict[str, Any]:
    rules = state.rules
    players = []
    for p in state.players:
        own = p.seat == seat
        entry: dict[str, Any] = {
            "seat": p.seat, "color": p.color, "apprentices": p.apprentices, "academy": p.academy,
            "master": p.master, "robot_supply": p.robot_supply, "cards": list(p.cards),
            "completed": list(p.completed), "labs": [_lab_view(lab, own) for lab in p.labs],
        }
        if own:
            entry["money"] = p.money
            entry["hand"] = dict(zip(rules.materials, p.hand, strict=True))
            entry["hand_size"] = sum(p.hand)  # how many cards one holds is private too (001 §6)
        players.append(entry)
    step: dict[str, Any] = {}
    s = state.step
    if "bids" in s:  # sealed bids: a seat sees its own bid and who has bid, never the others' amounts
        step = {"auction": s["groups"][s["auction"]]["card"] if s.get("auction") else None,
                "bidders_done": sorted(int(k) for k in s["bids"]),
                "my_bid": s["bids"].get(str(seat))}
    elif s.get("kind"):
        step = {"district": s["letter"], "kind": s["kind"], "rank": list(s["rank"])}
        if "done" in s:
            step["price"] = rules.cost_track[min(s["done"], len(rules.cost_track) - 1)]
        if "spaces" in s:
            step["spaces"] = dict(s["spaces"])
    return {
        "seat": seat, "round": state.round, "phase": state.flow_state, "leonardo": state.leonardo,
        "council_money": state.council_money, "display": list(state.display), "deck_size": len(state.deck),
        "deck_top_known": list(state.known_deck[seat]), "shops": dict(zip(rules.materials, state.shops, strict=True)),
        "market": dict(zip(rules.materials, state.market, strict=True)) if any(state.market) else {},
        "occupancy": {k: [list(e) for e in v] for k, v in state.occupancy.items()},
        "completed_before": list(state.completed_before), "removed": list(state.removed),
        "players": players, "step": step,
    }

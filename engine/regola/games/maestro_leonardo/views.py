"""What one seat may see (001 §6: hands and the cards under labs are private; sealed bids; the deck
order only as far as the council let that seat look)."""

from __future__ import annotations

from typing import Any

from regola.games.maestro_leonardo.state import State


def _lab_view(lab: Any, shown: bool, round_now: int) -> dict[str, Any]:
    """A lab as a seat sees it: ``fresh`` when its work began this round (it cannot be aborted yet, 001 §6)."""
    out: dict[str, Any] = {"kind": lab.kind, "side": lab.side, "robots": lab.robots, "working": lab.target is not None,
                           "weeks": lab.weeks, "apprentices": lab.apprentices, "master": lab.master,
                           "fresh": lab.target is not None and lab.started_round >= round_now}
    if shown or lab.revealed:
        out["target"] = lab.target
        out["materials"] = list(lab.materials) if lab.materials is not None else None
    return out


def _price(state: State) -> int:
    """The current price of the district being resolved: the cost track at the people served (001 §8)."""
    track = state.rules.cost_track
    return track[min(state.step["done"], len(track) - 1)]


def view(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may see; any other number (a spectator) gets the public view. Money, hands and what
    a lab works on are shown as the pack's ``mechanics.visibility`` says (regola.mechanics.visibility);
    bids and a peeked deck top only to their seat."""
    rules = state.rules
    sees = rules.mechanics.visibility.sees
    players = []
    for p in state.players:
        own = p.seat == seat
        entry: dict[str, Any] = {
            "seat": p.seat, "color": p.color, "apprentices": p.apprentices, "academy": p.academy,
            "master": p.master, "robot_supply": p.robot_supply, "cards": list(p.cards),
            "completed": list(p.completed),
            "labs": [_lab_view(lab, sees("lab_work", own), state.round) for lab in p.labs],
        }
        if sees("money", own):
            entry["money"] = p.money
        if sees("hand", own):
            entry["hand"] = dict(zip(rules.materials, p.hand, strict=True))
            entry["hand_size"] = sum(p.hand)  # how many cards one holds goes with the hand (001 §6)
        players.append(entry)
    step: dict[str, Any] = {}
    s = state.step
    if s.get("open"):  # an open auction: everyone sees the high bid, its bidder and who is still in
        step = {"auction": s["groups"][s["auction"]]["card"], "high": s["open"]["high"],
                "leader": s["open"]["leader"], "still_in": list(s["open"]["in"])}
    elif s.get("offer"):  # a card offered at a price (dutch, fixed): the card, the price and who is asked
        step = {"auction": s["groups"][s["auction"]]["card"], "offer": s["offer"]["price"], "asked": s["who"]}
    elif "bids" in s:  # sealed bids: a seat sees its own bid and who has bid, never the others' amounts
        step = {"auction": s["groups"][s["auction"]]["card"] if s.get("auction") else None,
                "bidders_done": sorted(int(k) for k in s["bids"]),
                "my_bid": s["bids"].get(str(seat))}
    elif s.get("kind"):
        step = {"district": s["letter"], "kind": s["kind"], "rank": list(s["rank"])}
        if "phase" in s:  # the council: Leonardo named, spaces chosen, spaces carried out
            step["stage"] = s["phase"]
        if "done" in s:
            step["price"] = _price(state)
        if "spaces" in s:
            step["spaces"] = dict(s["spaces"])
    out = {
        "seat": seat, "round": state.round, "phase": state.flow_state, "leonardo": state.leonardo,
        "council_money": state.council_money, "display": list(state.display), "deck_size": len(state.deck),
        "deck_top_known": _deck_top_known(state, seat),
        "shops": dict(zip(rules.materials, state.shops, strict=True)),
        "market": dict(zip(rules.materials, state.market, strict=True)) if any(state.market) else {},
        "occupancy": {k: [list(e) for e in v] for k, v in state.occupancy.items()},
        "completed_before": list(state.completed_before), "removed": list(state.removed),
        "box": list(state.box_cards),  # cards nobody won (R7), or put there by a house rule's move: in the open
        "players": players, "step": step,
    }
    if "awarded" in state.marks:  # a house rule's awards, paid in the open even where purses are secret
        out["awarded"] = [list(entry) for entry in state.marks["awarded"]["recent"]]
    return out


def greedy_view(state: State, seat: int) -> dict[str, Any]:
    """The part of ``seat``'s view the greedy bot reads, built for rollouts at a fraction
    of the cost: the seat's own entry (the others are None), the public fields it reads, and the step
    without the fields it does not read. Every field here equals the full view's."""
    rules = state.rules
    p = state.players[seat]
    # a lab: only the fields the bot reads (its work, staff and progress)
    labs = [{"working": lab.target is not None, "target": lab.target, "weeks": lab.weeks, "robots": lab.robots,
             "apprentices": lab.apprentices, "master": lab.master} for lab in p.labs]
    me = {"seat": seat, "apprentices": p.apprentices, "academy": p.academy, "cards": p.cards,
          "completed": p.completed, "labs": labs, "money": p.money,
          "hand": dict(zip(rules.materials, p.hand, strict=True))}
    players: list[dict[str, Any] | None] = [None] * len(state.players)
    players[seat] = me
    s = state.step
    step: dict[str, Any] = {}
    if "bids" not in s and s.get("kind"):
        step = {"district": s["letter"], "kind": s["kind"]}
        if "done" in s:
            step["price"] = _price(state)
    return {"seat": seat, "round": state.round, "phase": state.flow_state, "council_money": state.council_money,
            "display": state.display, "completed_before": state.completed_before, "players": players,
            "step": step}


def _deck_top_known(state: State, seat: int) -> list[int]:
    """The top cards of the invention pile ``seat`` knows, in order: the whole pile face up, else the top
    cards everyone sees (mechanics.visibility.piles: {top: N}) or what a council peek showed it, whichever
    reaches deeper."""
    seen = state.rules.mechanics.visibility
    if seen.open_pile("inventions"):
        return list(state.deck)
    own = list(state.known_deck[seat]) if 0 <= seat < len(state.players) else []
    top = state.deck[:seen.shown_on_top("inventions")]
    return own if len(own) >= len(top) else list(top)

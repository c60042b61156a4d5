"""What one seat may see: hands of profession, bonus and prestige cards are private (004: profession
cards are shown only by their backs, prestige cards lie face down until the end); principalities,
displays, money and prestige are open, and so are the expansion's tokens on the character cards and
who holds which character."""

from __future__ import annotations

from typing import Any

from regola.games.princes_of_florence.state import PILES, State

#: the name category of each pile's cards (a pile's cards are named like the cards themselves)
PILE_CARDS = {"professions": "professions", "bonus": "bonus_cards", "prestige": "prestige_cards"}


def piles(state: State) -> dict[str, list[int]]:
    """The game's draw piles by the names the packs give them (mechanics.piles), top first."""
    return {name: getattr(state, attr) for name, _, attr in PILES}


def _entry(state: State, p: Any, seat: int, pictured: bool = True) -> dict[str, Any]:
    """What ``seat`` sees of player ``p`` (``pictured``: with the text picture of the principality)."""
    rules = state.rules
    sees = rules.mechanics.visibility.sees  # the pack's mechanics.visibility (regola.mechanics.visibility)
    own = p.seat == seat
    entry: dict[str, Any] = {
        "seat": p.seat, "prestige": p.prestige, "architects": p.architects,
        "jesters": p.jesters, "freedoms": list(p.freedoms), "table": list(p.table),
        "bonus_used": list(p.bonus_used),
    }
    if pictured:  # the text picture: most of a view's cost, and no bot reads it
        entry["board"] = rules.principality.picture(p.board)
    entry.update({
        "pieces": [list(pl) for pl in p.board.pieces],
        "shared": [[piece, sorted(rules.principality.grid.cells(mask))] for piece, mask in p.board.shared],
        "hand_size": len(p.hand) + p.recruits, "bonus_size": len(p.bonus),
        "prestige_size": len(p.prestige_cards),
    })
    if sees("money", own) or state.result is not None:  # florins: open as printed (mechanics.visibility)
        entry["money"] = p.money
    if sees("prestige_cards", own) or state.result is not None:  # shown at the end (004 Zakończenie gry)
        entry["prestige_cards"] = list(p.prestige_cards)
    if sees("hand", own):
        entry.update(hand=list(p.hand), recruits=p.recruits)
    if sees("bonus", own):
        entry["bonus"] = list(p.bonus)
    return entry


def plain_view(state: State, seat: int) -> dict[str, Any]:
    """The whole view without the principalities' pictures: the same information (each picture is drawn
    from the pieces beside it) at about half the cost."""
    return view(state, seat, pictured=False)


def greedy_view(state: State, seat: int) -> dict[str, Any]:
    """The part of ``seat``'s view the greedy bot reads, built for bots at a fraction of the cost (as Maestro
    Leonardo's): the seat's own entry without the text picture of its principality (the others are None)
    and the step. Every field here equals the full view's."""
    players: list[dict[str, Any] | None] = [None] * len(state.players)
    players[seat] = _entry(state, state.players[seat], seat, pictured=False)
    return {"seat": seat, "round": state.round, "phase": state.flow_state, "players": players,
            "step": _step(state, seat)}


def view(state: State, seat: int, pictured: bool = True) -> dict[str, Any]:
    """What ``seat`` sees (``pictured``: with each principality's text picture, drawn from its pieces)."""
    rules = state.rules
    players = [_entry(state, p, seat, pictured) for p in state.players]
    return {
        "seat": seat, "round": state.round, "phase": state.flow_state, "start": state.start,
        "minimum_work": rules.minimum(state.round), "work_marks": list(state.work_marks),
        "supply": {"buildings": dict(state.buildings), "landscapes": dict(state.landscapes),
                   "freedoms": dict(state.freedoms), "architects": state.architects, "jesters": state.jesters,
                   "recruitment": state.recruitment},
        "decks": {"professions": len(state.profession_deck), "bonus": len(state.bonus_deck),
                  "prestige": len(state.prestige_deck)},
        # a pile laid face up (mechanics.visibility.piles): its cards, top first, for everyone; a pile whose
        # top cards are shown ({top: N}): those
        "open_piles": shown_piles(state),
        "players": players, "step": _step(state, seat), "result": state.result,
        "characters": _characters(state),
    }


def _step(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` sees of the step in progress."""
    step: dict[str, Any] = {}
    s = state.step
    if "sold" in s:
        step = _auction(state, seat)
    elif "tokens" in s:  # phase A2 (Muse and Princess): every token lies open on a character card's bid field
        step = {"tokens": {card: list(token) for card, token in s["tokens"].items()}, "bidder": s["turn"],
                "settled": list(s["done"])}
    elif "order" in s:
        step = {"turn": s["order"][s["idx"]] if s["idx"] < len(s["order"]) else None, "done": s["done"],
                "window": list(s.get("window", ()))}
    if "display" in s:  # an open display at setup: everyone sees it and whose pick it is
        step = {"display": sorted(s["display"]), "turn": s["display_order"][s["taken"] % len(s["display_order"])],
                "taken": s["taken"]}
    if "packets" in s:  # a draft: a seat sees its own packet only, and who is to pick
        step = {"turn": s["turn"], "picks": s["picks"],
                "packet": list(s["packets"][seat]) if 0 <= seat < len(s["packets"]) else None}
    pending = s.get("pending")
    if pending is not None and pending["seat"] == seat:
        step["pending"] = dict(pending)
    elif pending is not None:
        step["pending"] = {"seat": pending["seat"], "kind": pending["kind"]}
    return step


def _auction(state: State, seat: int) -> dict[str, Any]:
    """Phase A in the pack's form: the lot running, its price and leader (open), the price asked (Dutch);
    sealed bids show only who has bid until they are settled, a seat's own bid to that seat."""
    s = state.step
    offer, dutch, sealed = s.get("open"), s.get("dutch"), s.get("sealed")
    step: dict[str, Any] = {"form": state.rules.mechanics.auction.kind, "sold": list(s["sold"]),
                            "unsold": list(s.get("unsold", ())), "out": list(s["out"]), "lot": s["lot"],
                            "price": None, "high": None, "passed": []}
    if offer:
        step.update(price=offer["high"], high=offer["leader"],
                    passed=[other for other in range(state.n) if not s["out"][other] and other not in offer["in"]])
    elif dutch:
        step.update(price=dutch["price"], asked=list(dutch["asked"]))
    elif sealed:
        bids = sealed["bids"]
        step["bid"] = sorted(int(other) for other in bids)
        if str(seat) in bids:
            step["own_bid"] = bids[str(seat)]
    return step


def _characters(state: State) -> dict[str, Any] | None:
    """The expansion's open facts: who holds which character card this round, the banker's money, the
    merchant's holder (004 Rozszerzenie Muza i Księżniczka); None without the expansion."""
    if state.rules.characters is None:
        return None
    extra = state.extra
    return {"owners": {card: int(seat) for card, seat in extra.get("owners", {}).items()},
            "banker_money": extra.get("banker_money"), "merchant": extra.get("merchant")}


def shown_piles(state: State) -> dict[str, list[int]]:
    """What everyone sees of the draw piles, top first: all of a face-up pile, the top cards of one whose top
    is shown (mechanics.visibility.piles), nothing of a face-down one."""
    seen = state.rules.mechanics.visibility
    out = {}
    for pile, cards in piles(state).items():
        if seen.open_pile(pile):
            out[pile] = list(cards)
        elif seen.shown_on_top(pile):
            out[pile] = list(cards[:seen.shown_on_top(pile)])
    return out



"""Maestro Leonardo at the terminal, in a catalog's words: the board summary a person reads before each
decision, each legal action named with its district and price, and what another player just did.

Every word comes from the catalog (``text.terminal`` for sentences, ``text.names`` for things); this
module only decides which facts to show. What another seat may not see stays hidden: the invention a
lab works on, the cards in a hand, a sealed bid, the order a peek put back (views.py, 001 §6, R7).
Players' money is shown for every seat, as the issue asked; money cards are not hidden by any source.
"""

from __future__ import annotations

from typing import Any

from regola.core.step import Action
from regola.games.maestro_leonardo.state import State
from regola.text.bind import number, with_unit
from regola.text.catalog import Catalog

__all__ = ["board", "describe", "help_rule", "money", "narrate", "option"]

#: the rule a person reads with "?" in each decision state
HELP_RULES = {"planning": "planning.turn", "placement": "placement.turn", "district": "district.offer_loop",
              "completion": "completion.auction", "favors": "setup.favors"}
COUNCIL_HELP = "council.spaces"


def help_rule(state: State) -> str | None:
    if state.flow_state == "district" and state.step.get("kind") == "council":
        return COUNCIL_HELP
    return HELP_RULES.get(state.flow_state)


# --- small words --------------------------------------------------------------------------------------
def money(catalog: Catalog, amount: int) -> str:
    """An amount with its unit: '5 Gulden', '3 guldeny'."""
    return with_unit(catalog, amount, "gulden")


def _color(catalog: Catalog, state: State, seat: int) -> str:
    return catalog.name("colors", state.players[seat].color)


def _lab(catalog: Catalog, index: int) -> str:
    return catalog.terminal("lab", n=number(catalog, index + 1))


def _where(catalog: Catalog, location: str) -> str:
    """A district by its name, an own lab (``lab0``) as 'lab 1'."""
    if location.startswith("lab") and location[3:].isdigit():
        return _lab(catalog, int(location[3:]))
    return catalog.name("districts", location)


def _card(catalog: Catalog, card: int) -> str:
    return catalog.terminal("card", id=number(catalog, card), name=catalog.name("cards", card))


def _materials(catalog: Catalog, state: State, counts: Any) -> str:
    parts = [catalog.terminal("material_count", name=catalog.name("materials", m), count=number(catalog, n))
             for m, n in zip(state.rules.materials, counts, strict=True) if n]
    return ", ".join(parts) if parts else catalog.terminal("nothing")


def _price(state: State) -> int:
    s = state.step
    track = state.rules.cost_track
    return track[min(int(s.get("done", 0)), len(track) - 1)]


# --- the board ----------------------------------------------------------------------------------------
def _people(catalog: Catalog, state: State, letter: str) -> str:
    entries = state.occupancy.get(letter, ())
    if not entries:
        return catalog.terminal("nobody")
    shown = []
    for seat, apprentices, master in entries:
        key = "people_master" if master else "people"
        shown.append(catalog.terminal(key, color=_color(catalog, state, seat), count=number(catalog, apprentices)))
    return ", ".join(shown)


def _district_line(catalog: Catalog, state: State, letter: str) -> str:
    """A district and who stands there; the one being resolved also shows its price now (the others
    start at the first step of the price track, shown once in the city's label)."""
    text = catalog.terminal("district", district=catalog.name("districts", letter),
                            people=_people(catalog, state, letter))
    current = state.flow_state == "district" and state.step.get("letter") == letter
    if current and "done" in state.step:
        text += " · " + catalog.terminal("price", price=money(catalog, _price(state)))
    return text


def _lab_line(catalog: Catalog, state: State, lab: Any, own: bool) -> str:
    """A lab's state, in the player's lab order: idle, working (weeks so far) or, for its owner or once
    revealed, on which invention."""
    if lab.target is None:
        return catalog.terminal("lab_idle")
    if own or lab.revealed:
        needed = state.rules.cards[lab.target].weeks
        return catalog.terminal("lab_working", card=_card(catalog, lab.target), weeks=number(catalog, lab.weeks),
                                needed=with_unit(catalog, needed, "week"))
    return catalog.terminal("lab_busy", weeks=with_unit(catalog, lab.weeks, "week"))


def board(state: State, seat: int, catalog: Catalog, width: int = 80) -> list[str]:
    """The compact summary: round and phase, the city with people and prices, the display, every
    player's money, people and labs, and the seat's own hand."""
    rules = state.rules
    me = state.players[seat]
    lines = [catalog.terminal("header", round=number(catalog, state.round), rounds=number(catalog, rules.rounds),
                              phase=catalog.name("phases", state.flow_state), color=_color(catalog, state, seat))]
    track = ", ".join(number(catalog, n) for n in rules.cost_track[:-1])
    track += ", " + money(catalog, rules.cost_track[-1]) if track else money(catalog, rules.cost_track[-1])
    lines += _wrapped(catalog.terminal("city", track=track),
                      [_district_line(catalog, state, d) for d in rules.district_order], width)
    display = [_card(catalog, c) for c in state.display] or [catalog.terminal("nothing")]
    lines += _wrapped(catalog.terminal("display"), display, width)
    for p in state.players:
        own = p.seat == seat
        labs = ", ".join(_lab_line(catalog, state, lab, own) for lab in p.labs)
        key = "player_you" if own else "player"
        lines.append(catalog.terminal(key, color=_color(catalog, state, p.seat), money=money(catalog, p.money),
                                      free=number(catalog, p.apprentices), academy=number(catalog, p.academy),
                                      labs=labs))
    lines.append(catalog.terminal("hand", materials=_materials(catalog, state, me.hand),
                                  leonardo=_color(catalog, state, state.leonardo),
                                  council=money(catalog, state.council_money)))
    return lines


def _wrapped(label: str, items: list[str], width: int) -> list[str]:
    """``label a · b · c`` broken into lines of at most ``width`` characters (items never split); the
    label brings its own colon, as languages differ in its spacing."""
    lines: list[str] = []
    current = label
    for item in items:
        if len(current) + 3 + len(item) > width and current != label:
            lines.append(current)
            current = "   "
        current += (" " if current in (label, "   ") else " · ") + item
    lines.append(current)
    return lines


# --- actions ------------------------------------------------------------------------------------------
def _district_words(catalog: Catalog, state: State, action: Action) -> dict[str, str]:
    s = state.step
    letter = s.get("letter", "")
    words = {"district": catalog.name("districts", letter), "price": money(catalog, _price(state))}
    if s.get("kind") == "shop":
        words["material"] = catalog.name("materials", state.rules.materials[state.rules.districts[letter].material])
    if len(action) > 2 and action[0] == "act":
        words["upgrade"] = catalog.name("upgrades", action[1])
        words["lab"] = _lab(catalog, action[2]) if action[2] >= 0 else ""
    return words


#: per verb, the words other seats may not hear: the invention a lab starts (its cards are hidden), a
#: sealed bid, the order a council peek put back
PRIVATE = {"start": ("card", "weeks", "materials"), "bid": ("money",), "order": ("cards",)}


def _key_and_words(catalog: Catalog, state: State, action: Action, public: bool) -> tuple[str, dict[str, str]]:
    """The terminal key of an action and its filled words. ``public`` hides what other seats may not see."""
    key, words = _all_words(catalog, state, action)
    if public:
        for hidden in PRIVATE.get(str(action[0]), ()):
            words.pop(hidden, None)
    return key, words


def _all_words(catalog: Catalog, state: State, action: Action) -> tuple[str, dict[str, str]]:
    verb = str(action[0])
    rules = state.rules
    if verb == "start":
        card = rules.cards[action[2]]
        return verb, {"lab": _lab(catalog, action[1]), "card": _card(catalog, action[2]),
                      "weeks": with_unit(catalog, card.weeks, "week"),
                      "materials": _materials(catalog, state, card.components)}
    if verb == "abort":
        return verb, {"lab": _lab(catalog, action[1])}
    if verb in ("place", "master"):  # into a city district, or into one of the player's own labs
        key = verb + ("_lab" if str(action[1]).startswith("lab") else "")
        words = {"where": _where(catalog, action[1])}
        if verb == "place":
            words["count"] = with_unit(catalog, action[2], "apprentice")
        return key, words
    if verb == "leonardo":
        return verb, {"color": _color(catalog, state, action[1])}
    if verb == "space":
        return verb, {"space": catalog.name("council_spaces", action[1])}
    if verb == "move":
        return verb, {"color": _color(catalog, state, action[1]), "src": _where(catalog, action[2]),
                      "dst": _where(catalog, action[3])}
    if verb == "order":
        return verb, {"cards": ", ".join(_card(catalog, c) for c in action[1])}
    if verb == "buy":
        space = next((sp for sp in rules.council_spaces if sp.effect == "buy_material"), None)
        price = int(space.params["price"]) if space is not None else 0
        return verb, {"material": catalog.name("materials", rules.materials[action[1]]),
                      "price": money(catalog, price)}
    if verb == "take":
        return verb, {"money": money(catalog, state.council_money)}
    if verb == "act":
        kind = str(state.step.get("kind", ""))
        words = _district_words(catalog, state, action)
        if kind == "workshop" and words.get("lab"):
            return "act_workshop_lab", words
        return f"act_{kind}", words
    if verb == "pass" and state.flow_state == "district" and state.step.get("kind") in ("workshop", "academy",
                                                                                          "shop", "market"):
        return "pass_district", _district_words(catalog, state, action)
    if verb == "exchange":
        return verb, {"give": _materials(catalog, state, action[1]), "take": _materials(catalog, state, action[2])}
    if verb == "bid":
        return verb, {"money": money(catalog, action[1])}
    if verb == "auction_first":
        return verb, {"card": _card(catalog, action[1])}
    if verb == "favor":
        words = {"favor": catalog.name("favors", action[1]), "lab": "", "materials": ""}
        if action[2] >= 0:
            words["lab"] = " · " + _lab(catalog, action[2])
        if any(action[3]):
            words["materials"] = " · " + _materials(catalog, state, action[3])
        return verb, words
    return verb, {}


def describe(state: State, action: Action, catalog: Catalog) -> str:
    """An option of the seat about to decide, with everything it may know (its own cards, the price)."""
    key, words = _key_and_words(catalog, state, action, public=False)
    text = catalog.terminal("do_" + key, **words)
    return text if text != "do_" + key else " ".join(str(a) for a in action)


def narrate(state: State, seat: int, action: Action, catalog: Catalog) -> str:
    """What ``seat`` did, in words every player may hear; call it before the action is applied."""
    key, words = _key_and_words(catalog, state, action, public=True)
    sentence = catalog.terminal("did_" + key, **words)
    if sentence == "did_" + key:
        sentence = " ".join(str(a) for a in action)
    return catalog.terminal("did", color=_color(catalog, state, seat), what=sentence)


def option(state: State, action: Action, catalog: Catalog) -> tuple[str | None, str]:
    """(group, short label) so that long lists fold: 'B Workshop: [3] 1 [4] 2 …'; group None stands alone."""
    verb = action[0]
    if verb in ("place", "master"):  # one line per location: '[1] 1 apprentice [2] 2 [3] 3 [6] master'
        group = catalog.terminal("group_place", where=_where(catalog, action[1]))
        if verb == "master":
            return group, catalog.terminal("master")
        count = action[2]
        return group, with_unit(catalog, count, "apprentice") if count == 1 else number(catalog, count)
    if verb == "bid":
        return catalog.terminal("group_bid"), number(catalog, action[1])
    if verb == "order":
        return catalog.terminal("group_order"), ", ".join(number(catalog, c) for c in action[1])
    if verb == "exchange":
        return (catalog.terminal("group_exchange", give=_materials(catalog, state, action[1])),
                _materials(catalog, state, action[2]))
    if verb == "move":
        return (catalog.terminal("group_move", color=_color(catalog, state, action[1]),
                                 src=_where(catalog, action[2])), _where(catalog, action[3]))
    return None, describe(state, action, catalog)

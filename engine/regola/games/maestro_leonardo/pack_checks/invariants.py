"""Maestro Leonardo: facts that must hold for every player count and both setups.

Each is computed from the data itself (no second copy of a number lives here): a game that starts on
a pack breaking one of these fails mid-setup or mid-game, far from the line that caused it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from regola.core.gamedef import PackReport
from regola.core.schemas import json_pointer

__all__ = ["check_invariants"]


def _player_counts(doc: dict[str, Any]) -> range:
    return range(doc["players"]["min"], doc["players"]["max"] + 1)


class _Collect:
    """One finding per (code, pointer): the first message, plus every player count and setup it hits."""

    def __init__(self, subject: PackReport) -> None:
        self.subject = subject
        self.hits: dict[tuple[str, str], tuple[str, list[str]]] = {}

    def add(self, code: str, ptr: str, message: str, when: str = "") -> None:
        entry = self.hits.setdefault((code, ptr), (message, []))
        if when:
            entry[1].append(when)

    def findings(self) -> list[Any]:
        out = []
        for (code, ptr), (message, whens) in self.hits.items():
            suffix = f" (with {'; '.join(dict.fromkeys(whens))})" if whens else ""
            out.append(self.subject.at(code, message + suffix, ptr))
        return out


def check_invariants(subject: PackReport) -> list[Any]:
    """Players, materials, tiers, deck, display, weeks, seats and favors, for every player count."""
    doc = subject.doc
    c = _Collect(subject)
    _players_fit(doc, c)
    _materials(doc, c)
    _tiers(doc, c)
    _seats(doc, c)
    _favors(doc, c)
    for n in _player_counts(doc):
        for mode in doc["setup"]["modes"]:
            _deck(doc, n, mode, c)
    return c.findings()


def _players_fit(doc: dict[str, Any], c: _Collect) -> None:
    low, high = doc["players"]["min"], doc["players"]["max"]
    if low > high:
        c.add("INV_PLAYERS", "/players/min", f"players.min {low} is above players.max {high}")
    colors = len(doc["components"]["colors"])
    if high > colors:
        c.add("INV_PLAYERS", "/players/max", f"{high} players need {high} colours, the box has {colors}")


def _materials(doc: dict[str, Any], c: _Collect) -> None:
    """Seat hands (all seats, the most players) plus the market never exceed the cards per kind."""
    per_kind = doc["components"]["materials"]["cards_per_kind"]
    handed: Counter[str] = Counter(doc["setup"].get("market", {}))
    if "beginner" in doc["setup"]["modes"]:
        for seat in doc["setup"]["beginner"]["seats"][:doc["players"]["max"]]:
            handed.update(seat.get("materials", {}))
    for kind, count in handed.items():
        if count > per_kind:
            c.add("INV_MATERIAL_TOTALS", "/components/materials/cards_per_kind",
                  f"the setup hands out {count} {kind} cards (seats and market), the box has {per_kind} per kind")


def _tiers(doc: dict[str, Any], c: _Collect) -> None:
    tiers = doc["inventions"]["tiers"]
    by_id = {t["id"]: t for t in tiers}
    used = Counter(card["tier"] for card in doc["inventions"]["cards"])
    for index, tier in enumerate(tiers):
        if not used[tier["id"]]:
            c.add("INV_CARDS_PER_TIER", pointer("inventions", "tiers", index), f"no card has the tier {tier['id']!r}")
        if index and tier["weeks"] <= tiers[index - 1]["weeks"]:
            c.add("INV_WEEKS_ORDER", pointer("inventions", "tiers", index, "weeks"),
                  f"tier {tier['id']!r} needs {tier['weeks']} weeks, not more than the {tiers[index - 1]['weeks']} "
                  f"of the tier below it ({tiers[index - 1]['id']!r})")
    for index, card in enumerate(doc["inventions"]["cards"]):
        tier = by_id.get(card["tier"])
        total = sum(card["components"].values())
        if tier is not None and total != tier["components"]:
            c.add("INV_CARDS_PER_TIER", pointer("inventions", "cards", index, "components"),
                  f"card {card['id']} needs {total} component(s), a {tier['id']} card needs {tier['components']}")


def _seats(doc: dict[str, Any], c: _Collect) -> None:
    """The beginner table has a seat per player, and no count of people goes below zero."""
    if "beginner" not in doc["setup"]["modes"]:
        return
    beginner = doc["setup"]["beginner"]
    seats = beginner["seats"]
    per_color = doc["components"]["per_color"]["apprentices"]
    high = doc["players"]["max"]
    if len(seats) < high:
        c.add("INV_SETUP_TABLE", "/setup/beginner/seats",
              f"the beginner table has {len(seats)} seats, {high} players need {high}")
    colors = Counter(seat["color"] for seat in seats)
    fewer = beginner.get("fewer_apprentices", {})
    for index, seat in enumerate(seats):
        at = ("setup", "beginner", "seats", index)
        if colors[seat["color"]] > 1:
            c.add("INV_SETUP_TABLE", pointer(*at, "color"), f"two seats have the colour {seat['color']!r}")
        if seat["apprentices"] > per_color:
            c.add("INV_SETUP_TABLE", pointer(*at, "apprentices"),
                  f"seat {index + 1} starts with {seat['apprentices']} apprentices, a colour has {per_color}")
        if len(seat["labs"]) > doc["limits"]["labs"]:
            c.add("INV_SETUP_TABLE", pointer(*at, "labs"),
                  f"seat {index + 1} starts with {len(seat['labs'])} labs, the limit is {doc['limits']['labs']}")
        for n in _player_counts(doc):
            removed = fewer.get(str(n), 0)
            if index < n and seat["apprentices"] - removed < 0:
                c.add("INV_SETUP_TABLE", pointer("setup", "beginner", "fewer_apprentices", str(n)),
                      f"taking {removed} apprentices from a seat leaves fewer than none",
                      f"seat {index + 1}, {seat['apprentices']} apprentices")


def _favors(doc: dict[str, Any], c: _Collect) -> None:
    if "advanced" not in doc["setup"]["modes"]:
        return
    advanced = doc["setup"]["advanced"]
    per_player = advanced["favors_per_player"]
    missing = [n for n in _player_counts(doc) if str(n) not in per_player]
    if missing:
        c.add("INV_FAVORS", "/setup/advanced/favors_per_player",
              f"no favor count for {', '.join(map(str, missing))} players")
    letters = len({favor["letter"] for favor in advanced["favors"]})
    for players, limit in advanced.get("max_same_letter", {}).items():
        wanted = per_player.get(players, 0)
        if wanted > letters * limit:
            c.add("INV_FAVORS", pointer("setup", "advanced", "max_same_letter", players),
                  f"{players} players take {wanted} favors each, but {letters} letters at most {limit} "
                  f"times each allow only {letters * limit}")


def _deck(doc: dict[str, Any], n: int, mode: str, c: _Collect) -> None:
    """Build the deck for ``n`` players and ``mode`` as setup.build_deck does, counting instead of drawing."""
    setup = doc["setup"]
    when = f"{n} players, {mode} setup"
    cards = {card["id"]: card["tier"] for card in doc["inventions"]["cards"]}
    tiers = {tier["id"] for tier in doc["inventions"]["tiers"]}  # unknown ones are check_game_refs' findings
    sizes = doc["rounds"]["display_size"]
    size = sizes.get(str(n))
    if size is None:
        c.add("INV_DISPLAY_SIZE", "/rounds/display_size", "no display size for some player counts", f"{n} players")
    display: list[int] = []
    if mode == "beginner":
        shown = setup["beginner"]["display"].get(str(n))
        if shown is None:
            c.add("INV_DISPLAY_SIZE", "/setup/beginner/display", "no beginner display for some player counts",
                  f"{n} players")
        else:
            display = list(shown)
            if size is not None and len(display) != size:
                c.add("INV_DISPLAY_START", pointer("setup", "beginner", "display", str(n)),
                      f"the beginner display for {n} players holds {len(display)} cards, "
                      f"the display size is {size}")
    layers = setup["deck"]["layers"]
    fixed: dict[int, str] = {}
    for index, layer in enumerate(layers):
        for number, card_id in enumerate(layer.get("cards", [])):
            ptr = pointer("setup", "deck", "layers", index, "cards", number)
            if card_id in fixed:
                c.add("INV_DECK_INFEASIBLE", ptr, f"card {card_id} lies in two deck layers")
            elif card_id in display:
                c.add("INV_DECK_INFEASIBLE", ptr, f"card {card_id} is both on the beginner display and in the deck",
                      when)
            fixed[card_id] = ptr
    piles: Counter[str] = Counter(tier for card_id, tier in cards.items()
                                  if card_id not in fixed and card_id not in display)
    if mode == "advanced":
        for tier, count in setup["advanced"].get("removed_cards", {}).get(str(n), {}).items():
            if tier in tiers and count > piles[tier]:
                c.add("INV_DECK_INFEASIBLE", pointer("setup", "advanced", "removed_cards", str(n), tier),
                      f"{count} {tier} card(s) to remove, more than are left", f"{when}: {piles[tier]} left")
            piles[tier] -= min(count, piles[tier])
    deck = len([card_id for card_id in fixed if card_id in cards and card_id not in display])
    for index, layer in enumerate(layers):
        for tier, count in layer.get("add", {}).items():
            if tier in tiers and count > piles[tier]:
                c.add("INV_DECK_INFEASIBLE", pointer("setup", "deck", "layers", index, "add", tier),
                      f"layer {index + 1} adds {count} {tier} card(s), more than are left",
                      f"{when}: {piles[tier]} left")
            deck += min(count, piles[tier])
            piles[tier] -= min(count, piles[tier])
        for tier in layer.get("rest", []):
            deck += piles[tier]
            piles[tier] = 0
    left = {tier: count for tier, count in piles.items() if count > 0 and tier in tiers}
    if left:
        shown_left = ", ".join(f"{count} {tier}" for tier, count in left.items())
        c.add("INV_DECK_INFEASIBLE", "/setup/deck/layers",
              "cards end in no layer (no 'rest' takes them), so no deal can be valid", f"{when}: {shown_left}")
    if size is not None and deck + len(display) < size:
        where = pointer("rounds", "display_size", str(n))
        c.add("INV_DISPLAY_SIZE", where, f"a display of {size} cards cannot be filled",
              f"{when}: deck and display hold {deck + len(display)}")


def pointer(*tokens: str | int) -> str:
    """A JSON pointer from raw tokens (escaped as RFC 6901 wants)."""
    return json_pointer(tokens)

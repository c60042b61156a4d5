"""Maestro Leonardo: every name the data uses is defined in the data (materials, tiers, cards, …).

The JSON Schema sees shapes only; whether ``iron`` on a card is one of the pack's materials is a
question about two places of the document at once. compile_rules stops at the first such fault;
here each one is a finding of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from regola.core.gamedef import PackReport
from regola.core.schemas import json_pointer

__all__ = ["check_game_refs"]


class _Refs:
    """Collects findings for one subject; ``known`` checks one name against the names it may be."""

    def __init__(self, subject: PackReport) -> None:
        self.subject = subject
        self.findings: list[Any] = []

    def known(self, code: str, what: str, name: Any, allowed: Iterable[Any], ptr: str) -> None:
        allowed = list(allowed)
        if name not in allowed:
            shown = ", ".join(str(a) for a in allowed) or "none"
            self.findings.append(self.subject.at(code, f"unknown {what} {name!r} (known: {shown})", ptr))

    def unique(self, what: str, items: list[Any], key: str, at: tuple[str, ...]) -> list[Any]:
        seen: set[Any] = set()
        for index, item in enumerate(items):
            value = item.get(key) if isinstance(item, dict) else None
            if value in seen:
                self.findings.append(self.subject.at("REF_DUPLICATE_ID", f"{what} {value!r} appears twice",
                                                     pointer(*at, index, key)))
            seen.add(value)
        return [item.get(key) for item in items if isinstance(item, dict)]


def check_game_refs(subject: PackReport) -> list[Any]:
    """Every cross-reference of a Maestro Leonardo document (the schema has checked the shapes)."""
    doc = subject.doc
    r = _Refs(subject)
    comp, inv, setup, city = doc["components"], doc["inventions"], doc["setup"], doc["city"]
    materials = comp["materials"]["kinds"]
    labs = comp["labs"]
    tiers = r.unique("tier", inv["tiers"], "id", ("inventions", "tiers"))
    cards = r.unique("card id", inv["cards"], "id", ("inventions", "cards"))

    def material_map(raw: dict[str, Any], *at: str | int) -> None:
        for name in raw:
            r.known("REF_UNKNOWN_MATERIAL", "material", name, materials, pointer(*at, name))

    def lab(raw: dict[str, Any], *at: str | int) -> None:
        r.known("REF_UNKNOWN_LAB", "lab kind", raw["kind"], labs, pointer(*at, "kind"))
        if raw["kind"] in labs:
            r.known("REF_UNKNOWN_LAB", f"side of the {raw['kind']} lab", raw["side"], labs[raw["kind"]]["sides"],
                    pointer(*at, "side"))

    for index, kind in enumerate(comp["per_color"]["labs"]):
        r.known("REF_UNKNOWN_LAB", "lab kind", kind, labs, pointer("components", "per_color", "labs", index))
    for index, card in enumerate(inv["cards"]):
        at: tuple[str | int, ...] = ("inventions", "cards", index)
        r.known("REF_UNKNOWN_TIER", "tier", card["tier"], tiers, pointer(*at, "tier"))
        r.known("REF_UNKNOWN_TYPE", "invention type", card["type"], inv["types"], pointer(*at, "type"))
        material_map(card["components"], *at, "components")

    beginner, advanced = setup["beginner"], setup["advanced"]
    for index, seat in enumerate(beginner["seats"]):
        at = ("setup", "beginner", "seats", index)
        r.known("REF_UNKNOWN_COLOR", "colour", seat["color"], comp["colors"], pointer(*at, "color"))
        material_map(seat.get("materials", {}), *at, "materials")
        for number, raw in enumerate(seat["labs"]):
            lab(raw, *at, "labs", number)
    for number, raw in enumerate(advanced["per_player"]["labs"]):
        lab(raw, "setup", "advanced", "per_player", "labs", number)
    material_map(setup.get("market", {}), "setup", "market")
    for players, ids in beginner["display"].items():
        for index, card_id in enumerate(ids):
            r.known("REF_UNKNOWN_CARD", "card", card_id, cards, pointer("setup", "beginner", "display", players, index))
    for players, counts in advanced.get("removed_cards", {}).items():
        for tier in counts:
            r.known("REF_UNKNOWN_TIER", "tier", tier, tiers,
                    pointer("setup", "advanced", "removed_cards", players, tier))
    for index, layer in enumerate(setup["deck"]["layers"]):
        at = ("setup", "deck", "layers", index)
        for number, card_id in enumerate(layer.get("cards", [])):
            r.known("REF_UNKNOWN_CARD", "card", card_id, cards, pointer(*at, "cards", number))
        for tier in layer.get("add", {}):
            r.known("REF_UNKNOWN_TIER", "tier", tier, tiers, pointer(*at, "add", tier))
        for number, tier in enumerate(layer.get("rest", [])):
            r.known("REF_UNKNOWN_TIER", "tier", tier, tiers, pointer(*at, "rest", number))

    districts = city["districts"]
    for index, letter in enumerate(city["order"]):
        r.known("REF_UNKNOWN_DISTRICT", "district", letter, districts, pointer("city", "order", index))
    for letter, district in districts.items():
        if "material" in district:
            r.known("REF_UNKNOWN_MATERIAL", "material", district["material"], materials,
                    pointer("city", "districts", letter, "material"))
    r.unique("council space", city["council"]["spaces"], "id", ("city", "council", "spaces"))
    for index, space in enumerate(city["council"]["spaces"]):
        for field in ("from", "to"):
            for number, letter in enumerate(space.get("params", {}).get(field, [])):
                r.known("REF_UNKNOWN_DISTRICT", "district", letter, districts,
                        pointer("city", "council", "spaces", index, "params", field, number))
    upgrades = r.unique("upgrade", city["workshop"]["upgrades"], "id", ("city", "workshop", "upgrades"))
    for index, upgrade in enumerate(city["workshop"]["upgrades"]):
        params = upgrade.get("params", {})
        at = ("city", "workshop", "upgrades", index, "params")
        if "kind" in params:
            r.known("REF_UNKNOWN_LAB", "lab kind", params["kind"], labs, pointer(*at, "kind"))
            for field in ("from", "to", "side"):
                if field in params and params["kind"] in labs:
                    r.known("REF_UNKNOWN_LAB", f"side of the {params['kind']} lab", params[field],
                            labs[params["kind"]]["sides"], pointer(*at, field))
    r.unique("favor", advanced["favors"], "id", ("setup", "advanced", "favors"))
    for index, favor in enumerate(advanced["favors"]):
        if "upgrade" in favor:
            r.known("REF_UNKNOWN_UPGRADE", "upgrade", favor["upgrade"], upgrades,
                    pointer("setup", "advanced", "favors", index, "upgrade"))
    for index, block in enumerate(doc["rounds"]["schedule"]):
        r.known("REF_UNKNOWN_ROUND_KIND", "round kind", block["kind"], doc["rounds"]["kinds"],
                pointer("rounds", "schedule", index, "kind"))
    return r.findings


def pointer(*tokens: str | int) -> str:
    """A JSON pointer from raw tokens (escaped as RFC 6901 wants)."""
    return json_pointer(tokens)

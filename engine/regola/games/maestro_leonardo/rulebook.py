"""Maestro Leonardo's rulebook tables (``GameDefinition.rulebook_tables``): the beginner setup's seats and
every invention card, with the provenance of each field (regola.text.render lays them out)."""

from __future__ import annotations

from regola.core.pack import Pack
from regola.text.bind import number
from regola.text.catalog import Catalog
from regola.text.render import Table

__all__ = ["tables"]


def _components(catalog: Catalog, components: dict[str, int]) -> str:
    return ", ".join(f"{number(catalog, n)}× {catalog.name('materials', m)}" for m, n in components.items() if n)


def _provenance(catalog: Catalog, marks: dict[str, str], name_mark: str) -> str:
    shown = [f"{catalog.chrome('name')}: {catalog.chrome(name_mark) if name_mark == 'translated' else name_mark}"]
    for fieldname, mark in marks.items():
        label = catalog.chrome(fieldname) if fieldname in ("tier", "type", "components") else fieldname
        if fieldname == "rewards":
            label = f"{catalog.chrome('first')}/{catalog.chrome('later')}"
        shown.append(f"{label}: {catalog.chrome('reconstructed') if mark == 'reconstructed' else mark}")
    return "; ".join(shown)


def inventions_table(catalog: Catalog, pack: Pack) -> Table:
    """Every card with its fields and the provenance mark of each field (and of its name)."""
    doc = pack.data
    weeks = {t["id"]: t["weeks"] for t in doc["inventions"]["tiers"]}
    cards = catalog.names("cards")
    rows = []
    for card in doc["inventions"]["cards"]:
        entry = cards.get(str(card["id"]), {})
        rows.append([
            number(catalog, card["id"]),
            str(entry.get("name", card["id"])),
            catalog.name("tiers", card["tier"]),
            catalog.name("types", card["type"]),
            _components(catalog, card["components"]),
            number(catalog, weeks[card["tier"]]),
            number(catalog, card["rewards"]["first"]),
            number(catalog, card["rewards"]["later"]),
            _provenance(catalog, card.get("provenance", {}), str(entry.get("provenance", "—"))),
        ])
    headers = [catalog.chrome(k) for k in ("card", "name", "tier", "type", "components", "weeks", "first", "later",
                                            "provenance")]
    return Table(headers, rows)


def seats_table(catalog: Catalog, pack: Pack) -> Table:
    doc = pack.data
    rows = []
    for index, seat in enumerate(doc["setup"]["beginner"]["seats"]):
        labs = ", ".join(f"{catalog.name('labs', lab['kind'])} {lab['side']}" for lab in seat["labs"])
        rows.append([chr(ord("a") + index) + ")", catalog.name("colors", seat["color"]),
                     number(catalog, seat["apprentices"]), labs, number(catalog, seat["money"]),
                     _components(catalog, seat.get("materials", {})) or "—"])
    headers = [catalog.chrome(k) for k in ("seat", "color", "apprentices", "labs_col", "money", "materials")]
    return Table(headers, rows)


def tables(catalog: Catalog, pack: Pack) -> list[tuple[str, str, str, Table]]:
    """(section, caption, the data they show, table) of every table of the rulebook."""
    return [("setup", catalog.chrome("seats"), "/setup/beginner/seats", seats_table(catalog, pack)),
            ("inventions", catalog.chrome("data_note"), "/inventions/cards", inventions_table(catalog, pack))]

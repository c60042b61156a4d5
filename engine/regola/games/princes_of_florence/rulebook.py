"""Princes of Florence's rulebook tables (``GameDefinition.rulebook_tables``): every profession, bonus and
prestige card the pack's data lists, in the reader's language, with what each wants, pays or scores and
which of its fields no source states (regola.text.render lays them out in the rulebook's card section)."""

from __future__ import annotations

from typing import Any

from regola.core.pack import Pack
from regola.text.bind import number
from regola.text.catalog import Catalog
from regola.text.render import Table

__all__ = ["tables"]

#: the rulebook section the card lists stand in (rulebook.yaml)
SECTION = "cards"


def _reconstructed(catalog: Catalog, marks: dict[str, str]) -> str:
    """The fields no source states (provenance 'reconstructed'), by their column's heading; else —."""
    shown = [catalog.chrome(name) for name, mark in marks.items() if mark == "reconstructed"]
    return ", ".join(shown) if shown else "—"


def professions_table(catalog: Catalog, pack: Pack) -> Table:
    rows = []
    for card in pack.data["professions"]["cards"]:
        rows.append([number(catalog, card["id"]), catalog.name("professions", str(card["id"])),
                     catalog.name("buildings", card["building"]), catalog.name("landscapes", card["landscape"]),
                     catalog.name("freedoms", card["freedom"]), _reconstructed(catalog, card.get("provenance", {}))])
    headers = [catalog.chrome(k) for k in ("card", "name", "building", "landscape", "freedom", "reconstructed")]
    return Table(headers, rows)


def bonus_table(catalog: Catalog, pack: Pack) -> Table:
    rows = [[number(catalog, card["id"]), catalog.name("bonus_cards", str(card["id"]))]
            for card in pack.data["bonus_cards"]]
    return Table([catalog.chrome("card"), catalog.chrome("adds")], rows)


def _points(catalog: Catalog, card: dict[str, Any]) -> str:
    tied = card.get("tied_points")
    said = number(catalog, card["points"])
    return said if tied is None else f"{said} ({catalog.chrome('tied')}: {number(catalog, tied)})"


def prestige_table(catalog: Catalog, pack: Pack) -> Table:
    rows = [[number(catalog, card["id"]), catalog.name("prestige_cards", str(card["id"])), _points(catalog, card)]
            for card in pack.data["prestige_cards"]]
    return Table([catalog.chrome(k) for k in ("card", "name", "points")], rows)


def characters_table(catalog: Catalog, pack: Pack) -> Table:
    """The expansion's character cards (004 Rozszerzenie Muza i Księżniczka): each card's range of bids,
    and whether its lowest bid wins (the banker)."""
    rows = []
    for card in pack.data["characters"]["cards"]:
        bids = f"{number(catalog, card['min'])}–{number(catalog, card['max'])}"
        rows.append([catalog.name("characters", card["id"]), bids,
                     catalog.chrome("lowest_wins") if card.get("lower_wins") else catalog.chrome("highest_wins")])
    return Table([catalog.chrome(k) for k in ("name", "bids", "winning_bid")], rows)


def tables(catalog: Catalog, pack: Pack) -> list[tuple[str, str, str, Table]]:
    """(section, caption, the data they show, table) of every table of the rulebook; the character cards
    where the pack plays them (the expansion's variant)."""
    out = [(SECTION, catalog.chrome("profession_cards"), "/professions/cards", professions_table(catalog, pack)),
           (SECTION, catalog.chrome("bonus_cards"), "/bonus_cards", bonus_table(catalog, pack)),
           (SECTION, catalog.chrome("prestige_cards"), "/prestige_cards", prestige_table(catalog, pack))]
    if pack.data.get("characters"):
        out.append((SECTION, catalog.chrome("character_cards"), "/characters/cards", characters_table(catalog, pack)))
    return out

"""Princes of Florence's board from a view: the round and the work minimum, the auction under way,
every principality grid with its buildings and landscapes, and each player's money, prestige,
architects, jesters, freedoms, works and (one's own) cards in hand."""

from __future__ import annotations

from typing import Any

from regola.tables.boards.svg import Canvas, seat_colour, short
from regola.tables.words import Words

__all__ = ["draw"]

WIDTH = 360
CELL = 22
#: fill of a cell by what stands on it
FILLS = {"#": "#8a7f70", "building": "#c98d4b", "landscape": "#6aa55a", "shared": "#b07cc6", ".": "#f6f1e4"}


def _piece_name(words: Words, piece: str) -> str:
    for category in ("buildings", "landscapes"):
        if piece in words.catalog.names(category):
            return words.name(category, piece)
    return piece


def _kind(words: Words, piece: str) -> str:
    return "landscape" if piece in words.catalog.names("landscapes") else "building"


def _grid(canvas: Canvas, parent: Any, p: dict[str, Any], words: Words, x0: float, y0: float) -> float:
    """The principality: one square per cell, ``data-cell="column,row"`` for choosing a spot."""
    pieces = p["pieces"]
    seen: set[str] = set()
    grid = canvas.group(parent, class_="principality", data_seat=p["seat"])
    for row, line in enumerate(p["board"]):
        for column, mark in enumerate(line):
            x, y = x0 + column * CELL, y0 + row * CELL
            if mark == "#":
                fill, said = FILLS["#"], words.gettext("palace")
            elif mark == ".":
                fill, said = FILLS["."], words.gettext("free")
            elif mark.isupper() and ord(mark) - 65 < len(pieces):
                piece = pieces[ord(mark) - 65][0]
                fill, said = FILLS[_kind(words, piece)], _piece_name(words, piece)
            else:
                fill, said = FILLS["shared"], words.gettext("shared building")
            cell = canvas.rect(grid, x, y, CELL - 1, CELL - 1, fill=fill, class_="cell",
                               data_cell=f"{column},{row}")
            if mark.isupper() and mark not in seen:
                seen.add(mark)
                canvas.text(grid, x + CELL / 2, y + CELL / 2 + 4, said[:2], class_="count", text_anchor="middle")
            canvas.title(cell, words.gettext("column {column}, row {row}: {what}", column=words.number(column + 1),
                                     row=words.number(row + 1), what=said))
    return y0 + len(p["board"]) * CELL


def _auction(canvas: Canvas, view: dict[str, Any], words: Words, top: float) -> float:
    step = view.get("step") or {}
    if "lot" not in step:
        return top
    group = canvas.group(class_="auction")
    lot = words.name("lots", step["lot"]) if step.get("lot") is not None else words.gettext("nothing open")
    line = words.gettext("Auction: {lot}", lot=lot)
    if step.get("high") is not None:
        line += " · " + words.gettext("{price}, {who} leads", price=words.amount("money", step["price"]),
                                      who=words.seat(step["high"]))
    canvas.rect(group, 4, top, WIDTH - 8, 24, rx=5)
    canvas.text(group, 10, top + 16, line, class_="name")
    canvas.title(group, line)
    return top + 30


def _characters(canvas: Canvas, view: dict[str, Any], words: Words, top: float) -> float:
    """The expansion's character cards: tokens bidding on them in phase A2 and who holds which."""
    tokens = (view.get("step") or {}).get("tokens") or {}
    held = ((view.get("characters") or {}).get("owners")) or {}
    if not tokens and not held:
        return top
    parts = [words.gettext("{character}: {who}, {price}", character=words.name("characters", card),
                           who=words.seat(int(seat)), price=words.amount("money", int(bid)))
             for card, (seat, bid) in tokens.items()]
    parts += [words.gettext("{character}: {who}", character=words.name("characters", card),
                            who=words.seat(int(seat))) for card, seat in held.items()]
    group = canvas.group(class_="characters")
    line = " · ".join(parts)
    canvas.rect(group, 4, top, WIDTH - 8, 24, rx=5)
    canvas.text(group, 10, top + 16, short(line, 56), class_="name")
    canvas.title(group, line)
    return top + 30


def _player(canvas: Canvas, view: dict[str, Any], p: dict[str, Any], words: Words, top: float) -> float:
    own = p["seat"] == view.get("seat")
    group = canvas.group(class_="player you" if own else "player", data_seat=p["seat"])
    who = words.seat(p["seat"])
    if own:
        who += " (" + words.gettext("you") + ")"
    lines = [who,
             words.amount("money", p["money"]) + " · " + words.amount("prestige", p["prestige"]),
             # the game's nouns come from its rule catalog (the rulebook's words), not from this catalog
             words.gettext("{architect}: {architects} · {jester}: {jesters}",
                           architect=words.name("components", "architect"), architects=words.number(p["architects"]),
                           jester=words.name("components", "jester"), jesters=words.number(p["jesters"]))]
    lines += [words.name("freedoms", f) for f in p["freedoms"]]
    works = [words.name("professions", c) for c in p["table"] if c]
    if works:
        lines.append(words.gettext("works: {cards}", cards=", ".join(works)))
    if "hand" in p:  # one's own, or anyone's where the pack shows hands (mechanics.visibility)
        lines.append(words.gettext("hand: {cards}", cards=", ".join(words.name("professions", c) for c in p["hand"])
                           or words.gettext("nothing")))
    else:
        lines.append(words.gettext("{count} cards in hand", count=words.number(p["hand_size"])))
    grid_height = len(p["board"]) * CELL
    height = max(grid_height, 15 * len(lines)) + 12
    canvas.rect(group, 4, top, WIDTH - 8, height, rx=5)
    canvas.rect(group, 4, top, 6, height, fill=seat_colour(None, p["seat"]))
    _grid(canvas, group, p, words, 14, top + 6)
    text_x = 14 + len(p["board"][0]) * CELL + 8 if p["board"] else 14
    hand_line = len(lines) - 1 if "hand" in p else -1
    for k, line in enumerate(lines):
        role = "name" if k == 0 else "hand" if k == hand_line else "line"
        canvas.text(group, text_x, top + 18 + 15 * k, short(line, 30), class_=role)
    canvas.title(group, "; ".join(lines))
    return top + height + 6


def draw(view: dict[str, Any], words: Words) -> str:
    label = words.gettext("Princes of Florence, round {round}: {phase}", round=words.number(view["round"]),
                  phase=words.name("phases", view["phase"]))
    canvas = Canvas(WIDTH, label, "board princes-of-florence")
    canvas.text(None, 8, 16, label, class_="title")
    canvas.text(None, 8, 32, words.gettext("a work needs {value} this round", value=words.number(view["minimum_work"])),
                class_="note")
    top = _characters(canvas, view, words, _auction(canvas, view, words, 40))
    for p in view["players"]:
        top = _player(canvas, view, p, words, top)
    return canvas.finish(top + 4)

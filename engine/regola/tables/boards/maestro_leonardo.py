"""Maestro Leonardo's board from a view: the city (every district with its people and, while it is
resolved, the current price), the display of requested inventions, every player's purse (only one's
own: purses are private), people and labs, and one's own hand."""

from __future__ import annotations

from typing import Any

from regola.tables.boards.svg import Canvas, seat_colour, short
from regola.tables.words import Words

__all__ = ["draw"]

WIDTH = 360
TILE_W, TILE_H = 112, 58


def _district_letters(view: dict[str, Any], words: Words) -> list[str]:
    letters = set(words.catalog.names("districts")) | set(view["occupancy"])
    return sorted(letter for letter in letters if not letter.startswith("lab"))


def _color_of(view: dict[str, Any], seat: int) -> str:
    return seat_colour(view["players"][seat]["color"], seat)


def _city(canvas: Canvas, view: dict[str, Any], words: Words, top: float) -> float:
    step = view.get("step") or {}
    letters = _district_letters(view, words)
    group = canvas.group(class_="city")
    canvas.text(group, 8, top + 14, words.gettext("City"), class_="heading")
    top += 22
    for i, letter in enumerate(letters):
        x, y = 4 + (i % 3) * (TILE_W + 6), top + (i // 3) * (TILE_H + 6)
        current = step.get("district") == letter
        tile = canvas.group(group, class_="district current" if current else "district", data_district=letter)
        canvas.rect(tile, x, y, TILE_W, TILE_H, rx=6)
        name = words.name("districts", letter)
        canvas.text(tile, x + 6, y + 15, short(name, 19), class_="name")
        people = view["occupancy"].get(letter, [])
        said = []
        for k, (seat, apprentices, master) in enumerate(people):
            cx = x + 12 + k * 24
            canvas.circle(tile, cx, y + 32, 9, fill=_color_of(view, seat), class_="master" if master else "people")
            canvas.text(tile, cx, y + 36, words.number(apprentices), class_="count", text_anchor="middle")
            colour = words.seat(seat, view["players"][seat]["color"])
            said.append(words.gettext("{colour}: {count} apprentices", colour=colour, count=words.number(apprentices))
                        + (" + " + words.gettext("master") if master else ""))
        if current and "price" in step:
            canvas.text(tile, x + TILE_W - 6, y + 52, words.gettext("price {price}", price=words.number(step["price"])),
                        class_="price", text_anchor="end")
            said.append(words.gettext("price {price}", price=words.number(step["price"])))
        canvas.title(tile, name + (": " + "; ".join(said) if said else ""))
    rows = (len(letters) + 2) // 3
    return top + rows * (TILE_H + 6)


def _display(canvas: Canvas, view: dict[str, Any], words: Words, top: float) -> float:
    group = canvas.group(class_="display")
    canvas.text(group, 8, top + 14, words.gettext("Requested inventions"), class_="heading")
    deck = words.gettext("deck: {count}", count=words.number(view["deck_size"]))
    canvas.text(group, WIDTH - 8, top + 14, deck, class_="note", text_anchor="end")
    top += 20
    for i, card in enumerate(view["display"]):
        x, y = 4 + (i % 3) * (TILE_W + 6), top + (i // 3) * 30
        part = canvas.group(group, class_="card", data_card=card)
        canvas.rect(part, x, y, TILE_W, 26, rx=4)
        name = f"{card} · {words.name('cards', card)}"
        canvas.text(part, x + 6, y + 17, short(name, 19), class_="name")
        canvas.title(part, name)
    if view.get("deck_top_known"):
        known = ", ".join(words.number(c) for c in view["deck_top_known"])
        top += ((len(view["display"]) + 2) // 3) * 30
        seen = words.gettext("Top of the deck (seen by you): {cards}", cards=known)
        canvas.text(group, 8, top + 14, seen, class_="note")
        return top + 20
    return top + ((len(view["display"]) + 2) // 3) * 30 + 4


def _lab(words: Words, lab: dict[str, Any]) -> str:
    size = words.name("labs", lab["kind"])
    if not lab["working"]:
        return size + ": " + words.gettext("idle")
    if "target" in lab and lab["target"] is not None:
        return size + ": " + words.gettext("invention {card}, {weeks} weeks", card=words.name("cards", lab["target"]),
                                   weeks=words.number(lab["weeks"]))
    return size + ": " + words.gettext("working, {weeks} weeks", weeks=words.number(lab["weeks"]))


def _players(canvas: Canvas, view: dict[str, Any], words: Words, top: float) -> float:
    me = view.get("seat")
    group = canvas.group(class_="players")
    for p in view["players"]:
        own = p["seat"] == me
        colour = words.seat(p["seat"], p["color"])
        row = canvas.group(group, class_="player you" if own else "player", data_seat=p["seat"])
        lines = [colour + (" (" + words.gettext("you") + ")" if own else ""),
                 words.gettext("apprentices {free} ready, {academy} in the academy",
                               free=words.number(p["apprentices"]), academy=words.number(p["academy"]))]
        if "money" in p:
            lines[0] += " · " + words.amount("money", p["money"])
        if p["seat"] == view.get("leonardo"):
            lines[0] += " · " + words.gettext("holds Leonardo")
        lines += [_lab(words, lab) for lab in p["labs"]]
        if p["completed"]:
            done = ", ".join(words.name("cards", c) for c in p["completed"])
            lines.append(words.gettext("completed: {cards}", cards=done))
        height = 8 + 15 * len(lines)
        canvas.rect(row, 4, top, WIDTH - 8, height, rx=5)
        canvas.rect(row, 4, top, 8, height, fill=seat_colour(p["color"], p["seat"]))
        for k, line in enumerate(lines):
            canvas.text(row, 18, top + 16 + 15 * k, short(line, 62), class_="name" if k == 0 else "line")
        canvas.title(row, "; ".join(lines))
        top += height + 6
        if own and "hand" in p:
            hand = ", ".join(f"{words.name('materials', m)} {words.number(n)}" for m, n in p["hand"].items() if n)
            canvas.text(group, 8, top + 12, words.gettext("Your hand: {cards}", cards=hand or words.gettext("nothing")),
                        class_="hand")
            top += 20
    return top


def draw(view: dict[str, Any], words: Words) -> str:
    label = words.gettext("Maestro Leonardo, round {round}: {phase}", round=words.number(view["round"]),
                  phase=words.name("phases", view["phase"]))
    canvas = Canvas(WIDTH, label, "board maestro-leonardo")
    canvas.text(None, 8, 16, label, class_="title")
    top = _city(canvas, view, words, 24)
    top = _display(canvas, view, words, top + 4)
    top = _players(canvas, view, words, top + 4)
    return canvas.finish(top + 4)

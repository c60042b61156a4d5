"""Maestro Leonardo's board from a view: the city (every district with who stands there, how many
apprentices and whether their master, and, while it is resolved, the current price), the council's
purse, the shops' supply and the market, the display of requested inventions, every player's purse
(only one's own: purses are private), people, master, labs with who and what is in them, inventions
held and completed, and one's own hand. Every text wraps to its box (svg.Canvas.lines): nothing is cut,
so a phone, which shows no tooltips, shows it all."""

from __future__ import annotations

from typing import Any

from regola.core.gamedef import BoardWords
from regola.text.svg import Canvas, height_of, seat_colour

__all__ = ["draw"]

WIDTH = 360
TILE_W, TILE_H = 112, 58


def _district_letters(view: dict[str, Any], words: BoardWords) -> list[str]:
    letters = set(words.names("districts")) | set(view["occupancy"])
    return sorted(letter for letter in letters if not letter.startswith("lab"))


def _color_of(view: dict[str, Any], seat: int) -> str:
    return seat_colour(view["players"][seat]["color"], seat)


PEOPLE_PER_ROW = 4  # circles of people across a tile (24 px each)


def _people(canvas: Canvas, tile: Any, view: dict[str, Any], words: BoardWords, x: float, y: float,
            people: list[list[int]]) -> list[str]:
    """One circle per seat in a place (its apprentices counted inside, a ring for its master), wrapped
    four to a row; each carries its numbers (``data-apprentices``, ``data-master``) for programs and
    tests. The words of each."""
    said = []
    for k, (seat, apprentices, master) in enumerate(people):
        cx, cy = x + 12 + (k % PEOPLE_PER_ROW) * 24, y + 11 + (k // PEOPLE_PER_ROW) * 22
        canvas.circle(tile, cx, cy, 9, fill=_color_of(view, seat), class_="master" if master else "people",
                      data_seat=seat, data_apprentices=apprentices, data_master=1 if master else 0)
        canvas.text(tile, cx, cy + 4, words.number(apprentices), class_="count", text_anchor="middle")
        colour = words.seat(seat, view["players"][seat]["color"])
        said.append(words.gettext("{colour}: {count} apprentices", colour=colour, count=words.number(apprentices))
                    + (" + " + words.gettext("master") if master else ""))
    return said


def _tile_height(view: dict[str, Any], words: BoardWords, letter: str) -> float:
    people = len(view["occupancy"].get(letter, []))
    current = (view.get("step") or {}).get("district") == letter and "price" in (view.get("step") or {})
    return 8 + height_of(words.name("districts", letter), TILE_W - 12, "name") \
        + max(1, (people + PEOPLE_PER_ROW - 1) // PEOPLE_PER_ROW) * 22 + (14 if current else 0)


def _city(canvas: Canvas, view: dict[str, Any], words: BoardWords, top: float) -> float:
    """Every district: its name, who stands there with how many apprentices and whether their master,
    and, while it is resolved, its price; then the council's purse and the shops' supply."""
    step = view.get("step") or {}
    letters = _district_letters(view, words)
    group = canvas.group(class_="city")
    canvas.text(group, 8, top + 14, words.gettext("City"), class_="heading")
    top += 22
    for first in range(0, len(letters), 3):
        row = letters[first:first + 3]
        height = max(_tile_height(view, words, letter) for letter in row)
        for i, letter in enumerate(row):
            x = 4 + i * (TILE_W + 6)
            current = step.get("district") == letter
            tile = canvas.group(group, class_="district current" if current else "district", data_district=letter)
            canvas.rect(tile, x, top, TILE_W, height, rx=6)
            name = words.name("districts", letter)
            y = top + 4 + canvas.lines(tile, x + 6, top + 3, name, TILE_W - 12, "name")
            said = _people(canvas, tile, view, words, x, y, view["occupancy"].get(letter, []))
            if current and "price" in step:
                price = words.gettext("price {price}", price=words.amount("money", step["price"]))
                canvas.text(tile, x + TILE_W - 6, top + height - 6, price, class_="price", text_anchor="end")
                said.append(price)
            canvas.title(tile, name + (": " + "; ".join(said) if said else ""))
        top += height + 6
    council = words.gettext("Council purse: {money}", money=words.amount("money", view["council_money"]))
    top += canvas.lines(group, 8, top, council, WIDTH - 16, "note")
    supply = ", ".join(f"{words.name('materials', m)} {words.number(n)}" for m, n in view["shops"].items())
    top += canvas.lines(group, 8, top, words.gettext("Shops: {supply}", supply=supply), WIDTH - 16, "note")
    if view.get("market"):
        offer = ", ".join(f"{words.name('materials', m)} {words.number(n)}" for m, n in view["market"].items() if n)
        top += canvas.lines(group, 8, top, words.gettext("Market: {offer}", offer=offer), WIDTH - 16, "note")
    return top + 4


def _display(canvas: Canvas, view: dict[str, Any], words: BoardWords, top: float) -> float:
    group = canvas.group(class_="display")
    canvas.text(group, 8, top + 14, words.gettext("Requested inventions"), class_="heading")
    deck = words.gettext("deck: {count}", count=words.number(view["deck_size"]))
    canvas.text(group, WIDTH - 8, top + 14, deck, class_="note", text_anchor="end")
    top += 20
    cards = list(view["display"])
    for first in range(0, len(cards), 3):
        row = cards[first:first + 3]
        names = [f"{card} · {words.name('cards', card)}" for card in row]
        height = 8 + max(height_of(name, TILE_W - 12, "name") for name in names)
        for i, (card, name) in enumerate(zip(row, names, strict=True)):
            x = 4 + i * (TILE_W + 6)
            part = canvas.group(group, class_="card", data_card=card)
            canvas.rect(part, x, top, TILE_W, height, rx=4)
            canvas.lines(part, x + 6, top + 3, name, TILE_W - 12, "name")
            canvas.title(part, name)
        top += height + 4
    if view.get("deck_top_known"):
        known = ", ".join(words.number(c) for c in view["deck_top_known"])
        seen = words.gettext("Top of the deck (seen by you): {cards}", cards=known)
        top += canvas.lines(group, 8, top, seen, WIDTH - 16, "note")
    return top + 4


def _lab(words: BoardWords, lab: dict[str, Any]) -> str:
    """A lab: its size, what it works on (the invention only to its owner) and who and what is in it."""
    size = words.name("labs", lab["kind"])
    if not lab["working"]:
        line = size + ": " + words.gettext("idle")
    elif "target" in lab and lab["target"] is not None:
        line = size + ": " + words.gettext("invention {card}, {weeks} weeks", card=words.name("cards", lab["target"]),
                                           weeks=words.number(lab["weeks"]))
    else:
        line = size + ": " + words.gettext("working, {weeks} weeks", weeks=words.number(lab["weeks"]))
    if lab.get("apprentices"):
        line += " · " + words.ngettext("{n} apprentice", "{n} apprentices", lab["apprentices"],
                                       n=words.number(lab["apprentices"]))
    if lab.get("master"):
        line += " · " + words.gettext("master")
    if lab.get("robots"):
        line += " · " + words.gettext("robots: {n}", n=words.number(lab["robots"]))
    return line


def _players(canvas: Canvas, view: dict[str, Any], words: BoardWords, top: float) -> float:
    me = view.get("seat")
    group = canvas.group(class_="players")
    for p in view["players"]:
        own = p["seat"] == me
        colour = words.seat(p["seat"], p["color"])
        row = canvas.group(group, class_="player you" if own else "player", data_seat=p["seat"])
        lines = [colour + (" (" + words.gettext("you") + ")" if own else ""),
                 words.gettext("apprentices {free} ready, {academy} in the academy",
                               free=words.number(p["apprentices"]), academy=words.number(p["academy"]))]
        if p.get("master"):
            where = p["master"]
            place = words.name("districts", where) if not str(where).startswith("lab") else words.gettext("own lab")
            lines.append(words.gettext("master: {where}", where=place))
        if "money" in p:
            lines[0] += " · " + words.amount("money", p["money"])
        if p["seat"] == view.get("leonardo"):
            lines[0] += " · " + words.gettext("holds Leonardo")
        lines += [_lab(words, lab) for lab in p["labs"]]
        held = [c for c in p.get("cards", []) if c not in p["completed"]]
        if held:
            lines.append(words.gettext("inventions held: {cards}",
                                       cards=", ".join(words.name("cards", c) for c in held)))
        if p["completed"]:
            done = ", ".join(words.name("cards", c) for c in p["completed"])
            lines.append(words.gettext("completed: {cards}", cards=done))
        roles = ["name"] + ["line"] * (len(lines) - 1)
        height = 10 + sum(height_of(line, WIDTH - 26, role) for line, role in zip(lines, roles, strict=True))
        canvas.rect(row, 4, top, WIDTH - 8, height, rx=5)
        canvas.rect(row, 4, top, 8, height, fill=seat_colour(p["color"], p["seat"]))
        y = top + 4
        for line, role in zip(lines, roles, strict=True):
            y += canvas.lines(row, 18, y, line, WIDTH - 26, role)
        canvas.title(row, "; ".join(lines))
        top += height + 6
        if own and "hand" in p:
            hand = ", ".join(f"{words.name('materials', m)} {words.number(n)}" for m, n in p["hand"].items() if n)
            said = words.gettext("Your hand: {cards}", cards=hand or words.gettext("nothing"))
            top += canvas.lines(group, 8, top, said, WIDTH - 16, "hand") + 6
    return top


def draw(view: dict[str, Any], words: BoardWords) -> str:
    label = words.gettext("Maestro Leonardo, round {round}: {phase}", round=words.number(view["round"]),
                  phase=words.name("phases", view["phase"]))
    canvas = Canvas(WIDTH, label, "board maestro-leonardo")
    top = 4 + canvas.lines(None, 8, 2, label, WIDTH - 16, "title")
    top = _city(canvas, view, words, top)
    top = _display(canvas, view, words, top + 4)
    top = _players(canvas, view, words, top + 4)
    return canvas.finish(top + 4)

"""Princes of Florence's board from a view: the round and the work minimum, the auction under way in
the pack's form (the lot, its price and leader, the price asked, who has bid, who is out), every
principality grid with each piece in its kind's colour, outlined and lettered with a key, and each
player's money, prestige, architects, jesters, freedoms, works and (one's own) cards in hand. Every text
wraps to its box: nothing is cut."""

from __future__ import annotations

from typing import Any

from regola.core.gamedef import BoardWords
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.views import PILE_CARDS
from regola.text.svg import Canvas, height_of, seat_colour

__all__ = ["draw", "spots"]

WIDTH = 360
CELL = 22
#: fill of a cell by what stands on it; a building or landscape takes its kind's colour (by its place
#: among the catalog's buildings or landscapes), so two pieces of one kind look alike, two kinds apart
FILLS = {"#": "#8a7f70", "shared": "#b07cc6", ".": "#f6f1e4"}
BUILDING_FILLS = ("#c98d4b", "#d9b44a", "#b5654a", "#cf8fa8", "#9c7bc4", "#6f9fd1", "#d97c3a", "#a8a04a",
                  "#c4708a", "#8a8fd6", "#b8875c", "#e0a070")
LANDSCAPE_FILLS = ("#6aa55a", "#4f8fb8", "#8cbf5a", "#3f8f6f")
#: the border between two different pieces (or a piece and the rest)
EDGE = "#3a3026"


def _piece_name(words: BoardWords, piece: str) -> str:
    for category in ("buildings", "landscapes"):
        if piece in words.names(category):
            return words.name(category, piece)
    return piece


def _fills(words: BoardWords) -> dict[str, str]:
    """Each building's and landscape's colour, by its place among the catalog's buildings or landscapes."""
    out: dict[str, str] = {}
    for category, fills in (("buildings", BUILDING_FILLS), ("landscapes", LANDSCAPE_FILLS)):
        out.update({kind: fills[k % len(fills)] for k, kind in enumerate(sorted(words.names(category)))})
    return out


def _grid(canvas: Canvas, parent: Any, p: dict[str, Any], words: BoardWords, x0: float, y0: float) -> float:
    """The principality: one square per cell (``data-cell="column,row"`` for choosing a spot), each piece
    in its kind's colour, outlined, and lettered as the key beside it names it."""
    pieces, board = p["pieces"], p["board"]
    fills = _fills(words)
    grid = canvas.group(parent, class_="principality", data_seat=p["seat"])
    seen: set[str] = set()
    for row, line in enumerate(board):
        for column, mark in enumerate(line):
            x, y = x0 + column * CELL, y0 + row * CELL
            if mark == "#":
                fill, said = FILLS["#"], words.gettext("palace")
            elif mark == ".":
                fill, said = FILLS["."], words.gettext("free")
            elif mark.isupper() and ord(mark) - 65 < len(pieces):
                piece = pieces[ord(mark) - 65][0]
                fill, said = fills.get(piece, BUILDING_FILLS[0]), _piece_name(words, piece)
            else:
                fill, said = FILLS["shared"], words.gettext("shared building")
            cell = canvas.rect(grid, x, y, CELL, CELL, fill=fill, class_="cell", data_cell=f"{column},{row}",
                               stroke_width=0.4)
            if mark.isupper() and mark not in seen:
                seen.add(mark)
                canvas.text(grid, x + CELL / 2, y + CELL / 2 + 4, mark, class_="count", text_anchor="middle")
            canvas.title(cell, words.gettext("column {column}, row {row}: {what}", column=words.number(column + 1),
                                             row=words.number(row + 1), what=said))
    for row, line in enumerate(board):  # a piece's outline: every edge whose other side is not the same piece
        for column, mark in enumerate(line):
            if mark in ".#":
                continue
            x, y = x0 + column * CELL, y0 + row * CELL
            for dx, dy, x1, y1, x2, y2 in ((0, -1, 0, 0, 1, 0), (0, 1, 0, 1, 1, 1), (-1, 0, 0, 0, 0, 1),
                                           (1, 0, 1, 0, 1, 1)):
                r, c = row + dy, column + dx
                if not (0 <= r < len(board) and 0 <= c < len(board[r])) or board[r][c] != mark:
                    canvas.line(grid, x + x1 * CELL, y + y1 * CELL, x + x2 * CELL, y + y2 * CELL, stroke=EDGE,
                                stroke_width=1.6)
    return y0 + len(board) * CELL


def spots(rules: Any, legal: list[list[Any]], words: BoardWords) -> list[dict[str, str] | None]:
    """For each legal action, where it puts a piece on the seat's own grid (None for any other action): the
    piece and its name, its orientation, the corner cell that names the spot and every cell the piece would
    cover, so the page can mark the spots, show the piece and where it would lie before it is placed
    (tables.js)."""
    out: list[dict[str, str] | None] = []
    for action in legal:
        if len(action) == 5 and action[0] == "place" and all(isinstance(v, int) for v in action[2:]):
            covers = rules.principality.cells(Placement(*action[1:]))
            out.append({"piece": str(action[1]), "name": _piece_name(words, str(action[1])),
                        "orientation": str(action[2]), "cell": f"{action[3]},{action[4]}",
                        "covers": " ".join(f"{c},{r}" for c, r in covers)})
        else:
            out.append(None)
    return out


def _key(p: dict[str, Any], words: BoardWords) -> list[str]:
    """The letters of the principality's pieces and what each is ('A Forest'), as the terminal keys them."""
    return [f"{chr(65 + k)} {_piece_name(words, piece[0])}" for k, piece in enumerate(p["pieces"])]


def _box(canvas: Canvas, css: str, line: str, top: float) -> float:
    """A full-width box holding ``line``, wrapped."""
    group = canvas.group(class_=css)
    height = height_of(line, WIDTH - 20, "name") + 10
    canvas.rect(group, 4, top, WIDTH - 8, height, rx=5)
    canvas.lines(group, 10, top + 4, line, WIDTH - 20, "name")
    canvas.title(group, line)
    return top + height + 6


def _auction(canvas: Canvas, view: dict[str, Any], words: BoardWords, top: float) -> float:
    step = view.get("step") or {}
    if "lot" not in step:
        return top
    lot = words.name("lots", step["lot"]) if step.get("lot") is not None else words.gettext("nothing open")
    line = words.gettext("Auction: {lot}", lot=lot)
    if step.get("high") is not None:
        line += " · " + words.gettext("{price}, {who} leads", price=words.amount("money", step["price"]),
                                      who=words.seat(step["high"]))
    elif step.get("asked") is not None and step.get("price") is not None:  # the Dutch form: the price asked
        line += " · " + words.gettext("asking {price}", price=words.amount("money", step["price"]))
    if step.get("bid"):  # the sealed form: who has bid (never how much)
        line += " · " + words.gettext("sealed bids from: {seats}", seats=", ".join(words.seat(s) for s in step["bid"]))
    out = [words.seat(seat) for seat, gone in enumerate(step.get("out") or []) if gone]
    out += [words.seat(seat) for seat in step.get("passed") or []]
    if out:
        line += " · " + words.gettext("out of the bidding: {seats}", seats=", ".join(out))
    return _box(canvas, "auction", line, top)


def _characters(canvas: Canvas, view: dict[str, Any], words: BoardWords, top: float) -> float:
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
    return _box(canvas, "characters", " · ".join(parts), top)


def _player(canvas: Canvas, view: dict[str, Any], p: dict[str, Any], words: BoardWords, top: float) -> float:
    own = p["seat"] == view.get("seat")
    group = canvas.group(class_="player you" if own else "player", data_seat=p["seat"])
    who = words.seat(p["seat"])
    if own:
        who += " (" + words.gettext("you") + ")"
    lines = [who,
             " · ".join(([words.amount("money", p["money"])] if "money" in p else [])  # unless secret
                        + [words.amount("prestige", p["prestige"])]),
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
    hand_line = len(lines) - 1 if "hand" in p else -1
    roles = ["name" if k == 0 else "hand" if k == hand_line else "line" for k in range(len(lines))]
    key = _key(p, words)
    lines += key
    roles += ["note"] * len(key)
    grid_height = len(p["board"]) * CELL
    text_x = 14 + len(p["board"][0]) * CELL + 8 if p["board"] else 14
    text_width = WIDTH - 8 - text_x
    text_height = sum(height_of(line, text_width, role) for line, role in zip(lines, roles, strict=True))
    height = max(grid_height, text_height) + 12
    canvas.rect(group, 4, top, WIDTH - 8, height, rx=5)
    canvas.rect(group, 4, top, 6, height, fill=seat_colour(None, p["seat"]))
    _grid(canvas, group, p, words, 14, top + 6)
    y = top + 5
    for line, role in zip(lines, roles, strict=True):
        y += canvas.lines(group, text_x, y, line, text_width, role)
    canvas.title(group, "; ".join(lines))
    return top + height + 6


def draw(view: dict[str, Any], words: BoardWords) -> str:
    label = words.gettext("Princes of Florence, round {round}: {phase}", round=words.number(view["round"]),
                  phase=words.name("phases", view["phase"]))
    canvas = Canvas(WIDTH, label, "board princes-of-florence")
    top = 2 + canvas.lines(None, 8, 2, label, WIDTH - 16, "title")
    need = words.gettext("a work needs {value} this round", value=words.number(view["minimum_work"]))
    top += canvas.lines(None, 8, top, need, WIDTH - 16, "note") + 4
    top = _characters(canvas, view, words, _auction(canvas, view, words, top))
    for pile, cards in (view.get("open_piles") or {}).items():  # a pile a house rule lays face up
        names = ", ".join(words.name(PILE_CARDS.get(pile, pile), c) for c in cards) or words.gettext("nothing")
        line = words.gettext("{pile}, face up, from the top: {cards}", pile=words.name("piles", pile), cards=names)
        top += canvas.lines(None, 8, top, line, WIDTH - 16, "note")
    for p in view["players"]:
        top = _player(canvas, view, p, words, top)
    return canvas.finish(top + 4)

"""What each audience of a table receives: a seat its player view (the game's ``view``, legal actions
when it is to move), a spectator the public view, the hot-seat device the public view until the seat to
move is handed the device. Events since a line number tell what happened, as ``hidden.seen`` allows.
Nothing here reads the game state beyond the views, so a message can hold no more than a view does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.core.errors import IllegalAction
from regola.core.game import TERMINAL
from regola.core.step import SPECTATOR
from regola.tables.hidden import hidden_for, seen
from regola.tables.spec import HUMAN
from regola.tables.table import Table

__all__ = ["EVENTS", "SPECTATOR", "Audience", "message"]

#: at most this many events in one message (a client further behind gets the latest and a reset)
EVENTS = 64


@dataclass(frozen=True)
class Audience:
    role: str  # "seat", "spectator", "host" or "hotseat"
    seat: int | None = None  # the seat of a "seat"


def _public_view(table: Table) -> dict[str, Any]:
    view = table.ruleset.definition.view(table.game.state, SPECTATOR)
    view["seat"] = None
    view["to_move"] = table.to_move()
    return view


def _events(table: Table, seat: int | None, since: int, lang: str | None) -> tuple[list[dict[str, Any]], bool]:
    """Decisions after line ``since`` as ``seat`` may know them, each with its sentences in ``lang`` when
    one is asked for (``said``: the decision as every seat may hear it, then what came of it, the chance
    lines after it included); True when the client must start over (it is ahead of the table after a
    take-back, or too far behind)."""
    reset = since > table.n or since < 0 or table.n - since > EVENTS
    start = max(0, table.n - EVENTS) if reset else since
    hidden = hidden_for(table.ruleset)
    told = table.told(lang) if lang is not None else None
    out: list[dict[str, Any]] = []
    for k, line in enumerate(table.lines[start:], start=start):
        if "chance" in line:  # a shuffle or a deal: nobody is told its outcome, only what came of it
            if told is not None and out:
                out[-1]["said"].extend(told[k])
            continue
        event = {"n": line["n"], "seat": line["seat"], "action": seen(hidden, line["seat"], line["action"], seat)}
        if told is not None:
            event["said"] = list(told[k])
        out.append(event)
    return out, reset


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, list | tuple) else value


def message(table: Table, audience: Audience, since: int = 0, reveal: int | None = None,
            lang: str | None = None) -> dict[str, Any]:
    """The message for ``audience`` with the events after line ``since`` (told in ``lang``, a language
    negotiated for the game, when given). For the hot-seat device, ``reveal`` is the seat it has been
    handed to (its view is shown only when that seat is to move)."""
    seat = audience.seat if audience.role == "seat" else None
    to_move = table.to_move()
    handover = None
    if audience.role == "hotseat":
        if reveal is not None and reveal == to_move and table.spec.seats[reveal] == HUMAN:
            seat = reveal
        elif to_move >= 0 and table.spec.seats[to_move] == HUMAN:
            handover = to_move  # the device shows a hand-over screen: nobody's hand
    view = table.game.view(seat) if seat is not None else _public_view(table)
    if "legal" in view:  # as JSON has them: arrays all the way down (a deck order is a tuple inside)
        view["legal"] = [_plain(action) for action in view["legal"]]
    events, reset = _events(table, seat, since, lang)
    out: dict[str, Any] = {
        "table": table.id, "game": table.ruleset.pack.game, "pack": table.ruleset.pack.id, "n": table.n,
        "seat": seat, "to_move": to_move, "over": to_move == TERMINAL, "view": view, "events": events,
        "reset": reset, "seats": [{"seat": i, "player": kind} for i, kind in enumerate(table.spec.seats)],
        "variants": [v.id for v in table.ruleset.pack.variants], "hot_seat": table.spec.hot_seat,
    }
    if handover is not None:
        out["handover"] = handover
    if seat is not None:
        try:
            table.takebacks.check(seat)
            out["take_back"] = True
        except IllegalAction:
            out["take_back"] = False
    if to_move == TERMINAL:
        out["result"] = table.game.result()
    return out

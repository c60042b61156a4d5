"""A table that goes on from a saved game (issue 30 item 4): a record that `regola play --record`, the
terminal's `!save` or a table's own download wrote, continued in the browser with friends and bots.

``POST /api/v1/tables/from-record?seats=human,greedy`` takes the record as its body; the new-table page
posts it as a form (pasted, or read from a file by tables.js). Either way the record is bounded by the
API's record size and refereed first in an engine worker, under the same time and memory bounds as
``/api/v1/records/replay``; only then does the hall rebuild it as a table, every line refereed again. The
pack and the variants are the record's: each embedded variant must be one this server serves, by id and
with the same changes (a name from a record never becomes a path, and a record cannot bring rules of its
own under a served variant's name); who sits where is the request's, else the record's.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from regola.core.errors import RegolaError
from regola.serve import bodies
from regola.serve.context import client_of
from regola.serve.replies import NO_STORE, Problem, json_bytes
from regola.tables.hall import Hall
from regola.tables.spec import HUMAN

__all__ = ["FORM_KINDS", "continue_record", "table_from_record"]

#: what a seat may be asked to be, in the query and on the forms (a bot spec's options are the JSON API's)
FORM_KINDS = (HUMAN, "random", "greedy", "probe", "mcts")


def seat_kinds(raw: str) -> list[str] | None:
    """``human,greedy,…`` as a list (None: the record's own); 400 for anything else."""
    if not raw:
        return None
    kinds = raw.split(",")
    if len(raw) > 200 or len(kinds) > 8 or any(kind not in FORM_KINDS for kind in kinds):
        raise Problem(400, "Bad Request", "seats: a comma-separated list of human, random, greedy, probe, mcts")
    return kinds


def _continue(hall: Hall, request: Request, record: bytes, seats: list[str] | None, hot_seat: bool,
              chosen: list[str] | None = None) -> dict[str, Any]:
    """The table made from a record already refereed (blocking: run in a thread). ``seats`` is who sits
    where (None: the record's); ``chosen`` changes some of them (the form's: '' keeps the record's)."""
    library = request.app.state.library
    rows = [json.loads(line) for line in record.decode("utf-8", "replace").splitlines() if line.strip()]
    header, lines = rows[0], [row for row in rows[1:] if "seat" in row or "chance" in row]
    pack = str(header["pack"])
    library.base(pack)  # a pack this server serves, else NotFound
    variants = []
    for i, embedded in enumerate(header.get("variants") or []):
        # a record embeds each variant whole; the table takes the one this server serves by that id, and
        # only if its changes are the record's (else the game would go on under other rules)
        name = embedded.get("id") if isinstance(embedded, dict) else embedded
        served = library.variant_named(pack, str(name), f"record: variants[{i}]")
        if isinstance(embedded, dict) and embedded.get("changes") != served.changes:
            raise RegolaError(f"record: variants[{i}]: '{name}' here is not the variant the game was played with "
                              "(post it as a house rule and start a table with it)")
        variants.append(served)
    players = int(header["players"])
    listed = header.get("seats")  # the header's own account of who sat where, refereed by nobody: any shape
    recorded = [str(seat.get("player", HUMAN))[:64] if isinstance(seat, dict) else HUMAN
                for seat in (listed if isinstance(listed, list) else [])]
    kinds = seats if seats is not None else (recorded if len(recorded) == players else [HUMAN] * players)
    if chosen is not None:
        kinds = [chosen[i] if i < len(chosen) and chosen[i] else kind for i, kind in enumerate(kinds)]
    if len(kinds) != players:
        raise RegolaError(f"seats: the record's game has {players} seats, {len(kinds)} are given")
    made = hall.create(pack, variants, players, kinds, str(header["setup"]), hot_seat, owner=client_of(request),
                       lines=lines)
    return made.to_json()


async def continue_record(request: Request, hall: Hall, record: bytes, seats: list[str] | None,
                          hot_seat: bool, chosen: list[str] | None = None) -> dict[str, Any]:
    """Referee ``record`` in an engine worker (Problem 422 naming the line that breaks, 413 for a line too
    long), refuse a finished game, then make the table that goes on from it."""
    from regola.serve.replaying import refereed

    if not record.strip():
        raise Problem(422, "Unprocessable Content", "record: empty")
    outcome = await refereed(request, record)
    if outcome["complete"]:
        raise Problem(422, "Unprocessable Content", "record: this game is over (replay it at /replay); a table "
                      "goes on only from an unfinished one")
    from regola.serve.tables.api import _call

    return dict(await _call(request, _continue, hall, request, record, seats, hot_seat, chosen))


async def table_from_record(request: Request) -> Response:
    """``POST /api/v1/tables/from-record``: the record as the body (JSON Lines); 201 with the tokens."""
    from regola.serve.api import RECORD_TYPES
    from regola.serve.tables.api import hall_of

    hall = hall_of(request)
    seats = seat_kinds(request.query_params.get("seats", ""))
    hot_seat = request.query_params.get("hot_seat", "") in ("1", "true")
    bodies.media_type(request, RECORD_TYPES)
    raw = await bodies.read_body(request, bodies.record_bytes())
    made = await continue_record(request, hall, raw, seats, hot_seat)
    return Response(json_bytes(made), status_code=201, media_type="application/json",
                    headers={"Cache-Control": NO_STORE})

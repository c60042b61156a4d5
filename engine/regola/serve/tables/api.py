"""The tables' JSON API (in the OpenAPI document, `/api/v1/openapi.json`).

A token in the path is a capability: it opens one seat, the spectators' view, the host's record or the
hot-seat device (docs/TABLES.md). A token that opens nothing is 404, told apart from nothing else. Every
body is bounded before it is read; the engine work of one decision is short (a rule check and a store)
and runs in a thread, never on the event loop; bots think in their own processes.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from regola.core.errors import IllegalAction, RegolaError
from regola.serve.bodies import json_value, media_type, read_body
from regola.serve.context import client_of
from regola.serve.replies import NO_STORE, Problem, json_bytes
from regola.serve.tables.live import Bell
from regola.tables.hall import ClientFull, Forbidden, Full, Hall, Moved, NotFound
from regola.tables.table import Table

__all__ = ["create", "hall_of", "refusal", "routes"]

JSON_TYPES = ("application/json",)
#: a stream sends a comment this often when nothing happens, so proxies keep it open
KEEPALIVE = 15.0


def hall_of(request: Request) -> Hall:
    hall: Hall | None = getattr(request.app.state, "hall", None)
    if hall is None:
        raise Problem(404, "Not Found", "this server hosts no tables (start it with --tables or --db)")
    return hall


def bell_of(request: Request) -> Bell:
    bell: Bell = request.app.state.bell
    return bell


def _move_number(value: Any, where: str) -> int:
    """The move number a decision answers: required, so that a repeat is never applied twice."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10**9:
        raise Problem(422, "Unprocessable Content",
                      f"{where}: the table's move number this answers (the message's 'n') is expected")
    return value


def _int(request: Request, name: str, default: int | None = None) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    if not raw.lstrip("-").isdigit() or len(raw) > 9:
        raise Problem(400, "Bad Request", f"?{name}= must be a whole number")
    return int(raw)


def _json(body: Any) -> Response:
    return Response(json_bytes(body), media_type="application/json", headers={"Cache-Control": NO_STORE})


async def _body(request: Request, hall: Hall) -> dict[str, Any]:
    media_type(request, JSON_TYPES)
    raw = await read_body(request, hall.limits.message_bytes)
    value = await run_in_threadpool(json_value, raw, "body")
    if not isinstance(value, dict):
        raise Problem(422, "Unprocessable Content", "the body must be a JSON object")
    return value


def refusal(table: Table, err: IllegalAction, lang: str) -> dict[str, Any]:
    """A refused decision: the rule it breaks, in the reader's language, and where the rulebook has it."""
    from regola.tables.words import language_for
    from regola.text import explain

    pack = table.ruleset.pack
    language = language_for(pack, lang)
    return {"rule": err.rule, "message": err.message, "text": explain(err.rule, language, table.ruleset),
            "rulebook": f"/{pack.id}/{language}/#rule-{err.rule}"}


def _problem_of(exc: Exception) -> Problem:
    if isinstance(exc, NotFound):
        return Problem(404, "Not Found", str(exc))
    if isinstance(exc, Forbidden):
        return Problem(403, "Forbidden", str(exc))
    if isinstance(exc, ClientFull):
        return Problem(429, "Too Many Requests", str(exc), headers={"Retry-After": "600"})
    if isinstance(exc, Moved):
        return Problem(409, "Conflict", str(exc), at=exc.at)
    if isinstance(exc, Full):
        return Problem(503, "Service Unavailable", str(exc), headers={"Retry-After": "60"})
    return Problem(422, "Unprocessable Content", str(exc).splitlines()[0])


async def _call(request: Request, fn: Any, *args: Any) -> Any:
    try:
        return await run_in_threadpool(fn, *args)
    except IllegalAction:
        raise
    except (NotFound, Forbidden, Full, Moved, RegolaError) as exc:
        raise _problem_of(exc) from None


def create(hall: Hall, request: Request, body: dict[str, Any]) -> dict[str, Any]:
    """A table as the body asks: {pack, variants, players, seats, setup, hot_seat}; its tokens."""
    library = request.app.state.library
    pack = body.get("pack")
    if not isinstance(pack, str) or not 1 <= len(pack) <= 64:
        raise RegolaError("pack: a pack id is expected")
    library.base(pack)  # a pack this server serves, else NotFound
    seats = body.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 8 or not all(isinstance(s, str) for s in seats):
        raise RegolaError("seats: a list of 'human' or a bot spec per seat is expected")
    players = body.get("players", len(seats))
    if not isinstance(players, int) or isinstance(players, bool):
        raise RegolaError("players: a whole number is expected")
    raw_variants = body.get("variants", [])
    if not isinstance(raw_variants, list) or len(raw_variants) > 8:
        raise RegolaError("variants: a list of at most 8 variant ids or posted-variant tokens is expected")
    # served variant ids and posted tokens only: a name from a request never reaches the file system
    variants = [library.variant_named(pack, name, f"variants[{i}]") for i, name in enumerate(raw_variants)]
    setup = body.get("setup")
    if setup is not None and not isinstance(setup, str):
        raise RegolaError("setup: a setup mode's name is expected")
    hot_seat = body.get("hot_seat", False)
    if not isinstance(hot_seat, bool):
        raise RegolaError("hot_seat: true or false is expected")
    try:
        made = hall.create(pack, variants, players, list(seats), setup, hot_seat, owner=client_of(request))
    except IllegalAction as err:  # a player count or setup the game does not have: the body's fault
        raise RegolaError(f"{err.rule.removeprefix('game.')}: {err.message}") from None
    return made.to_json()


async def _refused(request: Request, hall: Hall, token: str, err: IllegalAction) -> Response:
    """409: the decision breaks a rule; the rule's text in the reader's language and its rulebook link."""
    lang = (request.query_params.get("lang") or "en")[:16]
    said = await run_in_threadpool(hall.inspect, token, lambda table, _: refusal(table, err, lang))
    return JSONResponse({"type": "about:blank", "title": "Conflict", "status": 409,
                         "detail": f"{err.message} [rule {err.rule}]", **said},
                        status_code=409, media_type="application/problem+json", headers={"Cache-Control": NO_STORE})


async def create_table(request: Request) -> Response:
    hall = hall_of(request)
    body = await _body(request, hall)
    made = await _call(request, create, hall, request, body)
    return Response(json_bytes(made), status_code=201, media_type="application/json",
                    headers={"Cache-Control": NO_STORE})


async def table_message(request: Request) -> Response:
    hall = hall_of(request)
    since = _int(request, "since", 0) or 0
    lang = request.query_params.get("lang") or None  # the events told in it (negotiated, bounded by the hall)
    message = await _call(request, hall.message, request.path_params["token"], since, _int(request, "reveal"), lang)
    return _json(message)


async def check_rate(request: Request, hall: Hall, token: str) -> None:
    """404 for a token that opens nothing; 429 when this token decides faster than the server's rate
    (REGOLA_TABLE_RATE a minute). Only real tokens are counted, so a flood of made-up ones cannot push
    a real one's count out of the rate's memory."""
    from regola.serve.tables.rate import Rate

    await _call(request, hall.audience, token)

    rate: Rate | None = getattr(request.app.state, "table_rate", None)
    if rate is None:
        rate = request.app.state.table_rate = Rate(hall.limits.actions_per_minute)
    wait = rate.allow(token)
    if wait > 0:
        raise Problem(429, "Too Many Requests", f"at most {rate.per_minute} decisions a minute per link",
                      headers={"Retry-After": str(max(1, round(wait)))})


async def decide(request: Request) -> Response:
    hall = hall_of(request)
    token = request.path_params["token"]
    await check_rate(request, hall, token)
    body = await _body(request, hall)
    action = body.get("action")
    if not isinstance(action, list):
        raise Problem(422, "Unprocessable Content", "action: a JSON array is expected")
    reveal = body.get("reveal")
    if reveal is not None and (not isinstance(reveal, int) or isinstance(reveal, bool)):
        raise Problem(422, "Unprocessable Content", "reveal: a seat number is expected")
    at = _move_number(body.get("n"), "n")
    try:
        reply = await _call(request, hall.decide, token, action, reveal, at, request.query_params.get("lang") or None)
    except IllegalAction as err:
        return await _refused(request, hall, token, err)
    return _json(reply)


async def take_back(request: Request) -> Response:
    hall = hall_of(request)
    token = request.path_params["token"]
    await check_rate(request, hall, token)
    reveal = _int(request, "reveal")
    at = _move_number(_int(request, "n"), "?n=")
    try:
        reply = await _call(request, hall.take_back, token, reveal, at, request.query_params.get("lang") or None)
    except IllegalAction as err:
        return await _refused(request, hall, token, err)
    return _json(reply)


async def record(request: Request) -> Response:
    hall = hall_of(request)
    table_id, text = await _call(request, hall.record, request.path_params["token"])
    return Response(text.encode("utf-8"), media_type="application/x-ndjson",
                    headers={"Cache-Control": NO_STORE,
                             "Content-Disposition": f'attachment; filename="regola-table-{table_id}.jsonl"'})


async def events(request: Request) -> Response:
    """Server-sent events: one ``update`` event (the message since the client's last line) each time the
    table moves; resumed from ``Last-Event-ID`` (or ``?since=``) after a reconnect."""
    hall, bell = hall_of(request), bell_of(request)
    token = request.path_params["token"]
    reveal = _int(request, "reveal")
    last = request.headers.get("last-event-id", "")
    since = int(last) if last.isdigit() and len(last) < 10 else (_int(request, "since", 0) or 0)
    first = await _call(request, hall.message, token, since, reveal)  # 404 before the stream starts

    def event(message: dict[str, Any]) -> bytes:
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        return f"id: {message['n']}\nevent: update\ndata: {data}\n\n".encode()

    async def stream() -> AsyncIterator[bytes]:
        if not bell.open():  # the server's bound on open streams: the client's EventSource retries later
            yield b"retry: 10000\nevent: full\ndata: {}\n\n"
            return
        try:
            message, last = first, first["n"]
            yield event(message)
            table = message["table"]
            changed = True  # look once more: the table may have moved since the first look, ringing nobody
            while not message.get("over"):
                if changed:
                    seen = bell.rings(table)  # before the look: a ring after it is not lost (live.Bell)
                    try:
                        message = await run_in_threadpool(hall.message, token, last, reveal)
                    except RegolaError:  # the table was closed meanwhile: say so, and end the stream
                        yield b"event: closed\ndata: {}\n\n"
                        return
                    if message["n"] != last or message.get("reset"):
                        last = message["n"]
                        yield event(message)
                    if message.get("over"):
                        return
                changed = await bell.wait(table, KEEPALIVE, seen)
                if bell.closing:
                    return
                if not changed:
                    if await request.is_disconnected():
                        return
                    yield b": keepalive\n\n"
        finally:
            bell.close()

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": NO_STORE, "X-Accel-Buffering": "no"})


async def table_from_record(request: Request) -> Response:
    from regola.serve.tables.resume import table_from_record as make

    return await make(request)


def routes() -> list[BaseRoute]:
    return [
        Route("/api/v1/tables", create_table, methods=["POST"]),
        Route("/api/v1/tables/from-record", table_from_record, methods=["POST"]),
        Route("/api/v1/tables/{token}", table_message, methods=["GET"]),
        Route("/api/v1/tables/{token}/decisions", decide, methods=["POST"]),
        Route("/api/v1/tables/{token}/take-back", take_back, methods=["POST"]),
        Route("/api/v1/tables/{token}/record", record, methods=["GET"]),
        Route("/api/v1/tables/{token}/events", events, methods=["GET"]),
    ]

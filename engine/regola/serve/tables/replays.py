"""The replay viewer: any record of either game, step by step, forwards and backwards, the board drawn at
each step (the public view: a record from `regola play` holds every hand, and the page shows none).

``/t/{token}/replay`` replays a table's own record (pages.py). ``/replay`` takes any record pasted or
chosen as a file (one JSON Lines text, at most the API's record size): an engine worker referees it
first, under the time and memory bounds of every posted body (``/api/v1/records/replay``'s path); only a
record that passes is kept, in a small bounded memory, and its positions are built from it
(``replay.Positions``: checkpoints every 32 steps, so a step costs at most 32 decisions).
"""

from __future__ import annotations

import hashlib
import html
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote_to_bytes, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from regola.core.errors import RegolaError
from regola.serve import bodies
from regola.serve.context import library_of
from regola.serve.lru import Bounded
from regola.serve.replies import NO_STORE, Problem
from regola.tables.words import Words

__all__ = ["positions_of_text", "record_form", "render", "routes", "step_asked"]

esc = html.escape
FORM = ("application/x-www-form-urlencoded",)
#: records that passed the referee, by digest (each at most the API's record size: 16 MiB at most here)
_KEPT: Bounded[str, str] = Bounded(16)
#: positions built from records, by a key of their origin
_POSITIONS: Bounded[tuple[Any, ...], Any] = Bounded(8)


def positions_of_text(text: str, home: Path | None, key: tuple[Any, ...]) -> Any:
    """The positions of a record already refereed (a table's, or one kept here)."""
    from regola.tables.replay import Positions

    def make() -> Any:
        with tempfile.TemporaryDirectory(prefix="regola-replay-") as folder:
            path = Path(folder) / "record.jsonl"
            path.write_text(text, encoding="utf-8")
            return Positions(path, home)

    return _POSITIONS.get_or_make(key, make)


def step_asked(request: Request) -> int | None:
    raw = request.query_params.get("k")
    return int(raw) if raw and raw.isdigit() and len(raw) < 7 else None


def _lang(request: Request) -> str:
    raw = request.query_params.get("lang", "")
    return raw[:16] if raw.replace("-", "").isalpha() else ""


def render(request: Request, positions: Any, here: str, lang: str, k: int | None) -> Response:
    """The page of step ``k`` of ``positions`` (the start when None: a replay is read from the beginning)."""
    from regola.serve.tables.pages import page
    from regola.tables.boards import draw

    step = 0 if k is None else max(0, min(k, len(positions)))
    shown = positions.at(step)
    pack = positions.game_at(step).ruleset.pack
    words = Words(pack, lang or None)
    _ = words.gettext
    heading = _("Step {step} of {steps}", step=words.number(step), steps=words.number(len(positions)))
    say = [_("first"), _("back"), _("forward"), _("last"), _("Replay")]

    def link(to: int, label: str) -> str:
        if to == step or not 0 <= to <= len(positions):
            return f'<span class="off">{esc(label)}</span>'
        return f'<a href="{here}?{urlencode({"k": str(to), "lang": words.lang})}">{esc(label)}</a>'

    moves = [link(0, say[0]), link(step - 1, say[1]), link(step + 1, say[2]), link(len(positions), say[3])]
    told = positions.told(step, words.speech)
    by = f'<p class="status">{esc(" · ".join(told))}</p>' if told else ""
    body = (f'<main class="table replay"><h1>{esc(say[4])}: {esc(heading)}</h1>'
            f'<nav class="steps">{" · ".join(moves)}</nav>{by}'
            f'<section class="board">{draw(pack.game, shown["view"], words)}</section></main>')
    return page(request, heading, words.lang, body)


def _words(request: Request, lang: str) -> Words:
    library = library_of(request)
    return Words(library.base(next(iter(library.packs))), lang or "en")


async def replay_form(request: Request) -> Response:
    from regola.serve.tables.pages import page

    words = _words(request, _lang(request))
    _ = words.gettext
    limit = bodies.record_bytes()
    say = [_("Replay a record"), _("Paste a game record (JSON Lines, as `regola play --record` writes it):"),
           _("Replay"), _("Or choose the record's file:"),
           _("That file is larger than a record may be ({limit} bytes).", limit=words.number(limit))]
    root = str(request.scope.get("root_path", "")).rstrip("/")
    # the file chooser reads the file into the text box in the browser (tables.js): the server takes one
    # form of body, refereed and bounded as every post; without JavaScript the chooser stays hidden
    chooser = (f'<label class="file" hidden>{esc(say[3])} <input type="file" accept=".jsonl,.json,.txt" '
               f'data-fills="record" data-limit="{limit}" data-too-large="{esc(say[4])}"></label>'
               '<p class="refused" role="alert" hidden></p>')
    body = (f'<main class="table replay-form"><h1>{esc(say[0])}</h1>'
            f'<form method="post" action="{root}/replay?lang={esc(words.lang)}">'
            f'<label>{esc(say[1])}<textarea name="record" rows="12" required></textarea></label>{chooser}'
            f'<button type="submit">{esc(say[2])}</button></form></main>')
    return page(request, say[0], words.lang, body)


#: a form of the replay page has a handful of fields; more is not a browser's form
_FORM_FIELDS = 8
#: bytes of a percent-encoded value decoded at a time: Python's unquote splits its whole input at every
#: '%', so 48 MiB of '%7B' at once would cost gigabytes; a window costs under a megabyte
_WINDOW = 1 << 16


def record_form(raw: bytes, limit: int) -> tuple[bytes, dict[str, str]]:
    """A form that carries a record: its ``record`` field as the bytes of a JSON Lines text (CRLF as LF,
    invalid UTF-8 as U+FFFD), decoded window by window, and its other fields (64 bytes each at most);
    a Problem 413 as soon as the record passes ``limit`` bytes, 400 for a form of too many fields or a
    field too long."""
    start, fields = 0, 0
    value = b""
    others: dict[str, str] = {}
    while start <= len(raw):
        fields += 1
        if fields > _FORM_FIELDS:
            raise Problem(400, "Bad Request", "the form has too many fields")
        end = raw.find(b"&", start)
        end = len(raw) if end < 0 else end
        if raw.startswith(b"record=", start):
            value = raw[start + 7:end]
        elif end > start:
            name, _, small = raw[start:end].partition(b"=")
            if len(small) > 64 or len(name) > 32:
                raise Problem(400, "Bad Request", "a field of the form is too long")
            others[unquote_to_bytes(name).decode("utf-8", "replace")] = \
                unquote_to_bytes(small.replace(b"+", b" ")).decode("utf-8", "replace")
        start = end + 1
    out = bytearray()
    at = 0
    while at < len(value):
        stop = min(at + _WINDOW, len(value))
        if stop < len(value):  # never cut a %XX escape in two
            percent = value.rfind(b"%", max(at, stop - 2), stop)
            stop = percent if percent > at else stop
        out += unquote_to_bytes(value[at:stop].replace(b"+", b" "))
        if len(out) > limit:
            raise Problem(413, "Content Too Large", f"the record is larger than {limit} bytes", limit=limit)
        at = stop
    return out.decode("utf-8", "replace").replace("\r\n", "\n").encode("utf-8", "surrogatepass"), others


def _record_field(raw: bytes, limit: int) -> bytes:
    return record_form(raw, limit)[0]


def _keyed(record: bytes) -> tuple[str, str]:
    return hashlib.blake2b(record, digest_size=16).hexdigest(), record.decode("utf-8", "replace")


async def replay_upload(request: Request) -> Response:
    """Referee the pasted record in an engine worker; keep it if it passes; show its last step."""
    from regola.serve.replaying import refereed
    from regola.serve.tables.pages import page

    bodies.same_origin(request)
    bodies.media_type(request, FORM)
    limit = bodies.record_bytes()
    raw = await bodies.read_body(request, 3 * limit + 64)  # percent-encoding triples a byte at most
    record = await run_in_threadpool(_record_field, raw, limit)  # megabytes to decode: never on the event loop
    if not record.strip():
        raise Problem(422, "Unprocessable Content", "record: empty")
    if len(record) > limit:
        raise Problem(413, "Content Too Large", f"the record is larger than {limit} bytes", limit=limit)
    lang = _lang(request)
    try:
        await refereed(request, record)
    except Problem as refused:
        words = _words(request, lang)
        body = (f'<main class="table"><p class="refused" role="alert">{esc(refused.detail)}</p>'
                f'<p><a href="?lang={esc(words.lang)}">{esc(words.gettext("Replay a record"))}</a></p></main>')
        return page(request, words.gettext("Replay a record"), words.lang, body, refused.status)
    key, text = await run_in_threadpool(_keyed, record)
    _KEPT.put(key, text)
    root = str(request.scope.get("root_path", "")).rstrip("/")
    where = f"{root}/replay/{key}" + (f"?{urlencode({'lang': lang})}" if lang else "")
    return RedirectResponse(where, status_code=303, headers={"Cache-Control": NO_STORE})


async def replay_kept(request: Request) -> Response:
    key = request.path_params["key"]
    text = _KEPT.get(key) if len(key) == 32 else None
    if text is None:
        raise Problem(404, "Not Found", "no such record here any more: paste it again at /replay")
    root = str(request.scope.get("root_path", "")).rstrip("/")
    home = library_of(request).home
    try:
        positions = await run_in_threadpool(positions_of_text, text, home, ("kept", key))
    except RegolaError as exc:  # refereed already; a pack changed since: said as the record's fault
        raise Problem(422, "Unprocessable Content", str(exc).splitlines()[0]) from None
    return await run_in_threadpool(render, request, positions, f"{root}/replay/{key}", _lang(request),
                                   step_asked(request))


def routes() -> list[BaseRoute]:
    return [
        Route("/replay", replay_form, methods=["GET"]),
        Route("/replay", replay_upload, methods=["POST"]),
        Route("/replay/{key}", replay_kept, methods=["GET"]),
    ]

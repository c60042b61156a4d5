"""The tables' pages: server-rendered HTML that plays without JavaScript (every choice is a button of a
form; after it the page comes back at its own address), in one language, phone first.

``/tables/new`` makes a table and shows its private links once (the server keeps only their digests);
``/t/{token}`` is what the token opens: a seat (its board and, when it is to move, its choices, each
naming its cost in the game's own words; a refusal shows the rule and links to it in the rulebook), the
spectators' view, the host's view with the record, or the hot-seat device (a hand-over screen between
two people, so nobody sees the previous hand). ``/static/tables.js`` listens to the live updates and
reloads the page when the table moves.
"""

from __future__ import annotations

import functools
import html
from typing import Any
from urllib.parse import parse_qs, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import definition_for
from regola.i18n import available
from regola.serve.bodies import media_type, read_body, same_origin
from regola.serve.negotiate import choose
from regola.serve.replies import NO_STORE, Problem
from regola.serve.tables.api import check_rate, create, hall_of, refusal
from regola.serve.tables.labels import choices, event_words, speech_of
from regola.serve.tables.resume import FORM_KINDS
from regola.tables.hall import ClientFull, Forbidden, Full, Hall, Moved, NotFound
from regola.tables.messages import Audience
from regola.tables.table import Table
from regola.tables.words import Words
from regola.text.seats import color_in

__all__ = ["page", "routes"]

esc = html.escape
HTML = "text/html; charset=utf-8"
FORM = ("application/x-www-form-urlencoded",)
#: what a seat may be at the creation form
#: what a seat may be on the forms: unset (nobody, or as recorded), a person, a bot (the API's query too)
SEAT_KINDS = ("", *FORM_KINDS)
MAX_SEATS = 5


def _root(request: Request) -> str:
    return str(request.scope.get("root_path", "")).rstrip("/")


def page(request: Request, title: str, lang: str, body: str, status: int = 200,
          data: dict[str, str] | None = None) -> Response:
    from regola.text.render import html_lang

    root = _root(request)
    attrs = "".join(f' data-{k}="{esc(v)}"' for k, v in (data or {}).items())
    text = ("<!DOCTYPE html>\n"
            f'<html lang="{esc(html_lang(lang))}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="no-referrer"><title>{esc(title)}</title>'
            f'<link rel="stylesheet" href="{root}/static/regola.css">'
            f'<link rel="stylesheet" href="{root}/static/tables.css">'
            f'<script src="{root}/static/tables.js" defer></script></head>'
            f'<body class="tables"{attrs}>\n{_switch(request, lang)}{body}\n</body></html>\n')
    return Response(text.encode("utf-8"), status_code=status, media_type=HTML,
                    headers={"Cache-Control": NO_STORE})


def _switch(request: Request, lang: str) -> str:
    """Every language of the interface, each its own name linking to this page in it (a page a GET
    reached: a form's answer, such as a new table's private links, is shown once and not again)."""
    if request.method != "GET":
        return ""
    from regola.text.lang import own_name

    query = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    links = []
    for code in _languages():
        name = own_name(code)
        href = f"{request.url.path}?{urlencode([*query, ('lang', code)])}"  # the path as asked (root included)
        current = ' aria-current="true"' if code == lang.split("-")[0] else ""
        links.append(f'<a href="{esc(href)}" hreflang="{esc(code)}" lang="{esc(code)}"{current}>{esc(name)}</a>')
    return f'<nav class="languages">{" · ".join(links)}</nav>\n'


def _lang(request: Request) -> str:
    """The reader's language: ``?lang=`` when given, else the best of the interface's languages for the
    browser's Accept-Language (a page opened directly, ``/tables/new``), else none (the caller's default)."""
    raw = request.query_params.get("lang", "")
    if raw:
        return raw[:16] if raw.replace("-", "").isalpha() else ""
    header = request.headers.get("accept-language")
    return choose(header[:200], list(_languages()), "") if header else ""


@functools.cache
def _languages() -> tuple[str, ...]:
    """The interface's languages (read from the catalogs once)."""
    return tuple(available())


async def _form(request: Request, hall: Hall) -> dict[str, str]:
    """A urlencoded form from this server's own pages, bounded like every body; one value per field."""
    same_origin(request)
    media_type(request, FORM)
    raw = await read_body(request, hall.limits.message_bytes)
    return await run_in_threadpool(_fields, raw)  # no body is decoded on the event loop, however small


def _fields(raw: bytes) -> dict[str, str]:
    try:
        fields = parse_qs(raw.decode("utf-8"), keep_blank_values=True, max_num_fields=64, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise Problem(400, "Bad Request", "the form cannot be read") from None
    return {k: v[0] for k, v in fields.items()}


def _error_page(request: Request, exc: Exception, words: Words, lang: str) -> Response:
    status = 404 if isinstance(exc, NotFound) else 403 if isinstance(exc, Forbidden) else \
        503 if isinstance(exc, Full) else 422
    body = f'<main class="table"><p class="refused">{esc(str(exc).splitlines()[0])}</p></main>'
    return page(request, words.gettext("Tables"), lang, body, status)


# --- making a table ------------------------------------------------------------------------------------------
async def to_new_table(request: Request) -> Response:
    """``/tables`` lands on the new-table form (a relative redirect: nothing from the request but its
    language, which only ever reaches a query string)."""
    hall_of(request)
    lang = _lang(request)
    return RedirectResponse(f"{_root(request)}/tables/new" + (f"?{urlencode({'lang': lang})}" if lang else ""),
                            status_code=303)


async def new_table(request: Request) -> Response:
    hall_of(request)
    library = request.app.state.library
    lang = _lang(request) or "en"
    listing = library.listing()
    words = Words(library.base(listing[0]["id"]), lang) if listing else None
    if words is None:
        raise Problem(404, "Not Found", "this server has no packs")
    return page(request, words.gettext("New table"), words.lang, _new_form(request, words, listing))


def _new_form(request: Request, words: Words, listing: list[dict[str, Any]], error: str = "") -> str:
    _ = words.gettext
    say = [  # outside the f-strings, where extraction finds them
        _("New table"),
        _("Rules"),
        _("House rule or variant"),
        _("none"),
        _("Posted house rule (its token)"),
        _("Seats"),
        _("One device for every person (hot seat)"),
        _("Create the table"),
    ]
    # the workshop's "Play it" names the pack and the posted house rule in the query: preselected here
    chosen, posted = request.query_params.get("pack", ""), request.query_params.get("posted", "")[:128]
    packs = "".join(f'<option value="{esc(p["id"])}"{" selected" if p["id"] == chosen else ""}>{esc(p["title"])} '
                    f'({esc(p["id"])})</option>' for p in listing)
    variants = "".join(f'<option value="{esc(v["id"])}">{esc(p["id"])}: {esc(v["title"] or v["id"])}</option>'
                       for p in listing for v in p["variants"])
    seats = []
    for i in range(MAX_SEATS):
        default = "human" if i == 0 else "greedy" if i == 1 else ""
        options = _kind_options(words, _("nobody"), default)
        label = words.seat(i)
        seats.append(f'<label>{esc(label)} <select name="seat{i}">{options}</select></label>')
    problem = f'<p class="refused" role="alert">{esc(error)}</p>' if error else ""
    return (f'<main class="table new"><h1>{esc(say[0])}</h1>{problem}'
            f'<form method="post" action="{_root(request)}/tables/new?lang={esc(words.lang)}">'
            f'<label>{esc(say[1])} <select name="pack">{packs}</select></label>'
            f'<label>{esc(say[2])} <select name="variant"><option value="">'
            f'{esc(say[3])}</option>{variants}</select></label>'
            f'<label>{esc(say[4])} <input name="posted" maxlength="128" value="{esc(posted)}"></label>'
            f'<fieldset><legend>{esc(say[5])}</legend>{"".join(seats)}</fieldset>'
            f'<label><input type="checkbox" name="hot_seat" value="1"> '
            f'{esc(say[6])}</label>'
            f'<button type="submit">{esc(say[7])}</button></form>{_continue_form(request, words)}</main>')


def _kind_options(words: Words, unset: str, default: str = "") -> str:
    """A seat's choices on the forms: ``unset`` (nobody, or as recorded), a person, or one of the bots."""
    _ = words.gettext
    said = {"": unset, "human": _("a person"), "random": _("bot: random"), "greedy": _("bot: greedy"),
            "probe": _("bot: tries every kind of move (probe)"), "mcts": _("bot: search (mcts)")}
    return "".join(f'<option value="{k}"{" selected" if k == default else ""}>{esc(said[k])}</option>'
                   for k in SEAT_KINDS)


def _continue_form(request: Request, words: Words) -> str:
    """A saved game goes on at a new table: its record pasted, or read from a file by tables.js (hidden
    without JavaScript), and who sits where now (nobody chosen: as the record has it)."""
    from regola.serve.bodies import record_bytes

    _ = words.gettext
    say = [
        _("Continue a saved game"),
        _("Paste the record (JSON Lines, as `regola play --record` or `!save` writes it):"),
        _("Or choose the record's file:"),
        _("That file is larger than a record may be ({limit} bytes).", limit=words.number(record_bytes())),
        _("Who sits where now (each seat left as recorded if none is chosen)"),
        _("as recorded"),
        _("One device for every person (hot seat)"),
        _("Continue the game"),
    ]
    options = _kind_options(words, say[5])
    seats = "".join(f'<label>{esc(words.seat(i))} <select name="seat{i}">{options}</select></label>'
                    for i in range(MAX_SEATS))
    return (f'<h2>{esc(say[0])}</h2>'
            f'<form method="post" action="{_root(request)}/tables/continue?lang={esc(words.lang)}">'
            f'<label>{esc(say[1])}<textarea name="record" rows="6" required></textarea></label>'
            f'<label class="file" hidden>{esc(say[2])} <input type="file" accept=".jsonl,.json,.txt" '
            f'data-fills="record" data-limit="{record_bytes()}" data-too-large="{esc(say[3])}"></label>'
            '<p class="refused" role="alert" hidden></p>'
            f'<fieldset><legend>{esc(say[4])}</legend>{seats}</fieldset>'
            f'<label><input type="checkbox" name="hot_seat" value="1"> {esc(say[6])}</label>'
            f'<button type="submit">{esc(say[7])}</button></form>')


async def continue_table(request: Request) -> Response:
    """The continue form's post: the table that goes on from the record (regola.serve.tables.resume)."""
    from regola.serve.bodies import record_bytes
    from regola.serve.tables.replays import record_form
    from regola.serve.tables.resume import continue_record

    hall = hall_of(request)
    library = request.app.state.library
    lang = _lang(request) or "en"
    same_origin(request)
    media_type(request, FORM)
    limit = record_bytes()
    raw = await read_body(request, 3 * limit + 64)  # percent-encoding triples a byte at most
    record, form = await run_in_threadpool(record_form, raw, limit)
    chosen = [form.get(f"seat{i}", "") for i in range(MAX_SEATS)]
    if any(kind not in SEAT_KINDS for kind in chosen):
        raise Problem(422, "Unprocessable Content", "a seat is a person, a bot or as recorded")
    try:
        made = await continue_record(request, hall, record, None, form.get("hot_seat") == "1", chosen)
    except Problem as refused:
        if refused.status not in (404, 413, 422, 429, 503):
            raise
        listing = library.listing()
        words = Words(library.base(listing[0]["id"]), lang)
        return page(request, words.gettext("New table"), words.lang,
                    _new_form(request, words, listing, refused.detail.splitlines()[0]), refused.status)
    public = await run_in_threadpool(hall.message, made["spectator"])
    words = Words(library.base(public["pack"]), lang)
    return page(request, words.gettext("Your table is ready"), words.lang,
                _links(request, words, made, public["view"]), 201)


async def make_table(request: Request) -> Response:
    hall = hall_of(request)
    library = request.app.state.library
    lang = _lang(request) or "en"
    form = await _form(request, hall)
    seats = [form.get(f"seat{i}", "") for i in range(MAX_SEATS)]
    seats = [s for s in seats if s]
    if any(s not in SEAT_KINDS for s in seats):
        raise Problem(422, "Unprocessable Content", "a seat is a person, a bot or nobody")
    pack = form.get("pack", "")
    variants = [v for v in (form.get("variant", ""), form.get("posted", "").strip()) if v]
    body = {"pack": pack, "seats": seats, "players": len(seats), "variants": variants,
            "hot_seat": form.get("hot_seat") == "1"}
    try:
        made = await run_in_threadpool(create, hall, request, body)
    except (RegolaError, Full) as exc:
        listing = library.listing()
        words = Words(library.base(listing[0]["id"]), lang)
        status = 429 if isinstance(exc, ClientFull) else 503 if isinstance(exc, Full) else 422
        return page(request, words.gettext("New table"), words.lang,
                     _new_form(request, words, listing, str(exc).splitlines()[0]), status)
    words = Words(library.base(pack), lang)
    public = await run_in_threadpool(hall.message, made["spectator"])
    return page(request, words.gettext("Your table is ready"), words.lang,
                _links(request, words, made, public["view"]), 201)


def _links(request: Request, words: Words, made: dict[str, Any], view: dict[str, Any]) -> str:
    _ = words.gettext
    say = [  # outside the f-strings, where extraction finds them
        _("Your table is ready"),
    ]
    base = f"{request.url.scheme}://{request.url.netloc}{_root(request)}/t/"
    suffix = f"?lang={words.lang}"
    rows = [(words.seat(int(seat), color_in(view, int(seat))), token) for seat, token in made["seats"].items()]
    if made.get("hotseat"):
        rows.insert(0, (_("The one device for every person"), made["hotseat"]))
    rows += [(_("Spectators"), made["spectator"]), (_("Host: the record at any time"), made["host"])]
    # the link as text carries the language too: a link copied from the page opens in it
    items = "".join(f'<li><span class="who">{esc(label)}</span> <a href="{esc(base + token + suffix)}">'
                    f'{esc(base + token + suffix)}</a></li>' for label, token in rows)
    private = _("Send each person their own link: it is their seat, so keep it private. "
                "These links are shown only now.")
    return (f'<main class="table links"><h1>{esc(say[0])}</h1><p>{esc(private)}</p>'
            f"<ul>{items}</ul></main>")


# --- a table ---------------------------------------------------------------------------------------------------
def _table_body(request: Request, table: Table, audience: Audience, message: dict[str, Any], words: Words,
                token: str, reveal: int | None, refused: dict[str, Any] | None = None) -> str:
    _ = words.gettext
    say = [  # outside the f-strings, where extraction finds them
        _("The rules do not allow that:"),
        _("Read the rule in the rulebook"),
        _("The previous hand is hidden until the next person takes the device."),
        _("Your move"),
        _("Take back my last decision"),
        _("Latest moves"),
        _("The rulebook"),
        _("Download the record"),
        _("Replay"),
        _("Turn or flip the piece"),
        _("Tap the same spot again to place the piece there."),
        _("The piece to place"),
    ]
    from regola.tables.boards import draw

    root = _root(request)
    speech = speech_of(table, words.lang)
    here = f"{root}/t/{token}"
    query = {"lang": words.lang} | ({"reveal": str(reveal)} if reveal is not None else {})
    parts: list[str] = []
    if refused is not None:
        parts.append(f'<section class="refused" role="alert"><p>{esc(say[0])}</p>'
                     f'<p>{esc(refused["text"])}</p><p><a href="{root}{esc(refused["rulebook"])}">'
                     f'{esc(say[1])}</a></p></section>')
    handover = message.get("handover")
    if handover is not None:
        who = words.seat(int(handover), color_in(message["view"], int(handover)))
        show = f"{here}?{urlencode({'lang': words.lang, 'reveal': str(handover)})}"
        heading = _("Hand the device to {who}", who=who)
        show_mine = _("I am {who}: show my view", who=who)
        parts.append(f'<section class="handover"><h1>{esc(heading)}</h1>'
                     f'<p>{esc(say[2])}</p>'
                     f'<a class="button" href="{esc(show)}">{esc(show_mine)}'
                     "</a></section>")
    parts.append(f'<section class="board">{draw(table.ruleset.pack.game, message["view"], words)}</section>')
    to_move, seat = message["to_move"], message.get("seat")
    if message.get("over"):
        status = _("The game is over.")
    elif seat is not None and to_move == seat:
        status = _("Your move.")
    elif to_move is not None and to_move >= 0:
        status = _("Waiting for {who}.", who=words.seat(to_move, color_in(message["view"], to_move)))
    else:
        status = ""
    parts.append(f'<p class="status" role="status">{esc(status)}</p>')
    legal = message["view"].get("legal") if seat is not None and to_move == seat else None
    if legal:
        groups: list[str] = []
        current: str | None = None
        buttons: list[str] = []
        placing = definition_for(table.ruleset.pack.game).spots
        marks = placing()(table.ruleset.rules, legal, words) if placing is not None else [None] * len(legal)
        for index, group, label in choices(table, legal, speech):
            if group != current and buttons:
                groups.append(_group(current, buttons))
                buttons = []
            current = group
            spot = "".join(f' data-{key}="{esc(value)}"' for key, value in (marks[index] or {}).items())
            buttons.append(f'<button name="k" value="{index}"{spot}>{esc(label)}</button>')
        if buttons:
            groups.append(_group(current, buttons))
        hidden = "".join(f'<input type="hidden" name="{k}" value="{esc(v)}">' for k, v in query.items())
        parts.append(f'<form class="choices" method="post" action="{here}/act" aria-label="{esc(say[3])}" '
                     f'data-turn="{esc(say[9])}" data-again="{esc(say[10])}" data-piece="{esc(say[11])}" '
                     f'data-seat="{seat}">'
                     f'<input type="hidden" name="n" value="{message["n"]}">{hidden}{"".join(groups)}</form>')
    if message.get("take_back"):
        hidden = "".join(f'<input type="hidden" name="{k}" value="{esc(v)}">' for k, v in query.items())
        parts.append(f'<form class="back" method="post" action="{here}/back">{hidden}'
                     f'<input type="hidden" name="n" value="{message["n"]}">'
                     f'<button>{esc(say[4])}</button></form>')
    said = event_words(message.get("events", [])[-8:])
    if said:
        items = "".join(f"<li>{esc(line)}</li>" for line in said)
        parts.append(f'<section class="events"><h2>{esc(say[5])}</h2><ol>{items}</ol></section>')
    links = [f'<a href="{root}/{esc(table.ruleset.pack.id)}/{esc(words.lang)}/">{esc(say[6])}</a>']
    if audience.role == "host" or message.get("over"):
        links.append(f'<a href="{root}/api/v1/tables/{token}/record" download>{esc(say[7])}</a>')
        links.append(f'<a href="{here}/replay?lang={esc(words.lang)}">{esc(say[8])}</a>')
    parts.append(f'<footer class="links">{" · ".join(links)}</footer>')
    return "".join(parts)


def _group(heading: str | None, buttons: list[str]) -> str:
    head = f"<h3>{esc(heading)}</h3>" if heading else ""
    return f'<div class="group" role="group">{head}{"".join(buttons)}</div>'


def _render(request: Request, hall: Hall, token: str, lang: str, reveal: int | None,
            refused: dict[str, Any] | None = None, status: int = 200) -> Response:
    def look(table: Table, audience: Audience) -> tuple[str, str, str, int]:
        from regola.tables.messages import message

        words = Words(table.ruleset.pack, lang or None)
        said = message(table, audience, max(0, table.n - 8), reveal, words.lang)
        body = _table_body(request, table, audience, said, words, token, reveal, refused)
        return _tab_title(table, audience, words, reveal), words.lang, body, table.n

    title, language, body, n = hall.inspect(token, look)
    # the stream starts from the line this page shows: it says "reset" if the table was taken back since
    stream = {"since": str(n)} | ({"reveal": str(reveal)} if reveal is not None else {})
    events = f"{_root(request)}/api/v1/tables/{token}/events?{urlencode(stream)}"
    return page(request, title, language, f'<main class="table">{body}</main>', status,
                 data={"events": events, "n": str(n)})


def _tab_title(table: Table, audience: Audience, words: Words, reveal: int | None) -> str:
    """What a browser tab says: the game and whose page it is ("Princes of Florence · Seat 2", "Maestro
    Leonardo · Red"), so four tabs of one evening are told apart."""
    from regola.text.render import book_title

    game = book_title(words.catalog, table.ruleset.pack)
    seat = audience.seat if audience.seat is not None else reveal
    if audience.role == "spectator":
        who = words.gettext("Spectators")
    elif seat is None:
        who = words.gettext("Table {table}", table=table.id[:8])
    else:
        who = words.seat(seat, color_in(table.game.view(seat), seat))
    return f"{game} · {who}"


def _refusal_at(hall: Hall, token: str, err: IllegalAction, lang: str) -> dict[str, Any]:
    return dict(hall.inspect(token, lambda table, _: refusal(table, err, lang or "en")))


def _reveal(raw: str | None) -> int | None:
    return int(raw) if raw and raw.isdigit() and len(raw) < 3 else None


async def table_page(request: Request) -> Response:
    hall = hall_of(request)
    token, lang = request.path_params["token"], _lang(request)
    try:
        return await run_in_threadpool(_render, request, hall, token, lang, _reveal(request.query_params.get("reveal")))
    except (NotFound, Forbidden, RegolaError) as exc:
        return _error_page(request, exc, _fallback_words(request, lang), lang or "en")


def _fallback_words(request: Request, lang: str) -> Words:
    library = request.app.state.library
    return Words(library.base(library.listing()[0]["id"]), lang or "en")


def _back_to(request: Request, token: str, form: dict[str, str]) -> Response:
    query = {k: form[k] for k in ("lang", "reveal") if form.get(k)}
    if "reveal" in query and request.url.path.endswith("/act"):
        query.pop("reveal")  # after a hot-seat decision the device shows the hand-over screen again
    where = f"{_root(request)}/t/{token}" + (f"?{urlencode(query)}" if query else "")
    return RedirectResponse(where, status_code=303, headers={"Cache-Control": NO_STORE})


async def act(request: Request) -> Response:
    hall = hall_of(request)
    token = request.path_params["token"]
    await check_rate(request, hall, token)
    form = await _form(request, hall)
    lang, reveal = form.get("lang", "")[:16], _reveal(form.get("reveal"))
    k, n = form.get("k", ""), form.get("n", "")
    if not k.isdigit() or not n.isdigit() or len(k) > 6 or len(n) > 9:
        raise Problem(400, "Bad Request", "a choice is a number")

    def decide() -> Response | None:
        message = hall.message(token, 0, reveal)
        legal = message["view"].get("legal") or []
        if message["n"] != int(n) or int(k) >= len(legal):
            return None  # the table moved on since the page was drawn: show it as it is now
        try:
            hall.decide(token, legal[int(k)], reveal, at=int(n))  # two clicks at once: the second is Moved
        except Moved:
            return None
        except IllegalAction as err:
            said = _refusal_at(hall, token, err, lang)
            return _render(request, hall, token, lang, reveal, said, 409)
        return None

    try:
        shown = await run_in_threadpool(decide)
    except (NotFound, Forbidden, RegolaError) as exc:
        return _error_page(request, exc, _fallback_words(request, lang), lang or "en")
    return shown if shown is not None else _back_to(request, token, form)


async def back(request: Request) -> Response:
    hall = hall_of(request)
    token = request.path_params["token"]
    await check_rate(request, hall, token)
    form = await _form(request, hall)
    lang, reveal = form.get("lang", "")[:16], _reveal(form.get("reveal"))
    n = form.get("n", "")
    if not n.isdigit() or len(n) > 9:
        raise Problem(400, "Bad Request", "the form names the move it answers")
    try:
        await run_in_threadpool(hall.take_back, token, reveal, int(n))
    except Moved:
        pass  # sent twice: the first one took it back; show the table as it is now
    except IllegalAction as err:
        said = await run_in_threadpool(_refusal_at, hall, token, err, lang)
        return await run_in_threadpool(_render, request, hall, token, lang, reveal, said, 409)
    except (NotFound, Forbidden, RegolaError) as exc:
        return _error_page(request, exc, _fallback_words(request, lang), lang or "en")
    return _back_to(request, token, form)


# --- the replay viewer of a table's record --------------------------------------------------------------------
def _positions_of(hall: Hall, token: str) -> Any:
    """The positions of the token's table record (the host's at any time, everyone's once it is over)."""
    from regola.serve.tables.replays import positions_of_text

    table_id, text = hall.record(token)
    return positions_of_text(text, hall.home, ("table", table_id, text.count("\n")))


async def replay_page(request: Request) -> Response:
    from regola.serve.tables.replays import render, step_asked

    hall = hall_of(request)
    token, lang = request.path_params["token"], _lang(request)
    here = f"{_root(request)}/t/{token}/replay"
    try:
        positions = await run_in_threadpool(_positions_of, hall, token)
        return await run_in_threadpool(render, request, positions, here, lang, step_asked(request))
    except (NotFound, Forbidden, RegolaError) as exc:
        return _error_page(request, exc, _fallback_words(request, lang), lang or "en")


def routes() -> list[BaseRoute]:
    return [
        Route("/tables", to_new_table, methods=["GET"]),
        Route("/tables/new", new_table, methods=["GET"]),
        Route("/tables/new", make_table, methods=["POST"]),
        Route("/tables/continue", continue_table, methods=["POST"]),
        Route("/t/{token}", table_page, methods=["GET"]),
        Route("/t/{token}/act", act, methods=["POST"]),
        Route("/t/{token}/back", back, methods=["POST"]),
        Route("/t/{token}/replay", replay_page, methods=["GET"]),
    ]

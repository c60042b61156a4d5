"""The workshop: change a rule in the browser, without YAML. Server-rendered, works without JavaScript.

``/workshop`` lists the packs; ``/workshop/{pack}/{lang}/`` is a form of everything a house rule of that
pack may set (``mechanics.editable``: every number and yes/no its rules govern, grouped under the rule with
its text in the reader's language and today's value, and the form of each mechanic with its choices).
Posting the form makes a variant of the fields that differ from the pack, checks it with the very code of
`regola check` in an engine worker (bounded like ``POST /api/v1/variants/check``), and answers with each
finding at its field, or with what the variant changes in words, its token, a YAML download
(``/workshop/{pack}/{lang}/variant.yaml?variant=TOKEN``), its rulebook, and a table to play it at.

A field's name is its JSON pointer; only the pack's own fields are read, each value parsed by its kind
(a whole number of at most 12 characters, yes/no, one of the choices), so nothing from outside becomes
a path, a change the pack does not offer, or an unbounded number.
"""

from __future__ import annotations

import functools
import html
import math
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode

import yaml
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from regola.i18n import Words, words
from regola.mechanics.editable import Field, changes, fields, unset
from regola.serve import bodies
from regola.serve.context import bound_of, client_of, engine_of, library_of
from regola.serve.library import Library, NotFound
from regola.serve.replies import Problem

__all__ = ["routes"]

esc = html.escape
HTML = "text/html; charset=utf-8"
FORM = ("application/x-www-form-urlencoded",)
#: a form of every field a pack offers is far below this; a body past it is not this server's form
FORM_BYTES = 256 * 1024
#: the most fields one form may carry (the packs offer a few hundred)
MOST_FIELDS = 2000
NO_STORE = "no-store"


def _root(request: Request) -> str:
    return str(request.scope.get("root_path", "")).rstrip("/")


def _page(request: Request, title: str, lang: str, body: str, status: int = 200, head: str = "") -> Response:
    from regola.text.render import html_lang

    root = _root(request)
    text = ("<!DOCTYPE html>\n"
            f'<html lang="{esc(html_lang(lang))}"><head><meta charset="utf-8">{head}'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title>"
            f'<link rel="stylesheet" href="{root}/static/regola.css"></head>'
            f'<body class="workshop">\n{body}\n</body></html>\n')
    return Response(text.encode("utf-8"), status_code=status, media_type=HTML, headers={"Cache-Control": NO_STORE})


@functools.lru_cache(maxsize=16)
def _fields_of(pack: Any) -> tuple[Field, ...]:
    return tuple(fields(pack)[:MOST_FIELDS])


def _form_page(request: Request, w: Words, lang: str, body: str, status: int = 200) -> Response:
    """The workshop's form page, with its script (it hides the parameters of forms not chosen; the form works
    without it)."""
    script = f'<script src="{_root(request)}/static/workshop.js" defer></script>'
    return _page(request, w.gettext("Workshop"), lang, body, status, head=script)


def _where(request: Request) -> tuple[Library, str, str, Words]:
    library = library_of(request)
    pack, lang = request.path_params["pack"], request.path_params["lang"]
    library.base(pack)  # NotFound names the packs, never echoes a path
    library.language(lang, pack)
    return library, pack, lang, words(lang)


# --- the pages --------------------------------------------------------------------------------------------
async def index(request: Request) -> Response:
    library = library_of(request)
    lang = request.query_params.get("lang", "en")
    w = words(lang if lang in ("cs", "de", "en", "fr", "pl") else "en")
    items = []
    for entry in library.listing():
        langs = " ".join(f'<a href="{_root(request)}/workshop/{esc(entry["id"])}/{esc(code)}/">{esc(code)}</a>'
                         for code in library.languages_of(entry["id"]))
        items.append(f'<li>{esc(entry["title"])} ({esc(entry["id"])}): {langs}</li>')
    heading, choose = w.gettext("Workshop"), w.gettext("Choose the rules to start from, in the language you read.")
    body = (f'<main class="workshop"><h1>{esc(heading)}</h1><p>{esc(choose)}</p>'
            f'<ul>{"".join(items)}</ul></main>')
    return _page(request, w.gettext("Workshop"), w.lang, body)


async def form(request: Request) -> Response:
    try:
        library, pack, lang, w = _where(request)
    except NotFound as err:
        return _page(request, "regola", "en", f'<main><p class="refused">{esc(str(err))}</p></main>', 404)
    bound = library.bound(pack, None, lang)
    values = {f.pointer: f.value for f in _fields_of(library.base(pack))}
    return _form_page(request, w, lang,
                 _form_html(request, library, pack, lang, w, bound, values, "my-house-rule", "", {}, []))


async def check(request: Request) -> Response:
    try:
        library, pack, lang, w = _where(request)
    except NotFound as err:
        return _page(request, "regola", "en", f'<main><p class="refused">{esc(str(err))}</p></main>', 404)
    bodies.same_origin(request)
    bodies.media_type(request, FORM)
    raw = await bodies.read_body(request, FORM_BYTES)
    known = _fields_of(library.base(pack))
    posted = await run_in_threadpool(_parse, raw, len(known) + 8)
    bound = library.bound(pack, None, lang)
    values, problems = _values(known, posted, w, _said(bound))
    for f in unset(known, values):  # a parameter the chosen form needs: said here, in the reader's words
        problems.setdefault(f.pointer, w.gettext("the form chosen needs this value"))
    variant_id, title = _identity(posted, w, problems)
    made = changes(known, values)
    shown = {f.pointer: values.get(f.pointer, f.value) for f in known}
    if problems:
        return _form_page(request, w, lang,
                     _form_html(request, library, pack, lang, w, bound, shown, variant_id, title, problems, []), 422)
    if not made:
        note = [("", w.gettext("Nothing is changed yet: set a value, then check again."))]
        return _form_page(request, w, lang,
                     _form_html(request, library, pack, lang, w, bound, shown, variant_id, title, {}, note))
    document = {"variant": {"id": variant_id, "base": [pack], "title": title or variant_id, "changes": made}}
    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=110)
    outcome = await _check(request, library, text.encode("utf-8"))
    if outcome.variant is None:
        found = _findings(known, outcome.report.get("findings", []))
        return _form_page(request, w, lang,
                     _form_html(request, library, pack, lang, w, bound, shown, variant_id, title, found, []), 422)
    token = library.keep_posted(outcome.variant)
    after = await bound_of(request, pack, token, lang)
    result = _result_html(request, pack, lang, w, token, after, request.app.state.hall is not None)
    return _form_page(request, w, lang,
                 _form_html(request, library, pack, lang, w, bound, shown, variant_id, title, {}, [], result))


async def download(request: Request) -> Response:
    try:
        library, pack, _lang, _w = _where(request)
    except NotFound as err:
        raise Problem(404, "Not Found", str(err)) from None
    variant = library.variant_named(pack, request.query_params.get("variant", ""))
    text = yaml.safe_dump(variant.to_dict(), sort_keys=False, allow_unicode=True, width=110)
    return Response(text.encode("utf-8"), media_type="application/yaml",
                    headers={"Cache-Control": NO_STORE,
                             "Content-Disposition": f'attachment; filename="{variant.id}.yaml"'})


# --- reading the form -------------------------------------------------------------------------------------
def _parse(raw: bytes, most: int) -> dict[str, str]:
    try:
        parsed = parse_qs(raw.decode("utf-8"), keep_blank_values=True, max_num_fields=most, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise Problem(400, "Bad Request", "the form cannot be read (or has more fields than this pack offers)") \
            from None
    return {k: v[0] for k, v in parsed.items()}


def _values(known: tuple[Field, ...], posted: dict[str, str], w: Words, catalog: Any
            ) -> tuple[dict[str, Any], dict[str, str]]:
    """Each known field's posted value, parsed by its kind; a field left out keeps today's value. Returns
    (values, pointer → what is wrong with the text given, in the reader's words)."""
    values: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for f in known:
        text = posted.get(f.pointer)
        if text is None:
            continue
        text = text.strip()
        if f.of is not None and not text:  # a form's parameter left empty is not set
            values[f.pointer] = None
            continue
        if f.kind == "bool":
            if text not in ("true", "false"):
                problems[f.pointer] = w.gettext("expected yes or no")
                continue
            values[f.pointer] = text == "true"
        elif f.kind == "choice":
            if text not in f.choices:
                offered = ", ".join(_choice_words(f, i, w, catalog) for i in range(len(f.choices)))
                problems[f.pointer] = w.gettext("expected one of: {choices}", choices=offered)
                continue
            values[f.pointer] = text
        elif f.kind == "int":
            if len(text) > 12 or not text.lstrip("-").isdigit():
                problems[f.pointer] = w.gettext("expected a whole number")
                continue
            values[f.pointer] = int(text)
        else:
            try:
                number = float(text) if len(text) <= 24 else None
            except ValueError:
                number = None
            if number is None or not math.isfinite(number):
                problems[f.pointer] = w.gettext("expected a number")
                continue
            values[f.pointer] = number
    return values, problems


def _identity(posted: dict[str, str], w: Words, problems: dict[str, str]) -> tuple[str, str]:
    from regola.core.names import NameRefused, outside_id

    raw_id = posted.get("id", "").strip() or "my-house-rule"
    try:
        variant_id = outside_id(raw_id, "id")
    except NameRefused:
        problems["id"] = w.gettext("lowercase letters, digits and - _ . only")
        variant_id = "my-house-rule"
    title = " ".join(posted.get("title", "").split())[:200]
    return variant_id, title


async def _check(request: Request, library: Library, raw: bytes) -> Any:
    from regola.serve.checking import check_variant

    workspace, job = request.app.state.workspace, secrets.token_hex(8)
    try:
        return await engine_of(request).run(client_of(request), check_variant, library.home, workspace, raw,
                                            "application/yaml", job)
    finally:
        workspace.discard(raw, "variant", ".yaml", job)


def _findings(known: tuple[Field, ...], found: list[dict[str, Any]]) -> dict[str, str]:
    """pointer → the check's message for the field it is about ("" for a finding about no one field)."""
    out: dict[str, str] = {}
    pointers = [f.pointer for f in known]
    for finding in found:
        if finding.get("severity") not in ("error", "warning"):
            continue
        at = str(finding.get("pointer") or "")
        owner = next((p for p in pointers if at and (at == p or at.startswith(p + "/"))), None)
        owner = owner or next((p for p in pointers if at and p.startswith(at + "/")), "")
        message = str(finding.get("message", ""))
        out[owner] = (out[owner] + " " + message) if owner in out else message
    return out


# --- writing the form -------------------------------------------------------------------------------------
def _input(f: Field, value: Any, w: Words, catalog: _Said | None = None) -> str:
    name = esc(f.pointer)
    if f.kind == "bool":
        options = [("true", w.gettext("yes")), ("false", w.gettext("no"))]
        chosen = "true" if value else "false"
        inner = "".join(f'<option value="{k}"{" selected" if k == chosen else ""}>{esc(v)}</option>'
                        for k, v in options)
        return f'<select name="{name}">{inner}</select>'
    if f.kind == "choice":
        options = [(c, _choice_words(f, i, w, catalog)) for i, c in enumerate(f.choices)]
        if f.of is not None and (value is None or f.needed_by):  # a parameter not set yet
            options.insert(0, ("", "—"))
        kind = ' data-kind=""' if f.chooses_form else ""
        return f'<select name="{name}"{kind}>' + "".join(
            f'<option value="{esc(c)}"{" selected" if c == (value if value is not None else "") else ""}>'
            f'{esc(said)}</option>' for c, said in options) + "</select>"
    step = "1" if f.kind == "int" else "any"
    shown = "" if value is None else str(value)
    return f'<input type="number" step="{step}" name="{name}" value="{esc(shown)}">'


@dataclass(frozen=True)
class _Said:
    """What a page's choices are named with: the catalog, and the pack's measures in its words."""

    catalog: Any
    measures: dict[str, str]


def _said(bound: Any) -> _Said:
    from regola.text.mechanics import measure_names

    return _Said(bound.catalog, measure_names(bound.catalog, bound.edition.pack))


def _choice_words(f: Field, index: int, w: Words, said: _Said | None) -> str:
    """A choice in the reader's words: the library's label, the pack's name of a measure (as the rule texts
    say it), or a field's name in the catalog."""
    if f.words:
        return w.gettext(f.words[index])
    if said is not None:
        from regola.text.diff import field_name

        choice = f.choices[index]
        return said.measures.get(choice) or field_name(said.catalog, choice)
    return f.choices[index]


def _field_html(f: Field, value: Any, label: str, w: Words, problem: str | None, catalog: _Said | None = None,
                forms: str = "", todays: dict[str, Any] | None = None) -> str:
    changed = " edited" if value != f.value else ""
    alert = f'<span class="finding" role="alert">{esc(problem)}</span>' if problem else ""
    when = ";".join(f"{p}={'|'.join(kinds)}" for p, kinds in f.when)
    data = f' data-when="{esc(when)}"' if when else ""
    if f.of is not None and (f.value is None or not f.shown(todays or {})):
        today = ""  # a parameter the pack's form does not have: its value is a suggestion, not today's
    else:
        shown = _choice_words(f, f.choices.index(f.value), w, catalog) if f.kind == "choice" and f.value in f.choices \
            else _shown(f.value, w)
        said = w.gettext("today: {value}", value=shown)
        today = f'<span class="today">{esc(said)}</span>'
    forms_html = f'<span class="forms">{esc(forms)}</span>' if forms else ""
    return (f'<label class="field{changed}"{data}><span class="name">{esc(label)}{forms_html}</span> '
            f'{_input(f, value, w, catalog)} {today}{alert}</label>')


def _shown(value: Any, w: Words) -> str:
    if isinstance(value, bool):
        return w.gettext("yes") if value else w.gettext("no")
    return w.number(value) if isinstance(value, int | float) else str(value)


def _form_html(request: Request, library: Library, pack: str, lang: str, w: Words, bound: Any,
               values: dict[str, Any], variant_id: str, title: str, problems: dict[str, str],
               notes: list[tuple[str, str]], result: str = "") -> str:
    from regola.text.diff import field_words
    from regola.text.render import book_title

    base = library.base(pack)
    said = _said(bound)
    groups: dict[str | None, list[Field]] = {}
    for f in _fields_of(base):
        groups.setdefault(f.rule, []).append(f)
    parts = []
    for rule_id, members in groups.items():
        if rule_id is None:
            continue
        rule = bound.rules.get(rule_id)
        heading = rule.title if rule is not None else rule_id
        text = f'<p class="rule-text">{esc(rule.text)}</p>' if rule is not None and rule.text else ""
        # each field by its place under the rule, in the catalog's words (never the data's English keys)
        inner = "".join(_field_html(f, values.get(f.pointer, f.value), field_words(bound.catalog, base, f.pointer), w,
                                    problems.get(f.pointer), said) for f in members)
        opened = " open" if any(f.pointer in problems or values.get(f.pointer, f.value) != f.value
                                for f in members) else ""
        parts.append(f'<details class="rule" id="rule-{esc(rule_id)}"{opened}><summary>{esc(heading)} '
                     f'<code>{esc(rule_id)}</code></summary>{text}{inner}</details>')
    forms = groups.get(None, [])
    if forms:
        kinds = {f.pointer: f for f in forms if f.chooses_form}
        todays = {f.pointer: f.value for f in forms}
        inner = "".join(_field_html(f, values.get(f.pointer, f.value), _mechanic_label(f, w, bound.catalog), w,
                                    problems.get(f.pointer), said, _forms_of(f, kinds, w), todays)
                         for f in forms)
        legend = w.gettext("How the game runs")
        parts.insert(0, f'<fieldset class="mechanics"><legend>{esc(legend)}</legend>{inner}</fieldset>')
    general = [text for key, text in [*notes, *problems.items()] if key in ("", "id")]
    alerts = "".join(f'<p class="refused" role="alert">{esc(text)}</p>' for text in general)
    action = f"{_root(request)}/workshop/{esc(pack)}/{esc(lang)}/"
    intro = w.gettext("Every value a house rule may set, under the rule it belongs to, with today's value. "
                      "Change what you want, check it, then read what it changes, save it or play it.")
    say = [w.gettext("Workshop"), w.gettext("Your house rule"), w.gettext("Id"), w.gettext("Title"),
           w.gettext("Check the house rule")]
    return (f'<main class="workshop"><h1>{esc(say[0])}: {esc(book_title(bound.catalog, base))}</h1>'
            f'<p>{esc(intro)}</p>{alerts}{result}'
            f'<form method="post" action="{action}">'
            f'<fieldset class="identity"><legend>{esc(say[1])}</legend>'
            f'<label>{esc(say[2])} <input name="id" value="{esc(variant_id)}" maxlength="64" '
            f'pattern="[a-z0-9][a-z0-9_.\\-]*"></label>'
            f'<label>{esc(say[3])} <input name="title" value="{esc(title)}" maxlength="200"></label>'
            f'</fieldset>{"".join(parts)}'
            f'<button type="submit">{esc(say[4])}</button></form></main>')


def _mechanic_label(f: Field, w: Words, catalog: Any) -> str:
    if f.label:  # a mechanic's form or a form's parameter: the library's label (regola.mechanics.forms)
        return w.gettext(f.label)
    from regola.text.diff import field_name

    return w.gettext("who sees: {part}", part=field_name(catalog, f.pointer.rsplit("/", 1)[-1]))


def _forms_of(f: Field, kinds: dict[str, Field], w: Words) -> str:
    """The forms a parameter belongs to, in the reader's words (shown beside it; the page's script hides a
    parameter whose form is not chosen)."""
    if not f.when:
        return ""
    pointer, chosen = f.when[-1]
    kind = kinds.get(pointer)
    if kind is None:
        return ""
    return " (" + ", ".join(w.gettext(kind.words[kind.choices.index(k)]) for k in chosen if k in kind.choices) + ")"


def _result_html(request: Request, pack: str, lang: str, w: Words, token: str, after: Any, tables: bool) -> str:
    root = _root(request)
    diff = after.changes()
    items = []
    if diff:
        for before, rule in diff.changed:  # a rule whose text shows a changed value: the text before and now
            items.append(f'<li><strong>{esc(rule.title)}</strong>: {esc(rule.text)} '
                         f'<del>{esc(before.text)}</del></li>')
        items += [f"<li><strong>{esc(rule.title)}</strong>: {esc(rule.text)}</li>" for rule in diff.added]
        for change in diff.values:  # every changed value its rule's text does not show, by its rule
            if change.kind != "text":
                items.append(f"<li>{esc(change.said(lang))}</li>")
    query = urlencode({"variant": token})
    say = [w.gettext("Download the variant (YAML)"), w.gettext("Read it in the rulebook"),
           w.gettext("Play it at a table"), w.gettext("What it changes"),
           w.gettext("It passes the check. Its token: {token}", token=token)]
    links = [f'<a href="{root}/workshop/{esc(pack)}/{esc(lang)}/variant.yaml?{query}" download>{esc(say[0])}</a>',
             f'<a href="{root}/{esc(pack)}/{esc(lang)}/?{query}">{esc(say[1])}</a>']
    if tables:
        play = urlencode({"pack": pack, "posted": token, "lang": lang})
        links.append(f'<a href="{root}/tables/new?{play}">{esc(say[2])}</a>')
    return (f'<section class="result" aria-live="polite"><h2>{esc(say[3])}</h2>'
            f'<ul class="changes">{"".join(items)}</ul><p>{esc(say[4])}</p>'
            f'{_jobs_html(request, pack, lang, w, token)}'
            f'<p class="links">{" · ".join(links)}</p></section>')


# --- jobs: compare it ---------------------------------------------------------------------------------------
def _board(request: Request) -> Any:
    board = getattr(request.app.state, "jobs", None)
    if board is None:
        raise Problem(404, "Not Found", "this server runs no jobs (regola serve --workshop-jobs DIR turns them on)")
    return board


def _jobs_html(request: Request, pack: str, lang: str, w: Words, token: str) -> str:
    board = getattr(request.app.state, "jobs", None)
    if board is None:
        return ""
    say = [w.gettext("Compare it with the rules as published"), w.gettext("games per arm and lineup"),
           w.gettext("Start the comparison")]
    action = f"{_root(request)}/workshop/{esc(pack)}/{esc(lang)}/compare"
    most = board.bounds.games
    out = (f'<form class="job" method="post" action="{action}"><fieldset><legend>{esc(say[0])}</legend>'
           f'<input type="hidden" name="variant" value="{esc(token)}">'
           f'<label>{esc(say[1])} <input type="number" name="games" min="1" max="{most}" step="1" '
           f'value="{min(200, most)}"></label><button type="submit">{esc(say[2])}</button></fieldset></form>')
    if "fair-seats" in (library_of(request).base(pack).meta.get("tuning") or {}):
        tune = [w.gettext("Tune it: search the starting values that make the seats fair"),
                w.gettext("games the search may play"), w.gettext("Start the search")]
        action = f"{_root(request)}/workshop/{esc(pack)}/{esc(lang)}/tune"
        most = board.bounds.tune_games
        out += (f'<form class="job" method="post" action="{action}"><fieldset><legend>{esc(tune[0])}</legend>'
                f'<input type="hidden" name="variant" value="{esc(token)}">'
                f'<label>{esc(tune[1])} <input type="number" name="games" min="1" max="{most}" step="1" '
                f'value="{min(5000, most)}"></label><button type="submit">{esc(tune[2])}</button></fieldset></form>')
    return out


async def compare(request: Request) -> Response:
    return await _start(request, "compare")


async def tune(request: Request) -> Response:
    return await _start(request, "tune")


async def _start(request: Request, kind: str) -> Response:
    from starlette.responses import RedirectResponse

    from regola.serve.jobs import JobsFull

    try:
        library, pack, lang, _w = _where(request)
    except NotFound as err:
        raise Problem(404, "Not Found", str(err)) from None
    board = _board(request)
    bodies.same_origin(request)
    bodies.media_type(request, FORM)
    posted = await run_in_threadpool(_parse, await bodies.read_body(request, 4096), 4)
    variant = library.variant_named(pack, posted.get("variant", ""))
    games_text = posted.get("games", "").strip()
    if not games_text.isdigit() or len(games_text) > 9:
        raise Problem(422, "Unprocessable Content", "games: a whole number")
    text = yaml.safe_dump(variant.to_dict(), sort_keys=False, allow_unicode=True, width=110)
    try:
        if kind == "tune" and "fair-seats" not in (library.base(pack).meta.get("tuning") or {}):
            raise JobsFull(f"pack {pack} names no values to tune its seats with", 422)
        job = await run_in_threadpool(board.submit, client_of(request), pack, lang, text, int(games_text), kind)
    except JobsFull as full:
        raise Problem(full.status, {422: "Unprocessable Content", 429: "Too Many Requests"}.get(
            full.status, "Service Unavailable"), str(full)) from None
    return RedirectResponse(f"{_root(request)}/workshop/jobs/{job.id}?{urlencode({'lang': lang})}", status_code=303)


def _job(request: Request) -> Any:
    job = _board(request).get(request.path_params["job"])
    if job is None:
        raise Problem(404, "Not Found", "no such job")
    return job


async def job_page(request: Request) -> Response:
    job = _job(request)
    lang = request.query_params.get("lang", job.lang)
    w = words(lang if lang in ("cs", "de", "en", "fr", "pl") else "en")
    played = await run_in_threadpool(job.played)
    ahead = await run_in_threadpool(_board(request).ahead, job.id) if job.state == "queued" else None
    states = {"queued": w.gettext("waiting for its turn"), "running": w.gettext("playing"),
              "done": w.gettext("finished"), "failed": w.gettext("failed")}
    if ahead is not None:  # its place in the line, served fairly across networks (serve.jobs)
        states["queued"] = w.ngettext("waiting for its turn: {n} job before it", "waiting for its turn: {n} jobs "
                                      "before it", ahead) if ahead else w.gettext("waiting for its turn: next")
    # TRANSLATORS: the bot lineups a comparison was played under (one per semicolon-separated entry)
    judged = w.gettext("Judged by these bot lineups: {lineups}", lineups=" · ".join(job.lineups.split(";")))
    say = [w.gettext("Comparison") if job.kind == "compare" else w.gettext("Search for fair seats"),
           w.gettext("{played} of {total} games", played=w.number(played), total=w.number(job.total)),
           w.gettext("Read the report"), w.gettext("This page follows the job; you may close it and come back."),
           w.gettext("Download the variant it found (YAML)")]
    root = _root(request)
    report = (f'<p><a href="{root}/workshop/jobs/{job.id}/report">{esc(say[2])}</a></p>'
              if job.state == "done" else "")
    if job.state == "done" and job.variant is not None:
        report += f'<p><a href="{root}/workshop/jobs/{job.id}/variant.yaml" download>{esc(say[4])}</a></p>'
    reason = f'<p class="refused">{esc(job.reason)}</p>' if job.reason else ""
    live = job.state in ("queued", "running")
    # only a job under way is followed (a finished page that subscribed would reload itself for ever)
    events = f' data-events="{root}/workshop/jobs/{job.id}/events"' if live else ""
    body = (f'<main class="workshop job"{events}><h1>{esc(say[0])}</h1>'
            f'<p class="state">{esc(states.get(job.state, job.state))}</p>'
            f'<progress max="{job.total}" value="{played}">{esc(say[1])}</progress> '
            f'<span class="count">{esc(say[1])}</span><p class="lineups">{esc(judged)}</p>{reason}{report}'
            + (f'<p class="today">{esc(say[3])}</p>' if live else "") + "</main>")
    refresh = '<meta http-equiv="refresh" content="3">' if live else ""  # without JavaScript: reload
    script = f'<script src="{root}/static/workshop.js" defer></script>'
    return _page(request, say[0], w.lang, body, head=refresh + script)


#: how long one progress stream stays open (a job's page opens a new one when it ends)
STREAM_SECONDS = 600.0


async def job_events(request: Request) -> Response:
    """Server-Sent Events: the job's state and games played, once a second, until it ends."""
    import asyncio
    import json

    from starlette.responses import StreamingResponse

    job = _job(request)
    board = _board(request)

    async def events() -> Any:
        started = asyncio.get_running_loop().time()
        while True:
            now = board.get(job.id)
            played = await run_in_threadpool(now.played)
            ahead = await run_in_threadpool(board.ahead, job.id) if now.state == "queued" else None
            data = json.dumps({"state": now.state, "played": played, "total": now.total, "reason": now.reason,
                               "ahead": ahead})
            yield f"event: progress\ndata: {data}\n\n".encode()
            if now.state in ("done", "failed") or await request.is_disconnected() \
                    or asyncio.get_running_loop().time() - started > STREAM_SECONDS:
                return
            await asyncio.sleep(1.0)

    return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": NO_STORE})


async def job_report(request: Request) -> Response:
    job = _job(request)
    if job.state != "done" or not job.report.is_file():
        raise Problem(404, "Not Found", "the job has no report (yet)")
    body = await run_in_threadpool(job.report.read_bytes)
    return Response(body, media_type=HTML, headers={"Cache-Control": NO_STORE})


async def job_variant(request: Request) -> Response:
    job = _job(request)
    if job.state != "done" or job.variant is None:
        raise Problem(404, "Not Found", "the job has written no variant")
    text = await run_in_threadpool(job.variant.read_text, "utf-8")
    body = text.replace(str(job.folder), ".").encode("utf-8")  # its header names the job's folder: not shown
    return Response(body, media_type="application/yaml",
                    headers={"Cache-Control": NO_STORE, "Content-Disposition": 'attachment; filename="tuned.yaml"'})


def routes() -> list[Route]:
    return [
        Route("/workshop", index, methods=["GET"]),
        Route("/workshop/jobs/{job}/variant.yaml", job_variant, methods=["GET"]),
        Route("/workshop/{pack}/{lang}/tune", tune, methods=["POST"]),
        Route("/workshop/jobs/{job}", job_page, methods=["GET"]),
        Route("/workshop/jobs/{job}/events", job_events, methods=["GET"]),
        Route("/workshop/jobs/{job}/report", job_report, methods=["GET"]),
        Route("/workshop/{pack}/{lang}/compare", compare, methods=["POST"]),
        Route("/workshop/{pack}/{lang}/", form, methods=["GET"]),
        Route("/workshop/{pack}/{lang}/", check, methods=["POST"]),
        Route("/workshop/{pack}/{lang}/variant.yaml", download, methods=["GET"]),
    ]

"""The web rulebook: server-rendered HTML that works without JavaScript.

``/`` lists the packs; ``/{pack}/{lang}/`` is a whole rulebook (table of contents, every section, a
permanent link per rule at ``#rule-<id>``); ``/{pack}/{lang}/{section}`` one section;
``/{pack}/{lang}/search?q=`` the search results. The content is ``text.render.build_book``'s, the
same as ``regola rules render``; this module only lays it out with the site's navigation. A page
speaks one language: rule text and the game's headings from its rule catalog, every other word
(buttons, labels, search, switchers, errors, the variant marks) from regola's interface catalog in
the same language. A rule a variant changes shows each old value struck and the new one beside it,
naming the variant by its title. Rendered pages are kept in a bounded cache with their ETag.
"""

from __future__ import annotations

import html
from contextvars import ContextVar
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from regola.i18n import Words, words
from regola.serve.context import bound_of, explicit_language, library_of
from regola.serve.library import Bound, Library, NotFound
from regola.serve.lru import Bounded
from regola.serve.negotiate import choose
from regola.serve.replies import etag_of, reply
from regola.text.bind import BoundRule
from regola.text.diff import Change
from regola.text.render import Section, html_lang

__all__ = ["routes", "section_html"]

esc = html.escape
HTML = "text/html; charset=utf-8"

_pages: Bounded[tuple[str | bool, ...], tuple[bytes, str]] = Bounded(96)

#: the path prefix a reverse proxy serves the site under (uvicorn --root-path), for this request
ROOT: ContextVar[str] = ContextVar("root", default="")


def _root() -> str:
    return ROOT.get()


def _enter(request: Request) -> str:
    root = str(request.scope.get("root_path", "")).rstrip("/")
    ROOT.set(root)
    return root


def _marked(before: BoundRule | None, rule: BoundRule) -> str:
    """The rule's text, escaped; each value a variant changed shown as the old one struck, the new one
    beside it."""
    if before is None or not rule.template:
        return esc(rule.text)
    from regola.text.catalog import PLACEHOLDER

    out, last = [], 0
    for match in PLACEHOLDER.finditer(rule.template):
        out.append(esc(rule.template[last:match.start()]))
        name, now = match.group(1), rule.value(match.group(1))
        was = before.value(name)
        out.append(f"<del>{esc(was)}</del> <ins>{esc(now)}</ins>" if was != now else esc(now))
        last = match.end()
    out.append(esc(rule.template[last:]))
    return "".join(out)


def _rule_html(rule_id: str, bound: Bound, w: Words) -> str:
    rule = bound.rules[rule_id]
    diff = bound.changes()
    before = next((b for b, a in diff.changed if a.id == rule_id), None) if diff else None
    lang = f' lang="{esc(html_lang(rule.language))}"' if rule.language != bound.catalog.language else ""
    link = esc(w.gettext("link to this rule"))
    out = [f'<article id="rule-{esc(rule.id)}" class="rule"{lang}><h3>{esc(rule.title)} '
           f'<a class="permalink" href="#rule-{esc(rule.id)}" title="{link}">#</a></h3>',
           f"<p>{_marked(before, rule)}</p>"]
    if diff:
        values = diff.of_rule(rule_id, text=False)
        added = any(a.id == rule_id for a in diff.added)
        if before is not None or values or added:
            title = w.join(w.gettext("“{title}”", title=t) for t in diff.titles)
            what = "; ".join(_change_html(c, w) for c in values)
            said = (w.gettext("Added by the variant {title}.", title=title) if added
                    else w.gettext("Changed by the variant {title}.", title=title))
            out.append(f'<p class="changed">{esc(said)}' + (f" {what}" if what else "") + "</p>")
    rule_word = esc(w.gettext("Rule"))
    out.append(f'<p class="cite">{rule_word} <code>{esc(rule.id)}</code> · '
               f"<cite>{esc(', '.join(rule.cites))}</cite></p></article>")
    return "".join(out)


def _change_html(change: Change, w: Words) -> str:
    """'where: before → after' in the reader's words, the old value struck and the new one marked."""
    said = esc(w.gettext("{where}: {before} → {after}", where=change.where, before="\0", after="\1"))
    return said.replace("\0", f"<del>{esc(change.before)}</del>").replace("\1", f"<ins>{esc(change.after)}</ins>")


def _unowned_html(bound: Bound) -> str:
    """Under a variant, the changed values no rule of the book shows (the order of the phases), in words."""
    diff = bound.changes()
    values = diff.unowned(bound.rules) if diff else []
    if not values:
        return ""
    w = words(bound.catalog.language)
    items = "".join(f"<li>{_change_html(c, w)}</li>" for c in values)
    heading = esc(w.gettext("Values that no rule text shows:"))
    return f'<section class="changed unowned"><p>{heading}</p><ul>{items}</ul></section>'


def _table_html(caption: str, table: object, bound: Bound) -> str:
    """A rulebook table; under a variant, each cell it changed shows the pack's value struck."""
    diff = bound.changes()
    old: dict[tuple[int, int], str] = {}
    if diff:
        from regola.text.render import tables_of

        for _, other, _root, base in tables_of(bound.catalog, bound.edition.base):
            if other == caption:
                old = {(r, c): cell for r, row in enumerate(base.rows) for c, cell in enumerate(row)}
    headers, rows = table.headers, table.rows  # type: ignore[attr-defined]

    def cell(r: int, c: int, text: str) -> str:
        was = old.get((r, c), text)
        return f"<td><del>{esc(was)}</del> <ins>{esc(text)}</ins></td>" if was != text else f"<td>{esc(text)}</td>"

    return (f'<div class="table"><table><caption>{esc(caption)}</caption><thead><tr>'
            + "".join(f"<th>{esc(h)}</th>" for h in headers) + "</tr></thead><tbody>"
            + "".join("<tr>" + "".join(cell(r, c, x) for c, x in enumerate(row)) + "</tr>"
                      for r, row in enumerate(rows)) + "</tbody></table></div>")


def section_html(section: Section, bound: Bound) -> str:
    """One rulebook section as an HTML fragment (also the API's rendered section)."""
    w = words(bound.catalog.language)
    out = [f'<section id="{esc(section.id)}"><h2>{esc(section.title)}</h2>']
    out += [_rule_html(rule.id, bound, w) for rule in section.rules]
    out += [_table_html(caption, table, bound) for caption, table in section.tables]
    for heading, text in section.notes:
        out.append(f"<h3>{esc(heading)}</h3><p>{esc(text)}</p>")
    out.append("</section>")
    return "\n".join(out)


def _query(variant: str | None, **more: str) -> str:
    items = {"variant": variant} if variant else {}
    items.update({k: v for k, v in more.items() if v})
    return ("?" + urlencode(items)) if items else ""


def _page(title: str, lang: str, body: str, data: dict[str, str] | None = None) -> str:
    attrs = "".join(f' data-{k}="{esc(v)}"' for k, v in (data or {}).items())
    return ("<!DOCTYPE html>\n"
            f'<html lang="{esc(html_lang(lang))}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title>"
            f'<link rel="stylesheet" href="{_root()}/static/regola.css">'
            f'<script src="{_root()}/static/regola.js" defer></script></head>'
            f"<body{attrs}>\n{body}\n</body></html>\n")


def _chrome(library: Library, bound: Bound, where: str, q: str = "") -> str:
    """The header: title, language switcher, variant switcher, search form."""
    from regola.text.diff import variant_title
    from regola.text.lang import own_name
    from regola.text.render import book_title

    pack, token, lang = bound.edition.base.id, bound.edition.token, bound.catalog.language
    w = words(lang)
    langs = " ".join(
        f'<a class="lang{" current" if other == lang else ""}" hreflang="{esc(html_lang(other))}" lang="'
        f'{esc(html_lang(other))}" title="{esc(own_name(other))}" '
        f'href="{_root()}/{esc(pack)}/{esc(other)}/{esc(where)}{esc(_query(token, q=q))}">{esc(other)}</a>'
        for other in library.languages_of(pack))
    options = [("", w.pgettext("variant", "none (the pack as published)"))]
    options += [(vid, variant_title(bound.catalog, e.variant, e.pack) if e.variant else vid)
                for vid, e in library.variants[pack].items()]
    if token and token not in dict(options):
        title = variant_title(bound.catalog, bound.edition.variant) if bound.edition.variant else token
        options.append((token, w.gettext("{title} (posted)", title=title)))
    select = "".join(f'<option value="{esc(v)}"{" selected" if v == (token or "") else ""}>{esc(t)}</option>'
                     for v, t in options)
    said = {"language": esc(w.gettext("Language")), "variant": esc(w.gettext("Variant")),
            "apply": esc(w.pgettext("button", "Apply")), "search": esc(w.pgettext("button", "Search")),
            "find": esc(w.gettext("Search the rules"))}
    return (f'<header class="site"><p class="brand"><a href="{_root()}/">regola</a> · '
            f'<a href="{_root()}/{esc(pack)}/{esc(lang)}/{esc(_query(token))}">'
            f"{esc(book_title(bound.catalog, bound.edition.base))}</a></p>"
            f'<nav class="langs" aria-label="{said["language"]}">{langs}</nav>'
            f'<form class="variant" method="get" action="{_root()}/{esc(pack)}/{esc(lang)}/{esc(where)}">'
            f'<label>{said["variant"]} <select name="variant">{select}</select></label> '
            f'<button type="submit">{said["apply"]}</button></form>'
            f'<form class="search" role="search" method="get" action="{_root()}/{esc(pack)}/{esc(lang)}/search">'
            f'<input type="search" name="q" id="q" value="{esc(q)}" placeholder="{said["find"]}" '
            f'autocomplete="off" aria-label="{said["find"]}">'
            + (f'<input type="hidden" name="variant" value="{esc(token)}">' if token else "")
            + f'<button type="submit">{said["search"]}</button></form>'
            '<ol id="hits" hidden></ol></header>')


def _contents(bound: Bound, link: str) -> str:
    items = "".join(f'<li><a href="{link.format(id=esc(s.id))}">{esc(s.title)}</a></li>'
                    for s in bound.book().sections)
    heading = words(bound.catalog.language).gettext("Contents")
    return f'<nav id="contents"><h2>{esc(heading)}</h2><ol>{items}</ol></nav>'


def _data(bound: Bound) -> dict[str, str]:
    """What the page's script needs, the words it shows included (it has no catalog of its own)."""
    w = words(bound.catalog.language)
    return {"root": _root(), "pack": bound.edition.base.id, "lang": bound.catalog.language,
            "variant": bound.edition.token or "", "none": w.gettext("No rule matches."),
            "failed": w.gettext("The search did not answer; press Enter to search on the server.")}


def book_page(library: Library, bound: Bound, section_id: str | None) -> str:
    book = bound.book()
    pack, lang, token = bound.edition.base.id, bound.catalog.language, bound.edition.token
    if section_id is None:
        parts = book.sections
        link = "#{id}"
        where = ""
    else:
        parts = [s for s in book.sections if s.id == section_id]
        if not parts:
            raise NotFound(words(lang).gettext("the rulebook has no section '{section}' (sections: {known})",
                                               section=section_id, known=", ".join(s.id for s in book.sections)))
        link = f"{_root()}/{pack}/{lang}/{{id}}{_query(token)}"
        where = section_id
    body = [_chrome(library, bound, where), '<div class="layout">', _contents(bound, link), "<main>",
            f"<h1>{esc(book.title)}</h1>", f'<p class="cite">{esc(book.subtitle)}</p>', _unowned_html(bound)]
    body += [section_html(s, bound) for s in parts]
    body += ["</main></div>"]
    title = book.title if section_id is None else f"{parts[0].title} · {book.title}"
    return _page(title, lang, "\n".join(body), _data(bound))


def search_page(library: Library, bound: Bound, q: str) -> str:
    from regola.text.search import search

    words_ = q.split()[:16]
    hits = search(list(bound.json.values()), words_) if words_ else []
    pack, lang, token = bound.edition.base.id, bound.catalog.language, bound.edition.token
    w = words(lang)
    base = f"{_root()}/{pack}/{lang}/{_query(token)}"
    items = "".join(f'<li><a href="{esc(base)}#rule-{esc(h["id"])}">{esc(h["title"])}</a> '
                    f'<code>{esc(h["id"])}</code><br>{esc(h["text"])}</li>' for h in hits)
    if hits:
        result = f'<ol class="results">{items}</ol>'
    else:
        none = esc(w.gettext("no rule matches “{query}”", query=q))
        result = f'<p class="none">{none}</p>'
    heading = w.ngettext("{n} rule matches “{query}”", "{n} rules match “{query}”", len(hits), query=q)
    body = [_chrome(library, bound, "search", q), "<main>", f"<h1>{esc(heading)}</h1>", result, "</main>"]
    title = w.gettext("Search: {query} · {book}", query=q, book=bound.book().title)
    return _page(title, lang, "\n".join(body), _data(bound))


def index_page(library: Library, lang: str, tables: bool = False) -> str:
    from regola.i18n.pseudo import PSEUDO
    from regola.text.catalog import catalog_for
    from regola.text.diff import variant_title
    from regola.text.render import book_title

    w = words(lang)
    listed = esc(w.gettext("Variants:"))
    rows = []
    for pack in library.packs.values():
        offered = library.languages_of(pack.id)
        if lang == PSEUDO:  # asked for by name: every pack shows in it
            offered = [*offered, PSEUDO]
        links = " ".join(f'<a hreflang="{esc(html_lang(x))}" lang="{esc(html_lang(x))}" '
                         f'href="{_root()}/{esc(pack.id)}/{esc(x)}/">{esc(x)}</a>' for x in offered)
        here = lang if lang in offered else pack.language
        catalog = catalog_for(here, library.home, pack.game) if here in offered else None
        title = book_title(catalog, pack) if catalog is not None else pack.title
        variants = ", ".join(esc(variant_title(catalog, e.variant, e.pack) if catalog is not None else e.variant.title)
                             for e in library.variants[pack.id].values() if e.variant)
        rows.append(f'<li><a href="{_root()}/{esc(pack.id)}/{esc(here)}/">{esc(title)}</a> '
                    f'<code>{esc(pack.id)}</code> · {links}'
                    + (f"<br><small>{listed} {variants}</small>" if variants else "") + "</li>")
    heading, api = esc(w.gettext("Rulebooks")), esc(w.gettext("API for programs (OpenAPI 3.1)"))
    play = esc(w.gettext("Play at a table with friends and bots"))
    replay = esc(w.gettext("Replay a game from its record"))
    tables_links = (f'<p class="tables"><a href="{_root()}/tables/new?lang={esc(lang)}">{play}</a> · '
                    f'<a href="{_root()}/replay?lang={esc(lang)}">{replay}</a></p>') if tables else ""
    workshop = esc(w.gettext("Change a rule in the workshop"))
    tables_links += f'<p class="workshop"><a href="{_root()}/workshop?lang={esc(lang)}">{workshop}</a></p>'
    body = (f'<header class="site"><p class="brand"><a href="{_root()}/">regola</a></p></header><main>'
            f'<h1>{heading}</h1><ul class="packs">{"".join(rows)}</ul>{tables_links}'
            f'<p class="cite"><a href="{_root()}/api/v1/openapi.json">{api}</a></p></main>')
    return _page(w.gettext("regola: the rules of board games"), lang, body)


def missing_page(library: Library, pack: str, lang: str, message: str) -> str:
    """A page that cannot be shown (no such pack, language, section or variant): the one line that
    says why, and the languages the pack has, as links."""
    from regola.i18n.pseudo import PSEUDO
    from regola.text.lang import parse_tag

    parsed = parse_tag(lang) if len(lang) <= 35 else None
    shown = parsed if parsed in library.languages or parsed == PSEUDO else "en"
    w = words(shown)
    links = ""
    if pack in library.packs:
        links = " ".join(f'<a hreflang="{esc(html_lang(x))}" href="{_root()}/{esc(pack)}/{esc(x)}/">{esc(x)}</a>'
                         for x in library.languages_of(pack))
    heading, language, back = esc(w.gettext("Not found")), esc(w.gettext("Language")), esc(w.gettext("All rulebooks"))
    body = (f'<header class="site"><p class="brand"><a href="{_root()}/">regola</a></p></header><main>'
            f'<h1>{heading}</h1><p class="none">{esc(message)}</p>'
            + (f'<nav class="langs" aria-label="{language}">{links}</nav>' if links else "")
            + f'<p><a href="{_root()}/">{back}</a></p></main>')
    return _page(w.gettext("Not found"), shown, body)


# --- routes ---------------------------------------------------------------------------------------

def _cached(request: Request, key: tuple[str | bool, ...], make: object, lang: str) -> Response:
    def build() -> tuple[bytes, str]:
        text: str = make()  # type: ignore[operator]
        body = text.encode("utf-8")
        return body, etag_of(body)

    body, tag = _pages.get_or_make((_enter(request), *key), build)
    return reply(request, body, HTML, language=lang, etag=tag)


def _where(request: Request) -> tuple[Library, str, str | None, str] | Response:
    """(library, pack, variant, language) of a page URL; a redirect to the canonical language tag."""
    library = library_of(request)
    pack = request.path_params["pack"]
    library.base(pack)
    raw_lang = request.path_params["lang"]
    lang = explicit_language(library, raw_lang, pack)
    variant = request.query_params.get("variant") or None
    library.known(pack, variant)
    if lang != raw_lang:
        rest = request.path_params.get("section") or ("search" if request.url.path.endswith("/search") else "")
        return _redirect(f"{_root()}/{pack}/{lang}/{rest}", request)
    return library, pack, variant, lang


async def index(request: Request) -> Response:
    library = library_of(request)
    lang = choose(request.headers.get("accept-language"), library.languages, library.languages[0])
    tables = getattr(request.app.state, "hall", None) is not None
    return _cached(request, ("index", lang, tables), lambda: index_page(library, lang, tables), lang)


def _not_found(request: Request, err: NotFound) -> Response:
    """A browser gets a page in words (the API's problem details otherwise, from the app's handler)."""
    if "text/html" not in request.headers.get("accept", ""):
        raise err
    from regola.serve.library import LanguageMissing
    from regola.text.lang import missing_language

    pack, lang = str(request.path_params.get("pack", "")), str(request.path_params.get("lang", ""))
    message = missing_language(err.pack, err.asked, err.offered) if isinstance(err, LanguageMissing) else str(err)
    body = missing_page(library_of(request), pack, lang, message).encode("utf-8")
    return Response(body, status_code=404, media_type=HTML, headers={"Cache-Control": "no-store"})


async def book(request: Request) -> Response:
    _enter(request)
    try:
        where = _where(request)
        if isinstance(where, Response):
            return where
        library, pack, variant, lang = where
        section = request.path_params.get("section")
        bound = await bound_of(request, pack, variant, lang)
        return _cached(request, ("book", pack, variant or "", lang, section or ""),
                       lambda: book_page(library, bound, section), lang)
    except NotFound as err:
        return _not_found(request, err)


async def search(request: Request) -> Response:
    _enter(request)
    try:
        where = _where(request)
        if isinstance(where, Response):
            return where
        library, pack, variant, lang = where
        q = (request.query_params.get("q") or "")[:200]
        bound = await bound_of(request, pack, variant, lang)
        return reply(request, search_page(library, bound, q).encode("utf-8"), HTML, language=lang)
    except NotFound as err:
        return _not_found(request, err)


def _redirect(path: str, request: Request) -> Response:
    """308 to ``path``, built by the caller from what the route matched and knows (a pack id, a catalog
    language, a section name), never from the raw request line: a path a client smuggles a TAB or a
    second slash into cannot turn it into a redirect to another site."""
    from urllib.parse import quote

    query = request.url.query
    location = quote(path, safe="/-_.~")
    if not location.startswith("/") or location.startswith("//"):
        location = "/" + location.lstrip("/")
    return RedirectResponse(location + (f"?{query}" if query else ""), status_code=308)


async def no_slash(request: Request) -> Response:
    _enter(request)
    try:
        where = _where(request)
    except NotFound as err:
        return _not_found(request, err)
    if isinstance(where, Response):
        return where
    _library, pack, _variant, lang = where
    return _redirect(f"{_root()}/{pack}/{lang}/", request)


def routes() -> list[Route]:
    return [
        Route("/", index, methods=["GET"]),
        Route("/{pack}/{lang}", no_slash, methods=["GET"]),
        Route("/{pack}/{lang}/", book, methods=["GET"]),
        Route("/{pack}/{lang}/search", search, methods=["GET"]),
        Route("/{pack}/{lang}/{section}", book, methods=["GET"]),
    ]

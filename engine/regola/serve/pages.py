"""The web rulebook: server-rendered HTML that works without JavaScript.

``/`` lists the packs; ``/{pack}/{lang}/`` is a whole rulebook (table of contents, every section, a
permanent link per rule at ``#rule-<id>``); ``/{pack}/{lang}/{section}`` one section;
``/{pack}/{lang}/search?q=`` the search results. The content is ``text.render.build_book``'s, the
same as ``regola rules render``; this module only lays it out with the site's navigation. The
interface words are English, as everywhere in regola's chrome; rule text and section titles come
from the catalogs. Rendered pages are kept in a bounded cache with their ETag.
"""

from __future__ import annotations

import html
from contextvars import ContextVar
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from regola.serve.context import bound_of, explicit_language, library_of
from regola.serve.library import Bound, Library, NotFound
from regola.serve.lru import Bounded
from regola.serve.negotiate import choose
from regola.serve.replies import etag_of, reply
from regola.text.render import Section

__all__ = ["routes", "section_html"]

esc = html.escape
HTML = "text/html; charset=utf-8"

_pages: Bounded[tuple[str, ...], tuple[bytes, str]] = Bounded(96)

#: the path prefix a reverse proxy serves the site under (uvicorn --root-path), for this request
ROOT: ContextVar[str] = ContextVar("root", default="")


def _root() -> str:
    return ROOT.get()


def _enter(request: Request) -> str:
    root = str(request.scope.get("root_path", "")).rstrip("/")
    ROOT.set(root)
    return root


def _rule_html(rule_id: str, bound: Bound, variant: str | None) -> str:
    rule = bound.rules[rule_id]
    data = bound.json[rule_id]["data"]
    changed = [d for d in data if d["changed"]]
    out = [f'<article id="rule-{esc(rule.id)}" class="rule"><h3>{esc(rule.title)} '
           f'<a class="permalink" href="#rule-{esc(rule.id)}" title="permalink">#</a></h3>',
           f"<p>{esc(rule.text)}</p>"]
    if changed:
        out.append(f'<p class="changed">{esc(bound.catalog.chrome("variant_applied"))} '
                   f"<code>{esc(variant or '')}</code>: "
                   + "; ".join(f"<code>{esc(d['pointer'])}</code>" for d in changed) + "</p>")
    out.append(f'<p class="cite">{esc(bound.catalog.chrome("rule"))} <code>{esc(rule.id)}</code> · '
               f"{esc(', '.join(rule.cites))}</p></article>")
    return "".join(out)


def section_html(section: Section, bound: Bound) -> str:
    """One rulebook section as an HTML fragment (also the API's rendered section)."""
    out = [f'<section id="{esc(section.id)}"><h2>{esc(section.title)}</h2>']
    out += [_rule_html(rule.id, bound, bound.edition.token) for rule in section.rules]
    for caption, table in section.tables:
        out.append(f'<div class="table"><table><caption>{esc(caption)}</caption><thead><tr>'
                   + "".join(f"<th>{esc(h)}</th>" for h in table.headers) + "</tr></thead><tbody>")
        out += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in table.rows]
        out.append("</tbody></table></div>")
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
            f'<html lang="{esc(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title>"
            f'<link rel="stylesheet" href="{_root()}/static/regola.css">'
            f'<script src="{_root()}/static/regola.js" defer></script></head>'
            f"<body{attrs}>\n{body}\n</body></html>\n")


def _chrome(library: Library, bound: Bound, where: str, q: str = "") -> str:
    """The header: title, language switcher, variant switcher, search form."""
    pack, token, lang = bound.edition.base.id, bound.edition.token, bound.catalog.language
    langs = " ".join(
        f'<a class="lang{" current" if other == lang else ""}" hreflang="{esc(other)}" '
        f'href="{_root()}/{esc(pack)}/{esc(other)}/{esc(where)}{esc(_query(token, q=q))}">{esc(other)}</a>'
        for other in library.languages_of(pack))
    options = [("", bound.catalog.chrome("none"))]
    options += [(vid, e.variant.title if e.variant else vid) for vid, e in library.variants[pack].items()]
    if token and token not in dict(options):
        options.append((token, f"{bound.edition.variant.id if bound.edition.variant else ''} ({token[:15]}…)"))
    select = "".join(f'<option value="{esc(v)}"{" selected" if v == (token or "") else ""}>{esc(t)}</option>'
                     for v, t in options)
    return (f'<header class="site"><p class="brand"><a href="{_root()}/">regola</a> · '
            f'<a href="{_root()}/{esc(pack)}/{esc(lang)}/{esc(_query(token))}">{esc(bound.edition.pack.title)}</a></p>'
            f'<nav class="langs" aria-label="Language">{langs}</nav>'
            f'<form class="variant" method="get" action="{_root()}/{esc(pack)}/{esc(lang)}/{esc(where)}">'
            f'<label>{esc(bound.catalog.chrome("variant_applied"))} <select name="variant">{select}</select></label> '
            '<button type="submit">Apply</button></form>'
            f'<form class="search" role="search" method="get" action="{_root()}/{esc(pack)}/{esc(lang)}/search">'
            f'<input type="search" name="q" id="q" value="{esc(q)}" placeholder="Search" autocomplete="off" '
            'aria-label="Search the rules">'
            + (f'<input type="hidden" name="variant" value="{esc(token)}">' if token else "")
            + '<button type="submit">Search</button></form><ol id="hits" hidden></ol></header>')


def _contents(bound: Bound, link: str) -> str:
    items = "".join(f'<li><a href="{link.format(id=esc(s.id))}">{esc(s.title)}</a></li>'
                    for s in bound.book().sections)
    return f'<nav id="contents"><h2>{esc(bound.catalog.chrome("contents"))}</h2><ol>{items}</ol></nav>'


def _data(bound: Bound) -> dict[str, str]:
    return {"root": _root(), "pack": bound.edition.base.id, "lang": bound.catalog.language,
            "variant": bound.edition.token or ""}


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
            raise NotFound(f"the rulebook has no section '{section_id}'")
        link = f"{_root()}/{pack}/{lang}/{{id}}{_query(token)}"
        where = section_id
    body = [_chrome(library, bound, where), '<div class="layout">', _contents(bound, link), "<main>",
            f"<h1>{esc(book.title)}</h1>", f'<p class="cite">{esc(book.subtitle)}</p>']
    body += [section_html(s, bound) for s in parts]
    body += ["</main></div>"]
    return _page(book.title, lang, "\n".join(body), _data(bound))


def search_page(library: Library, bound: Bound, q: str) -> str:
    from regola.cli.rules import search

    words = q.split()[:16]
    hits = search(list(bound.json.values()), words) if words else []
    pack, lang, token = bound.edition.base.id, bound.catalog.language, bound.edition.token
    base = f"{_root()}/{pack}/{lang}/{_query(token)}"
    items = "".join(f'<li><a href="{esc(base)}#rule-{esc(h["id"])}">{esc(h["title"])}</a> '
                    f'<code>{esc(h["id"])}</code><br>{esc(h["text"])}</li>' for h in hits)
    result = f'<ol class="results">{items}</ol>' if hits else f'<p class="none">no rule matches “{esc(q)}”</p>'
    body = [_chrome(library, bound, "search", q), "<main>", f"<h1>{esc(q)}</h1>", result, "</main>"]
    return _page(f"{q} · {bound.edition.pack.title}", lang, "\n".join(body), _data(bound))


def index_page(library: Library, lang: str) -> str:
    rows = []
    for pack in library.packs.values():
        offered = library.languages_of(pack.id)
        links = " ".join(f'<a hreflang="{esc(x)}" href="{_root()}/{esc(pack.id)}/{esc(x)}/">{esc(x)}</a>'
                         for x in offered)
        here = lang if lang in offered else pack.language
        variants = ", ".join(esc(e.variant.title) for e in library.variants[pack.id].values() if e.variant)
        rows.append(f'<li><a href="{_root()}/{esc(pack.id)}/{esc(here)}/">{esc(pack.title)}</a> '
                    f'<code>{esc(pack.id)}</code> · {links}'
                    + (f"<br><small>{variants}</small>" if variants else "") + "</li>")
    body = (f'<header class="site"><p class="brand"><a href="{_root()}/">regola</a></p></header><main>'
            f'<h1>regola</h1><ul class="packs">{"".join(rows)}</ul>'
            f'<p class="cite"><a href="{_root()}/api/v1/openapi.json">API (OpenAPI 3.1)</a></p></main>')
    return _page("regola", lang, body)


# --- routes ---------------------------------------------------------------------------------------

def _cached(request: Request, key: tuple[str, ...], make: object, lang: str) -> Response:
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
    return _cached(request, ("index", lang), lambda: index_page(library, lang), lang)


async def book(request: Request) -> Response:
    _enter(request)
    where = _where(request)
    if isinstance(where, Response):
        return where
    library, pack, variant, lang = where
    section = request.path_params.get("section")
    bound = await bound_of(request, pack, variant, lang)
    return _cached(request, ("book", pack, variant or "", lang, section or ""),
                   lambda: book_page(library, bound, section), lang)


async def search(request: Request) -> Response:
    _enter(request)
    where = _where(request)
    if isinstance(where, Response):
        return where
    library, pack, variant, lang = where
    q = (request.query_params.get("q") or "")[:200]
    bound = await bound_of(request, pack, variant, lang)
    return reply(request, search_page(library, bound, q).encode("utf-8"), HTML, language=lang)


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
    where = _where(request)
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

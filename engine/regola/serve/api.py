"""The JSON API under ``/api/v1`` (described by ``openapi.DOCUMENT``; the tests hold them together)."""

from __future__ import annotations

import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from regola.serve import bodies
from regola.serve.context import asked, bound_of, client_of, engine_of, library_of
from regola.serve.library import NotFound
from regola.serve.lru import Bounded
from regola.serve.replies import JSON, NO_STORE, PROBLEM, Problem, json_bytes, reply

__all__ = ["routes"]

VARIANT_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "application/json")
RECORD_TYPES = ("application/x-ndjson", "application/jsonl", "application/x-jsonlines", "text/plain")
FLOW_FORMATS = ("mermaid", "dot")

_diagrams: Bounded[tuple[str, str | None, str], str] = Bounded(32)


def _path(request: Request, name: str) -> str:
    value: str = request.path_params[name]
    return value


async def packs(request: Request) -> Response:
    return reply(request, json_bytes({"packs": library_of(request).listing()}))


async def rules(request: Request) -> Response:
    a = asked(request, _path(request, "pack"))
    bound = await bound_of(request, a.pack, a.variant, a.lang)
    index = [{"id": r["id"], "title": r["title"], "section": r["section"], "cites": r["cites"]}
             for r in bound.json.values()]
    body = {"pack": a.pack, "variant": a.variant, "language": a.lang, "rules": index}
    return reply(request, json_bytes(body), language=a.lang)


async def rule(request: Request) -> Response:
    a = asked(request, _path(request, "pack"))
    rule_id = _path(request, "rule_id")
    found = (await bound_of(request, a.pack, a.variant, a.lang)).rule_reply(rule_id)
    if found is None:
        raise NotFound(f"pack '{a.pack}' has no rule '{rule_id}'")
    return reply(request, found[0], language=a.lang, etag=found[1])


async def search(request: Request) -> Response:
    from regola.text.search import search as find

    a = asked(request, _path(request, "pack"))
    words = (request.query_params.get("q") or "").split()[:16]
    if not words:
        raise Problem(422, "Unprocessable Content", "search needs ?q= with at least one word")
    hits = find(list((await bound_of(request, a.pack, a.variant, a.lang)).json.values()), words)
    body = {"query": words, "pack": a.pack, "variant": a.variant, "language": a.lang, "rules": hits}
    return reply(request, json_bytes(body), language=a.lang)


async def section(request: Request) -> Response:
    from regola.serve.pages import section_html

    a = asked(request, _path(request, "pack"))
    bound = await bound_of(request, a.pack, a.variant, a.lang)
    wanted = _path(request, "section")
    for part in bound.book().sections:
        if part.id == wanted:
            body = {"pack": a.pack, "variant": a.variant, "language": a.lang, "section": part.id,
                    "title": part.title, "rules": [r.id for r in part.rules], "html": section_html(part, bound)}
            return reply(request, json_bytes(body), language=a.lang)
    known = ", ".join(s.id for s in bound.book().sections)
    raise NotFound(f"the rulebook has no section '{wanted}' (sections: {known})")


def flow_diagram(pack: Any, fmt: str) -> str:
    """A pack's flow drawn in ``fmt`` (an engine worker's job for a posted variant)."""
    from regola.core.game import Ruleset

    drawn: str = Ruleset(pack).flow.diagram("dot" if fmt == "dot" else "mermaid")
    return drawn


async def flow(request: Request) -> Response:
    a = asked(request, _path(request, "pack"))
    fmt = request.query_params.get("format") or "mermaid"
    if fmt not in FLOW_FORMATS:
        raise Problem(422, "Unprocessable Content", f"format must be one of {', '.join(FLOW_FORMATS)}")
    key = (a.pack, a.variant, fmt)
    diagram = _diagrams.get(key)
    if diagram is None:
        library = library_of(request)
        if library.posted(a.pack, a.variant) is not None:
            edition = (await bound_of(request, a.pack, a.variant, library.base(a.pack).language)).edition
            diagram = await engine_of(request).run(client_of(request), flow_diagram, edition.pack, fmt)
        else:
            diagram = flow_diagram(library.edition(a.pack, a.variant).pack, fmt)
        _diagrams.put(key, diagram)
    body = {"pack": a.pack, "variant": a.variant, "format": fmt, "diagram": diagram}
    return reply(request, json_bytes(body))


async def healthz(request: Request) -> Response:
    library = library_of(request)
    body = {"status": "ok", "packs": list(library.packs), "languages": library.languages,
            "posted_variants": library.posted_count()}
    return reply(request, json_bytes(body), cache=NO_STORE)


async def openapi(request: Request) -> Response:
    from regola.serve.openapi import document_bytes

    library = library_of(request)
    tables = getattr(request.app.state, "hall", None) is not None
    return reply(request, document_bytes(list(library.packs), library.languages, tables))


# --- posted bodies ------------------------------------------------------------------------------------

async def check_variant(request: Request) -> Response:
    from regola.serve.checking import CheckOutcome
    from regola.serve.checking import check_variant as run_check

    kind = bodies.media_type(request, VARIANT_TYPES)
    raw = await bodies.read_body(request, bodies.variant_bytes())
    library, workspace = library_of(request), request.app.state.workspace
    job = secrets.token_hex(8)
    try:
        outcome: CheckOutcome = await engine_of(request).run(client_of(request), run_check, library.home,
                                                             workspace, raw, kind, job)
    finally:
        workspace.discard(raw, "variant", ".yaml", job)
    body: dict[str, Any] = dict(outcome.report)
    if outcome.variant is None:
        problem = {"type": "about:blank", "title": "Unprocessable Content", "status": 422,
                   "detail": "the variant does not pass `regola check`", **body}
        return Response(json_bytes(problem), status_code=422, media_type=PROBLEM, headers={"Cache-Control": NO_STORE})
    variant = outcome.variant
    bases = [b for b in variant.base if b in library.packs]
    token = library.keep_posted(variant)
    root = str(request.scope.get("root_path", "")).rstrip("/")
    body["variant"] = {"id": variant.id, "token": token, "base": bases}
    body["rulebooks"] = {base: f"{root}/{base}/{library.base(base).language}/?variant={token}" for base in bases}
    body["api"] = {base: f"{root}/api/v1/packs/{base}/rules?variant={token}" for base in bases}
    return Response(json_bytes(body), media_type=JSON, headers={"Cache-Control": NO_STORE})


async def replay_record(request: Request) -> Response:
    from regola.serve.replaying import refereed

    bodies.media_type(request, RECORD_TYPES)
    raw = await bodies.read_body(request, bodies.record_bytes())
    return Response(json_bytes(await refereed(request, raw)), media_type=JSON, headers={"Cache-Control": NO_STORE})


def routes() -> list[Route]:
    return [
        Route("/healthz", healthz, methods=["GET"]),
        Route("/api/v1/openapi.json", openapi, methods=["GET"]),
        Route("/api/v1/packs", packs, methods=["GET"]),
        Route("/api/v1/packs/{pack}/rules", rules, methods=["GET"]),
        Route("/api/v1/packs/{pack}/rules/{rule_id}", rule, methods=["GET"]),
        Route("/api/v1/packs/{pack}/search", search, methods=["GET"]),
        Route("/api/v1/packs/{pack}/rulebook/{section}", section, methods=["GET"]),
        Route("/api/v1/packs/{pack}/flow", flow, methods=["GET"]),
        Route("/api/v1/variants/check", check_variant, methods=["POST"]),
        Route("/api/v1/records/replay", replay_record, methods=["POST"]),
    ]



"""The site's own assets (stylesheet, script), read once and served with ETag and Cache-Control.

Nothing comes from a CDN: a club's rules site works on a LAN without Internet access.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from regola.serve.library import NotFound
from regola.serve.replies import etag_of, reply

__all__ = ["routes"]

FOLDER = Path(__file__).with_name("static")
TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
CACHE = "public, max-age=3600"


def _load() -> dict[str, tuple[bytes, str, str]]:
    files = {}
    for path in sorted(FOLDER.iterdir()):
        if path.suffix in TYPES:
            body = path.read_bytes()
            files[path.name] = (body, TYPES[path.suffix], etag_of(body))
    return files


_FILES = _load()


async def asset(request: Request) -> Response:
    name = request.path_params["name"]
    found = _FILES.get(name)
    if found is None:
        raise NotFound(f"no asset '{name}'")
    body, kind, tag = found
    return reply(request, body, kind, cache=CACHE, etag=tag)


def routes() -> list[Route]:
    return [Route("/static/{name}", asset, methods=["GET"])]

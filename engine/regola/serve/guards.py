"""What every reply carries and every request passes: security headers, and a bound per client.

Pure ASGI middleware (no per-request task, no body buffering), like the access log.

``SecurityHeaders``: every reply says ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
same-origin`` and ``X-Frame-Options: DENY``; an HTML page gets a Content-Security-Policy that allows
the site's own stylesheet and script and nothing inline, and may not be framed (``frame-ancestors
'none'``); any other reply gets the strictest policy (``default-src 'none'``). Escaping already holds
everywhere; this is defence in depth.

``ClientBound``: one client (by address; the real one behind a trusted proxy) may have at most
``limit`` requests under way at once; one more is answered 429 with Retry-After at once, so a single
client cannot take every connection slot or every engine worker from the others. Tables' live streams
are counted apart (``streams`` per client, 64 by default), since each open page holds one.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from regola.serve.replies import json_bytes
from regola.sim.report_style import CSS_SOURCE

__all__ = ["PAGE_POLICY", "ClientBound", "SecurityHeaders"]

#: the policy of an HTML page: the site's own files only, no inline script or style but the comparison
#: report's one stylesheet (by its hash: a workshop job's report is served as compare wrote it), never framed
PAGE_POLICY = (f"default-src 'none'; script-src 'self'; style-src 'self' {CSS_SOURCE}; img-src 'self' data:; "
               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
#: the policy of everything else (JSON, problem details, assets): nothing may run or load
OTHER_POLICY = "default-src 'none'; frame-ancestors 'none'"

_ALWAYS = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin"),
           (b"x-frame-options", b"DENY")]


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _NAMES]
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                policy = PAGE_POLICY if kind.startswith(b"text/html") else OTHER_POLICY
                message["headers"] = [*headers, *_ALWAYS, (b"content-security-policy", policy.encode("ascii"))]
            await send(message)

        await self.app(scope, receive, sending)


_NAMES = {name for name, _ in _ALWAYS} | {b"content-security-policy"}


def _is_stream(path: str) -> bool:
    """A table's live stream or a workshop job's progress: long-lived by design, bounded apart (a club
    behind one address holds one per phone, and must not use up the address's share of ordinary requests)."""
    return path.startswith(("/api/v1/tables/", "/workshop/jobs/")) and path.endswith("/events")


class ClientBound:
    def __init__(self, app: ASGIApp, limit: int, streams: int = 64) -> None:
        self.app = app
        self.limit = limit
        self.streams = streams  # live streams of one client at once, counted apart from its requests
        self.under_way: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        key = str(client[0]) if client else "unknown"
        path = scope.get("path", "")
        limit = self.limit
        if _is_stream(path):
            key, limit = key + " streams", self.streams
        count = self.under_way.get(key, 0)
        if count >= limit:
            await _too_many(send, limit, path)
            return
        self.under_way[key] = count + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.under_way[key] - 1
            if left:
                self.under_way[key] = left
            else:
                del self.under_way[key]


async def _too_many(send: Send, limit: int, path: str) -> None:
    body = json_bytes({"type": "about:blank", "title": "Too Many Requests", "status": 429,
                       "detail": f"at most {limit} requests of one client are served at a time; retry shortly",
                       "instance": path})
    await send({"type": "http.response.start", "status": 429,
                "headers": [(b"content-type", b"application/problem+json"), (b"cache-control", b"no-store"),
                            (b"retry-after", b"1"), (b"content-length", str(len(body)).encode("ascii"))]})
    await send({"type": "http.response.body", "body": body})

"""HTTP replies done one way everywhere: ETag + Cache-Control on every GET (304 when the client has
it), ``Content-Language`` / ``Vary`` where the language was negotiated, and errors as RFC 9457
problem details (``application/problem+json``) with a stable shape."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

__all__ = ["PROBLEM", "Problem", "etag_of", "json_bytes", "problem", "reply"]

PROBLEM = "application/problem+json"
JSON = "application/json"

#: how long a client or proxy may reuse a reply without asking again; it revalidates with the ETag
SHORT = "public, max-age=60"
LONG = "public, max-age=86400, immutable"  # content-addressed: the URL changes when the content does
NO_STORE = "no-store"


class Problem(Exception):
    """An error reply: raised anywhere in a handler, turned into problem details by the app."""

    def __init__(self, status: int, title: str, detail: str, *, headers: dict[str, str] | None = None,
                 **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.title, self.detail, self.extra = status, title, detail, extra
        self.headers = headers or {}


def json_bytes(value: Any) -> bytes:
    """Compact UTF-8 JSON; text a client sent that is not valid Unicode is escaped, never a crash."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from a client's \\ud800: ASCII escapes are valid JSON
        return json.dumps(value, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def problem(status: int, title: str, detail: str, instance: str | None = None, *,
            headers: dict[str, str] | None = None, **extra: Any) -> Response:
    body: dict[str, Any] = {"type": "about:blank", "title": title, "status": status, "detail": detail}
    if instance is not None:
        body["instance"] = instance
    body.update(extra)
    return Response(json_bytes(body), status_code=status, media_type=PROBLEM,
                    headers={"Cache-Control": NO_STORE, **(headers or {})})


def etag_of(body: bytes) -> str:
    # weak: the same representation may travel gzipped or not (RFC 9110 §8.8.1)
    return 'W/"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'


def _matches(header: str | None, etag: str) -> bool:
    if not header:
        return False
    wanted = etag.removeprefix("W/")
    return any(tag.strip() == "*" or tag.strip().removeprefix("W/") == wanted for tag in header.split(","))


def reply(request: Request, body: bytes, media_type: str = JSON, *, cache: str = SHORT,
          language: str | None = None, etag: str | None = None, status: int = 200) -> Response:
    """A GET reply with its validators; 304 (no body) when If-None-Match holds its ETag."""
    tag = etag or etag_of(body)
    headers = {"ETag": tag, "Cache-Control": cache}
    if language is not None:
        headers["Content-Language"] = language
        headers["Vary"] = "Accept-Language"
    if status == 200 and _matches(request.headers.get("if-none-match"), tag):
        return Response(status_code=304, headers=headers)
    return Response(body, status_code=status, media_type=media_type, headers=headers)

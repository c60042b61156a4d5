"""Request bodies from strangers: bounded before anything parses them.

The Content-Length header is checked first; the body is then read chunk by chunk and the read stops
as soon as it passes the bound (a client that lies about the length, or sends it chunked, gets the
same 413). Parsing (JSON nesting measured in one linear pass, then
``json.loads``) happens in an engine worker, never on the event loop. The bounds come
from ``core.limits`` (``REGOLA_MAX_*``), capped by what the API promises.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import ClientDisconnect, Request

from regola.core import limits
from regola.serve.replies import Problem

__all__ = ["VARIANT_BYTES", "json_value", "max_depth", "media_type", "read_body", "record_bytes", "variant_bytes"]

VARIANT_BYTES = 64 * 1024  # what the API promises for a variant overlay
RECORD_BYTES = 1024 * 1024  # and for a game record


def variant_bytes() -> int:
    return min(VARIANT_BYTES, limits.current().file_bytes)


def record_bytes() -> int:
    return min(RECORD_BYTES, limits.current().record_bytes)


def media_type(request: Request, allowed: tuple[str, ...]) -> str:
    """The body's media type (parameters dropped); 415 when it is not one the route reads."""
    raw = request.headers.get("content-type", "")
    kind = raw.split(";", 1)[0].strip().lower()
    if kind not in allowed:
        shown = kind or "none"
        raise Problem(415, "Unsupported Media Type", f"Content-Type {shown} is not accepted here "
                      f"(accepted: {', '.join(allowed)})", accepted=list(allowed))
    return kind


def same_origin(request: Request) -> None:
    """403 for a form posted from another site. A page of this server posts with its own origin; a
    page elsewhere that makes a visitor's browser post here (a made table, a move at their seat, a
    pasted record) is refused. The browser's own word decides where it gives one (Sec-Fetch-Site),
    else the Origin header against this server's host; a client that sends neither (curl, a program)
    is not a browser acting for someone else and is let through."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        if site.lower() not in ("same-origin", "none"):
            raise Problem(403, "Forbidden", "a form from another site is not accepted here")
        return
    origin = request.headers.get("origin")
    if origin is None:
        return
    own = f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"
    if origin.lower().rstrip("/") != own.lower():
        raise Problem(403, "Forbidden", "a form from another site is not accepted here")


async def read_body(request: Request, limit: int) -> bytes:
    """The whole body, or 413 as soon as it is known to be larger than ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            size = int(declared)
        except ValueError:
            raise Problem(400, "Bad Request", "Content-Length is not a number") from None
        if size > limit:
            raise _too_large(limit)
    chunks: list[bytes] = []
    total = 0
    try:
        async for chunk in request.stream():
            total += len(chunk)
            if total > limit:
                raise _too_large(limit)
            chunks.append(chunk)
    except ClientDisconnect:  # gone, or cut off by the body deadline (serve.deadlines): nobody to answer
        raise Problem(400, "Bad Request", "the client stopped sending the body") from None
    return b"".join(chunks)


def _too_large(limit: int) -> Problem:
    return Problem(413, "Content Too Large", f"the body is larger than {limit} bytes", limit=limit)


def max_depth(raw: bytes) -> int:
    """How deep JSON text nests (brackets inside strings do not count); linear in the text, safe on any bytes."""
    from regola.core.record_lines import json_depth

    return json_depth(raw.decode("utf-8", "replace"))


def text_of(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise Problem(422, "Unprocessable Content", f"{what}: not UTF-8 text (line {line})", line=line) from None


def json_value(raw: bytes, what: str) -> Any:
    """Parse JSON after bounding its depth; 422 with the line and column when it is not JSON (blocking:
    an engine worker calls it, never the event loop)."""
    from regola.core.record_lines import json_depth_exceeded, strict_json

    bound = limits.current().depth
    text = text_of(raw, what)
    if json_depth_exceeded(text, bound) is not None:
        raise Problem(422, "Unprocessable Content", f"{what}: JSON nests deeper than {bound} levels")
    try:
        return strict_json(text)
    except json.JSONDecodeError as exc:
        raise Problem(422, "Unprocessable Content", f"{what}: not valid JSON ({exc.msg}, line {exc.lineno}, "
                      f"column {exc.colno})", line=exc.lineno) from None
    except ValueError as exc:  # a number of thousands of digits, NaN, a key twice
        raise Problem(422, "Unprocessable Content", f"{what}: not valid JSON ({str(exc)[:200]})") from None
    except RecursionError:
        raise Problem(422, "Unprocessable Content", f"{what}: JSON nests too deeply") from None

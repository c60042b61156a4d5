"""A structured access log: one JSON object per request on the ``regola.serve.access`` logger."""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["AccessLog", "redacted"]

log = logging.getLogger("regola.serve.access")

#: a table's capability token in a path: never written to a log (it is a seat, docs/TABLES.md)
_TOKEN = re.compile(r"(/t/|/api/v1/tables/)[A-Za-z0-9_-]{16,}")


def redacted(path: str) -> str:
    return _TOKEN.sub(r"\1…", path)


class AccessLog:
    """Pure ASGI (no per-request task or body buffering): method, path, status, bytes, milliseconds."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not log.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        seen: dict[str, Any] = {"status": 500, "bytes": 0}

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                seen["status"] = message["status"]
            elif message["type"] == "http.response.body":
                seen["bytes"] += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            client = scope.get("client")
            log.info(json.dumps({
                "method": scope["method"], "path": redacted(scope["path"]),
                "query": scope.get("query_string", b"").decode("latin-1"), "status": seen["status"],
                "bytes": seen["bytes"],
                "ms": round((time.perf_counter() - start) * 1000, 2), "client": client[0] if client else None,
            }, ensure_ascii=False))

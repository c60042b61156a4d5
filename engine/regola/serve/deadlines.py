"""Slow clients are closed: a deadline for the request headers and one for the body.

uvicorn closes a keep-alive connection that stays idle between requests, but a client that sends its
headers or its body one byte every few seconds holds its connection (and a descriptor) for as long
as it likes. This is uvicorn's own httptools protocol (the ``http`` class uvicorn takes in its
configuration) with two timers added: from the connection's start, or from the first byte of a later
request, the headers must be complete within ``header_seconds``; from then on the body within
``body_seconds``. A request that misses one is answered 408 when nothing was answered yet, and its
connection is closed; the handler waiting for the body sees the client gone.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["DeadlineProtocol", "protocol_with"]

_TIMEOUT = (b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/problem+json\r\n"
            b"connection: close\r\ncontent-length: %d\r\n\r\n%s")


class DeadlineProtocol(HttpToolsProtocol):
    """uvicorn's HttpToolsProtocol, with the header and body deadlines."""

    header_seconds: float = 10.0
    body_seconds: float = 30.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._reading_body = False

    def _arm(self, seconds: float, what: str) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired, what)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self, what: str) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or (not cycle.response_started and not self._reading_body):
            detail = (b'{"type":"about:blank","title":"Request Timeout","status":408,"detail":"the request '
                      + what.encode("ascii") + b' did not arrive in time"}')
            self.transport.write(_TIMEOUT % (len(detail), detail))
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.header_seconds, "headers")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:
            self._arm(self.header_seconds, "headers")

    def on_headers_complete(self) -> None:
        self._reading_body = True
        self._arm(self.body_seconds, "body")
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._reading_body = False
        self._disarm()
        super().on_message_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def protocol_with(header_seconds: float, body_seconds: float) -> type[DeadlineProtocol]:
    """The protocol class with these deadlines (uvicorn builds one instance per connection)."""
    return type("Deadlines", (DeadlineProtocol,), {"header_seconds": header_seconds, "body_seconds": body_seconds})

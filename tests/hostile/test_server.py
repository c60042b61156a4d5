"""What a stranger tried against `regola serve` (issue 17), each against the real server on loopback.

Every case once crashed, froze or bloated the server; now each is one clear reply, and the server
answers everyone else meanwhile. Times are asserted loosely (the machine may be loaded): a bound that
the old server missed by a factor of ten or more.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from tests.serve.conftest import Server

YAML = {"Content-Type": "application/yaml"}
JSON = {"Content-Type": "application/json"}
NDJSON = {"Content-Type": "application/x-ndjson"}
GOLDEN = Path(__file__).parents[1] / "golden" / "cs-2p-beginner.jsonl"


def _alive(server: Server, client: httpx.Client) -> None:
    assert server.process.poll() is None, server.log_text()[-2000:]
    assert client.get("/healthz").status_code == 200


def _variant(*changes: str, name: str = "hostile") -> str:
    body = "".join(f"    - {change}\n" for change in changes)
    return f"variant:\n  id: {name}\n  base: cs\n  title: {name}\n  changes:\n{body}"


# --- 1. crash -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [25_000, 40_000, 65_000])
def test_a_body_of_brackets_is_422_not_a_segfault(server: Server, client: httpx.Client, size: int) -> None:
    reply = client.post("/api/v1/variants/check", content=b"[" * size, headers=YAML)
    assert reply.status_code == 422 and "nests deeper" in reply.json()["detail"]
    _alive(server, client)


# --- 2. event-loop stall ----------------------------------------------------------------------------------

STALL = b'"' + b'\\"' * 32_700  # ~65 KB: the old depth regex took quadratic time on it, on the event loop


def test_escaped_quotes_never_stall_the_other_clients(server: Server, client: httpx.Client) -> None:
    replies: list[int] = []

    def post() -> None:
        with httpx.Client(base_url=server.url, timeout=120) as own:
            replies.append(own.post("/api/v1/variants/check", content=STALL, headers=JSON).status_code)

    posters = [threading.Thread(target=post) for _ in range(4)]
    for thread in posters:
        thread.start()
    started = time.monotonic()
    health = client.get("/healthz")
    waited = time.monotonic() - started
    for thread in posters:
        thread.join(120)
    assert health.status_code == 200 and waited < 10  # was 17 s per body, all clients waiting
    assert replies == [422] * 4


def test_a_record_line_of_escaped_quotes_is_one_422(server: Server, client: httpx.Client) -> None:
    record = b"\n".join([STALL[:65_000], b"{}", b"{}", b"{}"])
    reply = client.post("/api/v1/records/replay", content=record, headers=NDJSON)
    assert reply.status_code == 422 and reply.json()["line"] == 1
    _alive(server, client)


# --- 3. numbers inside valid data ---------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "pointer", "bound"), [
    ("{op: replace, path: /players/max, value: 1000000}", "/players/max", "from 1 to 8"),
    ("{op: replace, path: /setup/beginner/seats/0/money, value: 10000000}", "/setup/beginner/seats/0/money",
     "from 0 to 10000"),
    ("{op: replace, path: /rounds/schedule/0/count, value: 100000000}", "/rounds/schedule/0/count", "from 0 to 20"),
])
def test_a_variant_that_leaves_the_box_is_refused_in_one_line(client: httpx.Client, change: str, pointer: str,
                                                              bound: str) -> None:
    reply = client.post("/api/v1/variants/check", content=_variant(change), headers=YAML)
    assert reply.status_code == 422
    findings = reply.json()["findings"]
    assert len(findings) == 1 and findings[0]["pointer"] == pointer and bound in findings[0]["message"]


def test_a_variant_of_many_changes_is_checked_within_the_engine_bound(client: httpx.Client) -> None:
    changes = [f"{{op: add, path: /rules/r{i}, value: {{cites: [R1]}}}}" for i in range(1200)]
    body = _variant(*changes)
    while len(body) > 64 * 1024:
        changes.pop()
        body = _variant(*changes)
    reply = client.post("/api/v1/variants/check", content=body, headers=YAML)
    assert reply.status_code == 422
    problem = reply.json()
    assert "limit" not in problem and problem["findings"]  # refused by the check, not by the time bound


def test_a_record_of_a_rich_variant_is_refused_not_replayed(client: httpx.Client) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["variants"] = [{"id": "rich", "base": "cs", "title": "rich", "changes": [
        {"op": "replace", "path": f"/setup/beginner/seats/{seat}/money", "value": 10**7} for seat in range(2)]}]
    lines[0] = json.dumps(header)
    reply = client.post("/api/v1/records/replay", content="\n".join(lines).encode(), headers=NDJSON)
    assert reply.status_code == 422
    assert reply.json()["line"] == 1 and "10000" in reply.json()["detail"]


# --- 4. open redirect ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/%09/evil.com", "/%09/evil.com/", "/%0a/evil.com", "/%5c/evil.com", "//evil.com",
                                  "/%2f%2fevil.com/de"])
def test_no_path_redirects_to_another_site(server: Server, path: str) -> None:
    with socket.create_connection(_address(server)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: example.org\r\nConnection: close\r\n\r\n".encode())
        head = _read_all(sock).split(b"\r\n\r\n", 1)[0].decode("latin-1")
    location = next((line.split(":", 1)[1].strip() for line in head.splitlines()
                     if line.lower().startswith("location:")), None)
    assert location is None or (location.startswith("/") and not location.startswith("//")), head


def test_the_trailing_slash_redirect_names_the_pack_and_language(client: httpx.Client) -> None:
    reply = client.get("/cs/de", params={"variant": "codex-leonardi-1"})
    assert reply.status_code == 308 and reply.headers["location"] == "/cs/de/?variant=codex-leonardi-1"
    assert client.get("/nowhere/de").status_code == 404


def _address(server: Server) -> tuple[str, int]:
    parts = urlsplit(server.url)
    return parts.hostname or "127.0.0.1", parts.port or 80


def _read_all(sock: socket.socket) -> bytes:
    sock.settimeout(30)
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


# --- 5. a value the parser cannot take ----------------------------------------------------------------------

@pytest.mark.parametrize("body", [b'{"variant": ' + b"9" * 5000 + b"}", b'{"variant": 1e400}',
                                  b'{"variant": NaN}', b'{"a": 1, "a": 2}'])
def test_a_number_json_refuses_is_422_and_the_connection_lives_on(client: httpx.Client, body: bytes) -> None:
    reply = client.post("/api/v1/variants/check", content=body, headers=JSON)
    assert reply.status_code == 422 and reply.headers["content-type"] == "application/problem+json"
    assert "sys.set_int_max_str_digits" not in reply.text
    assert client.get("/healthz").status_code == 200  # same keep-alive connection


# --- 7. slow clients ------------------------------------------------------------------------------------------

def _trickle(server: Server, data: bytes, results: list[bytes]) -> None:
    with socket.create_connection(_address(server)) as sock:
        sock.settimeout(30)
        try:
            for byte in data:
                sock.sendall(bytes([byte]))
                time.sleep(0.4)
        except OSError:
            pass  # the server closed the connection: what is asked of it
        try:
            results.append(_read_all(sock))
        except OSError:
            results.append(b"")


@pytest.mark.parametrize("request_bytes", [
    b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 40 + b"\r\n\r\n",
    b"POST /api/v1/variants/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/yaml\r\nContent-Length: 40\r\n\r\n"
    + b"#" * 40,
], ids=["headers", "body"])
def test_slow_clients_are_closed(server: Server, client: httpx.Client, request_bytes: bytes) -> None:
    results: list[bytes] = []
    head = request_bytes.index(b"\r\n\r\n") + 4
    data = request_bytes if b"POST" not in request_bytes else request_bytes[:head]
    if b"POST" in request_bytes:  # the headers at once, then the body byte by byte
        with socket.create_connection(_address(server)) as sock:
            sock.sendall(data)
            sock.settimeout(30)
            started = time.monotonic()
            try:
                for byte in request_bytes[head:]:
                    sock.sendall(bytes([byte]))
                    time.sleep(0.4)
            except OSError:
                pass
            results.append(_read_all(sock))
            assert time.monotonic() - started < 14  # 40 bytes at 0.4 s: the 2 s body deadline cut it short
    else:
        started = time.monotonic()
        threads = [threading.Thread(target=_trickle, args=(server, data, results)) for _ in range(20)]
        for thread in threads:
            thread.start()
        assert client.get("/healthz").status_code == 200  # the others are served meanwhile
        for thread in threads:
            thread.join(60)
        assert len(results) == 20 and time.monotonic() - started < 40  # ~24 s each if never closed
        assert all(not r or r.startswith(b"HTTP/1.1 408") for r in results)
    _alive(server, client)


# --- 8. security headers --------------------------------------------------------------------------------------

PAGES = ["/", "/cs/cs/", "/cs/de/setup", "/cs/fr/search?q=florin", "/cs/cs/?variant=codex-leonardi-1"]
OTHERS = ["/healthz", "/api/v1/packs", "/api/v1/packs/cs/rules/district.cost_track", "/static/regola.css",
          "/static/regola.js", "/no/such/page/here", "/api/v1/openapi.json"]


@pytest.mark.parametrize("path", PAGES + OTHERS)
def test_every_reply_carries_the_security_headers(client: httpx.Client, path: str) -> None:
    reply = client.get(path)
    assert reply.headers["x-content-type-options"] == "nosniff"
    assert reply.headers["x-frame-options"] == "DENY"
    assert reply.headers["referrer-policy"] == "same-origin"
    policy = reply.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    if path in PAGES:
        assert reply.headers["content-type"].startswith("text/html")
        assert "script-src 'self'" in policy and "style-src 'self'" in policy
    else:
        assert policy.startswith("default-src 'none'")


@pytest.mark.parametrize("path", PAGES)
def test_pages_hold_no_inline_script_or_style(client: httpx.Client, path: str) -> None:
    import re

    page = client.get(path).text
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    assert "<style" not in page and " style=" not in page and " on" + "click=" not in page


# --- 10. smaller -------------------------------------------------------------------------------------------------

def test_a_lone_surrogate_in_a_record_names_its_line_and_field(client: httpx.Client) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["variants"] = [{"id": "x", "base": "cs", "title": "\ud800", "changes": []}]
    lines[0] = json.dumps(header)  # ASCII escapes: the surrogate travels as \ud800
    reply = client.post("/api/v1/records/replay", content="\n".join(lines).encode(), headers=NDJSON)
    assert reply.status_code == 422
    assert reply.json()["line"] == 1 and "variants/0/title" in reply.json()["detail"]


def test_one_client_is_held_to_its_share_of_requests(server: Server) -> None:
    """The per-client bound (16 here): a client that opens many slow requests gets 429s, not the server."""
    statuses: list[int] = []

    def slow_post() -> None:
        with httpx.Client(base_url=server.url, timeout=30) as own:
            def body():  # held open for ~1.5 s, inside the 2 s body deadline
                yield b"variant:\n"
                time.sleep(1.5)
                yield b"  id: x\n"

            statuses.append(own.post("/api/v1/variants/check", content=body(), headers=YAML).status_code)

    threads = [threading.Thread(target=slow_post) for _ in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert statuses.count(429) >= 1 and len(statuses) == 24

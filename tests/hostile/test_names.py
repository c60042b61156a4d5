"""No request names a server file (issue 27, item 1).

Every route and every form or JSON field that takes a name (a pack, a variant, a posted house rule's
token, a record header's pack) is tried with path-like values: absolute, relative with '..', '~',
'file://', percent-encoded slashes, a folder, a device, and a valid variant planted outside the served
folders. Nothing may be read: the planted files' access times are set before their modification time,
so the first read of any of them moves it (the file system's relatime rule), and the server's replies
may hold neither their content nor their path. Each name is refused with a 4xx that says what was
expected.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from tests.serve.conftest import Server
from tests.tables_web.conftest import serving

CANARY = "canary-5f3a9e"  # in every planted file: a reply that holds it has read one
PLANTED_VARIANT = f"""variant:
  id: planted
  base: cs
  title: {CANARY}
  changes:
    - {{op: replace, path: /city/cost_track, value: [0, 1, 2, 3]}}
"""


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("planted")
    (folder / "planted.yaml").write_text(PLANTED_VARIANT, encoding="utf-8")
    (folder / "secret.txt").write_text(f"root:x:0:0:{CANARY}\n", encoding="utf-8")
    pack = folder / "cs"  # a folder named like a served pack, with a pack file of its own
    pack.mkdir()
    (pack / "pack.yaml").write_text(f"pack: {{id: cs, title: {CANARY}}}\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, planted: Path) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("names-server")) as running:  # --db: tables served too
        yield running


@pytest.fixture()
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=60) as session:
        yield session


def _files(planted: Path) -> list[Path]:
    return [planted / "planted.yaml", planted / "secret.txt", planted / "cs" / "pack.yaml"]


def _arm(planted: Path) -> None:
    """Access times an hour before modification: the next read of a file moves its access time."""
    for path in _files(planted):
        stat = path.stat()
        os.utime(path, (stat.st_mtime - 3600, stat.st_mtime))


def _read(planted: Path) -> list[str]:
    return [path.name for path in _files(planted) if path.stat().st_atime > path.stat().st_mtime - 3600]


def names(planted: Path) -> list[str]:
    variant = planted / "planted.yaml"
    relative = os.path.relpath(variant, Path.cwd())
    return [
        str(variant), str(variant.with_suffix("")), relative, "../" * 12 + str(variant).lstrip("/"),
        str(planted / "secret.txt"), str(planted), str(planted / "cs"), "/etc/passwd", "../../../../etc/passwd",
        "/proc/self/environ", "/dev/zero", "/dev/stdin", "~", "~/.bashrc", f"file://{variant}",
        quote(str(variant), safe=""), str(variant).replace("/", "%2F"), "planted", "planted.yaml", ".", "..",
        "cs/../cs", "C:\\Windows\\win.ini", str(variant) + "\x00.yaml",
    ]


REPO = str(Path(__file__).resolve().parents[2])


def _clean(reply: httpx.Response, planted: Path) -> None:
    """Nothing in the reply that the client did not send: no file content, and none of the server's
    own paths (its data home, its work folders). A client's own value may be echoed in a refusal."""
    text = reply.text
    assert CANARY not in text and "root:x:0:0" not in text, text[:400]
    for own in (REPO, "regola-serve-", "regola-replay-", "site-packages", str(Path.home()) + "/"):
        assert own not in text, (own, text[:400])
    assert reply.status_code < 500, text[:400]


def test_table_variants_from_json_are_ids_or_tokens_never_paths(client: httpx.Client, planted: Path) -> None:
    _arm(planted)
    for name in names(planted):
        body = {"pack": "cs", "seats": ["human", "random"], "variants": [name]}
        reply = client.post("/api/v1/tables", json=body)
        _clean(reply, planted)
        assert reply.status_code == 422, (name, reply.text)
        assert "an id is expected" in reply.json()["detail"] or "has no variant" in reply.json()["detail"]
    assert _read(planted) == []


def test_table_pack_from_json_is_a_served_id(client: httpx.Client, planted: Path) -> None:
    _arm(planted)
    for name in names(planted):
        reply = client.post("/api/v1/tables", json={"pack": name, "seats": ["human", "random"]})
        _clean(reply, planted)
        assert reply.status_code in (404, 422), (name, reply.text)
    assert _read(planted) == []


def test_the_new_table_form_takes_no_path_in_any_field(client: httpx.Client, planted: Path) -> None:
    _arm(planted)
    for name in names(planted):
        for field in ("variant", "posted", "pack"):
            form = {"pack": "cs", "seat0": "human", "seat1": "random", field: name}
            reply = client.post("/tables/new", data=form, headers={"Origin": client.base_url.host and str(
                client.base_url).rstrip("/")})
            _clean(reply, planted)
            assert reply.status_code in (403, 404, 422), (field, name, reply.status_code)
    assert _read(planted) == []


def test_rulebook_routes_take_no_path_for_a_variant_or_a_pack(client: httpx.Client, planted: Path) -> None:
    _arm(planted)
    for name in names(planted):
        for url, params in (("/cs/en/", {"variant": name}), ("/api/v1/packs/cs/rules", {"variant": name}),
                            ("/api/v1/packs/cs/rules/setup", {"variant": name}),
                            (f"/{quote(name, safe='')}/en/", {}), (f"/api/v1/packs/{quote(name, safe='')}/rules", {})):
            reply = client.get(url, params=params)
            _clean(reply, planted)
            if reply.status_code in (307, 308):  # a decoded %2F met the router's slash redirect: same host
                assert reply.headers["location"].startswith(str(client.base_url).rstrip("/") + "/"), reply.headers
                reply = client.get(reply.headers["location"])
                _clean(reply, planted)
            assert reply.status_code in (400, 404, 422), (url, name, reply.status_code)
    assert _read(planted) == []


def _record(pack: str, variants: list[object] | None = None) -> bytes:
    header = {"format": "regola-record", "version": 1, "game": "maestro_leonardo", "pack": pack,
              "setup": "beginner", "players": 2, "seed": 1, "variants": variants or []}
    return (json.dumps(header) + "\n").encode()


def test_a_record_header_names_no_file(client: httpx.Client, planted: Path) -> None:
    _arm(planted)
    for name in names(planted):
        for record in (_record(name), _record("cs", [{"variant": {"id": "x", "base": name, "title": "x",
                                                                  "changes": []}}])):
            reply = client.post("/api/v1/records/replay", content=record,
                                headers={"Content-Type": "application/x-ndjson"})
            _clean(reply, planted)
            assert reply.status_code == 422, (name, reply.text)
            page = client.post("/replay", data={"record": record.decode()})
            _clean(page, planted)
            assert page.status_code in (403, 422), (name, page.status_code)
    assert _read(planted) == []


def test_a_posted_house_rules_token_makes_a_table(client: httpx.Client) -> None:
    """The other way round: the token docs/TABLES.md offers works for a table, through the same resolver."""
    posted = client.post("/api/v1/variants/check", content=PLANTED_VARIANT.replace(CANARY, "club").encode(),
                         headers={"Content-Type": "application/yaml"})
    assert posted.status_code == 200, posted.text
    token = posted.json()["variant"]["token"]
    made = client.post("/api/v1/tables", json={"pack": "cs", "seats": ["human", "random"], "variants": [token]})
    assert made.status_code == 201, made.text
    seat = made.json()["seats"]["0"]
    header = client.get(f"/api/v1/tables/{seat}").json()
    assert header["view"] is not None

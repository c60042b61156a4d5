"""The JSON API of a running `regola serve`, over real HTTP on loopback."""

from __future__ import annotations

import gzip
import html
import json
from pathlib import Path

import httpx
import pytest
from tests.serve.conftest import Server

from regola.cli.main import main as regola

SHIPPED_PACKS = {p.parent.name for p in (Path(__file__).resolve().parents[2] / "rulepacks").glob("*/pack.yaml")}


def test_packs_list_every_pack_with_its_variants(client: httpx.Client) -> None:
    reply = client.get("/api/v1/packs")
    assert reply.status_code == 200
    packs = {p["id"]: p for p in reply.json()["packs"]}
    assert set(packs) == SHIPPED_PACKS
    assert packs["pl"]["languages"] == packs["cs"]["languages"] == ["cs", "de", "en", "fr", "pl"]
    cs_variants = {v["id"] for v in packs["cs"]["variants"]}
    assert {"codex-leonardi-1", "codex-leonardi-2", "club-cheap-actions"} <= cs_variants
    assert "broken" not in cs_variants


def test_a_broken_variant_at_start_is_one_line_and_skipped(server: Server) -> None:
    lines = [line for line in server.log_text().splitlines() if "broken.yaml" in line]
    assert len(lines) == 1 and "skipped" in lines[0]
    assert "Traceback" not in server.log_text()


def test_one_rule_in_the_language_asked_with_its_data(client: httpx.Client) -> None:
    reply = client.get("/api/v1/packs/cs/rules/district.cost_track", params={"lang": "de"})
    rule = reply.json()
    assert reply.headers["content-language"] == "de"
    assert "Accept-Language" in reply.headers["vary"]
    assert rule["language"] == "de" and "Gulden" in rule["text"]
    assert rule["cites"] and rule["data"][0]["pointer"] == "/city/cost_track"


@pytest.mark.parametrize(("header", "expected"), [
    ("fr;q=0.5, de;q=0.9, it", "de"),
    ("de-AT", "de"),
    ("it-IT, fr-CA;q=0.8", "fr"),
    ("de;q=0, fr;q=0.1", "fr"),
    ("xx, *", "cs"),  # nothing fits: the pack's own language
])
def test_accept_language_is_negotiated_with_quality_values(client: httpx.Client, header: str, expected: str) -> None:
    reply = client.get("/api/v1/packs/cs/rules/district.cost_track", headers={"Accept-Language": header})
    assert reply.json()["language"] == expected
    assert reply.headers["content-language"] == expected


def test_lang_parameter_wins_over_the_header(client: httpx.Client) -> None:
    reply = client.get("/api/v1/packs/cs/rules", params={"lang": "fr-FR"}, headers={"Accept-Language": "de"})
    assert reply.json()["language"] == "fr"


def test_a_variant_brings_its_numbers(client: httpx.Client) -> None:
    plain = client.get("/api/v1/packs/cs/rules/district.cost_track").json()
    house = client.get("/api/v1/packs/cs/rules/district.cost_track", params={"variant": "club-cheap-actions"}).json()
    assert plain["data"][0] == {"pointer": "/city/cost_track", "value": [0, 2, 3, 4], "changed": False}
    assert house["data"][0] == {"pointer": "/city/cost_track", "value": [0, 1, 2, 3], "changed": True}
    assert house["text"] != plain["text"] and house["variant"] == "club-cheap-actions"


def test_search_answers_as_rules_search_does(client: httpx.Client, capsys: pytest.CaptureFixture[str]) -> None:
    served = client.get("/api/v1/packs/cs/search", params={"q": "gulden akce", "lang": "cs"}).json()
    assert regola(["rules", "search", "--pack", "cs", "--lang", "cs", "--json", "gulden", "akce"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in served["rules"]] == [r["id"] for r in printed["rules"]]
    assert served["rules"], "the words should match some rule"


def test_search_without_words_is_422_problem(client: httpx.Client) -> None:
    reply = client.get("/api/v1/packs/cs/search", params={"q": "  "})
    assert reply.status_code == 422
    assert reply.headers["content-type"] == "application/problem+json"
    assert reply.json()["status"] == 422


def test_rulebook_section_and_flow(client: httpx.Client) -> None:
    section = client.get("/api/v1/packs/cs/rulebook/setup", params={"lang": "fr"}).json()
    assert section["section"] == "setup" and 'id="rule-game.players"' in section["html"]
    for fmt, marker in (("mermaid", "stateDiagram"), ("dot", "digraph")):
        flow = client.get("/api/v1/packs/cs/flow", params={"format": fmt}).json()
        assert marker in flow["diagram"]


@pytest.mark.parametrize("path", ["/api/v1/packs/xx/rules", "/api/v1/packs/cs/rules/no.such",
                                  "/api/v1/packs/cs/rules?variant=nope", "/api/v1/packs/cs/rules?lang=zz",
                                  "/api/v1/packs/cs/rulebook/nowhere", "/no/where/at/all"])
def test_unknown_things_are_404_problem_details(client: httpx.Client, path: str) -> None:
    reply = client.get(path)
    assert reply.status_code == 404
    assert reply.headers["content-type"] == "application/problem+json"
    body = reply.json()
    assert body["status"] == 404 and body["title"] == "Not Found" and body["detail"]


def test_wrong_method_is_405_with_allow(client: httpx.Client) -> None:
    reply = client.delete("/api/v1/packs")
    assert reply.status_code == 405
    assert set(reply.headers["allow"].replace(" ", "").split(",")) == {"GET", "HEAD"}
    assert reply.json()["status"] == 405


@pytest.mark.parametrize("path", ["/api/v1/packs", "/api/v1/packs/cs/rules?lang=de", "/cs/fr/", "/static/regola.js",
                                  "/api/v1/openapi.json", "/healthz"])
def test_every_get_has_etag_and_cache_control_and_304(client: httpx.Client, path: str) -> None:
    first = client.get(path)
    assert first.status_code == 200
    assert first.headers["etag"] and first.headers["cache-control"]
    again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    stale = client.get(path, headers={"If-None-Match": 'W/"0000"'})
    assert stale.status_code == 200


def test_large_replies_are_gzipped_small_ones_not(server: Server) -> None:
    # httpx would decode gzip silently: read the raw bytes with the transport's stream
    with httpx.Client(base_url=server.url) as raw:
        big = raw.get("/cs/cs/", headers={"Accept-Encoding": "gzip"})
        assert big.headers["content-encoding"] == "gzip"
        assert b"<!DOCTYPE html>" in big.content
        small = raw.get("/healthz", headers={"Accept-Encoding": "gzip"})
        assert "content-encoding" not in small.headers
    with httpx.stream("GET", server.url + "/cs/cs/", headers={"Accept-Encoding": "gzip"}) as stream:
        packed = b"".join(stream.iter_raw())
    assert gzip.decompress(packed).startswith(b"<!DOCTYPE html>")


def test_access_log_is_one_json_object_per_request(client: httpx.Client, server: Server) -> None:
    import time

    client.get("/api/v1/packs/cs/rules/game.players", params={"lang": "cs"})
    deadline = time.monotonic() + 10  # the line is written once the reply has gone: it may trail it
    while True:
        entries = [json.loads(line) for line in server.log_text().splitlines() if line.startswith("{")]
        mine = [e for e in entries if e["path"] == "/api/v1/packs/cs/rules/game.players"]
        if mine or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert mine and mine[-1]["status"] == 200 and mine[-1]["method"] == "GET" and mine[-1]["ms"] >= 0


def test_healthz(client: httpx.Client) -> None:
    body = client.get("/healthz").json()
    assert body["status"] == "ok" and body["packs"] == sorted(SHIPPED_PACKS)


def test_a_language_the_pack_lacks_is_one_line_naming_its_languages(client: httpx.Client) -> None:
    # Italian words neither game's rules: one line (in English for programs) naming the pack's languages
    reply = client.get("/api/v1/packs/pl/rules/game.players", params={"lang": "it"})
    detail = reply.json()["detail"]
    assert reply.status_code == 404 and "\n" not in detail
    assert detail.startswith("pack 'pl' has no rule text in language 'it' (languages: ") and "pl (polski)" in detail
    assert client.get("/api/v1/packs/pl/rules/game.players", headers={"Accept-Language": "it"}).json()[
        "language"] == "pl"
    page = client.get("/pl/it/", headers={"Accept": "text/html"})  # a browser gets a page, in words
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert html.escape(detail) in page.text and 'hreflang="pl"' in page.text


def test_a_variant_page_says_a_changed_order_of_phases_in_words(client: httpx.Client) -> None:
    """The Muse and Princess adds phase A2: its rulebook page says the new order by the phases' names
    (no rule's text holds it), never the flow's states and transitions (issue 31, item 1)."""
    page = client.get("/pl/fr/?variant=muse-and-princess", headers={"Accept": "text/html"})
    assert page.status_code == 200
    unowned = page.text.split('<section class="changed unowned">', 1)[1].split("</section>", 1)[0]
    assert "Ordre des phases" in unowned and "Phase A2" in unowned.split("<ins>", 1)[1]
    assert "Phase A2" not in unowned.split("<ins>", 1)[0]
    for raw in ("trigger", "on_enter", "dest:", "Chance:", "step:"):
        assert raw not in page.text
    plain = client.get("/pl/fr/", headers={"Accept": "text/html"})
    assert 'class="changed unowned"' not in plain.text

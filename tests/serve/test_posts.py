"""Posting a house rule and a game record to a running server; bodies from strangers stay bounded."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.serve.conftest import HOUSE_RULE

from regola import paths
from regola.check import run as check

YAML = {"Content-Type": "application/yaml"}
NDJSON = {"Content-Type": "application/x-ndjson"}
GOLDEN = Path(__file__).parents[1] / "golden"
FAILING = HOUSE_RULE.replace("/city/cost_track", "/city/no_such_field/0").replace("club-cheap-actions", "club-bad")


def test_a_passing_variant_links_to_its_rulebook_with_its_numbers(client: httpx.Client) -> None:
    body = HOUSE_RULE.replace("[0, 1, 2, 3]", "[0, 5, 6, 7]").replace("club-cheap-actions", "club-dear")
    reply = client.post("/api/v1/variants/check", content=body, headers=YAML)
    assert reply.status_code == 200, reply.text
    passed = reply.json()
    token = passed["variant"]["token"]
    assert token.startswith("sha256-") and passed["variant"]["base"] == ["cs"]
    page = client.get(passed["rulebooks"]["cs"])
    assert page.status_code == 200
    rule = client.get("/api/v1/packs/cs/rules/district.cost_track", params={"variant": token, "lang": "cs"}).json()
    assert rule["data"][0]["value"] == [0, 5, 6, 7]
    # the page strikes the pack's prices and shows the variant's beside them, naming the variant by title
    assert "<del>0, 2, 3 a\u00a04\u00a0guldeny</del> <ins>0, 5, 6 a\u00a07\u00a0guldenů</ins>" in page.text
    assert "Změněno variantou „Club rule, cheaper actions“." in page.text
    assert rule["text"].split(" za ")[0] in page.text
    again = client.post("/api/v1/variants/check", content=body, headers=YAML).json()
    assert again["variant"]["token"] == token  # content-addressed


def test_a_variant_as_json_is_checked_the_same(client: httpx.Client) -> None:
    import yaml

    content = yaml.safe_load(HOUSE_RULE)
    reply = client.post("/api/v1/variants/check", json=content)
    assert reply.status_code == 200, reply.text


def test_a_failing_variant_is_422_with_the_findings_of_regola_check(client: httpx.Client, tmp_path: Path) -> None:
    reply = client.post("/api/v1/variants/check", content=FAILING, headers=YAML)
    assert reply.status_code == 422
    assert reply.headers["content-type"] == "application/problem+json"
    served = reply.json()["findings"]
    local = tmp_path / "club.yaml"
    local.write_text(FAILING, encoding="utf-8")
    expected = [f.to_json() for f in check([local], paths.home()).findings]
    assert served, "the broken path must be reported"

    def comparable(items: list[dict[str, object]]) -> list[tuple[object, ...]]:
        return [(f["code"], f["line"], f["column"], f["pointer"], f["severity"]) for f in items]

    assert comparable(served) == comparable(expected)
    assert {f["file"] for f in served} == {"body"}


@pytest.mark.parametrize(("body", "kind"), [("variant: [unclosed", "application/yaml"),
                                            ("{not json", "application/json"),
                                            ("[1, 2]", "application/json"),
                                            ("\xff\xfe", "application/yaml")])
def test_garbage_variants_are_422_never_500(client: httpx.Client, body: str, kind: str) -> None:
    reply = client.post("/api/v1/variants/check", content=body.encode("latin-1"), headers={"Content-Type": kind})
    assert reply.status_code == 422, reply.text
    assert reply.json()["detail"]


def test_deep_json_is_refused_before_parsing(client: httpx.Client) -> None:
    reply = client.post("/api/v1/variants/check", content=b"[" * 5000 + b"]" * 5000,
                        headers={"Content-Type": "application/json"})
    assert reply.status_code == 422 and "nests deeper" in reply.json()["detail"]


def test_too_large_by_content_length_is_413(client: httpx.Client) -> None:
    reply = client.post("/api/v1/variants/check", content=b"#" * (64 * 1024 + 1), headers=YAML)
    assert reply.status_code == 413
    assert reply.json()["limit"] == 64 * 1024


def test_too_large_without_content_length_is_413_too(client: httpx.Client) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(200):  # 200 KiB, chunked: the server stops reading at 64 KiB
            yield b"#" * 1024

    reply = client.post("/api/v1/variants/check", content=chunks(), headers=YAML)
    assert reply.status_code == 413


def test_wrong_media_type_is_415(client: httpx.Client) -> None:
    reply = client.post("/api/v1/variants/check", content=b"<x/>", headers={"Content-Type": "text/xml"})
    assert reply.status_code == 415 and "application/yaml" in reply.json()["accepted"]


@pytest.mark.parametrize("record", sorted(GOLDEN.glob("*.jsonl"))[:2], ids=lambda p: p.stem)
def test_a_golden_record_replays_complete(client: httpx.Client, record: Path) -> None:
    reply = client.post("/api/v1/records/replay", content=record.read_bytes(), headers=NDJSON)
    assert reply.status_code == 200, reply.text
    outcome = reply.json()
    recorded = json.loads(record.read_text(encoding="utf-8").splitlines()[-1])["result"]
    assert outcome["complete"] is True
    assert outcome["result"]["winner"] == [r["seat"] for r in recorded if r["rank"] == 1]


def test_an_illegal_line_names_its_line_and_rule(client: httpx.Client) -> None:
    lines = (GOLDEN / "cs-2p-beginner.jsonl").read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if '"action":["start"' in line)
    entry = json.loads(lines[number - 1])
    entry["action"] = ["start", 9, 9]
    lines[number - 1] = json.dumps(entry)
    reply = client.post("/api/v1/records/replay", content="\n".join(lines).encode(), headers=NDJSON)
    assert reply.status_code == 422
    body = reply.json()
    assert body["line"] == number and body["rule"]
    assert f"body:{number}" in body["detail"]


@pytest.mark.parametrize("body", [b"garbage", b"", b"[]",
                                  b'{"format":"regola-record","version":1,"pack":"cs","setup":"x","players":"a"}',
                                  b'{"format":"regola-record","version":1,"pack":"../../etc","setup":"x","players":2}'])
def test_bad_records_are_422_never_500(client: httpx.Client, body: bytes) -> None:
    reply = client.post("/api/v1/records/replay", content=body, headers=NDJSON)
    assert reply.status_code == 422, reply.text
    assert reply.headers["content-type"] == "application/problem+json"


def test_a_record_line_over_its_bound_is_413(client: httpx.Client) -> None:
    reply = client.post("/api/v1/records/replay", content=b'{"x":"' + b"a" * (65 * 1024) + b'"}', headers=NDJSON)
    assert reply.status_code == 413 and reply.json()["line"] == 1


def _laughs(levels: int, fan: int) -> str:
    lines = ["a0: &a0 [lol]"]
    for level in range(1, levels + 1):
        refs = ", ".join([f"*a{level - 1}"] * fan)
        lines.append(f"a{level}: &a{level} [{refs}]")
    return "variant:\n  id: laughs\n" + "\n".join("  " + line for line in lines) + "\n"


def test_an_alias_bomb_is_refused_before_it_expands(client: httpx.Client) -> None:
    reply = client.post("/api/v1/variants/check", content=_laughs(9, 9), headers=YAML)  # 9**9 nodes in 1 KB
    assert reply.status_code == 422
    assert "aliases are expanded" in reply.json()["detail"]


def test_deep_yaml_is_refused(client: httpx.Client) -> None:
    reply = client.post("/api/v1/variants/check", content="variant: " + "[" * 100 + "]" * 100, headers=YAML)
    assert reply.status_code == 422 and "nests deeper" in reply.json()["detail"]

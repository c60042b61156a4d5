"""The two validators behind SchemaSet agree: jsonschema-rs says yes or no, python-jsonschema explains a no.

A disagreement would let a broken pack through (the fast one says valid) or stop a sound one with no
finding to show (the slow one finds nothing), so mutated documents are judged by both.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regola.check.subject import walk
from regola.core.errors import PackError
from regola.core.pack import load_pack
from regola.core.schemas import SchemaSet, schema_id, schema_set
from regola.core.yamlio import load_yaml

REPO = Path(__file__).resolve().parents[2]
SCHEMAS = schema_set(REPO / "schemas")
GAME = schema_id("maestro-leonardo")


def _both(instance: Any, sid: str) -> tuple[bool, bool]:
    fast = SCHEMAS.fast_validator(sid)
    assert fast is not None, f"jsonschema-rs cannot compile {sid}"
    return bool(fast.is_valid(instance)), bool(SCHEMAS.validator(sid).is_valid(instance))


@pytest.mark.parametrize("pack_id", ["cs", "de", "fr"])
def test_both_accept_the_shipped_packs_and_their_headers(pack_id: str) -> None:
    pack = load_pack(pack_id, home=REPO)
    assert _both(pack.data, GAME) == (True, True)
    assert _both({"pack": pack.meta}, schema_id("pack-meta")) == (True, True)


@pytest.mark.parametrize("path", sorted((REPO / "rulepacks").glob("*/text/*.yaml")), ids=lambda p: p.parent.parent.name)
def test_both_accept_the_shipped_catalogs(path: Path) -> None:
    assert _both(load_yaml(path), schema_id("text-catalog")) == (True, True)


@pytest.mark.parametrize("path", sorted((REPO / "rulepacks").glob("*/variants/*.yaml")), ids=lambda p: p.stem)
def test_both_accept_the_shipped_variants(path: Path) -> None:
    assert _both(load_yaml(path), schema_id("variant")) == (True, True)


_BASE: dict[str, Any] = load_pack("cs", home=REPO).data
_POINTERS = sorted({ptr for ptr, _ in walk(_BASE)} | {ptr.rsplit("/", 1)[0] for ptr, _ in walk(_BASE)} - {""})
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["", "x", "iron", "A", "/city", "t1"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["id", "x", "cost"]), inner,
                                                                max_size=2),
    max_leaves=4,
)


def _mutate(doc: dict[str, Any], ptr: str, how: str, value: Any) -> None:
    *parents, last = ptr.split("/")[1:]
    node: Any = doc
    for token in parents:
        node = node[int(token)] if isinstance(node, list) else node[token]
    if isinstance(node, list):
        index = int(last)
        if how == "delete":
            del node[index]
        else:
            node[index] = value
    elif how == "delete":
        del node[last]
    elif how == "add":
        node[last + "_extra"] = value
    else:
        node[last] = value


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ptr=st.sampled_from(_POINTERS), how=st.sampled_from(["replace", "delete", "add"]), value=_VALUES)
def test_both_judge_any_mutated_pack_alike(ptr: str, how: str, value: Any) -> None:
    doc = copy.deepcopy(_BASE)
    _mutate(doc, ptr, how, value)
    fast, slow = _both(doc, GAME)
    assert fast == slow, f"{how} {ptr} = {value!r}: jsonschema-rs says {fast}, python-jsonschema says {slow}"


def _toy(tmp_path: Path, schema: dict[str, Any]) -> SchemaSet:
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              "$id": "https://regola.dev/schemas/toy.schema.json", **schema}
    (tmp_path / "toy.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    return SchemaSet(tmp_path)


def test_when_only_the_fast_validator_objects_its_errors_are_the_findings(tmp_path: Path) -> None:
    # ECMA-262 regular expressions (jsonschema-rs) read \d as ASCII digits; Python's re takes any
    # Unicode digit. A value only one of them rejects must still come with a finding, never "no findings".
    schemas = _toy(tmp_path, {"type": "string", "pattern": "^\\d$"})
    sid = "https://regola.dev/schemas/toy.schema.json"
    assert schemas.validator(sid).is_valid("\u0663") and not schemas.is_valid("\u0663", sid)
    findings = schemas.validate("\u0663", sid)
    assert [f.pointer for f in findings] == [""] and findings[0].message


def test_a_schema_neither_can_use_names_its_file(tmp_path: Path) -> None:
    schemas = _toy(tmp_path, {"type": "object", "properties": {"a": {"$ref": "#/$defs/missing"}}})
    with pytest.raises(PackError) as caught:
        schemas.validate({"a": 1}, "https://regola.dev/schemas/toy.schema.json")
    assert caught.value.file is not None and caught.value.file.endswith("toy.schema.json")

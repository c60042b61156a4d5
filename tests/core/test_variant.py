"""variant: JSON Patch overlays in YAML, stacked in order, with errors at the failing operation."""

from __future__ import annotations

import copy
import json
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest

from regola.core.errors import PackError
from regola.core.pack import PackErrors, load_pack
from regola.core.variant import Variant, apply_variants, load_variant, variant_from_dict

REPO = Path(__file__).resolve().parents[2]

TOY_SCHEMA: dict[str, Any] = {
    "$id": "https://regola.dev/schemas/toy.schema.json",
    "type": "object",
    "required": ["board"],
    "properties": {
        "board": {
            "type": "object",
            "required": ["size"],
            "properties": {"size": {"type": "integer", "minimum": 1},
                           "costs": {"type": "array", "items": {"type": "integer", "minimum": 0}}},
        },
    },
}

BOARD = "board:\n  size: 3\n  costs: [0, 2, 3]\n  council:\n    whose: own\n"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    schemas = tmp_path / "schemas"
    schemas.mkdir()
    for name in ("pack-meta", "variant"):
        shutil.copy(REPO / "schemas" / f"{name}.schema.json", schemas)
    (schemas / "toy.schema.json").write_text(json.dumps(TOY_SCHEMA), encoding="utf-8")
    folder = tmp_path / "rulepacks" / "cs"
    (folder / "variants").mkdir(parents=True)
    (folder / "pack.yaml").write_text("pack:\n  id: cs\n  game: toy\n  language: cs\n  title: Toy\n"
                                      "  data: [board.yaml]\n", encoding="utf-8")
    (folder / "board.yaml").write_text(BOARD, encoding="utf-8")
    return tmp_path


def variant_file(home: Path, name: str, changes: str, base: str = "cs", vid: str | None = None) -> Path:
    path = home / "rulepacks" / "cs" / "variants" / f"{name}.yaml"
    path.write_text(textwrap.dedent(f"""\
        variant:
          id: {vid or name}
          base: {base}
          title: The {name} variant
          cites: ["001 Codex Leonardi I"]
          changes:
        """) + textwrap.indent(textwrap.dedent(changes), "    "), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


def test_load_variant_fields(home: Path) -> None:
    path = variant_file(home, "codex", "- {op: replace, path: /board/size, value: 4}\n", base="[cs, de]")
    variant = load_variant(path, home)
    assert (variant.id, variant.base, variant.title) == ("codex", ("cs", "de"), "The codex variant")
    assert variant.cites == ("001 Codex Leonardi I",)
    assert variant.changes == [{"op": "replace", "path": "/board/size", "value": 4}]
    assert variant.path == path.resolve()
    assert variant.content_hash.startswith("sha256:")


def test_replace_add_remove(home: Path) -> None:
    variant_file(home, "v", """\
        - {op: replace, path: /board/size, value: 4}
        - {op: add, path: /board/costs/-, value: 5}
        - {op: add, path: /board/costs/0, value: 1}
        - {op: remove, path: /board/council/whose}
        - {op: add, path: /board/council/who, value: [any]}
        - {op: test, path: /board/size, value: 4}
        """)
    pack = load_pack("cs", variants=["v"], home=home)
    assert pack.data["board"] == {"size": 4, "costs": [1, 0, 2, 3, 5], "council": {"who": ["any"]}}
    assert [v.id for v in pack.variants] == ["v"]
    assert pack.content_hash != load_pack("cs", home=home).content_hash
    assert load_pack("cs", home=home).data["board"]["size"] == 3  # the plain pack is untouched


def test_variants_stack_in_the_order_given(home: Path) -> None:
    variant_file(home, "four", "- {op: replace, path: /board/size, value: 4}\n")
    variant_file(home, "five", "- {op: replace, path: /board/size, value: 5}\n")
    variant_file(home, "extend", "- {op: add, path: /board/extra, value: {n: 1}}\n")
    variant_file(home, "bump", "- {op: replace, path: /board/extra/n, value: 2}\n")
    assert load_pack("cs", variants=["four", "five"], home=home).data["board"]["size"] == 5
    assert load_pack("cs", variants=["five", "four"], home=home).data["board"]["size"] == 4
    stacked = load_pack("cs", variants=["extend", "bump"], home=home)
    assert stacked.data["board"]["extra"] == {"n": 2}
    assert stacked.variants[0].changes[0]["value"] == {"n": 1}  # the first variant was not modified
    with pytest.raises(PackError, match="cannot replace /board/extra/n"):
        load_pack("cs", variants=["bump", "extend"], home=home)


def test_variant_by_path_by_name_and_by_id(home: Path) -> None:
    path = variant_file(home, "file-name", "- {op: replace, path: /board/size, value: 6}\n", vid="the-id")
    for ref in (path, str(path), "file-name", "the-id"):
        assert load_pack("cs", variants=[ref], home=home).data["board"]["size"] == 6
    with pytest.raises(PackError) as caught:
        load_pack("cs", variants=["nope"], home=home)
    assert "no variant 'nope'" in caught.value.message
    assert "file-name" in caught.value.message


def test_base_mismatch(home: Path) -> None:
    path = variant_file(home, "german", "- {op: replace, path: /board/size, value: 4}\n", base="[de, en]")
    with pytest.raises(PackError) as caught:
        load_pack("cs", variants=["german"], home=home)
    err = caught.value
    assert err.message == "variant 'german' applies to packs ['de', 'en'], not 'cs'"
    assert (err.file, err.line, err.field) == ("rulepacks/cs/variants/german.yaml", 3, "/variant/base")
    assert path.exists()


def test_bad_op_path_names_the_file_line_and_change(home: Path) -> None:
    path = variant_file(home, "bad", """\
        - {op: replace, path: /board/size, value: 4}
        - op: replace
          path: /board/cost_track/2
          value: 9
        """)
    with pytest.raises(PackError) as caught:
        load_pack("cs", variants=["bad"], home=home)
    err = caught.value
    assert err.file == "rulepacks/cs/variants/bad.yaml"
    assert err.line == line_of(path, "path: /board/cost_track/2")
    assert err.column == 13
    assert err.field == "/variant/changes/1/path"
    assert err.message == ("variant 'bad', change 2: cannot replace /board/cost_track/2: "
                           "/board has no field 'cost_track'")


@pytest.mark.parametrize(("change", "words", "member"), [
    ("- {op: remove, path: /board/costs/7}", "/board/costs is a list of 3 items, it has no item '7'", "path"),
    ("- {op: add, path: /board/costs/9, value: 1}", "'9' is not a place to add to it", "path"),
    ("- {op: add, path: /board/size/x, value: 1}", "/board/size is 3, not a mapping or a list", "path"),
    ("- {op: test, path: /board/size, value: 4}", "the test failed: the pack has 3, the variant expects 4", "path"),
    ("- {op: move, from: /board/gone, path: /board/here}", "/board has no field 'gone'", "from"),
])
def test_failing_operations_explain_why(home: Path, change: str, words: str, member: str) -> None:
    variant_file(home, "bad", change + "\n")
    with pytest.raises(PackError) as caught:
        load_pack("cs", variants=["bad"], home=home)
    assert words in caught.value.message
    assert caught.value.field == f"/variant/changes/0/{member}"
    assert caught.value.line == 7


def test_an_invalid_variant_file_is_located(home: Path) -> None:
    path = variant_file(home, "broken", "- {op: rename, path: /board/size}\n")
    with pytest.raises(PackError) as caught:
        load_variant(path, home)
    err = caught.value
    assert err.field == "/variant/changes/0/op"
    assert (err.line, err.column) == (7, 12)
    assert "expected one of 'add', 'remove'" in err.message
    path = variant_file(home, "novalue", "- {op: replace, path: /board/size}\n")
    with pytest.raises(PackError, match="missing required field 'value'"):
        load_variant(path, home)
    path = variant_file(home, "two", "- {op: add, path: board, value: 1}\n- {op: copy, path: /x}\n")
    with pytest.raises(PackErrors) as several:
        load_variant(path, home)
    assert [(f.field, f.line) for f in several.value.findings] == [
        ("/variant/changes/0/path", 7), ("/variant/changes/1", 8)]


def test_the_result_is_validated_and_located_in_the_variant(home: Path) -> None:
    path = variant_file(home, "zero", "- {op: replace, path: /board/size, value: 0}\n")
    with pytest.raises(PackError) as caught:
        load_pack("cs", variants=["zero"], home=home)
    err = caught.value
    assert err.message == "expected an integer ≥ 1, got 0"
    assert (err.file, err.line, err.field) == ("rulepacks/cs/variants/zero.yaml", 7, "/board/size")
    assert err.column == path.read_text(encoding="utf-8").splitlines()[6].index("0}") + 1


def test_locate_follows_the_last_operation_that_wrote_there(home: Path) -> None:
    path = variant_file(home, "v", """\
        - op: add
          path: /board/extra
          value:
            deep: [1, 2]
        - {op: replace, path: /board/size, value: 4}
        """)
    pack = load_pack("cs", variants=["v"], home=home)
    assert pack.locate("/board/extra/deep/1") == ("rulepacks/cs/variants/v.yaml", line_of(path, "deep:"), 19)
    assert pack.locate("/board/size")[:2] == ("rulepacks/cs/variants/v.yaml", line_of(path, "value: 4"))
    assert pack.locate("/board/costs/1") == ("rulepacks/cs/board.yaml", 3, 14)


def test_a_later_operation_inside_an_earlier_value_wins(home: Path) -> None:
    variant_file(home, "first", "- {op: add, path: /board/extra, value: {deep: [1, 2], flat: 0}}\n")
    second = variant_file(home, "second", "- op: replace\n  path: /board/extra/deep\n  value: [3]\n")
    pack = load_pack("cs", variants=["first", "second"], home=home)
    assert pack.data["board"]["extra"] == {"deep": [3], "flat": 0}
    assert pack.locate("/board/extra/deep/0") == ("rulepacks/cs/variants/second.yaml",
                                                  line_of(second, "value: [3]"), 15)
    assert pack.locate("/board/extra/flat")[0] == "rulepacks/cs/variants/first.yaml"


def test_apply_variants_never_mutates_its_input(home: Path) -> None:
    variant = load_variant(variant_file(home, "v", "- {op: add, path: /board/costs/-, value: {n: 1}}\n"), home)
    document = {"board": {"size": 3, "costs": [0]}}
    before = copy.deepcopy(document)
    result = apply_variants(document, [variant], "cs")
    result["board"]["costs"][-1]["n"] = 99
    assert document == before
    assert variant.changes[0]["value"] == {"n": 1}
    with pytest.raises(PackError, match="applies to packs \\['cs'\\], not 'de'"):
        apply_variants(document, [variant], "de")


def test_variant_from_dict_recreates_a_recorded_variant(home: Path) -> None:
    original = load_variant(variant_file(home, "v", "- {op: replace, path: /board/size, value: 4}\n"), home)
    embedded = json.loads(json.dumps(original.to_dict()))  # as a JSON record stores it
    again = variant_from_dict(embedded, "game.jsonl:1", home)
    assert again.content_hash == original.content_hash
    assert (again.id, again.base, again.changes, again.path) == (original.id, original.base, original.changes, None)
    inner = variant_from_dict(embedded["variant"], "game.jsonl:1", home)
    assert inner.content_hash == original.content_hash
    from_file = load_pack("cs", variants=["v"], home=home)
    from_record = load_pack("cs", variants=[again], home=home)
    assert from_record.content_hash == from_file.content_hash
    assert from_record.locate("/board/size") == ("game.jsonl:1", None, None)


def test_variant_from_dict_validates_and_names_its_source(home: Path) -> None:
    with pytest.raises(PackError) as caught:
        variant_from_dict({"id": "x", "base": "cs", "title": "X", "changes": []}, "game.jsonl:3", home)
    assert (caught.value.file, caught.value.field) == ("game.jsonl:3", "/variant/changes")
    assert "at least" in caught.value.message or "not empty" in caught.value.message


def test_variant_is_hashable_and_comparable(home: Path) -> None:
    path = variant_file(home, "v", "- {op: replace, path: /board/size, value: 4}\n")
    first, second = load_variant(path, home), load_variant(path, home)
    assert first == second
    assert len({first, second}) == 1
    assert isinstance(first, Variant)

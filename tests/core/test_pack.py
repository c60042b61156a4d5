"""pack + schemas: finding, loading, merging, borrowing, validating, hashing and locating packs."""

from __future__ import annotations

import json
import os
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest

from regola.core.errors import PackError
from regola.core.pack import PackErrors, available_packs, available_variants, find_pack, load_pack
from regola.core.schemas import SchemaSet, schema_id

REPO = Path(__file__).resolve().parents[2]

TOY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://regola.dev/schemas/toy.schema.json",
    "type": "object",
    "additionalProperties": False,
    "required": ["board", "cards"],
    "properties": {
        "board": {
            "type": "object",
            "additionalProperties": False,
            "required": ["size", "costs"],
            "properties": {
                "size": {"type": "integer", "minimum": 1},
                "costs": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                "name": {"type": "string"},
            },
        },
        "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}},
        "setup": {"type": "object"},
        "rules": {"type": "object"},
        "text": {"type": "object"},
    },
    "$defs": {
        "card": {
            "type": "object",
            "additionalProperties": False,
            "required": ["id", "cost"],
            "properties": {
                "id": {"type": "string"},
                "cost": {"type": "integer", "minimum": 0},
                "kind": {"enum": ["tool", "book"]},
                "tags": {"type": "array", "items": {"type": "string"}},
            },
        }
    },
}

BOARD = """\
board:
  size: 3
  costs: [0, 2, 3]
"""

CARDS = """\
cards:
  - {id: a, cost: 1}
  - id: b
    cost: 2
    tags: [x]
rules:
  R1: {cites: ["001 §1"]}
text:
  hello: Hello
"""


def make_home(root: Path) -> Path:
    """A regola home: the real pack-meta and variant schemas plus the toy game's schema."""
    schemas = root / "schemas"
    schemas.mkdir(parents=True)
    for name in ("pack-meta", "variant"):
        shutil.copy(REPO / "schemas" / f"{name}.schema.json", schemas)
    (schemas / "toy.schema.json").write_text(json.dumps(TOY_SCHEMA, indent=1), encoding="utf-8")
    return root


def make_pack(home: Path, pack_id: str, files: dict[str, str], extra: str = "",
              data: list[str] | None = None) -> Path:
    folder = home / "rulepacks" / pack_id
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    listed = data if data is not None else [n for n in files if "/" not in n]
    header = (f"pack:\n  id: {pack_id}\n  game: toy\n  language: en\n  title: Toy {pack_id}\n"
              f"  data: [{', '.join(listed)}]\n") + extra
    (folder / "pack.yaml").write_text(header, encoding="utf-8")
    return folder


def touch(path: Path, text: str) -> None:
    """Rewrite a file and move its mtime forward, so a memoised load must notice."""
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return make_home(tmp_path)


def line_of(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in {path}")


# --- finding packs -------------------------------------------------------------------------------


def test_find_pack_by_id_folder_and_pack_yaml(home: Path) -> None:
    folder = make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    assert find_pack("toy", home) == folder.resolve()
    assert find_pack(str(folder), home) == folder.resolve()
    assert find_pack(folder / "pack.yaml", home) == folder.resolve()
    assert available_packs(home) == ["toy"]


def test_unknown_pack_lists_the_available_ones(home: Path) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    make_pack(home, "other", {"board.yaml": BOARD, "cards.yaml": CARDS})
    with pytest.raises(PackError) as caught:
        find_pack("nope", home)
    assert "unknown pack 'nope'" in caught.value.message
    assert "other, toy" in caught.value.message
    with pytest.raises(PackError, match="no pack at"):
        load_pack(str(home / "nowhere"), home=home)


# --- merging -------------------------------------------------------------------------------------


def test_merge_data_files_into_one_document(home: Path) -> None:
    folder = make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    pack = load_pack("toy", home=home)
    assert (pack.id, pack.game, pack.language, pack.title) == ("toy", "toy", "en", "Toy toy")
    assert pack.root == folder.resolve()
    assert pack.meta["data"] == ["board.yaml", "cards.yaml"]
    assert set(pack.data) == {"board", "cards", "rules", "text"}
    assert "pack" not in pack.data
    assert pack.data["board"]["costs"] == [0, 2, 3]
    assert pack.data["cards"][1] == {"id": "b", "cost": 2, "tags": ["x"]}
    assert pack.origins["board"].name == "board.yaml"
    assert pack.origins["rules"].name == "cards.yaml"
    assert pack.variants == ()
    assert pack.content_hash.startswith("sha256:") and len(pack.content_hash) == 7 + 64


def test_same_key_in_two_files_names_both_and_the_line_in_the_second(home: Path) -> None:
    folder = make_pack(home, "toy", {
        "board.yaml": BOARD,
        "cards.yaml": CARDS,
        "more.yaml": "# more\nextra: 1\nboard:\n  size: 4\n",
    })
    with pytest.raises(PackError) as caught:
        load_pack("toy", home=home)
    err = caught.value
    assert "rulepacks/toy/board.yaml" in err.message and "rulepacks/toy/more.yaml" in err.message
    assert err.file == "rulepacks/toy/more.yaml"
    assert err.line == line_of(folder / "more.yaml", "board:")
    assert err.field == "/board"


def test_missing_data_file_points_at_its_entry_in_pack_yaml(home: Path) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS},
              data=["board.yaml", "cards.yaml", "ghost.yaml"])
    with pytest.raises(PackError) as caught:
        load_pack("toy", home=home)
    err = caught.value
    assert "ghost.yaml" in err.message
    assert (err.file, err.field) == ("rulepacks/toy/pack.yaml", "/pack/data/2")
    assert err.line == 6


def test_yaml_syntax_error_in_a_data_file(home: Path) -> None:
    make_pack(home, "toy", {"board.yaml": "board:\n  size: 3\n  costs: [0, 2\n", "cards.yaml": CARDS})
    with pytest.raises(PackError) as caught:
        load_pack("toy", home=home)
    assert caught.value.file == "rulepacks/toy/board.yaml"
    assert caught.value.line == 4  # libyaml notices at the end of the file
    assert "YAML syntax" in caught.value.message


def test_a_data_file_must_hold_top_level_keys(home: Path) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS, "list.yaml": "- 1\n- 2\n"})
    with pytest.raises(PackError, match="top-level keys") as caught:
        load_pack("toy", home=home)
    assert caught.value.file == "rulepacks/toy/list.yaml"


def test_pack_id_must_match_its_folder(home: Path) -> None:
    folder = make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    text = (folder / "pack.yaml").read_text(encoding="utf-8").replace("id: toy", "id: tay")
    (folder / "pack.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack("toy", home=home)
    assert (caught.value.field, caught.value.line) == ("/pack/id", 2)


# --- validation ----------------------------------------------------------------------------------


def test_pack_yaml_is_validated_against_pack_meta(home: Path) -> None:
    folder = home / "rulepacks" / "toy"
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text("# header\npack:\n  id: toy\n  game: toy\n  language: en\n"
                                      "  data: [board.yaml]\n  borow: []\n", encoding="utf-8")
    with pytest.raises(PackErrors) as caught:
        load_pack("toy", home=home)
    err = caught.value
    messages = [f.message for f in err.findings]
    assert "missing required field 'title'" in messages
    assert any(m.startswith("unknown field 'borow'; did you mean 'borrows'? (allowed: id, game, language, title")
               for m in messages)
    missing = next(f for f in err.findings if "title" in f.message)
    assert (missing.file, missing.line, missing.column, missing.field) == ("rulepacks/toy/pack.yaml", 2, 1, "/pack")
    unknown = next(f for f in err.findings if "borow" in f.message)
    assert (unknown.line, unknown.field) == (7, "/pack/borow")


def test_schema_error_has_exact_line_column_and_pointer(home: Path) -> None:
    folder = make_pack(home, "toy", {"board.yaml": "board:\n  size: 3\n  costs: [0, 2, two]\n",
                                     "cards.yaml": CARDS})
    with pytest.raises(PackError) as caught:
        load_pack("toy", home=home)
    err = caught.value
    assert err.message == "expected an integer ≥ 0, got 'two'"
    assert err.field == "/board/costs/2"
    assert err.file == "rulepacks/toy/board.yaml"
    assert (err.line, err.column) == (3, 17)
    assert "Traceback" not in str(err)
    assert str(err) == "rulepacks/toy/board.yaml:3:17: expected an integer ≥ 0, got 'two' at /board/costs/2"
    assert folder.exists()


def test_all_schema_findings_are_reported_in_pointer_order(home: Path) -> None:
    make_pack(home, "toy", {
        "board.yaml": "board:\n  size: 0\n  costs: [0, 2, 3]\n  colour: red\n",
        "cards.yaml": "cards:\n  - {id: a, cost: -1, kind: spoon}\n  - {id: b}\n",
    })
    with pytest.raises(PackErrors) as caught:
        load_pack("toy", home=home)
    found = [(f.field, f.message) for f in caught.value.findings]
    assert found == [
        ("/board/colour", "unknown field 'colour' (allowed: size, costs, name)"),
        ("/board/size", "expected an integer ≥ 1, got 0"),
        ("/cards/0/cost", "expected an integer ≥ 0, got -1"),
        ("/cards/0/kind", "expected one of 'tool', 'book', got 'spoon'"),
        ("/cards/1", "missing required field 'cost'"),
    ]
    assert caught.value.field == "/board/colour"  # the error's own fields are the first finding's
    lines = [(f.file, f.line) for f in caught.value.findings]
    assert lines == [("rulepacks/toy/board.yaml", 4), ("rulepacks/toy/board.yaml", 2),
                     ("rulepacks/toy/cards.yaml", 2), ("rulepacks/toy/cards.yaml", 2),
                     ("rulepacks/toy/cards.yaml", 3)]
    assert len(str(caught.value).splitlines()) == 5


def test_missing_required_key_locates_at_its_parent(home: Path) -> None:
    folder = make_pack(home, "toy", {"board.yaml": "# the board\nboard:\n  size: 3\n", "cards.yaml": CARDS})
    with pytest.raises(PackError) as caught:
        load_pack("toy", home=home)
    err = caught.value
    assert err.message == "missing required field 'costs'"
    assert (err.field, err.file, err.line, err.column) == ("/board", "rulepacks/toy/board.yaml", 2, 1)
    assert folder.exists()


def test_missing_top_level_key_points_at_the_data_list(home: Path) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD})
    with pytest.raises(PackError) as caught:
        load_pack("toy", home=home)
    assert caught.value.message == "missing required field 'cards'"
    assert (caught.value.file, caught.value.line, caught.value.field) == ("rulepacks/toy/pack.yaml", 6, "")


def test_without_a_game_schema_nothing_is_validated(home: Path) -> None:
    (home / "schemas" / "toy.schema.json").unlink()
    make_pack(home, "toy", {"board.yaml": "board: {size: many}\n"})
    assert load_pack("toy", home=home).data == {"board": {"size": "many"}}


# --- borrowing -----------------------------------------------------------------------------------

SETUP = "setup:\n  seats: [1, 2]\n  money: 5\n"


def test_borrow_copies_and_locates_in_the_lending_pack(home: Path) -> None:
    lender = make_pack(home, "cs", {"board.yaml": BOARD, "cards.yaml": CARDS, "setup.yaml": SETUP})
    make_pack(home, "de", {"board.yaml": BOARD, "cards.yaml": CARDS},
              extra="  borrows:\n    - {from: cs, paths: [/setup], why: the German rules are silent}\n")
    pack = load_pack("de", home=home)
    assert pack.data["setup"] == {"seats": [1, 2], "money": 5}
    assert pack.data["setup"] is not load_pack("cs", home=home).data["setup"]  # a copy
    assert pack.locate("/setup/money") == ("rulepacks/cs/setup.yaml", line_of(lender / "setup.yaml", "money"), 10)
    assert pack.origins["setup"] == lender.resolve() / "setup.yaml"
    assert pack.locate("/board/size")[0] == "rulepacks/de/board.yaml"


def test_borrow_a_nested_part(home: Path) -> None:
    make_pack(home, "cs", {"board.yaml": "board: {size: 3, costs: [0], name: Firenze}\n", "cards.yaml": CARDS})
    make_pack(home, "de", {"board.yaml": "board: {size: 3, costs: [0]}\n", "cards.yaml": CARDS},
              extra="  borrows:\n    - {from: cs, paths: [/board/name], why: silent}\n")
    pack = load_pack("de", home=home)
    assert pack.data["board"] == {"size": 3, "costs": [0], "name": "Firenze"}
    assert pack.locate("/board/name")[0] == "rulepacks/cs/board.yaml"
    assert pack.locate("/board/size")[0] == "rulepacks/de/board.yaml"


def test_borrowing_a_missing_part_points_at_the_borrows_entry(home: Path) -> None:
    make_pack(home, "cs", {"board.yaml": BOARD, "cards.yaml": CARDS})
    make_pack(home, "de", {"cards.yaml": CARDS},
              extra="  borrows:\n    - from: cs\n      why: silent\n      paths:\n        - /board\n        - /setup\n")
    with pytest.raises(PackError) as caught:
        load_pack("de", home=home)
    err = caught.value
    assert "pack 'cs' has nothing at /setup" in err.message
    assert (err.file, err.line, err.field) == ("rulepacks/de/pack.yaml", 12, "/pack/borrows/0/paths/1")


def test_borrowing_what_the_pack_defines_itself_is_an_error(home: Path) -> None:
    make_pack(home, "cs", {"board.yaml": BOARD, "cards.yaml": CARDS})
    make_pack(home, "de", {"board.yaml": BOARD, "cards.yaml": CARDS},
              extra="  borrows:\n    - {from: cs, paths: [/board], why: silent}\n")
    with pytest.raises(PackError, match="both defined here"):
        load_pack("de", home=home)


def test_borrowing_from_an_unknown_pack_or_in_a_circle(home: Path) -> None:
    make_pack(home, "de", {"board.yaml": BOARD, "cards.yaml": CARDS},
              extra="  borrows:\n    - {from: xx, paths: [/setup], why: silent}\n")
    with pytest.raises(PackError) as caught:
        load_pack("de", home=home)
    assert "unknown pack 'xx'" in caught.value.message
    assert caught.value.field == "/pack/borrows/0/from"
    make_pack(home, "aa", {"board.yaml": BOARD}, extra="  borrows:\n    - {from: bb, paths: [/cards], why: w}\n")
    make_pack(home, "bb", {"board.yaml": BOARD}, extra="  borrows:\n    - {from: aa, paths: [/cards], why: w}\n")
    with pytest.raises(PackError, match="circle"):
        load_pack("aa", home=home)


# --- hashing and memoising -----------------------------------------------------------------------


def test_content_hash_is_stable_and_ignores_rules_and_text(tmp_path: Path) -> None:
    one, two, three, four = (make_home(tmp_path / n) for n in ("one", "two", "three", "four"))
    make_pack(one, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    make_pack(two, "other", {"cards.yaml": CARDS, "board.yaml": "board:\n  costs: [0, 2, 3]\n  size: 3\n"})
    make_pack(three, "toy", {"board.yaml": BOARD,
                             "cards.yaml": CARDS.replace("Hello", "Ciao").replace("001 §1", "002 §9")})
    make_pack(four, "toy", {"board.yaml": BOARD.replace("[0, 2, 3]", "[0, 2, 4]"), "cards.yaml": CARDS})
    hashes = [load_pack("toy" if h is not two else "other", home=h).content_hash for h in (one, two, three, four)]
    assert hashes[0] == hashes[1]  # same content, other folder, other id, other key order
    assert hashes[0] == hashes[2]  # only rules and text differ
    assert hashes[0] != hashes[3]  # a number of the rules differs


def test_loading_twice_is_memoised_until_a_file_changes(home: Path) -> None:
    folder = make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    first = load_pack("toy", home=home)
    assert load_pack(str(folder), home=home) is first
    touch(folder / "board.yaml", BOARD.replace("size: 3", "size: 5"))
    second = load_pack("toy", home=home)
    assert second is not first
    assert second.data["board"]["size"] == 5
    assert second.content_hash != first.content_hash


def test_a_memoised_borrower_notices_a_change_in_the_lender(home: Path) -> None:
    lender = make_pack(home, "cs", {"board.yaml": BOARD, "cards.yaml": CARDS, "setup.yaml": SETUP})
    make_pack(home, "de", {"board.yaml": BOARD, "cards.yaml": CARDS},
              extra="  borrows:\n    - {from: cs, paths: [/setup], why: silent}\n")
    assert load_pack("de", home=home).data["setup"]["money"] == 5
    touch(lender / "setup.yaml", SETUP.replace("money: 5", "money: 7"))
    assert load_pack("de", home=home).data["setup"]["money"] == 7


def test_available_variants(home: Path) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS,
                            "variants/big.yaml": "x: 1\n", "variants/small.yml": "x: 1\n"})
    assert available_variants("toy", home) == ["big", "small"]


# --- readable schema findings ---------------------------------------------------------------------


def schema_home(tmp_path: Path, schema: dict[str, Any]) -> SchemaSet:
    folder = make_home(tmp_path) / "schemas"
    (folder / "t.schema.json").write_text(json.dumps({"$id": schema_id("t"), **schema}), encoding="utf-8")
    return SchemaSet(folder)


@pytest.mark.parametrize(("schema", "instance", "message"), [
    ({"type": "integer", "minimum": 0}, "two", "expected an integer ≥ 0, got 'two'"),
    ({"type": "integer", "minimum": 1, "maximum": 6}, 7, "expected an integer from 1 to 6, got 7"),
    ({"type": "string"}, {"a": 1}, "expected text, got a mapping"),
    ({"type": ["string", "null"]}, 3, "expected text or null, got 3"),
    ({"type": "boolean"}, "yes", "expected true or false, got 'yes'"),
    ({"enum": ["a", "b"]}, "c", "expected one of 'a', 'b', got 'c'"),
    ({"const": 2}, 3, "expected 2, got 3"),
    ({"type": "array", "minItems": 2}, [1], "expected a list of at least 2 items, got 1 item"),
    ({"type": "array", "uniqueItems": True}, [1, 2, 1], "the list repeats 1; each entry may appear only once"),
    ({"type": "string", "pattern": "^[a-z]+$", "x-expected": "a lowercase word"}, "Hi",
     "expected a lowercase word, got 'Hi'"),
    ({"type": "object", "required": ["id"]}, {}, "missing required field 'id'"),
    ({"type": "object", "properties": {"cost": {}, "gain": {}}, "additionalProperties": False},
     {"costs": 1}, "unknown field 'costs'; did you mean 'cost'? (allowed: cost, gain)"),
    ({"oneOf": [{"type": "integer"}, {"type": "object", "required": ["kind"]}]}, {"x": 1},
     "missing required field 'kind'"),
    ({"anyOf": [{"type": "integer"}, {"type": "string"}]}, [], "expected an integer or text, got a list"),
])
def test_findings_are_written_for_people(tmp_path: Path, schema: dict[str, Any], instance: Any,
                                         message: str) -> None:
    findings = schema_home(tmp_path, schema).validate(instance, schema_id("t"))
    assert [f.message for f in findings] == [message]


def test_finding_fields(tmp_path: Path) -> None:
    schemas = schema_home(tmp_path, {"type": "object", "properties": {
        "a": {"type": "array", "items": {"type": "integer", "minimum": 0}}}})
    [finding] = schemas.validate({"a": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1]}, schema_id("t"))
    assert (finding.pointer, finding.expected, finding.validator) == ("/a/10", "an integer ≥ 0", "minimum")


def test_findings_sort_list_indexes_as_numbers_and_escape_pointers(tmp_path: Path) -> None:
    schemas = schema_home(tmp_path, {"type": "object", "additionalProperties": {
        "type": "array", "items": {"type": "integer"}}})
    findings = schemas.validate({"a/b": ["x"] + [0] * 9 + ["y"], "c~d": ["z"]}, schema_id("t"))
    assert [f.pointer for f in findings] == ["/a~1b/0", "/a~1b/10", "/c~0d/0"]


def test_schemas_refer_to_each_other_by_id(tmp_path: Path) -> None:
    schemas = schema_home(tmp_path, {"$ref": "pack-meta.schema.json#/$defs/id"})
    assert schemas.validate("cs", schema_id("t")) == []
    [finding] = schemas.validate("Not An Id", schema_id("t"))
    assert finding.message.startswith("expected an id of lowercase letters")


def test_unknown_schema_id_is_a_pack_error(tmp_path: Path) -> None:
    with pytest.raises(PackError, match="no schema with"):
        schema_home(tmp_path, {}).validate({}, schema_id("nope"))


def test_unevaluated_properties_are_reported_as_unknown_fields(tmp_path: Path) -> None:
    schemas = schema_home(tmp_path, {"type": "object", "properties": {"a": {}},
                                     "unevaluatedProperties": False})
    assert schemas.validate({"a": 1}, schema_id("t")) == []
    [finding] = schemas.validate({"a": 1, "b": 2}, schema_id("t"))
    assert finding.message.startswith("unknown field 'b'")


def test_the_real_meta_schemas_are_valid_schemas() -> None:
    schemas = SchemaSet(REPO / "schemas")
    for name in ("pack-meta", "variant"):
        schemas.check(schema_id(name))
        assert schemas.files[schema_id(name)].name == f"{name}.schema.json"

"""yamlio: JSON-shaped YAML loading, located syntax errors, and JSON pointer -> line/column."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from regola.core.errors import PackError
from regola.core.yamlio import load_yaml, locate, parse_pointer


def write(tmp_path: Path, text: str, name: str = "f.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_scalars_are_read_the_way_json_sees_them(tmp_path: Path) -> None:
    path = write(tmp_path, (
        "yes_no: [yes, no, on, off]\n"
        "date: 2024-01-31\n"
        "leading_zero: 010\n"
        "numbers: [0, -3, 1_000, 1.5, .5, 1e3]\n"
        "flags: [true, False, null, ~]\n"
        "quoted: ['1', \"true\"]\n"
        "empty:\n"
        "1: one\n"
        "000: zeros\n"
    ))
    assert load_yaml(path) == {
        "yes_no": ["yes", "no", "on", "off"],
        "date": "2024-01-31",
        "leading_zero": "010",
        "numbers": [0, -3, 1000, 1.5, 0.5, 1000.0],
        "flags": [True, False, None, None],
        "quoted": ["1", "true"],
        "empty": None,
        "1": "one",
        "000": "zeros",
    }


def test_anchors_aliases_and_merge_keys(tmp_path: Path) -> None:
    path = write(tmp_path, "base: &b {x: 1, y: 2}\nderived:\n  <<: *b\n  y: 3\ncopy: *b\n")
    data = load_yaml(path)
    assert data["derived"] == {"x": 1, "y": 3}
    assert data["copy"] == {"x": 1, "y": 2}


def test_empty_file_is_none(tmp_path: Path) -> None:
    assert load_yaml(write(tmp_path, "# only a comment\n")) is None


def test_syntax_error_is_a_located_pack_error(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\nb: [1, 2\nc: 3\n")
    with pytest.raises(PackError) as caught:
        load_yaml(path, name="rulepacks/x/f.yaml")
    err = caught.value
    assert err.file == "rulepacks/x/f.yaml"
    assert err.line == 3
    assert err.column is not None
    assert "YAML syntax" in err.message
    assert "line 2" in err.message  # where the unclosed list began


def test_bad_indentation_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\n  b: 2\n")
    with pytest.raises(PackError) as caught:
        load_yaml(path)
    assert (caught.value.line, caught.value.column) == (2, 4)


def test_duplicate_key_in_one_mapping_points_at_the_second(tmp_path: Path) -> None:
    path = write(tmp_path, "top:\n  a: 1\n  b: 2\n  a: 3\n")
    with pytest.raises(PackError) as caught:
        load_yaml(path)
    assert (caught.value.line, caught.value.column) == (4, 3)
    assert "'a' appears twice" in caught.value.message


@pytest.mark.parametrize(("text", "words"), [
    ("a: !!binary aGVsbG8=\n", "!!binary is not supported"),
    ("a: !!int seven\n", "not a number"),
    ("a: *nowhere\n", "undefined alias"),
    ("a: 1\n---\nb: 2\n", "expected a single document"),
    ("? [a, b]\n: 1\n", "field name must be plain text"),
])
def test_non_json_yaml_is_refused_with_a_line(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(PackError) as caught:
        load_yaml(write(tmp_path, text))
    assert words in caught.value.message
    assert caught.value.line is not None


def test_missing_file_and_bad_encoding(tmp_path: Path) -> None:
    with pytest.raises(PackError, match="file not found"):
        load_yaml(tmp_path / "nope.yaml")
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(b"a: 1\nb: caf\xe9\n")
    with pytest.raises(PackError) as caught:
        load_yaml(bad)
    assert caught.value.line == 2


def test_parse_pointer_unescapes_in_the_rfc_order() -> None:
    assert parse_pointer("") == []
    assert parse_pointer("/a~1b/c~0d/~01") == ["a/b", "c~d", "~1"]
    assert parse_pointer("no-slash") is None


LOCATE_TEXT = (
    "# header comment\n"                # 1
    "city:\n"                           # 2
    "  cost_track: [0, 2, 3, 4]\n"      # 3
    "  districts:\n"                    # 4
    "    - id: A\n"                     # 5
    "      kind: council\n"             # 6
    "    - {id: B, kind: shop}\n"       # 7
    "\"a/b\":\n"                        # 8
    "  \"c~d\": [x, {deep: 1}]\n"       # 9
)


@pytest.mark.parametrize(("pointer", "where"), [
    ("", (2, 1)),
    ("/city", (2, 1)),                      # a block mapping: at its key
    ("/city/cost_track", (3, 15)),          # a flow list: at its bracket
    ("/city/cost_track/2", (3, 22)),
    ("/city/districts/0", (5, 7)),
    ("/city/districts/0/kind", (6, 13)),
    ("/city/districts/1/kind", (7, 21)),
    ("/a~1b/c~0d/1/deep", (9, 21)),
    ("/a~1b/c~0d/0", (9, 11)),
])
def test_locate_pointers(tmp_path: Path, pointer: str, where: tuple[int, int]) -> None:
    path = write(tmp_path, LOCATE_TEXT)
    assert locate(path, pointer) == where


@pytest.mark.parametrize(("pointer", "ancestor"), [
    ("/city/districts/1/missing", "/city/districts/1"),   # a missing key: at the mapping to hold it
    ("/city/cost_track/9", "/city/cost_track"),           # past the end of a list
    ("/city/cost_track/01", "/city/cost_track"),          # not a valid index
    ("/city/cost_track/2/deeper", "/city/cost_track/2"),  # below a scalar
    ("/nowhere/at/all", ""),
])
def test_locate_stops_at_the_deepest_existing_ancestor(tmp_path: Path, pointer: str, ancestor: str) -> None:
    path = write(tmp_path, LOCATE_TEXT)
    assert locate(path, pointer) == locate(path, ancestor)


def test_locate_sees_a_changed_file(tmp_path: Path) -> None:
    path = write(tmp_path, "a: 1\nb: 2\n")
    assert locate(path, "/b") == (2, 4)
    path.write_text("\n\n\na: 1\nb: 2\n", encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert locate(path, "/b") == (5, 4)


def test_locate_composes_a_file_once_until_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    from regola.core import yaml_loader

    compose = yaml_loader.compose

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return compose(*args, **kwargs)

    monkeypatch.setattr(yaml_loader, "compose", counting)
    path = write(tmp_path, "a: 1\nb: [1, 2]\n")
    assert [locate(path, p) for p in ("/a", "/b/1", "/b")] == [(1, 4), (2, 8), (2, 4)]
    assert len(calls) == 1
    path.write_text("a: 1\nb: [1, 2, 3]\n", encoding="utf-8")
    assert locate(path, "/b/2") == (2, 11)
    assert len(calls) == 2


def test_locate_on_unreadable_or_broken_files(tmp_path: Path) -> None:
    assert locate(tmp_path / "missing.yaml", "/a") == (None, None)
    assert locate(write(tmp_path, "a: [1,\n"), "/a") == (None, None)

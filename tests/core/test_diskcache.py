"""The parse cache: a file parsed once is read back from the cache, and an edit can never be missed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from regola.core import diskcache
from regola.core.errors import PackError
from regola.core.yamlio import load_yaml

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("REGOLA_CACHE", str(folder))
    return folder


class Counter:
    def __init__(self, value: Any) -> None:
        self.value, self.calls = value, 0

    def __call__(self) -> Any:
        self.calls += 1
        return self.value


def test_the_same_bytes_are_parsed_once_and_each_reader_gets_its_own_copy(cache: Path) -> None:
    parse = Counter({"a": [1, 2.5, "x", None, True]})
    first = diskcache.parsed("toy", "v1", b"a: [1, 2.5, x, null, true]", parse)
    second = diskcache.parsed("toy", "v1", b"a: [1, 2.5, x, null, true]", parse)
    assert first == second == parse.value and parse.calls == 1
    second["a"].append("changed")
    assert diskcache.parsed("toy", "v1", b"a: [1, 2.5, x, null, true]", parse) == parse.value


def test_other_bytes_or_another_parser_version_parse_again(cache: Path) -> None:
    parse = Counter([1])
    diskcache.parsed("toy", "v1", b"- 1", parse)
    diskcache.parsed("toy", "v1", b"- 1 ", parse)
    diskcache.parsed("toy", "v2", b"- 1", parse)
    assert parse.calls == 3


def test_a_damaged_entry_is_parsed_again_and_rewritten(cache: Path) -> None:
    parse = Counter({"k": 1})
    diskcache.parsed("toy", "v1", b"k: 1", parse)
    (entry,) = [p for p in cache.rglob("*") if p.is_file()]
    entry.write_bytes(b"\x00garbage")
    assert diskcache.parsed("toy", "v1", b"k: 1", parse) == {"k": 1} and parse.calls == 2
    assert diskcache.parsed("toy", "v1", b"k: 1", parse) == {"k": 1} and parse.calls == 2


def test_an_unwritable_cache_only_costs_speed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file-not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("REGOLA_CACHE", str(blocker))
    parse = Counter({"k": 1})
    assert diskcache.parsed("toy", "v1", b"k: 1", parse) == {"k": 1}
    assert diskcache.parsed("toy", "v1", b"k: 1", parse) == {"k": 1} and parse.calls == 2


def test_a_full_cache_drops_its_oldest_half(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diskcache, "MAX_ENTRIES", 10)
    seen: set[Path] = set()
    for number in range(11):
        diskcache.parsed("toy", "v1", str(number).encode(), Counter(number))
        for entry in {p for p in cache.rglob("*") if p.is_file()} - seen:  # date each entry by its number
            os.utime(entry, (1_000_000 + number, 1_000_000 + number))
            seen.add(entry)
    left = [p for p in cache.rglob("*") if p.is_file()]
    assert 0 < len(left) <= 10
    parse = Counter(10)
    diskcache.parsed("toy", "v1", b"10", parse)
    assert parse.calls == 0, "the newest entry survives the pruning"


def test_a_parse_failure_is_not_kept(cache: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("a: [1, 2\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(PackError, match="YAML syntax"):
            load_yaml(broken)
    assert not [p for p in cache.rglob("*") if p.is_file()]


@pytest.mark.parametrize("path", sorted(REPO.glob("rulepacks/**/*.yaml")), ids=lambda p: str(p.relative_to(REPO)))
def test_every_shipped_file_reads_back_from_the_cache_as_parsed(cache: Path, path: Path) -> None:
    from regola.core.yaml_loader import parse

    fresh = parse(path.read_text(encoding="utf-8-sig"), str(path))
    assert load_yaml(path) == fresh  # parsed, then stored
    assert load_yaml(path) == fresh  # read back
    assert any(p.is_file() for p in cache.rglob("*"))

"""Base packs kept on disk between commands: a new process gets the same pack, and never a stale one."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_pack import BOARD, CARDS, SETUP, make_home, make_pack, touch

from regola.core import pack as pack_module
from regola.core.errors import PackError
from regola.core.pack import load_pack


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REGOLA_CACHE", str(tmp_path / "cache"))
    return make_home(tmp_path / "home")


def new_process() -> None:
    """What a new command starts with: nothing in memory, the cache folder as the last one left it."""
    pack_module._cache.clear()


def disk_loads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders _load builds from their files (every other load came from the cache)."""
    built: list[Path] = []
    real = pack_module._load

    def counting(folder: Path, *args: object) -> object:
        built.append(folder)
        return real(folder, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(pack_module, "_load", counting)
    return built


def test_a_new_process_gets_the_same_pack_without_building_it(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_pack(home, "cs", {"board.yaml": BOARD, "cards.yaml": CARDS, "setup.yaml": SETUP})
    make_pack(home, "de", {"board.yaml": BOARD, "cards.yaml": CARDS},
              extra="  borrows:\n    - {from: cs, paths: [/setup], why: silent}\n")
    first = load_pack("de", home=home)
    new_process()
    built = disk_loads(monkeypatch)
    again = load_pack("de", home=home)
    assert built == []
    assert (again.data, again.meta, again.content_hash, again.origins) == (
        first.data, first.meta, first.content_hash, first.origins)
    for pointer in ("/board/size", "/cards/1/tags/0", "/setup/money", "/pack/title"):
        assert again.locate(pointer) == first.locate(pointer)  # a borrowed part is located in the lender


def test_an_edited_lender_rebuilds_its_borrower(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cs = make_pack(home, "cs", {"board.yaml": BOARD, "cards.yaml": CARDS, "setup.yaml": SETUP})
    make_pack(home, "de", {"board.yaml": BOARD, "cards.yaml": CARDS},
              extra="  borrows:\n    - {from: cs, paths: [/setup], why: silent}\n")
    load_pack("de", home=home)
    new_process()
    touch(cs / "setup.yaml", SETUP.replace("money: 5", "money: 7"))
    built = disk_loads(monkeypatch)
    assert load_pack("de", home=home).data["setup"]["money"] == 7
    assert set(built) == {cs.resolve(), (home / "rulepacks" / "de").resolve()}


def test_a_schema_change_validates_again(home: Path) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    load_pack("toy", home=home)
    new_process()
    schema = home / "schemas" / "toy.schema.json"
    touch(schema, schema.read_text(encoding="utf-8").replace('"minimum": 1', '"minimum": 4'))
    with pytest.raises(PackError, match="≥ 4, got 3"):
        load_pack("toy", home=home)


def test_a_change_to_the_loader_code_builds_again(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = tmp_path / "loader.py"
    code.write_text("# v1\n", encoding="utf-8")
    monkeypatch.setattr(pack_module, "_CODE", (str(code),))
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    load_pack("toy", home=home)
    new_process()
    touch(code, "# v2\n")
    built = disk_loads(monkeypatch)
    load_pack("toy", home=home)
    assert built == [(home / "rulepacks" / "toy").resolve()]


def test_a_damaged_cache_entry_only_costs_a_rebuild(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    first = load_pack("toy", home=home)
    new_process()
    for entry in (Path(str(home.parent / "cache"))).rglob("*"):
        if entry.is_file() and entry.parent.name.startswith("packs-"):
            entry.write_bytes(b"\x00not marshal")
    built = disk_loads(monkeypatch)
    assert load_pack("toy", home=home).data == first.data
    assert len(built) == 1


def test_a_variant_starts_from_the_stored_base(home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    make_pack(home, "toy", {"board.yaml": BOARD, "cards.yaml": CARDS})
    base = load_pack("toy", home=home)
    variant = tmp_path / "bigger.yaml"
    variant.write_text("variant:\n  id: bigger\n  base: toy\n  title: Bigger\n  cites: [R1]\n  changes:\n"
                       "    - {op: replace, path: /board/size, value: 9}\n", encoding="utf-8")
    new_process()
    built = disk_loads(monkeypatch)
    played = load_pack("toy", variants=[variant], home=home)
    assert played.data["board"]["size"] == 9 and base.data["board"]["size"] == 3
    assert built == [(home / "rulepacks" / "toy").resolve()]  # the variant's build; the base came from disk
    assert played.locate("/board/size")[0].endswith("bigger.yaml")

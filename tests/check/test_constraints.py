"""Constraints as data: monotonic tracks, ranges, sums, counts and cross-field relations declared in
pack.constraints with their source, checked on the pack and on every variant."""

from __future__ import annotations

from pathlib import Path

from check_helpers import findings, make_home, replace_once

from regola.check.constraints import select


def _codes(found: list) -> list[tuple[str, str | None]]:  # type: ignore[type-arg]
    return [(f.code, f.pointer) for f in found if f.code in ("CONSTRAINT", "REF_POINTER")]


def test_a_planted_decreasing_track_is_one_finding_with_its_source(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", ("cs",))
    replace_once(home / "rulepacks" / "cs" / "city.yaml", "cost_track: [0, 2, 3, 4]", "cost_track: [0, 3, 2, 1]")
    found = [f for f in findings([home / "rulepacks" / "cs"], home) if f.code == "CONSTRAINT"]
    assert len(found) == 1
    assert found[0].pointer == "/city/cost_track/2" and found[0].file == "rulepacks/cs/city.yaml"
    assert "[001 §8]" in found[0].message and "2 at /city/cost_track/2 is not above 3" in found[0].message


def test_a_variant_is_held_to_its_packs_constraints(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", ("pl",))
    variant = tmp_path / "dear-architects.yaml"
    variant.write_text("variant:\n  id: dear-architects\n  base: pl\n  title: t\n  changes:\n"
                       "    - {op: replace, path: /actions/building_price, value: [700, 300, 800, 0]}\n"
                       "    - {op: replace, path: /setup/freedoms/3/each, value: 9}\n", encoding="utf-8")
    found = _codes(findings([variant], home))
    assert ("CONSTRAINT", "/actions/building_price/2") in found
    assert ("CONSTRAINT", "/setup/freedoms/3/each") in found
    assert len(found) == 2


def test_cross_field_count_and_range(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", ("pl",))
    replace_once(home / "rulepacks" / "pl" / "rounds.yaml", "minimum_work: [7, 10, 12, 14, 15, 16, 17]",
                 "minimum_work: [7, 10, 12, 14, 15, 16]")
    replace_once(home / "rulepacks" / "pl" / "mechanics.yaml", "deal: {kind: keep, dealt: 4, kept: 3,",
                 "deal: {kind: keep, dealt: 4, kept: 5,")
    found = [f for f in findings([home / "rulepacks" / "pl"], home) if f.code == "CONSTRAINT"]
    messages = " | ".join(f.message for f in found)
    assert "the number of values of /rounds/minimum_work is 6; it must be at least 7" in messages
    assert "5 at /mechanics/deal/kept must be at most 4 (/mechanics/deal/dealt)" in messages


def test_a_constraint_on_nothing_is_a_broken_declaration(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", ("pl",))
    replace_once(home / "rulepacks" / "pl" / "pack.yaml", "    - {path: /auction/per_player, range: [1, null]",
                 "    - {path: /auction/per_playr, range: [1, null]")
    found = _codes(findings([home / "rulepacks" / "pl"], home))
    assert found == [("REF_POINTER", "/pack/constraints/8/path")]


def test_select_binds_each_star() -> None:
    doc = {"a": {"2": {"x": 1}, "3": {"x": 2}}, "b": [5, 6]}
    assert list(select(doc, "/a/*/x")) == [("/a/2/x", ("2",), 1), ("/a/3/x", ("3",), 2)]
    assert list(select(doc, "/b/*")) == [("/b/0", ("0",), 5), ("/b/1", ("1",), 6)]
    assert list(select(doc, "/nothing")) == []

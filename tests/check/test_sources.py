"""Packs compared leaf by leaf: the German 2-player display is a declared divergence, and only that."""

from __future__ import annotations

from pathlib import Path

import yaml
from check_helpers import findings, line_of, make_home

from regola.check.report import exit_status

PACKS = ("cs", "de", "fr")


def test_german_two_player_display_is_a_declared_divergence(tmp_path: Path) -> None:
    home = make_home(tmp_path, PACKS)
    found = findings([], home)
    declared = [f for f in found if f.code == "SRC_DIVERGENCE_DECLARED" and "/rounds/display_size/2" in f.message]
    assert [(f.file, f.level) for f in declared] == [("rulepacks/de/pack.yaml", "info")]
    assert not [f for f in found if f.code == "SRC_DIFF_UNDECLARED"]


def test_undeclared_divergence_fails(tmp_path: Path) -> None:
    home = make_home(tmp_path, PACKS)
    pack_file = home / "rulepacks" / "de" / "pack.yaml"
    header = yaml.safe_load(pack_file.read_text(encoding="utf-8"))
    header["pack"]["divergences"] = [d for d in header["pack"]["divergences"]
                                     if d["path"] != "/rounds/display_size/2"]
    pack_file.write_text(yaml.safe_dump(header, allow_unicode=True, sort_keys=False), encoding="utf-8")
    found = findings([], home)
    undeclared = [f for f in found if f.code == "SRC_DIFF_UNDECLARED"]
    rounds = home / "rulepacks" / "de" / "rounds.yaml"
    assert {(f.file, f.line, f.pointer) for f in undeclared} == {
        ("rulepacks/de/rounds.yaml", line_of(rounds, "display_size:"), "/rounds/display_size/2")}
    assert exit_status(found, strict=False) == 1


def test_reconstructed_fields_are_counted(tmp_path: Path) -> None:
    home = make_home(tmp_path, ("cs",), text=False)
    counts = [f for f in findings([], home) if f.code == "SRC_RECONSTRUCTED"]
    assert len(counts) == 1 and counts[0].level == "info" and " field(s) are reconstructed" in counts[0].message

"""Dead data is a finding: a value no code reads (while the game compiles, builds its flow and plays
its reference games) is DATA_UNREAD; a value the engine plays one way only refuses another."""

from __future__ import annotations

from pathlib import Path

from check_helpers import findings, make_home, replace_once

from regola.check.dead import unread_pointers
from regola.check.subject import Subject
from regola.core.pack import load_pack


def _pl_home(tmp_path: Path) -> Path:
    return make_home(tmp_path / "home", ("pl",))


def test_the_shipped_auction_limits_are_read(tmp_path: Path) -> None:
    home = _pl_home(tmp_path)
    unread = unread_pointers(Subject(load_pack("pl", home=home), None, home)) or []
    assert "/auction/per_player" not in unread and "/auction/per_stack" not in unread
    assert "/actions/recruit_is_action" not in unread
    assert set(unread) == {"/components/money/denominations/100", "/components/money/denominations/500",
                           "/components/money/denominations/1000"}  # declared in pack.unread


def test_a_planted_dead_value_is_one_finding(tmp_path: Path) -> None:
    home = _pl_home(tmp_path)
    replace_once(home / "rulepacks" / "pl" / "components.yaml",
                 'denominations: {"100": 32, "500": 14, "1000": 12}', 'denominations: {"100": 32}')
    pack_yaml = home / "rulepacks" / "pl" / "pack.yaml"
    text = pack_yaml.read_text(encoding="utf-8")
    start = text.index("  unread:")
    pack_yaml.write_text(text[:start] + text[text.index("  data:"):], encoding="utf-8")
    found = [f for f in findings([home / "rulepacks" / "pl"], home) if f.code.startswith("DATA_")]
    assert [(f.code, f.pointer, f.file) for f in found] == [
        ("DATA_UNREAD", "/components/money/denominations/100", "rulepacks/pl/components.yaml")]


def test_a_declaration_of_a_value_that_is_read_is_a_warning(tmp_path: Path) -> None:
    home = _pl_home(tmp_path)
    replace_once(home / "rulepacks" / "pl" / "pack.yaml", "    - {path: /components/money/denominations,",
                 "    - {path: /auction/per_stack, why: x}\n    - {path: /components/money/denominations,")
    found = [f for f in findings([home / "rulepacks" / "pl"], home) if f.code.startswith("DATA_")]
    assert [(f.code, f.pointer) for f in found] == [("DATA_UNREAD_DECLARED", "/pack/unread/0/path")]


def test_a_reading_the_engine_does_not_play_is_refused(tmp_path: Path) -> None:
    home = _pl_home(tmp_path)
    variant = tmp_path / "partner-pays.yaml"
    variant.write_text("variant:\n  id: partner-pays\n  base: pl\n  title: the partner pays\n  changes:\n"
                       "    - {op: replace, path: /components/money/bank_unlimited, value: false}\n",
                       encoding="utf-8")
    found = [f for f in findings([variant], home) if f.level == "error"]
    assert [f.code for f in found] == ["COMPILE"]
    assert "bank_unlimited" in (found[0].pointer or "") and "change nothing in play" in found[0].message
    assert found[0].file == "partner-pays.yaml" or found[0].file.endswith("partner-pays.yaml")

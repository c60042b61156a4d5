"""docs/ARCHITECTURE.md matches the code (issue 9, "What to build" 10): the action table is what the
engine offers, and every call the Game API section shows exists."""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
from pathlib import Path

from regola.core.game import Game, Ruleset
from regola.games.maestro_leonardo.position import District

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
_spec = importlib.util.spec_from_file_location("action_table_tool", ROOT / "tools" / "action_table.py")
assert _spec is not None and _spec.loader is not None
action_table = importlib.util.module_from_spec(_spec)
sys.modules["action_table_tool"] = action_table
_spec.loader.exec_module(action_table)


def _section(title: str) -> str:
    return DOC.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_the_action_table_is_what_the_engine_offers() -> None:
    assert action_table.embedded(DOC) == action_table.table(), "run `python tools/action_table.py --write`"


def test_the_action_table_covers_every_verb_the_game_declares() -> None:
    from regola.games.maestro_leonardo import DEFINITION

    assert DEFINITION.verbs is not None
    verbs = {row.verb for row in action_table.collect().values()}
    declared = {verb.name for verb in DEFINITION.verbs}
    assert declared <= verbs | {"take"}  # "take" (the council money) is never a choice: applied alone
    assert {"act", "favor", "exchange", "deal", "order", "buy"} <= verbs


def test_every_call_in_the_game_api_section_exists() -> None:
    api = _section("Game API (OpenSpiel-like)")
    owners = {"game": Game, "Game": Game, "ruleset": Ruleset}
    calls = set(re.findall(r"\b(game|Game|ruleset)\.([a-z_]+)\(", api))
    assert {("game", "sample_chance"), ("Game", "new"), ("Game", "from_record")} <= calls
    for owner, name in calls:
        assert hasattr(owners[owner], name), f"{owner}.{name} is documented but does not exist"
    for name in set(re.findall(r"\bd\.([a-z_]+)", api)):
        assert name in District.__dataclass_fields__, f"d.{name} is documented but District has no such field"


def test_the_documented_signatures_are_the_real_ones() -> None:
    api = _section("Game API (OpenSpiel-like)")
    assert "Game.new(ruleset, players=4, seed=7, setup=\"beginner\")" in api
    assert list(inspect.signature(Game.new).parameters)[:4] == ["ruleset", "players", "seed", "setup"]
    assert "chance_outcome" not in DOC and "Game.new(pack" not in DOC

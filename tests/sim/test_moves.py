"""Which moves a variant adds or changes, from the two action tables (regola.sim.moves): a form that brings
its own move adds it, a form that lists another amount changes it, a rule of numbers or of words adds none."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.core.pack import load_pack
from regola.sim.moves import new_moves


@pytest.mark.parametrize(("variant", "added", "changed"), [
    ("pf-dutch-auction", ["accept"], []),
    ("pf-sealed-auction", ["seal"], []),
    ("pf-profession-draft", ["pick"], []),
    ("pf-end-at-50", [], []),
    ("pf-open-prestige", [], []),
])
def test_the_moves_of_the_house_rules(variant: str, added: list[str], changed: list[str]) -> None:
    assert new_moves(load_pack("pl"), load_pack("pl", variants=[variant])) == {"added": added, "changed": changed}


def test_a_raise_by_amounts_changes_the_raise(tmp_path: Path) -> None:
    path = tmp_path / "raise.yaml"
    path.write_text("variant:\n  id: raise\n  base: [pl]\n  title: Raise\n  changes:\n    - {op: replace, path: "
                    "/mechanics/auction/raise, value: {kind: multiple, by: 100, max: 300}}\n", encoding="utf-8")
    assert new_moves(load_pack("pl"), load_pack("pl", variants=[path])) == {"added": [], "changed": ["raise"]}

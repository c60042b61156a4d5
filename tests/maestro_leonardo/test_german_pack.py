"""The German pack's own rules where its source (002) differs from the Czech one: they must change
play, not only the data (SOURCES: the two documented divergences)."""

from __future__ import annotations

import pytest

from regola.core.game import Ruleset
from regola.core.pack import load_pack

from .scenario import Scenario, check_invariants


@pytest.fixture(scope="module")
def de() -> Ruleset:
    return Ruleset(load_pack("de"))


@pytest.mark.rule("council.move_apprentice")
def test_german_council_space_1_moves_only_an_apprentice_from_the_council(de, ruleset):
    plan = {0: [("place", "A", 2), ("place", "D", 1)], 1: [("place", "D", 2)], 2: [("master", "C")]}
    moves = {}
    for name, rs in (("cs", ruleset), ("de", de)):
        sc = Scenario(rs, 4, seed=41)
        sc.to("placement")
        sc.to("district", district="A", plan=plan)
        sc.do(0, ("leonardo", 0), ("space", 1))
        moves[name] = {a[2] for a in sc.legal() if a[0] == "move"}
        if name == "de":
            sc.refused(("move", 0, "D", "E"), "council.move_apprentice")
            sc.do(0, ("move", 0, "A", "E"))
            assert sc.state.occupancy["E"] == [[0, 1, 0]]
            check_invariants(sc.game, sc.opening)
    assert de.pack.data["city"]["council"]["spaces"][0]["params"]["from"] == ["A"]
    assert moves == {"cs": {"A", "D"}, "de": {"A"}}


@pytest.mark.rule("round_end.refill")
def test_german_two_player_game_requests_two_inventions(de, ruleset):
    assert de.rules.display_size[2] == 2 and ruleset.rules.display_size[2] == 3
    for rs in (de, ruleset):
        sc = Scenario(rs, 2, seed=7)
        assert len(sc.state.display) == len(rs.rules.beginner_display[2])
        sc.to("planning", round=2)
        assert len(sc.state.display) == rs.rules.display_size[2]

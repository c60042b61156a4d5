"""Phase B: placing the master and apprentices (001 §7, §10 research rounds, R9)."""

from __future__ import annotations

import pytest

from .scenario import Scenario


@pytest.fixture
def sc(ruleset):
    """4 players, beginner setup, round 1, at the first placement decision (seat 0 holds Leonardo)."""
    s = Scenario(ruleset, 4, seed=21)
    s.to("placement")
    assert s.who == 0
    return s


def _order(sc, plan):
    seen = []
    scripts = {seat: list(actions) for seat, actions in plan.items()}
    while sc.phase == "placement":
        who = sc.who
        seen.append(who)
        sc.game.apply(scripts[who].pop(0) if scripts.get(who) else ("pass",))
    return seen


@pytest.mark.rule("placement.turn")
def test_turns_go_round_from_leonardo_until_everyone_passed(sc):
    seen = _order(sc, {0: [("place", "B", 1)], 1: [("pass",)], 2: [("place", "C", 1)], 3: [("place", "D", 1)]})
    assert seen == [0, 1, 2, 3, 0, 2, 3]  # seat 1 passed: never asked again


@pytest.mark.rule("placement.turn")
def test_turns_start_with_the_leonardo_holder(sc):
    sc.finish_phase()
    sc.to("planning", round=2)
    sc.edit(lambda st: setattr(st, "leonardo", 3))
    sc.to("placement")
    assert sc.who == 3


@pytest.mark.rule("placement.turn")
def test_who_has_nobody_left_passes_by_itself(sc):
    p = sc.player(0)
    n = p.apprentices
    seen = _order(sc, {0: [("master", "A"), ("place", "B", n)], 1: [("place", "C", 1), ("place", "D", 1)]})
    assert p.apprentices == 0 and p.master == "A"
    assert seen == [0, 1, 2, 3, 0, 1, 1]  # after its last figure, seat 0 is not asked again


@pytest.mark.rule("placement.turn")
def test_the_master_is_placed_once(sc):
    sc.do(0, ("master", "B"))
    sc.run(lambda s: s.who == 0 and s.phase == "placement")
    assert not [a for a in sc.legal() if a[0] == "master"]
    sc.refused(("master", "C"), "placement.turn")


@pytest.mark.rule("placement.one_location_per_turn")
def test_several_apprentices_go_to_one_location_in_one_turn(sc):
    sc.do(0, ("place", "B", 3))
    assert sc.state.occupancy["B"] == [[0, 3, 0]]
    assert sc.player(0).apprentices == sc.rules.seats[0].apprentices - 3
    assert sc.who == 1  # the turn is over after one location


@pytest.mark.rule("placement.one_location_per_turn")
def test_two_locations_in_one_turn_are_refused(sc):
    sc.refused(("place", "B", 1, "C", 1), "placement.one_location_per_turn")
    sc.refused(("place_many", ("B", 1), ("C", 1)), "placement.one_location_per_turn")


@pytest.mark.rule("placement.once_per_location")
def test_apprentices_go_to_a_location_once_per_round(sc):
    sc.do(0, ("place", "B", 1))
    sc.run(lambda s: s.who == 0 and s.phase == "placement")
    assert not [a for a in sc.legal() if a[:2] == ("place", "B")]
    sc.refused(("place", "B", 1), "placement.once_per_location")
    # the master may still join them, and stands with them (001 §7)
    sc.do(0, ("master", "B"))
    assert [e for e in sc.state.occupancy["B"] if e[0] == 0] == [[0, 1, 1]]


@pytest.mark.rule("placement.once_per_location")
def test_apprentices_go_to_a_lab_once_per_round(ruleset):
    sc = Scenario(ruleset, 4, seed=21)
    sc.do(0, ("start", 0, 3), ("pass",))
    sc.to("placement")
    sc.do(0, ("place", "lab0", 1))
    sc.run(lambda s: s.who == 0 and s.phase == "placement")
    sc.refused(("place", "lab0", 1), "placement.once_per_location")


@pytest.mark.rule("placement.working_labs_only")
def test_nobody_goes_into_an_idle_lab(sc):
    assert sc.player(0).labs[0].target is None
    assert not [a for a in sc.legal() if len(a) > 1 and str(a[1]).startswith("lab")]
    sc.refused(("place", "lab0", 1), "placement.working_labs_only")
    sc.refused(("master", "lab0"), "placement.working_labs_only")
    sc.refused(("place", "lab1", 1), "placement.working_labs_only")  # seat 0 has one lab


@pytest.mark.rule("placement.lab_spaces")
def test_a_lab_holds_one_figure_per_space(ruleset, doc):
    sc = Scenario(ruleset, 4, seed=21)
    spaces = doc["components"]["labs"]["small"]["sides"]["a"]["spaces"]
    assert sc.player(0).apprentices > spaces
    sc.do(0, ("start", 0, 3), ("pass",))
    sc.to("placement")
    assert max(a[2] for a in sc.legal() if a[:2] == ("place", "lab0")) == spaces
    sc.refused(("place", "lab0", spaces + 1), "placement.lab_spaces")
    sc.do(0, ("place", "lab0", spaces))
    sc.run(lambda s: s.who == 0 and s.phase == "placement")
    assert ("master", "lab0") not in sc.legal()
    sc.refused(("master", "lab0"), "placement.lab_spaces")


@pytest.mark.rule("placement.lab_spaces")
def test_a_robot_takes_its_space(ruleset, doc):
    """Seat 2 (green) starts with a 5-space lab holding a robot: four spaces are left for people."""
    side = doc["components"]["labs"]["small"]["sides"]["b"]
    sc = Scenario(ruleset, 4, seed=21)
    sc.run(lambda s: s.who == 2)
    sc.edit(lambda st: Scenario.set_hand(st, 2, {"rope": 1}))
    sc.do(2, ("start", 0, 3), ("pass",))
    sc.to("placement")
    sc.run(lambda s: s.who == 2)
    lab = sc.player(2).labs[0]
    assert lab.robots == 1 and (lab.kind, lab.side) == ("small", "b")
    free = side["spaces"] - lab.robots
    assert max(a[2] for a in sc.legal() if a[:2] == ("place", "lab0")) == min(free, sc.player(2).apprentices)
    sc.do(2, ("place", "lab0", free - 1))
    sc.run(lambda s: s.who == 2)
    sc.do(2, ("master", "lab0"))
    assert lab.apprentices + int(lab.master) + lab.robots == side["spaces"]


@pytest.mark.rule("placement.research_rounds")
def test_research_rounds_labs_only(ruleset, doc):
    assert doc["rounds"]["kinds"]["research"]["placement"] == ["labs"]
    first_research = 1 + sum(b["count"] for b in doc["rounds"]["schedule"] if b["kind"] == "normal")
    sc = Scenario(ruleset, 4, seed=21)
    sc.to("planning", round=first_research)
    sc.do(0, ("start", 0, 3), ("pass",))
    sc.to("placement")
    assert sc.who == 0
    assert {a[1] for a in sc.legal() if a[0] != "pass"} == {"lab0"}
    sc.refused(("place", "B", 1), "placement.research_rounds")
    sc.refused(("master", "A"), "placement.research_rounds")
    # seats without a working lab have nowhere to go: they pass by themselves, the city stays empty
    sc.do(0, ("place", "lab0", 1))
    assert sc.who == 0
    sc.do(0, ("pass",))
    assert sc.phase != "placement" and sc.state.occupancy == {}


@pytest.mark.rule("placement.arrow_order")
def test_occupancy_keeps_the_order_of_arrival(sc):
    sc.do(0, ("place", "B", 1))
    sc.do(1, ("place", "B", 2))
    sc.do(2, ("master", "B"))
    sc.do(3, ("pass",))
    sc.do(0, ("master", "B"))
    assert sc.state.occupancy["B"] == [[0, 1, 1], [1, 2, 0], [2, 0, 1]]

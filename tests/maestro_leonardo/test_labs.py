"""Phase C, the labs at work (001 §8 "Laboratoře", F7, F12)."""

from __future__ import annotations

import pytest

from .scenario import Scenario


@pytest.mark.rule("labs.work")
def test_each_figure_adds_its_weeks_people_go_home_robots_stay(ruleset, doc):
    work = doc["labs"]["work"]
    assert work == {"apprentice": 1, "master": 2, "robot": 2}  # 001 §8
    sc = Scenario(ruleset, 4, seed=51)
    sc.run(lambda s: s.who == 2)
    sc.edit(lambda st: Scenario.set_hand(st, 2, {"wood": 2, "glass": 1}))
    sc.do(2, ("start", 0, 9), ("pass",))  # silver: more weeks than one round gives
    sc.to("placement")
    sc.run(lambda s: s.phase != "placement", plan={2: [("place", "lab0", 2), ("master", "lab0")]})
    p = sc.player(2)
    lab = p.labs[0]
    assert lab.robots == 1
    sc.to("planning", round=2)
    assert lab.weeks == 2 * work["apprentice"] + work["master"] + lab.robots * work["robot"]
    assert lab.apprentices == 0 and not lab.master and p.master is None
    assert p.apprentices == sc.rules.seats[2].apprentices and lab.robots == 1


@pytest.mark.rule("labs.work")
def test_only_working_labs_advance(ruleset, doc):
    work = doc["labs"]["work"]
    sc = Scenario(ruleset, 4, seed=51)
    sc.to("planning", round=3)
    lab = sc.player(2).labs[0]
    assert lab.robots == 1 and lab.target is None and lab.weeks == 0  # its robot worked on nothing
    sc.run(lambda s: s.who == 2)
    sc.edit(lambda st: Scenario.set_hand(st, 2, {"wood": 2, "glass": 1}))
    sc.do(2, ("start", 0, 9), ("pass",))
    sc.to("planning", round=4)
    assert lab.weeks == lab.robots * work["robot"]  # F12: the robot works alone

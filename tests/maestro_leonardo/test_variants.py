"""The official variants as data overlays: Codex Leonardi II's marketplace (001 Codex Leonardi II), and a
house rule that only changes numbers (the robot limit must still bind when the supply allows more)."""

from __future__ import annotations

import pytest

from regola.core.game import Ruleset
from regola.core.pack import load_pack
from regola.core.variant import variant_from_dict

from .scenario import Scenario, check_invariants


@pytest.fixture(scope="module")
def codex2() -> Ruleset:
    return Ruleset(load_pack("cs", variants=["codex-leonardi-2"]))


def vec(rules, **counts):
    return tuple(counts.get(m, 0) for m in rules.materials)


def at_market(ruleset, plan):
    sc = Scenario(ruleset, 2, seed=5)
    sc.to("placement")
    sc.to("district", district="I", plan=plan)
    return sc


@pytest.mark.rule("variant.codex_market")
def test_the_marketplace_is_an_eighth_district_after_h_stocked_from_the_shops(codex2, doc):
    rules = codex2.rules
    assert rules.district_order[-2:] == ("H", "I")
    assert codex2.pack.data["city"]["order"] == [*doc["city"]["order"], "I"]
    sc = Scenario(codex2, 3, seed=2)
    start = codex2.pack.data["setup"]["market"]
    assert sc.state.market == [start[m] for m in rules.materials]
    plain = Scenario(Ruleset(load_pack("cs")), 3, seed=2)
    assert [a - b for a, b in zip(plain.state.shops, sc.state.shops, strict=True)] == sc.state.market
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("variant.codex_market")
def test_a_swap_gives_cards_from_the_hand_and_takes_as_many_from_the_market(codex2):
    rules = codex2.rules
    sc = at_market(codex2, {0: [("place", "I", 1)]})
    assert sc.who == 0
    hand, market = list(sc.player(0).hand), list(sc.state.market)
    give, take = vec(rules, rope=2), vec(rules, wood=1, glass=1)
    sc.do(0, ("exchange", give, take))
    assert sc.player(0).hand == [h - g + t for h, g, t in zip(hand, give, take, strict=True)]
    assert sc.state.market == [m + g - t for m, g, t in zip(market, give, take, strict=True)]
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("variant.codex_market")
def test_a_swap_is_one_or_two_cards_of_equal_count_and_never_takes_back_what_it_gave(codex2):
    rules = codex2.rules
    prm = codex2.pack.data["city"]["districts"]["I"]["params"]
    sc = at_market(codex2, {0: [("place", "I", 1)]})
    for action in sc.legal():
        if action[0] == "exchange":
            assert prm["min_cards"] <= sum(action[1]) == sum(action[2]) <= prm["max_cards"]
            assert action[1] != action[2]
    sc.refused(("exchange", vec(rules, rope=1), vec(rules, rope=1)), "district.offer_loop")
    sc.refused(("exchange", vec(rules, rope=2, iron=1), vec(rules, wood=1, glass=1, brick=1)),
               "district.offer_loop")
    sc.refused(("exchange", vec(rules, glass=1), vec(rules, wood=1)), "district.offer_loop")  # no glass in hand


@pytest.mark.rule("variant.codex_market")
def test_each_player_uses_the_marketplace_once_in_rank_order(codex2):
    rules = codex2.rules
    sc = at_market(codex2, {0: [("place", "I", 1)], 1: [("place", "I", 2)]})
    assert sc.who == 1  # two apprentices rank before one
    sc.do(1, ("pass",))
    assert sc.who == 0
    sc.do(0, ("exchange", vec(rules, iron=1), vec(rules, wood=1)))
    assert sc.phase != "district" or sc.district != "I"


@pytest.mark.rule("workshop.robots")
def test_the_robot_limit_binds_when_a_house_rule_allows_more_robots_and_spaces():
    house = variant_from_dict({
        "id": "more-robots", "base": ["cs"], "title": "more robots", "cites": ["R1"],
        "changes": [{"op": "replace", "path": "/components/robots/per_color", "value": 5},
                    {"op": "replace", "path": "/components/robots/total", "value": 25},
                    {"op": "replace", "path": "/components/labs/large/sides/b/robot_spaces", "value": 4}],
    }, "test")
    ruleset = Ruleset(load_pack("cs", variants=[house]))
    limit = ruleset.rules.limit_robots
    sc = Scenario(ruleset, 2, seed=3)
    # the large lab holds the limit with robot spaces to spare; the small one can still be flipped,
    # so the seat has a decision in the workshop
    sc.edit(lambda st: Scenario.set_labs(st, 0, [("small", "a", 0), ("large", "b", limit)]))
    sc.edit(lambda st: Scenario.set_money(st, 0, 20))
    sc.to("placement")
    sc.to("district", district="B", plan={0: [("place", "B", 1)]})
    assert sc.who == 0
    assert ("act", "flip_small", 0) in sc.legal()
    assert sc.player(0).robot_supply > 0
    assert not [a for a in sc.legal() if a[0] == "act" and a[1] == "robot"]
    sc.refused(("act", "robot", 1), "workshop.robots")

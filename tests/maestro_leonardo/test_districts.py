"""Districts B-H: order, ranking, the price track, workshop, academy and shops (001 §8, F11, R1, R6)."""

from __future__ import annotations

import pytest

from .scenario import Scenario, check_invariants, neutral


def at(ruleset, letter, placement, players=4, seed=41, before=None):
    """Round 1, placements as given (others pass), then play on until district ``letter`` decides."""
    sc = Scenario(ruleset, players, seed=seed)
    if before is not None:
        sc.edit(before)
    sc.to("placement")
    sc.to("district", district=letter, plan=placement)
    return sc


def rich(*seats, amount=20):
    def change(st):
        for seat in seats:
            Scenario.set_money(st, seat, amount)
    return change


@pytest.mark.rule("district.order")
def test_districts_are_resolved_in_the_pack_order(ruleset, doc):
    order = doc["city"]["order"]
    assert order == sorted(order) == list("ABCDEFGH")  # F11: alphabetical, the mayor moves A to H
    sc = Scenario(ruleset, 4, seed=41)
    sc.to("placement")
    plan = {seat: [("place", order[seat], 1), ("place", order[7 - seat], 1)] for seat in range(4)}
    sc.run(lambda s: s.phase != "placement", plan=plan)
    seen = []

    def record(game):
        letter = sc.district
        if letter and (not seen or seen[-1] != letter):
            seen.append(letter)
        return neutral(game)

    sc.run(lambda s: s.phase in ("labs", "completion", "planning"), default=record)
    assert seen == order


@pytest.mark.rule("district.ranking")
def test_most_people_first_master_counts_two_ties_to_the_arrow(ruleset, doc):
    assert doc["city"]["ranking"] == {"weights": {"apprentice": 1, "master": 2}, "tie": "nearer_arrow"}
    sc = at(ruleset, "D", {0: [("place", "D", 1)], 1: [("place", "D", 2)], 2: [("master", "D")],
                           3: [("place", "D", 1)]})
    assert sc.state.step["rank"] == [1, 2, 0, 3]
    assert sc.who == 1


@pytest.mark.rule("district.cost_track")
def test_each_action_costs_the_next_price_at_most_len_track(ruleset, doc):
    track = doc["city"]["cost_track"]
    assert track == [0, 2, 3, 4]  # 001 §8 B-H
    sc = at(ruleset, "D", {0: [("place", "D", 1)], 1: [("place", "D", 1)]}, before=rich(0, 1))
    st = sc.state
    iron = st.shops[0]
    paid = []
    while sc.district == "D":
        who = sc.who
        before = sc.player(who).money
        assert sc.game.view(who)["step"]["price"] == track[len(paid)]
        sc.do(who, ("act",))
        paid.append((who, before - sc.player(who).money))
    assert paid == [(s, price) for s, price in zip([0, 1, 0, 1], track, strict=True)]
    assert st.shops[0] == iron - len(track)  # the district closed after the last price


@pytest.mark.rule("district.offer_loop")
def test_the_offer_goes_round_passers_leave(ruleset):
    sc = at(ruleset, "E", {0: [("place", "E", 2)], 1: [("place", "E", 1)], 2: [("place", "E", 1)]},
            before=rich(0, 1, 2))
    sc.do(0, ("act",))
    sc.do(1, ("pass",))
    assert sc.player(1).apprentices == sc.rules.seats[1].apprentices  # went home at once
    sc.do(2, ("act",))
    assert sc.who == 0  # round again, from the one with most people left
    sc.do(0, ("act",))
    assert sc.who == 2
    sc.do(2, ("pass",))
    assert sc.who == 0
    sc.do(0, ("pass",))
    assert sc.district != "E"


@pytest.mark.rule("district.payment")
def test_who_cannot_pay_passes(ruleset, doc):
    track = doc["city"]["cost_track"]

    def money(st):
        Scenario.set_money(st, 0, track[1])
        Scenario.set_money(st, 1, track[1] - 1)

    sc = at(ruleset, "F", {0: [("place", "F", 1)], 1: [("place", "F", 1)]}, before=money)
    sc.do(0, ("act",))  # free
    # seat 1 cannot pay track[1]: it passes by itself (R6) and is not asked
    assert sc.who == 0 and sc.player(1).apprentices == sc.rules.seats[1].apprentices
    sc.do(0, ("act",))
    assert sc.player(0).money == 0 and sc.district != "F"  # seat 0 cannot pay track[2]


@pytest.mark.rule("district.payment")
def test_an_act_beyond_ones_money_is_refused(ruleset, doc):
    track = doc["city"]["cost_track"]
    sc = at(ruleset, "F", {0: [("place", "F", 1)], 1: [("place", "F", 1)]}, before=rich(0, 1, amount=track[1]))
    sc.do(0, ("act",))
    assert sc.who == 1 and ("act",) in sc.legal()
    sc.edit(lambda st: Scenario.set_money(st, 1, track[1] - 1))  # ... and now seat 1 lacks a gulden
    assert sc.legal() == [("pass",)]
    sc.refused(("act",), "district.payment")


@pytest.mark.rule("district.empty_action")
def test_an_empty_shop_offers_nothing(ruleset, doc):
    assert doc["city"]["empty_action"] == "skip"

    def empty_glass(st):
        Scenario.set_hand(st, 3, {"glass": st.shops[4] + st.players[3].hand[4]})

    sc = at(ruleset, "C", {0: [("place", "E", 1)], 1: [("place", "C", 1)]}, before=empty_glass)
    assert sc.state.shops[4] == 0
    sc.do(1, ("pass",))
    sc.run(lambda s: s.district != "C")
    assert sc.district is None or sc.district > "E"  # nobody was asked in E
    assert sc.player(0).apprentices == sc.rules.seats[0].apprentices


@pytest.mark.rule("district.empty_action")
def test_an_empty_academy_offers_nothing(ruleset):
    def empty_academy(st):
        p = st.players[0]
        p.box += p.academy
        p.academy = 0

    sc = at(ruleset, "D", {0: [("place", "C", 1), ("place", "D", 1)]}, before=empty_academy)
    assert sc.who == 0  # C was skipped: seat 0 had nothing to take there
    assert sc.player(0).academy == 0


@pytest.mark.rule("academy.take_apprentice")
def test_take_an_apprentice_placeable_next_round(ruleset, doc):
    assert doc["limits"]["apprentices"] == doc["components"]["per_color"]["apprentices"]
    sc = at(ruleset, "C", {0: [("place", "C", 1)]})
    p = sc.player(0)
    academy, total = p.academy, p.apprentices + 1
    sc.do(0, ("act",))
    sc.to("placement", round=2)
    assert p.academy == academy - 1 and p.apprentices == total + 1
    assert ("place", "B", total + 1) in sc.legal()


@pytest.mark.rule("shop.take_material")
@pytest.mark.parametrize("letter", list("DEFGH"))
def test_a_shop_gives_one_card_of_its_material(ruleset, doc, letter):
    material = doc["city"]["districts"][letter]["material"]
    m = ruleset.rules.materials.index(material)
    sc = at(ruleset, letter, {1: [("place", letter, 1)]})
    hand, shops = list(sc.player(1).hand), list(sc.state.shops)
    sc.do(1, ("act",))
    assert sc.player(1).hand == [h + (i == m) for i, h in enumerate(hand)]
    assert sc.state.shops == [s - (i == m) for i, s in enumerate(shops)]


# -- workshop -----------------------------------------------------------------------------------------
def workshop(ruleset, labs, money=20, start=None, players=4):
    """Seat 0 in the workshop with these labs (kind, side, robots); ``start``: (lab, card) set working."""

    def change(st):
        Scenario.set_labs(st, 0, labs)
        Scenario.set_money(st, 0, money)
        if start is not None:
            Scenario.start_work(st, 0, start[0], start[1], started_round=1)

    return at(ruleset, "B", {0: [("place", "B", 1)]}, players=players, before=change)


@pytest.mark.rule("workshop.upgrades")
def test_the_upgrades_of_the_pack(ruleset, doc):
    ups = {u["id"]: u for u in doc["city"]["workshop"]["upgrades"]}
    assert set(ups) == {"flip_small", "take_large", "flip_large", "robot"}
    sc = workshop(ruleset, [("small", "a", 0)])
    assert set(sc.legal()) == {("act", "flip_small", 0), ("act", "take_large", -1), ("pass",)}
    sc.do(0, ("act", "flip_small", 0))
    p = sc.player(0)
    assert (p.labs[0].kind, p.labs[0].side) == ("small", ups["flip_small"]["params"]["to"])
    sc.do(0, ("act", "take_large", -1))
    assert (p.labs[1].kind, p.labs[1].side) == ("large", ups["take_large"]["params"]["side"])
    assert set(sc.legal()) == {("act", "flip_large", 1), ("act", "robot", 0), ("pass",)}
    sc.do(0, ("act", "robot", 0))
    sc.do(0, ("act", "flip_large", 1))
    assert [(lab.kind, lab.side, lab.robots) for lab in p.labs] == [("small", "b", 1), ("large", "b", 0)]
    assert p.money == 20 - sum(doc["city"]["cost_track"])
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("workshop.idle_labs_only")
def test_a_working_lab_is_not_upgraded(ruleset):
    sc = workshop(ruleset, [("small", "a", 0)], start=(0, 3))
    assert sc.player(0).labs[0].target == 3
    assert set(sc.legal()) == {("act", "take_large", -1), ("pass",)}  # F13: a new lab, yes
    sc.refused(("act", "flip_small", 0), "workshop.idle_labs_only")
    sc = workshop(ruleset, [("small", "b", 0)], start=(0, 3))
    sc.refused(("act", "robot", 0), "workshop.idle_labs_only")


@pytest.mark.rule("workshop.lab_limit")
def test_only_ones_own_two_labs(ruleset, doc):
    assert doc["limits"]["labs"] == 2
    sc = workshop(ruleset, [("small", "a", 0), ("large", "a", 0)])
    assert ("act", "take_large", -1) not in sc.legal()
    sc.refused(("act", "take_large", -1), "workshop.lab_limit")


@pytest.mark.rule("workshop.robots")
def test_a_robot_goes_at_once_onto_a_free_robot_space(ruleset, doc):
    sides = doc["components"]["labs"]
    assert sides["small"]["sides"]["a"]["robot_spaces"] == 0
    sc = workshop(ruleset, [("small", "a", 0)])
    sc.refused(("act", "robot", 0), "workshop.robots")  # F8: no robot space, no robot
    assert sc.player(0).robot_supply == doc["components"]["robots"]["per_color"]
    sc = workshop(ruleset, [("small", "b", 1)])
    sc.refused(("act", "robot", 0), "workshop.robots")  # its one robot space is taken


@pytest.mark.rule("workshop.robots")
def test_at_most_three_robots(ruleset, doc):
    limit = doc["limits"]["robots"]
    assert limit == 3 == doc["components"]["robots"]["per_color"]
    sc = workshop(ruleset, [("small", "b", 1), ("large", "b", 1)])
    assert set(sc.legal()) == {("act", "robot", 1), ("pass",)}
    sc.do(0, ("act", "robot", 1))
    p = sc.player(0)
    assert sum(lab.robots for lab in p.labs) == limit and p.robot_supply == 0
    assert sc.district != "B"  # nothing left to do in the workshop: seat 0 was not asked again

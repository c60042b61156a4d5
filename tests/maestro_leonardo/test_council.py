"""District A, the council (001 §8 A, F3, R4, R5, R12)."""

from __future__ import annotations

import itertools

import pytest

from .scenario import Scenario, check_invariants


def at_council(ruleset, placement, players=4, seed=31, before=None):
    """Play round 1 to district A with the given placements (others pass)."""
    sc = Scenario(ruleset, players, seed=seed)
    if before is not None:
        sc.edit(before)
    sc.to("placement")
    sc.to("district", district="A", plan=placement)
    return sc


@pytest.mark.rule("council.exclusion")
def test_with_everybody_present_the_last_goes_home_and_acts_not(ruleset, doc):
    assert doc["city"]["council"]["exclusion"] == {"when_all_present": True, "min_players": 3}
    # seats 0, 2, 3 tie with one apprentice: seat 3 stands farthest from the arrow (R4)
    sc = at_council(ruleset, {0: [("place", "A", 1)], 1: [("place", "A", 2)], 2: [("place", "A", 1)],
                              3: [("place", "A", 1)]})
    st = sc.state
    assert st.step["excluded"] == 3
    assert 3 not in st.step["rank"] and [e[0] for e in st.occupancy["A"]] == [0, 1, 2]
    assert sc.player(3).apprentices == sc.rules.seats[3].apprentices  # back in the supply
    deciders = set()
    while sc.district == "A":
        deciders.add(sc.who)
        sc.game.apply(sc.legal()[0])
    assert 3 not in deciders and deciders == {0, 1, 2}


@pytest.mark.rule("council.exclusion")
def test_no_exclusion_when_someone_is_absent(ruleset):
    sc = at_council(ruleset, {0: [("place", "A", 1)], 1: [("place", "A", 2)], 2: [("place", "A", 1)]})
    assert "excluded" not in sc.state.step and sc.state.step["rank"] == [1, 0, 2]


@pytest.mark.rule("council.exclusion")
def test_the_master_counts_double_for_the_exclusion(ruleset):
    sc = at_council(ruleset, {0: [("place", "A", 2)], 1: [("place", "A", 1)], 2: [("master", "A")],
                              3: [("place", "A", 3)]})
    assert sc.state.step["excluded"] == 1  # 1 apprentice < master (2) = 2 apprentices < 3


@pytest.mark.rule("council.two_players")
def test_two_players_both_act(ruleset, doc):
    assert doc["city"]["council"]["exclusion"]["min_players"] == 3
    sc = at_council(ruleset, {0: [("place", "A", 1)], 1: [("place", "A", 1)]}, players=2)
    assert "excluded" not in sc.state.step
    sc.do(0, ("leonardo", 0), ("space", 2))
    sc.do(1, ("space", 4))
    assert sc.state.step["spaces"] == {"2": 0, "4": 1}


@pytest.mark.rule("council.leonardo")
def test_the_leader_hands_out_leonardo_at_once(ruleset, doc):
    assert doc["city"]["council"]["leader_assigns_leonardo"] is True
    sc = at_council(ruleset, {1: [("place", "A", 2)], 2: [("place", "A", 1)]})
    assert sc.who == 1 and sc.state.leonardo == 0
    assert sorted(a[1] for a in sc.legal()) == list(range(4))  # anyone, the leader too
    sc.refused(("space", 1), "council.execution_order")  # Leonardo first
    sc.do(1, ("leonardo", 3))
    assert sc.state.leonardo == 3  # R5: at once
    sc.refused(("withdraw",), "council.leonardo")  # the leader takes a space
    sc.finish_phase()
    sc.to("planning", round=2)
    assert sc.who == 3  # the new holder opens the next round


@pytest.mark.rule("council.spaces")
def test_each_space_once_others_may_withdraw(ruleset, doc):
    spaces = [s["id"] for s in doc["city"]["council"]["spaces"]]
    sc = at_council(ruleset, {0: [("place", "A", 3)], 1: [("place", "A", 1)], 2: [("master", "A")]})
    sc.do(0, ("leonardo", 0))
    assert sorted(a[1] for a in sc.legal()) == spaces and ("withdraw",) not in sc.legal()
    sc.do(0, ("space", 2))
    assert sc.who == 2  # the master counts 2: seat 2 before seat 1
    assert ("space", 2) not in sc.legal() and ("withdraw",) in sc.legal()
    sc.refused(("space", 2), "council.spaces")
    sc.do(2, ("withdraw",))
    assert sc.player(2).master is None and all(e[0] != 2 for e in sc.state.occupancy["A"])
    sc.do(1, ("space", 3))
    assert sc.state.step["spaces"] == {"2": 0, "3": 1}


@pytest.mark.rule("council.execution_order")
def test_spaces_are_carried_out_in_their_order(ruleset):
    sc = at_council(ruleset, {0: [("place", "A", 3), ("place", "C", 1)], 1: [("place", "A", 2)],
                              2: [("place", "A", 1)]})
    sc.do(0, ("leonardo", 0), ("space", 4))
    sc.do(1, ("space", 2))
    sc.do(2, ("space", 1))
    # space 1 (move) first: seat 2 decides; then 2 (money) needs no decision; then 4 (buy) for seat 0
    assert sc.who == 2 and all(a[0] in ("move", "decline") for a in sc.legal())
    sc.do(2, ("decline",))
    assert sc.who == 0 and {a[0] for a in sc.legal()} == {"buy", "decline"}
    reasons = [e[3] for e in sc.state.log if e[0] in ("gain", "pay")]
    assert reasons[-1] == "council"  # seat 1 already took the money
    sc.do(0, ("buy", 0))
    reasons = [e[3] for e in sc.state.log if e[0] in ("gain", "pay")]
    assert reasons[-2:] == ["council", "council material"]
    assert sc.district == "C" and "A" not in sc.state.occupancy  # everybody's people left the council


@pytest.mark.rule("council.move_apprentice")
def test_move_one_own_apprentice_to_another_district(ruleset, doc):
    params = doc["city"]["council"]["spaces"][0]["params"]
    assert params["whose"] == "own" and "A" not in params["to"] and "A" in params["from"]
    sc = at_council(ruleset, {0: [("place", "A", 2), ("place", "D", 1)], 1: [("place", "D", 2)],
                              2: [("master", "C")]})
    sc.do(0, ("leonardo", 0), ("space", 1))
    assert sc.who == 0
    moves = [a for a in sc.legal() if a[0] == "move"]
    # own apprentices only, from the council too (F3), to another city district, never the council
    assert {(a[1], a[2]) for a in moves} == {(0, "A"), (0, "D")}
    assert {a[3] for a in moves if a[2] == "A"} == set(params["to"])
    assert all(a[3] != "A" and a[3] != a[2] for a in moves)
    sc.refused(("move", 0, "D", "A"), "council.move_apprentice")
    sc.refused(("move", 1, "D", "E"), "council.move_apprentice")  # another's apprentice
    sc.refused(("move", 2, "C", "E"), "council.move_apprentice")  # a master never moves
    sc.refused(("move", 0, "A", "lab0"), "council.move_apprentice")
    # to a district with own people: joins them; else right of everybody
    sc.do(0, ("move", 0, "A", "D"))
    occ = sc.state.occupancy
    assert occ["D"] == [[1, 2, 0], [0, 2, 0]]  # seat 1 placed in D first
    assert sc.district == "C" and sc.player(0).apprentices == sc.rules.seats[0].apprentices - 2  # 1 went home
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("council.move_apprentice")
def test_a_moved_apprentice_stands_right_of_everybody(ruleset):
    sc = at_council(ruleset, {0: [("place", "A", 1)], 1: [("place", "E", 2)], 2: [("place", "E", 1)]})
    sc.do(0, ("leonardo", 0), ("space", 1))
    sc.do(0, ("move", 0, "A", "E"))
    assert sc.state.occupancy["E"] == [[1, 2, 0], [2, 1, 0], [0, 1, 0]]
    assert "A" not in sc.state.occupancy or all(e[0] != 0 or e[1] or e[2] for e in sc.state.occupancy["A"])


@pytest.mark.rule("council.take_money")
def test_take_all_the_council_money(ruleset, doc):
    income = doc["rounds"]["council_income"]
    sc = Scenario(ruleset, 3, seed=31)
    sc.to("planning", round=3)  # two round ends have added their gulden
    assert sc.state.council_money == doc["setup"]["council_money"] + 2 * income
    money = sc.player(1).money
    sc.to("placement")
    sc.to("district", district="A", plan={1: [("place", "A", 1)]})
    sc.do(1, ("leonardo", 1), ("space", 2))
    taken = doc["setup"]["council_money"] + 2 * income
    assert sc.player(1).money == money + taken
    assert ("gain", 1, taken, "council") in sc.state.log
    assert sc.state.round == 4 and sc.state.council_money == income  # emptied, then the round-end gulden


@pytest.mark.rule("council.peek_deck")
def test_look_at_the_top_cards_and_put_them_back_in_any_order(ruleset, doc):
    k = doc["city"]["council"]["spaces"][2]["params"]["cards"]
    sc = at_council(ruleset, {2: [("place", "A", 1)]})
    top = list(sc.state.deck[:k])
    sc.do(2, ("leonardo", 0), ("space", 3))
    assert sc.who == 2
    assert sorted(a[1] for a in sc.legal()) == sorted(itertools.permutations(top))
    new = tuple(reversed(top))
    rest = list(sc.state.deck[k:])
    sc.do(2, ("order", new))
    assert sc.state.deck == [*new, *rest]
    assert sc.game.view(2)["deck_top_known"] == list(new)
    assert sc.game.view(1)["deck_top_known"] == []


@pytest.mark.rule("council.buy_material")
def test_buy_one_material_for_the_price(ruleset, doc):
    price = doc["city"]["council"]["spaces"][3]["params"]["price"]
    sc = at_council(ruleset, {1: [("place", "A", 1)]})
    sc.do(1, ("leonardo", 0), ("space", 4))
    p = sc.player(1)
    money, hand, shops = p.money, list(p.hand), list(sc.state.shops)
    assert {a for a in sc.legal()} == {("buy", m) for m in range(len(shops)) if shops[m]} | {("decline",)}
    sc.do(1, ("buy", 4))
    assert p.money == money - price and p.hand[4] == hand[4] + 1 and sc.state.shops[4] == shops[4] - 1


@pytest.mark.rule("council.buy_material")
def test_no_buying_without_money_or_from_an_empty_pile(ruleset):
    def broke(st):
        Scenario.set_money(st, 1, 0)

    sc = at_council(ruleset, {1: [("place", "A", 1)], 2: [("place", "A", 1)]}, before=broke)
    sc.do(1, ("leonardo", 0), ("space", 4))
    sc.do(2, ("space", 2))
    assert sum(sc.player(1).hand) == sum(sc.rules.seats[1].materials)  # nothing bought
    assert not [e for e in sc.state.log if e[0] == "pay"]

    def empty_iron(st):
        Scenario.set_hand(st, 0, {"iron": st.shops[0] + st.players[0].hand[0]})

    sc = at_council(ruleset, {1: [("place", "A", 1)]}, before=empty_iron)
    sc.do(1, ("leonardo", 0), ("space", 4))
    assert ("buy", 0) not in sc.legal()
    sc.refused(("buy", 0), "council.buy_material")

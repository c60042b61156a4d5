"""One test per question of the FAQ of 001 (F1-F14)."""

from __future__ import annotations

import pytest

from .scenario import Scenario, check_invariants, neutral
from .test_completion import completing, gains
from .test_districts import workshop


@pytest.mark.rule("round_end.refill")
def test_f1_no_new_inventions_after_round_eight(ruleset):
    """001 F1: no inventions are laid out at the end of round 8; round 7 refills for the last time."""
    sc = Scenario(ruleset, 3, seed=101)
    size = ruleset.rules.display_size[3]
    sc.to("planning", round=7)
    card = sc.state.display[0]
    sc.edit(lambda st: Scenario.start_work(st, 0, 0, card, weeks=ruleset.rules.cards[card].weeks))
    sc.to("planning", round=8)
    assert len(sc.state.display) == size  # the end of round 7 refilled
    card = sc.state.display[0]
    sc.edit(lambda st: Scenario.start_work(st, 1, 0, card, weeks=ruleset.rules.cards[card].weeks))
    sc.to("planning", round=9)
    assert card in sc.player(1).cards and len(sc.state.display) == size - 1


@pytest.mark.rule("rounds.research", "planning.turn")
def test_f2_new_work_may_start_in_rounds_eight_and_nine(ruleset):
    """001 F2: in rounds 8 and 9 new inventions may be started, not only finished."""
    sc = Scenario(ruleset, 4, seed=102)
    sc.to("planning", round=8)
    assert sc.who == 0
    sc.do(0, ("start", 0, 3))
    sc.to("planning", round=9)
    assert sc.who == 0 and sc.player(0).labs[0].target == 3
    sc.do(0, ("abort", 0))
    assert ("start", 0, 1) in sc.legal()
    sc.do(0, ("start", 0, 1))
    assert sc.player(0).labs[0].target == 1 and sc.player(0).labs[0].started_round == 9


@pytest.mark.rule("council.move_apprentice")
def test_f3_move_never_onto_the_council_own_from_it_yes(ruleset, codex1):
    """001 F3: never onto the council; normal rules: an own apprentice may leave the council;
    Codex Leonardi I: any apprentice from B-H to B-H, not where its owner has the most people."""
    sc = Scenario(ruleset, 4, seed=103)
    sc.to("placement")
    sc.to("district", district="A", plan={0: [("place", "A", 2)], 1: [("place", "D", 1)]})
    sc.do(0, ("leonardo", 0), ("space", 1))
    moves = [a for a in sc.legal() if a[0] == "move"]
    assert ("move", 0, "A", "B") in moves and all(a[3] != "A" for a in moves)
    sc.refused(("move", 0, "A", "A"), "council.move_apprentice")

    sc = Scenario(codex1, 4, seed=103)
    sc.to("placement")
    sc.to("district", district="A", plan={0: [("place", "A", 2), ("place", "G", 1)], 1: [("place", "D", 1),
                                                                                         ("place", "F", 1)],
                                          2: [("place", "E", 2)]})
    sc.do(0, ("leonardo", 0), ("space", 1))
    moves = {a for a in sc.legal() if a[0] == "move"}
    assert not [a for a in moves if a[2] == "A" or a[3] == "A"]  # B-H only
    assert ("move", 1, "D", "E") in moves  # another's apprentice, where seat 2 leads
    assert ("move", 1, "D", "F") not in moves  # seat 1 already leads F
    assert ("move", 0, "G", "F") in moves
    sc.refused(("move", 1, "D", "F"), "council.move_apprentice")
    sc.do(0, ("move", 1, "D", "E"))
    assert sc.state.occupancy["E"] == [[2, 2, 0], [1, 1, 0]]


@pytest.mark.rule("planning.materials_fixed")
def test_f4_no_card_is_added_under_a_working_lab(ruleset):
    """001 F4: no extra material card under a lab that is working."""
    sc = Scenario(ruleset, 4, seed=104)
    sc.do(0, ("start", 0, 3))
    materials = list(sc.player(0).labs[0].materials)
    assert not [a for a in sc.legal() if a[0] == "start" and a[1] == 0]
    sc.refused(("start", 0, 1), "planning.one_per_lab")
    sc.refused(("add", 0, "iron"), "planning.turn")
    sc.do(0, ("pass",))
    sc.to("planning", round=2)
    assert sc.player(0).labs[0].materials == materials


@pytest.mark.rule("planning.exact_materials", "completion.requirement")
def test_f5_a_lab_completes_only_the_invention_its_exact_cards_match(ruleset):
    """001 F5: 1 wood + 1 rope for card 7 under a lab do not complete card 2 (1 wood), whatever the weeks."""
    rules = ruleset.rules
    assert rules.cards[7].components == tuple(1 if m in ("wood", "rope") else 0 for m in rules.materials)
    assert rules.cards[2].components == tuple(1 if m == "wood" else 0 for m in rules.materials)
    assert rules.cards[2].weeks == 4
    sc = completing(ruleset, [(0, 0, 7, 4)], extra=lambda st: Scenario.request(st, [2, 7][:1]))
    assert sc.state.round == 2 and 2 in sc.state.display
    lab = sc.player(0).labs[0]
    assert lab.target == 7 and sc.player(0).completed == []  # 7 needs 7 weeks; 2 is not its invention
    assert lab.materials == list(rules.cards[7].components)


@pytest.mark.rule("workshop.idle_labs_only")
def test_f6_a_lab_with_its_cards_is_working_even_at_week_zero(ruleset):
    """001 F6: materials under the lab, nobody in it, marker at 0: it works, so no flip and no robot."""
    sc = workshop(ruleset, [("small", "a", 0)], start=(0, 3))
    lab = sc.player(0).labs[0]
    assert lab.weeks == 0 and lab.apprentices == 0
    sc.refused(("act", "flip_small", 0), "workshop.idle_labs_only")
    sc = workshop(ruleset, [("small", "b", 0)], start=(0, 3))
    sc.refused(("act", "robot", 0), "workshop.idle_labs_only")


@pytest.mark.rule("workshop.robots")
def test_f7_a_robot_never_moves(ruleset):
    """001 F7: a robot is built into its lab for the rest of the game."""
    card = ruleset.rules.cards[3]
    sc = completing(ruleset, [(2, 0, 3, card.weeks)],
                    extra=lambda st: Scenario.set_hand(st, 2, {"wood": 1}))
    lab = sc.player(2).labs[0]
    assert 3 in sc.player(2).completed and lab.target is None and lab.robots == 1  # stays after completion
    verbs = set()
    sc.run(lambda s: s.state.round == 4, default=lambda g: (verbs.update(a[0] for a in g.legal_actions()),
                                                            g.legal_actions()[0])[1])
    assert not {v for v in verbs if "robot" in v}
    assert sc.player(2).labs[0].robots == 1


@pytest.mark.rule("workshop.robots")
def test_f8_no_robot_bought_for_later(ruleset, doc):
    """001 F8: a robot is taken only straight onto a free robot space of an idle lab."""
    sc = workshop(ruleset, [("small", "a", 0)])
    assert not [a for a in sc.legal() if a[1:2] == ("robot",)]
    sc.refused(("act", "robot", -1), "workshop.robots")
    sc.do(0, ("act", "flip_small", 0))
    assert sc.player(0).robot_supply == doc["components"]["robots"]["per_color"]
    assert ("act", "robot", 0) in sc.legal()  # now the lab has a robot space


@pytest.mark.rule("setup.favor_letter_limit", "setup.favors")
def test_f9_three_favors_of_letter_d_are_refused(ruleset):
    """001 F9: take lab, flip it to 6, robot in it: three favors of letter d, refused with 4-5 players."""
    sc = Scenario(ruleset, 4, "advanced", seed=109)
    zero = (0,) * len(ruleset.rules.materials)
    sc.do(0, ("favor", "d2", -1, (1, 0, 0, 0, 0)))
    for seat in (1, 2, 3):
        sc.do(seat, ("favor", "a", -1, zero))
    sc.do(0, ("favor", "d3", 1, (1, 0, 0, 0, 0)))
    for seat in (1, 2, 3):
        sc.do(seat, ("favor", "a", -1, zero))
    assert sc.player(0).labs[1].side == "b"
    assert not [a for a in sc.legal() if a[1].startswith("d")]
    sc.refused(("favor", "d4", 1, zero), "setup.favor_letter_limit")
    sc.do(0, ("favor", "a", -1, zero))


@pytest.mark.rule("completion.discount")
def test_f10_the_discount_counts_once_at_completion(ruleset):
    """001 F10: the specialization discount is applied once, when completing, not every round of work."""
    rules = ruleset.rules
    target, owned = 9, 2  # same type (pack data)
    assert rules.cards[target].type == rules.cards[owned].type
    need = rules.cards[target].weeks
    sc = Scenario(ruleset, 4, seed=110)

    def change(st):
        Scenario.give_card(st, 1, owned)
        Scenario.start_work(st, 1, 0, target, weeks=0)

    sc.edit(change)
    sc.to("placement")
    sc.run(lambda s: s.phase != "placement", plan={1: [("place", "lab0", 3)]})
    sc.to("planning", round=2)
    lab = sc.player(1).labs[0]
    per_round = 3 * rules.work_apprentice
    assert lab.weeks == per_round  # the marker shows the work only, no discount added
    sc.to("placement")
    sc.run(lambda s: s.phase != "placement", plan={1: [("place", "lab0", 3)]})
    sc.to("planning", round=3)
    assert lab.weeks == 2 * per_round < need - rules.discount_per_card
    assert target not in sc.player(1).completed  # the discount was not added twice
    sc.edit(lambda st: setattr(lab, "weeks", need - rules.discount_per_card))
    sc.to("planning", round=4)
    assert target in sc.player(1).completed


@pytest.mark.rule("district.order")
def test_f11_the_mayor_marks_the_district_in_alphabetical_order(ruleset):
    """001 F11: the districts are resolved in alphabetical order, A first."""
    sc = Scenario(ruleset, 4, seed=111)
    sc.to("placement")
    plan = {0: [("place", "H", 1)], 1: [("place", "C", 1)], 2: [("place", "A", 1)], 3: [("place", "F", 1)]}
    sc.run(lambda s: s.phase != "placement", plan=plan)
    seen = []
    sc.run(lambda s: s.phase == "planning", default=lambda g: (seen.append(sc.district), neutral(g))[1])
    letters = [x for i, x in enumerate(seen) if x and (i == 0 or seen[i - 1] != x)]
    assert letters == ["A", "C", "F", "H"]


@pytest.mark.rule("labs.work")
def test_f12_a_robot_works_without_people(ruleset, doc):
    """001 F12: a robot works 2 weeks each round, with or without people, if its lab is working."""
    sc = completing(ruleset, [(2, 0, 9, 0)], extra=lambda st: Scenario.set_hand(st, 2, {}))
    assert sc.player(2).labs[0].weeks == doc["labs"]["work"]["robot"] * sc.player(2).labs[0].robots == 2


@pytest.mark.rule("workshop.idle_labs_only", "workshop.lab_limit")
def test_f13_a_second_lab_while_the_first_works(ruleset):
    """001 F13: a working lab cannot be upgraded, but the second lab may be taken."""
    sc = workshop(ruleset, [("small", "b", 0)], start=(0, 3))
    assert set(sc.legal()) == {("act", "take_large", -1), ("pass",)}
    sc.do(0, ("act", "take_large", -1))
    assert [lab.kind for lab in sc.player(0).labs] == ["small", "large"]
    assert sc.player(0).labs[0].target == 3


@pytest.mark.rule("completion.order")
def test_f14_several_completions_from_leonardo_clockwise(ruleset):
    """001 F14: from the Leonardo holder clockwise; rewards for the first invention, then its auction;
    a player in two auctions picks which goes first; then the next player."""
    rules = ruleset.rules
    w1, w8, w12 = (rules.cards[c].weeks for c in (1, 8, 12))
    sc = completing(ruleset, [(1, 0, 1, w1), (1, 1, 8, w8), (2, 0, 1, w1), (0, 0, 8, w8), (3, 0, 12, w12)],
                    extra=lambda st: setattr(st, "leonardo", 1))
    # seat 3's sole completion of 12 waits for its turn (after seats 1 and 2)
    assert sc.who == 1 and {a[1] for a in sc.legal()} == {1, 8}
    sc.do(1, ("auction_first", 1))
    assert gains(sc, "completion") == [(1, rules.cards[1].first), (2, rules.cards[1].first)]
    sc.do(1, ("bid", 0))
    sc.do(2, ("bid", 0))
    assert 1 in sc.state.box_cards
    assert sc.who == 1  # then seat 1's other auction, before any later seat
    sc.do(1, ("bid", 0))
    sc.do(0, ("bid", 1))
    assert sc.player(0).cards == [8]
    assert gains(sc, "completion")[-1] == (3, rules.cards[12].first) and sc.player(3).cards == [12]
    check_invariants(sc.game, sc.opening)

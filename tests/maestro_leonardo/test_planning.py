"""Phase A: start or abort inventions (001 §6, F4, F5, R2, R8)."""

from __future__ import annotations

import pytest

from .scenario import Scenario, check_invariants, neutral


def _vec(rules, materials):
    return [materials.get(m, 0) for m in rules.materials]


@pytest.fixture
def sc(ruleset):
    """4 players, beginner setup, round 1, phase A, seat 0 (Leonardo) to decide."""
    s = Scenario(ruleset, 4, seed=11)
    assert s.phase == "planning" and s.who == 0
    return s


@pytest.mark.rule("planning.turn")
def test_one_turn_each_clockwise_from_leonardo(sc):
    # Leonardo moves to seat 2 before the next phase A begins (as the council could do)
    sc.finish_phase()
    assert sc.phase == "placement"
    sc.edit(lambda st: setattr(st, "leonardo", 2))
    sc.to("planning", round=2)
    order = []
    while sc.phase == "planning":
        order.append(sc.who)
        sc.do(sc.who, ("pass",))
    assert order == [2, 3, 0, 1]


@pytest.mark.rule("planning.turn")
def test_a_turn_ends_only_with_pass(sc):
    st = sc.state
    sc.edit(lambda st: Scenario.set_hand(st, 0, {"iron": 1, "rope": 2, "brick": 1}))
    sc.do(0, ("start", 0, 3))
    assert sc.who == 0  # still seat 0: starting does not end the turn
    sc.refused(("place", "B", 1), "planning.turn")
    sc.refused(("start",), "planning.turn")
    sc.do(0, ("pass",))
    assert sc.who == 1 and st.players[0].labs[0].target == 3


@pytest.mark.rule("planning.exact_materials")
def test_starting_puts_exactly_the_cards_materials_under_the_lab(sc):
    rules = sc.rules
    p = sc.player(0)
    hand = list(p.hand)
    legal = {a for a in sc.legal() if a[0] == "start"}
    expected = {("start", 0, c) for c in rules.card_ids
                if all(need <= have for need, have in zip(rules.cards[c].components, hand, strict=True))}
    assert legal == expected and expected
    card = 12  # rope + brick (pack data)
    comp = list(rules.cards[card].components)
    sc.do(0, ("start", 0, card))
    lab = p.labs[0]
    assert lab.target == card and lab.materials == comp and lab.weeks == 0
    assert p.hand == [h - c for h, c in zip(hand, comp, strict=True)]
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("planning.exact_materials")
def test_start_refused_without_the_materials(sc):
    rules = sc.rules
    hand = sc.player(0).hand
    lacking = [c for c in rules.card_ids if any(n > h for n, h in zip(rules.cards[c].components, hand, strict=True))]
    assert lacking
    for card in lacking[:5]:
        sc.refused(("start", 0, card), "planning.exact_materials")


@pytest.mark.rule("planning.one_per_lab")
def test_one_invention_per_lab_two_labs_two_inventions(sc):
    sc.do(0, ("pass",))
    assert sc.who == 1 and len(sc.player(1).labs) == 2
    sc.edit(lambda st: Scenario.set_hand(st, 1, {"iron": 2, "rope": 1, "brick": 1}))
    sc.do(1, ("start", 0, 1), ("start", 1, 12))
    p = sc.player(1)
    assert [lab.target for lab in p.labs] == [1, 12]
    sc.refused(("start", 0, 3), "planning.one_per_lab")
    sc.refused(("start", 2, 3), "planning.one_per_lab")  # no third lab
    assert not [a for a in sc.legal() if a[0] == "start"]


@pytest.mark.rule("planning.not_both_labs")
def test_the_same_invention_not_in_both_labs(sc, doc):
    assert doc["planning"]["same_invention_in_both_labs"] is False
    sc.do(0, ("pass",))
    sc.edit(lambda st: Scenario.set_hand(st, 1, {"iron": 2}))
    sc.do(1, ("start", 0, 1))
    assert ("start", 1, 1) not in sc.legal()
    sc.refused(("start", 1, 1), "planning.not_both_labs")


@pytest.mark.rule("planning.complete_once")
def test_an_invention_is_completed_once_per_player(sc):
    sc.edit(lambda st: Scenario.give_card(st, 0, 1))  # seat 0 completed card 1 earlier
    assert sc.player(0).hand[sc.rules.materials.index("iron")] >= 1
    assert ("start", 0, 1) not in sc.legal()
    sc.refused(("start", 0, 1), "planning.complete_once")
    sc.do(0, ("pass",))
    sc.edit(lambda st: Scenario.set_hand(st, 1, {"iron": 1}))
    assert ("start", 0, 1) in sc.legal()  # another player may still work on it (later reward, R14)


@pytest.mark.rule("planning.unrequested")
def test_an_unrequested_invention_may_be_started(sc, doc):
    assert doc["planning"]["unrequested_start"] is True
    st = sc.state
    rules = sc.rules
    in_deck = [c for c in st.deck if all(n <= h for n, h in zip(rules.cards[c].components, sc.player(0).hand,
                                                                       strict=True))]
    assert in_deck, "seat 0 can afford some card of the deck"
    sc.do(0, ("start", 0, in_deck[0]))
    assert sc.player(0).labs[0].target == in_deck[0] and in_deck[0] not in st.display


@pytest.mark.rule("planning.abort")
def test_abort_returns_materials_loses_work_and_frees_the_lab(sc, doc):
    assert doc["planning"]["abort_started_this_turn"] is False
    p = sc.player(0)
    hand0 = list(p.hand)
    sc.do(0, ("start", 0, 3))
    sc.refused(("abort", 0), "planning.abort")  # begun this turn: not an abort (001 §6: earlier rounds)
    sc.refused(("abort", 1), "planning.abort")  # no such lab
    sc.do(0, ("pass",))
    sc.to("placement")
    sc.run(lambda s: s.phase != "placement", plan={0: [("place", "lab0", 1)]})
    sc.to("planning", round=2)
    assert p.labs[0].weeks > 0 and p.labs[0].target == 3
    assert ("abort", 0) in sc.legal()
    sc.do(0, ("abort", 0))
    lab = p.labs[0]
    assert lab.target is None and lab.materials is None and lab.weeks == 0
    assert p.hand == hand0  # the cards under the lab are back in hand
    # the same turn, the lab may start something else at once
    assert ("start", 0, 1) in sc.legal()
    sc.do(0, ("start", 0, 1))
    assert lab.target == 1 and lab.weeks == 0
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("planning.materials_fixed")
def test_materials_under_a_working_lab_never_change(sc):
    """F4: no card is added to or taken from a working lab until it completes or is aborted."""
    sc.do(0, ("start", 0, 3))
    lab = sc.player(0).labs[0]
    fixed = list(lab.materials)
    sc.do(0, ("pass",))
    # the rest of the round: people in that lab, a shop visit; the cards under the lab stay as they are
    sc.to("placement")
    sc.run(lambda s: s.phase != "placement", plan={0: [("place", "lab0", 1), ("place", "H", 1)]})

    def watching(game):
        assert lab.materials == fixed
        return ("act",) if ("act",) in game.legal_actions() else neutral(game)

    sc.run(lambda s: s.state.round == 2, default=watching)
    assert sc.phase == "planning" and lab.materials == fixed and lab.target == 3
    sc.refused(("start", 0, 1), "planning.one_per_lab")  # no second set of cards under the same lab


@pytest.mark.rule("planning.exact_materials")
@pytest.mark.parametrize("unrequested", [False, True])
@pytest.mark.parametrize("same_in_both", [False, True])
def test_startable_cards_match_a_plain_scan_of_the_pool(unrequested: bool, same_in_both: bool) -> None:
    """The remembered-by-hand search finds what a scan of the pool card by card finds (both pack flags)."""
    import dataclasses
    import random

    from regola.core.game import Game, Ruleset
    from regola.core.pack import load_pack
    from regola.games.maestro_leonardo.steps.planning import _startable

    ruleset = Ruleset(load_pack("cs"))
    ruleset.rules = dataclasses.replace(ruleset.rules, unrequested_start=unrequested,
                                        same_invention_in_both_labs=same_in_both)

    def scan(state, p):  # type: ignore[no-untyped-def]
        rules = state.rules
        pool = rules.card_ids if rules.unrequested_start else sorted({*state.display, *state.completed_before})
        targets = () if rules.same_invention_in_both_labs else [lab.target for lab in p.labs]
        return [c for c in pool if c not in p.completed and c not in targets
                and all(n <= p.hand[m] for m, n in rules.card_needs[c])]

    checked = 0
    for seed in range(4):
        game, rng = Game.new(ruleset, 4, seed, "beginner"), random.Random(seed)
        while not game.is_terminal():
            if game.is_chance():
                game.apply(game.sample_chance())
                continue
            if game.state.flow_state == "planning":
                for p in game.state.players:
                    assert _startable(game.state, p) == scan(game.state, p)
                    checked += 1
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    assert checked > 100

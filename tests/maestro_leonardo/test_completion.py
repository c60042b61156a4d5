"""Phase D: completed inventions, rewards, specialization, the card, auctions (001 §9, F10, F14, R3,
R7, R10, R11, R14)."""

from __future__ import annotations

import pytest

from .scenario import Scenario, check_invariants


def completing(ruleset, works, players=4, seed=61, extra=None):
    """Round 1, phase A: labs already working as given, (seat, lab, card, weeks) — then play on, people
    staying home, until phase D waits for a decision or round 2 begins."""
    sc = Scenario(ruleset, players, seed=seed)

    def change(st):
        for seat, lab, card, weeks in works:
            Scenario.start_work(st, seat, lab, card, weeks=weeks)
        if extra is not None:
            extra(st)

    sc.edit(change)
    sc.run(lambda s: s.phase == "completion" or s.state.round == 2)
    return sc


def gains(sc, reason):
    return [(e[1], e[2]) for e in sc.state.log if e[0] == "gain" and e[3] == reason]


@pytest.mark.rule("completion.requirement")
def test_a_lab_with_enough_weeks_completes_one_with_less_does_not(ruleset, doc):
    assert doc["completion"]["mandatory"] is True  # R3
    weeks = ruleset.rules.cards[1].weeks
    sc = completing(ruleset, [(0, 0, 1, weeks), (1, 0, 12, ruleset.rules.cards[12].weeks - 1)])
    assert sc.state.round == 2
    assert sc.player(0).completed == [1] and sc.player(0).labs[0].target is None
    assert sc.player(1).completed == [] and sc.player(1).labs[0].target == 12


@pytest.mark.rule("completion.requested")
def test_an_unrequested_invention_waits_until_requested(ruleset):
    rules = ruleset.rules
    sc = Scenario(ruleset, 4, seed=61)
    card = sc.state.deck[-1]  # the bottom card: not requested for a long time
    sc.edit(lambda st: Scenario.start_work(st, 0, 0, card, weeks=rules.cards[card].weeks))
    sc.to("planning", round=2)
    assert sc.player(0).labs[0].target == card and sc.player(0).completed == []
    sc.edit(lambda st: Scenario.request(st, [card]))  # now it lies on the display
    sc.to("planning", round=3)
    assert sc.player(0).completed == [card] and card in sc.player(0).cards


@pytest.mark.rule("completion.rewards")
def test_first_and_later_rewards_materials_back_to_the_shops(ruleset, doc):
    rules = ruleset.rules
    card = rules.cards[1]
    spec = next(c for c in doc["inventions"]["cards"] if c["id"] == 1)
    assert (card.first, card.later) == (spec["rewards"]["first"], spec["rewards"]["later"])
    shops = None

    def note(st):
        nonlocal shops
        shops = list(st.shops)

    sc = completing(ruleset, [(0, 0, 1, card.weeks)], extra=note)
    assert gains(sc, "completion") == [(0, card.first)]
    # the shops got the cards back that start_work took from them
    assert sc.state.shops == [s + c for s, c in zip(shops, card.components, strict=True)]
    assert 1 in sc.state.completed_before
    # seat 2 completes it in a later round: the lower reward, no card (001 §9)
    sc.edit(lambda st: Scenario.start_work(st, 2, 0, 1, weeks=card.weeks))
    sc.to("planning", round=3)
    assert gains(sc, "completion") == [(0, card.first), (2, card.later)]
    assert sc.player(2).cards == [] and sc.player(0).cards == [1]
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("completion.sole_completer")
def test_the_only_completer_takes_the_card(ruleset, doc):
    assert doc["completion"]["sole_completer_takes_card"] is True
    sc = completing(ruleset, [(3, 0, 12, ruleset.rules.cards[12].weeks)])
    assert sc.player(3).cards == [12] and 12 not in sc.state.display
    assert len(sc.state.display) == ruleset.rules.display_size[4]  # refilled at the round end


@pytest.mark.rule("completion.discount")
def test_two_weeks_less_per_owned_card_of_the_type(ruleset, doc):
    per = doc["completion"]["discount_weeks_per_card"]
    rules = ruleset.rules
    target = 9
    same = [c for c in rules.card_ids if c != target and rules.cards[c].type == rules.cards[target].type][:2]
    other = next(c for c in rules.card_ids if rules.cards[c].type != rules.cards[target].type and c not in (1, 3, 8,
                                                                                                              12))
    need = rules.cards[target].weeks

    def owned(*cards):
        def change(st):
            for c in cards:
                Scenario.give_card(st, 0, c)
        return change

    # one card of the type: need - per weeks are enough, need - per - 1 are not
    sc = completing(ruleset, [(0, 0, target, need - per)], extra=owned(same[0]))
    assert target in sc.player(0).completed
    sc = completing(ruleset, [(0, 0, target, need - per - 1)], extra=owned(same[0]))
    assert target not in sc.player(0).completed
    # two cards: twice the discount; a card of another type: none
    sc = completing(ruleset, [(0, 0, target, need - 2 * per)], extra=owned(*same))
    assert target in sc.player(0).completed
    sc = completing(ruleset, [(0, 0, target, need - per)], extra=owned(other))
    assert target not in sc.player(0).completed


@pytest.mark.rule("completion.discount")
def test_a_card_won_this_round_gives_no_discount_this_round(ruleset):
    """001 §9: inventions completed in the same round give no discount to others of that type."""
    rules = ruleset.rules
    a, b = 8, 13  # same type (001 §9 example); 8 is on the display, 13 will be
    assert rules.cards[a].type == rules.cards[b].type
    sc = completing(ruleset, [(1, 0, a, rules.cards[a].weeks), (1, 1, b, rules.cards[b].weeks - 2)],
                    extra=lambda st: Scenario.request(st, [b]))
    assert sc.player(1).completed == [a] and sc.player(1).labs[1].target == b
    sc.to("planning", round=3)  # the next round, card 8 owned before phase D: the discount applies
    assert b in sc.player(1).completed


@pytest.mark.rule("completion.auction")
def test_several_completers_all_get_the_first_reward_then_bid(ruleset, doc):
    assert doc["mechanics"]["auction"]["kind"] == "sealed"
    assert doc["completion"]["auction"] == {"tie": "start_then_clockwise", "all_zero": "remove_card"}
    card = ruleset.rules.cards[1]
    sc = completing(ruleset, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)],
                    extra=lambda st: [Scenario.set_money(st, s, 10) for s in (1, 3)])
    assert sc.phase == "completion"
    assert sorted(gains(sc, "completion")) == [(1, card.first), (3, card.first)]
    assert sc.who == 1
    assert sc.legal() == [("bid", k) for k in range(10 + card.first + 1)]
    sc.refused(("bid", 10 + card.first + 1), "completion.auction")
    sc.do(1, ("bid", 4))
    sc.do(3, ("bid", 6))
    assert sc.player(3).cards == [1] and sc.player(1).cards == []
    assert sc.player(3).money == 10 + card.first - 6 and sc.player(1).money == 10 + card.first  # loser keeps
    assert 1 not in sc.state.display
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("completion.auction")
def test_auction_tie_goes_to_leonardo_then_clockwise(ruleset):
    card = ruleset.rules.cards[1]
    sc = completing(ruleset, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)],
                    extra=lambda st: setattr(st, "leonardo", 2))
    sc.do(3, ("bid", 2))  # from the holder (seat 2) clockwise: 3 before 1
    sc.do(1, ("bid", 2))
    assert sc.player(3).cards == [1]


@pytest.mark.rule("completion.later")
def test_who_still_works_on_it_shows_the_materials_and_may_finish_later(ruleset):
    rules = ruleset.rules
    card = rules.cards[12]
    sc = completing(ruleset, [(0, 0, 12, card.weeks), (1, 0, 12, card.weeks - 1)])
    assert sc.state.round == 2 and sc.player(0).cards == [12]
    lab = sc.player(1).labs[0]
    assert lab.revealed and lab.target == 12
    assert sc.game.view(2)["players"][1]["labs"][0]["target"] == 12  # everybody sees it now
    sc.to("planning", round=3)  # one more week from... nobody: it waits
    assert 12 not in sc.player(1).completed
    sc.to("placement")
    sc.run(lambda s: s.phase != "placement", plan={1: [("place", "lab0", 1)]})
    sc.to("planning", round=4)
    assert 12 in sc.player(1).completed and sc.player(1).cards == []
    assert (1, card.later) in gains(sc, "completion")


@pytest.mark.rule("completion.later")
def test_a_card_left_in_the_box_can_still_be_finished(ruleset):
    """R14: after an all-zero auction the card is gone, but others may still complete it (lower reward)."""
    card = ruleset.rules.cards[1]
    sc = completing(ruleset, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks), (2, 0, 1, 0)])
    sc.do(1, ("bid", 0))
    sc.do(3, ("bid", 0))
    assert 1 in sc.state.box_cards
    sc.edit(lambda st: setattr(st.players[2].labs[0], "weeks", card.weeks))
    sc.to("planning", round=3)
    assert 1 in sc.player(2).completed and (2, card.later) in gains(sc, "completion")


@pytest.mark.rule("completion.order")
def test_leonardo_first_and_who_is_in_two_auctions_picks_the_first(ruleset):
    """F14 / R11: from the Leonardo holder clockwise; a player in two auctions chooses which goes first."""
    rules = ruleset.rules
    w1, w12 = rules.cards[1].weeks, rules.cards[12].weeks
    sc = completing(ruleset, [(1, 0, 1, w1), (1, 1, 12, w12), (2, 0, 1, w1), (3, 0, 12, w12)],
                    extra=lambda st: setattr(st, "leonardo", 1))
    assert sc.who == 1 and set(sc.legal()) == {("auction_first", 1), ("auction_first", 12)}
    sc.refused(("auction_first", 8), "completion.order")
    sc.do(1, ("auction_first", 12))
    # the rewards for 12 are paid, not yet those for card 1
    assert gains(sc, "completion") == [(1, rules.cards[12].first), (3, rules.cards[12].first)]
    sc.do(1, ("bid", 1))
    sc.do(3, ("bid", 0))
    assert sc.player(1).cards == [12]
    assert sc.who == 1  # now the auction for card 1
    sc.do(1, ("bid", 0))
    sc.do(2, ("bid", 1))
    assert sc.player(2).cards == [1]
    check_invariants(sc.game, sc.opening)

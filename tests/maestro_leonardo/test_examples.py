"""The worked examples of 001: the workshop (§8, Ondřej and Barbara), specialization with cards 8 and
13 (§9), an auction with a tie and an auction where everybody bids 0 (§9). The example's numbers are
the source's; each test also checks that the pack holds them."""

from __future__ import annotations

import pytest

from .scenario import Scenario, check_invariants
from .test_completion import completing, gains

BARBARA, ONDREJ = 0, 3  # yellow and blue (000 setup table: seats a and d)


@pytest.mark.rule("workshop.upgrades", "workshop.robots", "workshop.idle_labs_only", "district.cost_track",
                  "district.ranking", "district.payment", "district.offer_loop")
def test_workshop_example_ondrej_and_barbara(ruleset, doc):
    """001 §8: equal people in the workshop, Ondřej nearer the arrow. He takes a robot for his 5-space lab
    for 0; Barbara cannot take a robot (her 3/5 lab works) and takes her 4-lab for 2; Ondřej could take
    his 4-lab for 3 but passes; Barbara cannot pay 3 to flip hers and passes."""
    assert doc["city"]["cost_track"] == [0, 2, 3, 4]
    assert doc["components"]["colors"][BARBARA] == "yellow" and doc["components"]["colors"][ONDREJ] == "blue"
    sc = Scenario(ruleset, 4, seed=201)

    def table(st):
        st.leonardo = ONDREJ  # Ondřej places first: his people stand next to the arrow
        Scenario.set_labs(st, ONDREJ, [("small", "b", 0)])
        Scenario.set_labs(st, BARBARA, [("small", "b", 0)])
        Scenario.start_work(st, BARBARA, 0, 3, started_round=1)
        Scenario.set_money(st, BARBARA, 4)
        Scenario.set_money(st, ONDREJ, 3)

    sc.edit(table)
    sc.to("placement")
    assert sc.who == ONDREJ
    sc.do(ONDREJ, ("place", "B", 2))
    sc.do(BARBARA, ("place", "B", 2))
    sc.to("district", district="B")
    assert sc.state.step["rank"] == [ONDREJ, BARBARA]
    o, b = sc.player(ONDREJ), sc.player(BARBARA)
    # Ondřej: a robot into his 5-space lab, free
    assert sc.who == ONDREJ and ("act", "robot", 0) in sc.legal()
    sc.do(ONDREJ, ("act", "robot", 0))
    assert o.labs[0].robots == 1 and o.money == 3
    # Barbara: no robot for 2, her 3/5 lab works; she takes her 4-lab, 4-space side up
    assert sc.who == BARBARA and ("act", "robot", 0) not in sc.legal()
    sc.refused(("act", "robot", 0), "workshop.idle_labs_only")
    sc.do(BARBARA, ("act", "take_large", -1))
    assert [(lab.kind, lab.side) for lab in b.labs] == [("small", "b"), ("large", "a")] and b.money == 2
    # Ondřej could take his 4-lab for 3, but passes and takes his people back
    assert sc.who == ONDREJ and ("act", "take_large", -1) in sc.legal()
    sc.do(ONDREJ, ("pass",))
    assert o.apprentices == sc.rules.seats[ONDREJ].apprentices and o.money == 3
    # Barbara could flip her new lab for 3 but has only 2: she passes (R6) without being asked
    assert sc.district != "B" and b.labs[1].side == "a" and b.money == 2
    assert b.apprentices == sc.rules.seats[BARBARA].apprentices
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("completion.discount", "completion.rewards", "completion.sole_completer")
def test_specialization_example_cards_8_and_13(ruleset, doc):
    """001 §9: yellow owns card 8 (completed the round before) and works on 13 of the same type: she
    completes 13 at week 5 instead of 7, takes 8 guldens and card 13; with 8 and 13 her discount for the
    next inventions of that type is 4 weeks."""
    rules = ruleset.rules
    c8, c13 = rules.cards[8], rules.cards[13]
    assert c8.type == c13.type and c13.weeks == 7 and c13.first == 8
    assert doc["completion"]["discount_weeks_per_card"] == 2
    yellow = 0
    sc = Scenario(ruleset, 4, seed=202)
    sc.to("planning", round=2)

    def table(st):
        Scenario.give_card(st, yellow, 8)
        Scenario.request(st, [13])
        Scenario.start_work(st, yellow, 0, 13, weeks=4, started_round=1)

    sc.edit(table)
    sc.to("placement")
    sc.run(lambda s: s.phase != "placement", plan={yellow: [("place", "lab0", 1)]})  # week 4 -> 5
    sc.to("planning", round=3)
    assert 13 in sc.player(yellow).completed
    assert (yellow, 8) in gains(sc, "completion") and sc.player(yellow).cards == [8, 13]
    # now 4 weeks of discount: a gold card of the type completes 4 weeks early
    gold = next(c for c in rules.card_ids if rules.cards[c].type == c8.type and rules.cards[c].tier == "gold")

    def more(st):
        Scenario.request(st, [gold])
        Scenario.start_work(st, yellow, 0, gold, weeks=rules.cards[gold].weeks - 4, started_round=3)

    sc.edit(more)
    sc.to("planning", round=4)
    assert gold in sc.player(yellow).completed


@pytest.mark.rule("completion.auction")
def test_auction_with_a_tie(ruleset, doc):
    """001 §9: both completers get the black number; sealed bids; on a tie the Leonardo holder, or the
    nearest clockwise from the holder, wins and pays; the others take their bids back."""
    assert doc["completion"]["auction"]["tie"] == "start_then_clockwise"
    card = ruleset.rules.cards[12]

    def table(st):
        st.leonardo = 3
        for seat in (0, 2):
            Scenario.set_money(st, seat, 5)

    sc = completing(ruleset, [(2, 0, 12, card.weeks), (0, 0, 12, card.weeks)], extra=table)
    assert sorted(gains(sc, "completion")) == [(0, card.first), (2, card.first)]
    assert sc.who == 0  # clockwise from seat 3: seat 0 bids first
    sc.do(0, ("bid", 3))
    sc.do(2, ("bid", 3))
    assert sc.player(0).cards == [12] and sc.player(2).cards == []
    assert sc.player(0).money == 5 + card.first - 3 and sc.player(2).money == 5 + card.first
    assert ("pay", 0, 3, "auction") in sc.state.log


@pytest.mark.rule("completion.auction")
def test_auction_where_everybody_bids_zero(ruleset, doc):
    """001 §9: if all bid 0, nobody gets the card; it goes back into the box."""
    assert doc["completion"]["auction"]["all_zero"] == "remove_card"
    card = ruleset.rules.cards[1]
    sc = completing(ruleset, [(0, 0, 1, card.weeks), (1, 0, 1, card.weeks), (3, 0, 1, card.weeks)])
    for seat in (0, 1, 3):
        sc.do(seat, ("bid", 0))
    assert 1 in sc.state.box_cards and 1 not in sc.state.display
    assert all(1 not in p.cards for p in sc.state.players)
    assert not [e for e in sc.state.log if e[0] == "pay"]
    assert sorted(gains(sc, "completion")) == [(0, card.first), (1, card.first), (3, card.first)]
    check_invariants(sc.game, sc.opening)

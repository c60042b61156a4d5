"""What one seat may see (001 §6: hands, money and the cards under labs are private; §8 A: the deck
order only as far as the council showed it; §9: sealed bids, revealed materials)."""

from __future__ import annotations

import json
import random

import pytest

from regola.core.game import CHANCE

from .scenario import Scenario
from .test_completion import completing


@pytest.mark.rule("planning.turn")
def test_hands_and_money_are_private(ruleset):
    """001 §6 "Pozor": players never have to show which or how many cards (guldens or materials) they hold."""
    sc = Scenario(ruleset, 4, seed=301)
    for seat in range(4):
        view = sc.game.view(seat)
        for other in view["players"]:
            if other["seat"] == seat:
                assert other["money"] == sc.player(seat).money
                assert list(other["hand"].values()) == sc.player(seat).hand
            else:
                assert "money" not in other and "hand" not in other
                assert "hand_size" not in other, "the number of cards in another player's hand is private"


@pytest.mark.rule("planning.exact_materials")
def test_a_labs_invention_and_cards_are_private(ruleset):
    """001 §6: the cards lie face down under the lab; only their owner may look."""
    sc = Scenario(ruleset, 4, seed=302)
    sc.do(0, ("start", 0, 3))
    own = sc.game.view(0)["players"][0]["labs"][0]
    other = sc.game.view(1)["players"][0]["labs"][0]
    assert own["target"] == 3 and own["materials"] == list(ruleset.rules.cards[3].components)
    assert other["working"] is True and "target" not in other and "materials" not in other
    assert "legal" in sc.game.view(0) and "legal" not in sc.game.view(1)


@pytest.mark.rule("completion.later")
def test_materials_are_shown_once_someone_else_completed_the_invention(ruleset):
    card = ruleset.rules.cards[12]
    sc = completing(ruleset, [(0, 0, 12, card.weeks), (1, 0, 12, 0)])
    seen = sc.game.view(3)["players"][1]["labs"][0]
    assert seen["target"] == 12 and seen["materials"] == list(card.components)


@pytest.mark.rule("completion.auction")
def test_bids_are_sealed(ruleset):
    card = ruleset.rules.cards[1]
    sc = completing(ruleset, [(0, 0, 1, card.weeks), (2, 0, 1, card.weeks)])
    sc.do(0, ("bid", 4))
    assert sc.who == 2
    mine, theirs = sc.game.view(0)["step"], sc.game.view(2)["step"]
    assert mine["my_bid"] == 4 and theirs["my_bid"] is None
    assert theirs["bidders_done"] == [0] and theirs["auction"] == 1
    assert "4" not in json.dumps(theirs["bidders_done"]) and "bids" not in theirs


@pytest.mark.rule("council.peek_deck")
def test_the_deck_order_is_unknown_except_what_the_council_showed(ruleset):
    sc = Scenario(ruleset, 4, seed=303)
    for seat in range(4):
        view = sc.game.view(seat)
        assert view["deck_size"] == len(sc.state.deck) and view["deck_top_known"] == []
        assert "deck" not in view
    sc.to("placement")
    sc.to("district", district="A", plan={1: [("place", "A", 1)]})
    sc.do(1, ("leonardo", 0), ("space", 3))
    order = sc.legal()[0]
    sc.do(1, order)
    assert sc.game.view(1)["deck_top_known"] == list(order[1]) and sc.game.view(0)["deck_top_known"] == []


@pytest.mark.rule("flow.turn")
@pytest.mark.parametrize(("n", "setup"), [(2, "advanced"), (5, "beginner")])
def test_every_view_is_json_and_names_who_moves(ruleset, n, setup):
    sc = Scenario(ruleset, n, setup, seed=304)
    rng = random.Random(304)
    while not sc.game.is_terminal():
        for seat in range(n):
            view = sc.game.view(seat)
            json.dumps(view)
            assert view["to_move"] == sc.who
        legal = sc.legal()
        sc.game.apply(sc.game.sample_chance() if sc.who == CHANCE else legal[rng.randrange(len(legal))])

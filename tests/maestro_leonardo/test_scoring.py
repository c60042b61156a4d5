"""End of the game: the type bonus and the winner (001 §11)."""

from __future__ import annotations

import pytest

from .scenario import Scenario


def by_type(rules):
    out = {t: [] for t in rules.types}
    for c in rules.card_ids:
        out[rules.cards[c].type].append(c)
    return out


def final(ruleset, cards, money=None, players=5, seed=81):
    """Round 9, phase A: give these cards (seat -> ids) and money, then play (passing) to the end."""
    sc = Scenario(ruleset, players, seed=seed)
    sc.to("planning", round=ruleset.rules.rounds)

    def change(st):
        for seat, ids in cards.items():
            for c in ids:
                Scenario.give_card(st, seat, c)
        for seat, amount in (money or {}).items():
            Scenario.set_money(st, seat, amount)

    sc.edit(change)
    sc.to_end()
    return sc


@pytest.mark.rule("scoring.type_bonus")
def test_bonus_for_different_types_in_front(ruleset, doc):
    bonus = {int(k): v for k, v in doc["scoring"]["type_bonus"].items()}
    assert bonus == {5: 20, 4: 13, 3: 8}  # 001 §11; 1 or 2 types: nothing
    rules = ruleset.rules
    types = by_type(rules)
    kinds = list(types)
    cards = {seat: [types[kinds[t]][seat] for t in range(5 - seat)] for seat in range(5)}
    cards[4] = [types[kinds[0]][4], types[kinds[0]][3]]  # two cards, one type
    sc = final(ruleset, cards, money={s: 0 for s in range(5)})
    got = {r["seat"]: r["bonus"] for r in sc.game.result()}
    assert got == {0: bonus[5], 1: bonus[4], 2: bonus[3], 3: 0, 4: 0}
    for seat, b in got.items():
        assert sc.player(seat).money == b
        if b:
            assert ("gain", seat, b, "type bonus") in sc.state.log


@pytest.mark.rule("scoring.winner")
def test_most_money_wins_then_inventions_then_tiers(ruleset, doc):
    assert doc["scoring"]["tie_breaks"] == ["money", "inventions", "tier_counts"]
    rules = ruleset.rules
    tiers = {t: [c for c in rules.card_ids if rules.cards[c].tier == t] for t in rules.tiers}
    gold, silver, copper, bronze = (tiers[t] for t in reversed(rules.tiers))
    # same type for every card of a seat is impossible across tiers; keep bonuses equal by giving each
    # seat cards of at most two types
    same = [c for c in rules.card_ids if rules.cards[c].type == rules.types[0]]
    t0 = {rules.cards[c].tier: c for c in same}
    cards = {
        0: [],                                   # 10 guldens, no card
        1: [t0["gold"]],                         # 10, one gold
        2: [t0["silver"]],                       # 10, one silver
        3: [t0["bronze"], t0["copper"]],         # 10, two cards: beats one card
        4: [],                                   # 11: most money
    }
    assert gold and silver and copper and bronze
    sc = final(ruleset, cards, money={0: 10, 1: 10, 2: 10, 3: 10, 4: 11})
    result = sc.game.result()
    assert [r["seat"] for r in result] == [4, 3, 1, 2, 0]
    assert [r["rank"] for r in result] == [1, 2, 3, 4, 5]


@pytest.mark.rule("scoring.winner")
def test_a_full_tie_shares_the_rank(ruleset):
    sc = final(ruleset, {}, money={0: 4, 1: 4, 2: 1}, players=3)
    result = sc.game.result()
    assert [(r["seat"], r["rank"]) for r in result][:2] in ([(0, 1), (1, 1)], [(1, 1), (0, 1)])
    assert result[2] ["rank"] == 3

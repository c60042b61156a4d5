"""Setup: players, box contents, beginner seats and display, the deck layers, the advanced setup and
its round-0 favors (001 §1, §3, appendix; 000 setup table; F9, R13)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from regola.core.errors import IllegalAction
from regola.core.game import CHANCE, Game

from .scenario import Scenario, canonical, check_invariants

ALL = [(n, setup) for n in range(2, 6) for setup in ("beginner", "advanced")]


@pytest.mark.rule("game.players")
def test_player_count_comes_from_the_pack(ruleset, doc):
    lo, hi = doc["players"]["min"], doc["players"]["max"]
    assert (lo, hi) == (2, 5)  # 001 title page / §3: 2-5 players
    for n in (lo - 1, hi + 1):
        with pytest.raises(IllegalAction) as err:
            Game.new(ruleset, n, seed=1)
        assert err.value.rule == "game.players"
    for n in range(lo, hi + 1):
        assert Game.new(ruleset, n, seed=1).current_player() == CHANCE


@pytest.mark.rule("game.setup")
def test_setup_modes_come_from_the_pack(ruleset, doc):
    assert doc["setup"]["modes"] == ["beginner", "advanced"]  # 001 §3 and the appendix
    with pytest.raises(IllegalAction) as err:
        Game.new(ruleset, 3, seed=1, setup="expert")
    assert err.value.rule == "game.setup"
    for mode in doc["setup"]["modes"]:
        assert Game.new(ruleset, 3, seed=1, setup=mode).state.setup == mode


@pytest.mark.rule("game.components")
@pytest.mark.parametrize(("n", "setup"), ALL)
def test_the_box_is_complete_after_setup(ruleset, doc, n, setup):
    """001 §1: 60 material cards (12 of each of 5), 9 apprentices a colour, 15 robots, 25 inventions."""
    comp = doc["components"]
    assert len(comp["materials"]["kinds"]) * comp["materials"]["cards_per_kind"] == 60
    assert comp["per_color"]["apprentices"] == 9 and comp["robots"]["total"] == 15
    assert len(doc["inventions"]["cards"]) == 25
    sc = Scenario(ruleset, n, setup, seed=n)
    check_invariants(sc.game, sc.opening)
    assert [p.color for p in sc.state.players] == comp["colors"][:n]


@pytest.mark.rule("game.limits")
def test_limits_match_the_box(ruleset, doc):
    """001 §8 B/C: two labs, three robots, nine apprentices per player: the limits are the box per colour."""
    limits, per = doc["limits"], doc["components"]["per_color"]
    assert limits["labs"] == len(per["labs"]) == ruleset.rules.limit_labs
    assert limits["robots"] == doc["components"]["robots"]["per_color"] == ruleset.rules.limit_robots
    assert limits["apprentices"] == per["apprentices"] == ruleset.rules.limit_apprentices


@pytest.mark.rule("setup.council_money")
@pytest.mark.parametrize(("n", "setup"), ALL)
def test_council_money_at_start(ruleset, doc, n, setup):
    sc = Scenario(ruleset, n, setup, seed=3)
    assert sc.state.council_money == doc["setup"]["council_money"]


@pytest.mark.rule("setup.beginner_seats")
@pytest.mark.parametrize("n", range(2, 6))
def test_beginner_seats(ruleset, doc, n):
    """000 setup table: seat a (the starting player, with Leonardo) first, then clockwise."""
    seats = doc["setup"]["beginner"]["seats"]
    fewer = doc["setup"]["beginner"]["fewer_apprentices"].get(str(n), 0)
    sc = Scenario(ruleset, n, seed=5)
    st = sc.state
    assert st.leonardo == 0
    kinds = doc["components"]["materials"]["kinds"]
    shops = [doc["components"]["materials"]["cards_per_kind"]] * len(kinds)
    for seat in range(n):
        spec, p = seats[seat], st.players[seat]
        assert p.color == spec["color"]
        assert p.apprentices == spec["apprentices"] - fewer
        assert p.money == spec["money"]
        assert [(lab.kind, lab.side, lab.robots) for lab in p.labs] == [
            (lab["kind"], lab["side"], lab.get("robots", 0)) for lab in spec["labs"]]
        assert all(lab.target is None for lab in p.labs)
        assert p.hand == [spec.get("materials", {}).get(k, 0) for k in kinds]
        for m, k in enumerate(kinds):
            shops[m] -= spec.get("materials", {}).get(k, 0)
        assert p.master is None and p.cards == [] and p.completed == []
        assert p.robot_supply == doc["components"]["robots"]["per_color"] - sum(
            lab.get("robots", 0) for lab in spec["labs"])
    assert st.shops == shops


@pytest.mark.rule("setup.beginner_seats")
def test_beginner_seats_hold_the_source_table(doc):
    """000 "materiál pro hráče" / 001 §3 item 9: the table as the source prints it."""
    seats = doc["setup"]["beginner"]["seats"]
    assert [(s["color"], s["apprentices"], s["money"]) for s in seats] == [
        ("yellow", 5, 3), ("red", 5, 3), ("green", 4, 3), ("blue", 3, 13), ("purple", 3, 8)]
    assert seats[2]["labs"] == [{"kind": "small", "side": "b", "robots": 1}]
    assert seats[4]["labs"][1] == {"kind": "large", "side": "b"}


@pytest.mark.rule("setup.fewer_apprentices")
@pytest.mark.parametrize("n", range(2, 6))
def test_fewer_apprentices_with_fewer_players(ruleset, doc, n):
    """001 §3: one apprentice fewer each with 3 players, two fewer with 2; they go to the box."""
    beg = doc["setup"]["beginner"]
    fewer = beg["fewer_apprentices"].get(str(n), 0)
    assert beg["fewer_apprentices"] == {"2": 2, "3": 1} and beg["removed_apprentices_to"] == "box"
    sc = Scenario(ruleset, n, seed=1)
    per = doc["components"]["per_color"]["apprentices"]
    for seat, p in enumerate(sc.state.players):
        assert p.apprentices == beg["seats"][seat]["apprentices"] - fewer
        assert p.box == fewer
        assert p.academy == per - beg["seats"][seat]["apprentices"]  # the undealt ones (001 §3 item 9)


@pytest.mark.rule("setup.beginner_display")
@pytest.mark.parametrize("n", range(2, 6))
def test_beginner_display(ruleset, doc, n):
    expected = doc["setup"]["beginner"]["display"][str(n)]
    assert expected == [1, 12, 8, 3, 9][: {2: 3, 3: 4, 4: 5, 5: 5}[n]]  # 001 §3 item 20
    sc = Scenario(ruleset, n, seed=2)
    assert sc.state.display == expected
    assert not set(expected) & set(sc.state.deck)


def _layers(ruleset, deck):
    rules = ruleset.rules
    bottom_up = deck[::-1]
    return bottom_up, rules


@pytest.mark.rule("setup.deck")
@pytest.mark.parametrize(("n", "seed"), [(n, s) for n in range(2, 6) for s in range(4)])
def test_deck_is_built_in_layers(ruleset, doc, n, seed):
    """001 §3: 21-25 at the bottom; 16-20 with 1 bronze, 2 copper, 3 silver above; the rest on top."""
    layers = doc["setup"]["deck"]["layers"]
    rules = ruleset.rules
    sc = Scenario(ruleset, n, seed=seed)
    bottom_up = sc.state.deck[::-1]
    fixed0 = layers[0]["cards"]
    assert sorted(bottom_up[: len(fixed0)]) == sorted(fixed0)
    pos = len(fixed0)
    add = layers[1]["add"]
    size = len(layers[1]["cards"]) + sum(add.values())
    middle = bottom_up[pos: pos + size]
    assert set(layers[1]["cards"]) <= set(middle)
    assert Counter(rules.cards[c].tier for c in middle if c not in layers[1]["cards"]) == Counter(add)
    top = bottom_up[pos + size:]
    assert {rules.cards[c].tier for c in top} <= set(layers[2]["rest"])
    assert sorted(sc.state.deck + sc.state.display) == sorted(rules.card_ids)


@pytest.mark.rule("setup.deck")
def test_deck_shuffle_varies_with_the_seed(ruleset):
    decks = {tuple(Scenario(ruleset, 4, seed=s).state.deck) for s in range(8)}
    assert len(decks) > 1


@pytest.mark.rule("setup.deck")
def test_a_transcribed_deck_must_follow_the_layers(ruleset):
    game = Game.new(ruleset, 4, seed=1)
    good = list(game.sample_chance()[1])
    before = canonical(game.to_json())
    bad = good[::-1]  # 21-25 on top: impossible
    for action in (("deal", tuple(bad), ()), ("deal", tuple(good[:-1]), ()), ("shuffle",)):
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert err.value.rule == "setup.deck"
        assert canonical(game.to_json()) == before
    game.apply(("deal", tuple(good), ()))
    assert game.state.deck == good


@pytest.mark.rule("setup.advanced")
@pytest.mark.parametrize("n", range(2, 6))
def test_advanced_starting_equipment(ruleset, doc, n):
    """001 appendix: a 3-space lab, 3 apprentices, 3 guldens; the display is drawn from the deck."""
    per = doc["setup"]["advanced"]["per_player"]
    assert doc["setup"]["advanced"]["display"] == "draw_from_deck"
    game = Game.new(ruleset, n, seed=n, setup="advanced")
    outcome = game.sample_chance()
    game.apply(outcome)
    st = game.state
    size = doc["rounds"]["display_size"][str(n)]
    assert st.display == list(outcome[1][:size])  # the top cards of the built deck
    assert st.deck == list(outcome[1][size:])
    for p in st.players:
        assert [(lab.kind, lab.side) for lab in p.labs] == [(lab["kind"], lab["side"]) for lab in per["labs"]]
        assert p.apprentices == per["apprentices"] and p.money == per["money"]
        assert p.academy == doc["components"]["per_color"]["apprentices"] - per["apprentices"]
        assert sum(p.hand) == 0
    assert st.flow_state == "favors" and game.current_player() == st.leonardo == 0


@pytest.mark.rule("setup.advanced_removed_cards")
@pytest.mark.parametrize("n", range(2, 6))
def test_advanced_two_player_removes_one_card_per_tier(ruleset, doc, n):
    removed_spec = doc["setup"]["advanced"]["removed_cards"].get(str(n), {})
    if n == 2:
        assert removed_spec == {"bronze": 1, "copper": 1, "silver": 1}  # 001 appendix
    for seed in range(5):
        sc = Scenario(ruleset, n, "advanced", seed=seed)
        st = sc.state
        assert Counter(ruleset.rules.cards[c].tier for c in st.removed) == Counter(removed_spec)
        assert not set(st.removed) & set(st.deck + st.display)
    # a transcribed deal that removes the wrong cards is refused
    game = Game.new(ruleset, n, seed=9, setup="advanced")
    deck, removed = game.sample_chance()[1:]
    if removed:
        with pytest.raises(IllegalAction) as err:
            game.apply(("deal", deck + removed, ()))
        assert err.value.rule == "setup.deck"


def _favor_game(ruleset, n, seed=1):
    sc = Scenario(ruleset, n, "advanced", seed=seed)
    assert sc.phase == "favors"
    return sc


@pytest.mark.rule("setup.favors")
@pytest.mark.parametrize("n", range(2, 6))
def test_favor_turns_go_clockwise_until_everyone_has_their_count(ruleset, doc, n):
    per = doc["setup"]["advanced"]["favors_per_player"][str(n)]
    sc = _favor_game(ruleset, n)
    limit = doc["setup"]["advanced"]["max_same_letter"].get(str(n), per)
    seen = []
    while sc.phase == "favors":
        seen.append(sc.who)
        letter = "a" if sc.state.step["taken"][sc.who].count("a") < limit else "c"
        sc.game.apply(("favor", letter, -1, (0,) * len(ruleset.rules.materials)))
    assert seen == [s % n for s in range(per * n)]
    adv = doc["setup"]["advanced"]["per_player"]
    for p in sc.state.players:
        assert p.money == adv["money"] + min(per, limit) * doc["setup"]["advanced"]["favors"][0]["gain"]["money"]
        assert p.apprentices == adv["apprentices"] + per - min(per, limit)
    assert sc.phase == "planning" and sc.state.round == 1


@pytest.mark.rule("setup.favors")
def test_each_favor_gives_what_the_pack_says(ruleset, doc):
    favors = {f["id"]: f for f in doc["setup"]["advanced"]["favors"]}
    sc = _favor_game(ruleset, 4)
    start_money = doc["setup"]["advanced"]["per_player"]["money"]
    rules = ruleset.rules
    zero = (0,) * len(rules.materials)
    p0, p1, p2, p3 = sc.state.players
    # a: money
    sc.do(0, ("favor", "a", -1, zero))
    assert p0.money == start_money + favors["a"]["gain"]["money"]
    # b: four materials, at most two alike
    legal_b = [a for a in sc.legal() if a[1] == "b"]
    assert legal_b and all(sum(a[3]) == favors["b"]["gain"]["materials"] for a in legal_b)
    assert all(max(a[3]) <= favors["b"]["gain"]["max_same_material"] for a in legal_b)
    shops = list(sc.state.shops)
    sc.do(1, ("favor", "b", -1, (2, 2, 0, 0, 0)))
    assert p1.hand == [2, 2, 0, 0, 0] and sc.state.shops == [shops[0] - 2, shops[1] - 2, *shops[2:]]
    sc.refused(("favor", "b", -1, (3, 1, 0, 0, 0)), "setup.favors")
    # c: an apprentice from the academy
    academy, supply = p2.academy, p2.apprentices
    sc.do(2, ("favor", "c", -1, zero))
    assert (p2.academy, p2.apprentices) == (academy - 1, supply + 1)
    # d3 needs a large lab, d4 a free robot space: neither is offered to a starting player
    assert not [a for a in sc.legal() if a[1] in ("d3", "d4")]
    sc.refused(("favor", "d4", 0, zero), "setup.favors")
    # d1: flip the small lab + one material
    sc.do(3, ("favor", "d1", 0, (0, 0, 0, 0, 1)))
    assert (p3.labs[0].kind, p3.labs[0].side) == ("small", "b") and p3.hand[4] == 1
    # second turn of seat 0: d2 takes the large lab + one material
    sc.do(0, ("favor", "d2", -1, (1, 0, 0, 0, 0)))
    assert [(lab.kind, lab.side) for lab in p0.labs] == [("small", "a"), ("large", "a")]
    assert p0.hand[0] == 1
    sc.do(1, ("favor", "a", -1, zero))
    sc.do(2, ("favor", "a", -1, zero))
    # d4 for seat 3: the flipped small lab has a robot space
    robots = p3.robot_supply
    assert ("favor", "d4", 0, zero) in sc.legal()
    sc.do(3, ("favor", "d4", 0, zero))
    assert p3.labs[0].robots == 1 and p3.robot_supply == robots - 1
    # third turn of seat 0: d3 flips the large lab it now owns
    sc.do(0, ("favor", "d3", 1, (0, 1, 0, 0, 0)))
    assert p0.labs[1].side == "b"
    check_invariants(sc.game, sc.opening)


@pytest.mark.rule("setup.favor_letter_limit")
@pytest.mark.parametrize("n", range(2, 6))
def test_favor_letter_limit_by_player_count(ruleset, doc, n):
    """F9 / R13: with 4-5 players nobody takes the same letter three times; fewer players have fewer favors."""
    limit = doc["setup"]["advanced"]["max_same_letter"].get(str(n))
    per = doc["setup"]["advanced"]["favors_per_player"][str(n)]
    assert limit is not None or per < 3
    sc = _favor_game(ruleset, n, seed=4)
    zero = (0,) * len(ruleset.rules.materials)
    rng = random.Random(n)
    while sc.phase == "favors":
        if sc.who == 0:
            letters = {a[1] for a in sc.legal()}
            taken = sc.state.step["taken"][0]
            if limit is not None and taken.count("a") >= limit:
                assert "a" not in letters
                sc.refused(("favor", "a", -1, zero), "setup.favor_letter_limit")
            sc.game.apply(("favor", "a", -1, zero) if "a" in letters else rng.choice(sc.legal()))
        else:
            sc.game.apply(rng.choice(sc.legal()))
    favor_a = next(f for f in doc["setup"]["advanced"]["favors"] if f["id"] == "a")["gain"]["money"]
    start_money = doc["setup"]["advanced"]["per_player"]["money"]
    assert sc.state.players[0].money == start_money + favor_a * min(per, limit or per)


@pytest.mark.rule("inventions.tiers")
def test_tiers_components_and_weeks(ruleset, doc):
    """001 §4: 1-4 material cards by background (bronze, copper, silver, gold), 4/7/11/15 weeks."""
    tiers = doc["inventions"]["tiers"]
    assert [(t["id"], t["components"], t["weeks"]) for t in tiers] == [
        ("bronze", 1, 4), ("copper", 2, 7), ("silver", 3, 11), ("gold", 4, 15)]
    by_id = {t["id"]: t for t in tiers}
    for card in ruleset.rules.cards.values():
        assert sum(card.components) == by_id[card.tier]["components"], card.id
        assert card.weeks == by_id[card.tier]["weeks"]
        assert ruleset.rules.tiers.index(card.tier) == card.tier_rank


@pytest.mark.rule("inventions.cards")
def test_the_twenty_five_inventions(ruleset, doc):
    """001 §1/§3/§4: 25 inventions of five types; 16-25 gold; the §4 card: 11 weeks, 2 wood + 1 glass, 13/10."""
    cards = doc["inventions"]["cards"]
    rules = ruleset.rules
    assert sorted(c["id"] for c in cards) == list(range(1, 26))
    assert {c["type"] for c in cards} == set(doc["inventions"]["types"]) and len(doc["inventions"]["types"]) == 5
    assert all(c["tier"] == "gold" for c in cards if c["id"] >= 16)
    assert all(c["rewards"]["first"] > c["rewards"]["later"] for c in cards)
    example = rules.cards[9]
    assert (example.weeks, example.first, example.later) == (11, 13, 10)
    assert dict(zip(rules.materials, example.components, strict=True)) == {
        "iron": 0, "wood": 2, "rope": 0, "brick": 0, "glass": 1}
    sc = Scenario(ruleset, 2, seed=1)
    sc.refused(("start", 0, 26), "inventions.cards")
    sc.refused(("start", 0, "9"), "inventions.cards")

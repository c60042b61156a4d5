"""Moves a pack declares (mechanics.moves, issue 43 item 2): a verb made of operations over the pack's parts,
offered where the data says, within its limit, only when all of it can be done; a refused one names its
rule and changes nothing; its ids come after the game's own; a declaration that names nothing is refused
at its line; and it is said from its operations."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.random_play import random_moves

from regola.core.errors import IllegalAction, PackError
from regola.core.game import CHANCE, Game, Ruleset, load_ruleset
from regola.core.pack import load_pack
from regola.text.moves import move_words
from regola.text.speech import speech_for

SETUP = {"cs": "beginner", "pl": "standard"}


@functools.cache
def ruleset(pack: str, *variants: str) -> Ruleset:
    return Ruleset(load_pack(pack, variants=list(variants)))


def _house(tmp_path: Path, pack: str, move: str, *more: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"variant:\n  id: house\n  base: [{pack}]\n  title: House\n  changes:\n"
                    f"    - {{op: add, path: /mechanics/moves, value: {{{move}}}}}\n"
                    + "".join(f"    - {c}\n" for c in more), encoding="utf-8")
    return path


def _where_offered(rs: Ruleset, action: tuple[str, ...]) -> Game:
    """A random game of ``rs`` played until ``action`` is legal."""
    game = Game.new(rs, 3, 1, SETUP[rs.pack.id])
    for _ in random_moves(game, random.Random(1)):
        if action in game.legal_actions():
            return game
    raise AssertionError(f"{action} was never offered")


def _decisions(rs: Ruleset, seed: int, verbs: set[str]) -> Iterator[tuple[Game, int, tuple[Any, ...]]]:
    """A random game of ``rs``, chance drawn as it comes: at each decision (game, seat, the action chosen,
    half the time one of ``verbs`` where offered) before it is applied. The caller applies it."""
    game = Game.new(rs, 3, seed, SETUP[rs.pack.id])
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = list(game.legal_actions())
        mine = [a for a in legal if a[0] in verbs]
        action = mine[rng.randrange(len(mine))] if mine and rng.random() < 0.5 else legal[rng.randrange(len(legal))]
        yield game, game.current_player(), action


def _counts(game: Game) -> list[tuple[int, int, int]]:
    """Per seat (florins, jesters, prestige), and the jesters left in the supply."""
    st = game.state
    return [(p.money, p.jesters, p.prestige) for p in st.players] + [(st.jesters, 0, 0)]


def test_a_bought_jester_costs_its_price_comes_from_the_supply_once_a_round() -> None:
    rs = ruleset("pl", "pf-buy-jester")
    bought = 0
    for seed in range(4):
        per_round: dict[tuple[int, int], int] = {}
        for game, seat, action in _decisions(rs, seed, {"buy_jester"}):
            st = game.state
            offered = ("buy_jester",) in game.legal_actions()
            assert offered == (st.flow_state == "actions" and st.players[seat].money >= 300 and st.jesters > 0
                               and per_round.get((st.round, seat), 0) == 0
                               and st.step.get("pending") is None)  # not while an action is being finished
            before = _counts(game)
            game.apply(action)
            if action == ("buy_jester",):
                bought += 1
                per_round[(st.round, seat)] = 1
                after = _counts(game)
                assert after[seat] == (before[seat][0] - 300, before[seat][1] + 1, before[seat][2])
                assert after[-1][0] == before[-1][0] - 1
                assert game.current_player() == seat  # the decision stays with the buyer
    assert bought > 5


def test_a_refused_move_names_its_rule_and_changes_nothing() -> None:
    rs = ruleset("pl", "pf-buy-jester")
    game = _where_offered(rs, ("buy_jester",))
    game.apply(("buy_jester",))
    frozen = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as refused:
        game.apply(("buy_jester",))  # once a round
    assert refused.value.rule == "mechanics.moves.buy_jester"
    assert json.dumps(game.to_json(), sort_keys=True) == frozen
    # the game, saved and loaded mid-round, still knows the move is used
    again = Game.from_json(rs, json.loads(frozen))
    assert ("buy_jester",) not in again.legal_actions()


def test_a_move_limited_per_turn_comes_back_after_a_move_of_the_games_own(tmp_path: Path) -> None:
    rs = load_ruleset("pl", [_house(tmp_path, "pl", "tip: {in: turn, limit: {times: 1, per: turn}, "
                                    "do: [{pay: money, amount: 100}, {gain: prestige, amount: 1}]}")])
    game = Game.new(rs, 3, 2, SETUP["pl"])
    seen = 0
    def choose(g: Game, rng: random.Random) -> tuple[str, ...]:
        legal = g.legal_actions()
        return ("tip",) if ("tip",) in legal and rng.random() < 0.7 else legal[rng.randrange(len(legal))]

    for _ in random_moves(game, random.Random(2), choose):
        if game.is_terminal() or game.current_player() < 0 or not game.history or game.history[-1][1] != ("tip",):
            continue
        seen += 1
        assert ("tip",) not in game.legal_actions()  # used this turn: not again before a move of its own
    assert seen > 3


def test_a_material_sold_goes_back_to_the_city_and_one_bought_pays_the_council() -> None:
    for variant in ("ml-sell-material", "ml-buy-material"):
        rs = ruleset("cs", variant)
        used = 0
        for seed in range(3):
            for game, seat, action in _decisions(rs, seed, {"sell_material", "buy_material"}):
                st = game.state
                hand, shops = st.players[seat].hand[:], st.shops[:]
                money, council = st.players[seat].money, st.council_money
                game.apply(action)
                if action[0] not in ("sell_material", "buy_material"):
                    continue
                used += 1
                k = rs.rules.materials.index(action[1])
                sign = -1 if action[0] == "sell_material" else 1
                assert st.players[seat].hand[k] == hand[k] + sign and st.shops[k] == shops[k] - sign
                assert sum(st.players[seat].hand) == sum(hand) + sign
                if action[0] == "sell_material":
                    assert st.players[seat].money == money + 2
                else:
                    assert (st.players[seat].money, st.council_money) == (money - 3, council + 3)
        assert used > 3, variant


def test_a_loan_is_a_count_the_rules_keep_and_costs_prestige_at_the_end() -> None:
    base, rs = ruleset("pl"), ruleset("pl", "pf-loan")
    for seed in range(3):
        game = Game.new(rs, 3, seed, SETUP["pl"])
        for _ in random_moves(game, random.Random(seed)):
            pass
        borrowed = [sum(1 for who, a in game.history if who == seat and a == ("borrow",)) for seat in range(3)]
        assert all(b <= 1 for b in borrowed)
        loans = rs.rules.mechanics.parts["loans"]
        assert [loans(game.state, seat) for seat in range(3)] == borrowed
        assert game.view(1)["kept"] == {"loans": borrowed}  # everyone sees everyone's loans
    assert base.action_space().size < rs.action_space().size


def test_declared_moves_are_numbered_after_the_games_own() -> None:
    for pack, variant in (("pl", "pf-buy-jester"), ("cs", "ml-sell-material")):
        own, more = ruleset(pack).action_space(), ruleset(pack, variant).action_space()
        assert [k.verb for k in more.kinds[:len(own.kinds)]] == [k.verb for k in own.kinds]
        assert [k.verb for k in more.kinds[len(own.kinds):]] == [variant.split("-", 1)[1].replace("-", "_")]
        first = more.size - more.kinds[-1].size
        assert more.action(first)[0] == more.kinds[-1].verb
    # a move that brings no gulden leaves every id of the printed game meaning what it meant
    own, more = ruleset("pl").action_space(), ruleset("pl", "pf-buy-jester").action_space()
    assert more.kinds[:len(own.kinds)] == own.kinds and more.size - more.kinds[-1].size == own.size


@pytest.mark.parametrize(("move", "pointer"), [
    ("x: {in: [nowhere], limit: {times: 1, per: round}, do: [{gain: money, amount: 1}]}", "/mechanics/moves/x/in/0"),
    ("x: {in: turn, limit: {times: 1, per: round}, do: [{gain: freedoms, amount: 1}]}", "/mechanics/moves/x/do/0/gain"),
    ("x: {in: turn, limit: {times: 1, per: round}, do: [{pay: money, amount: 1, to: jesters}]}",
     "/mechanics/moves/x/do/0/to"),
    ("x: {in: turn, limit: {times: 1, per: round}, do: [{pay: money, amount: 1}, {gain: money, amount: 2}]}",
     "/mechanics/moves/x/do/1"),
    ("x: {in: turn, limit: {times: 1, per: round}, do: [{take: professions, amount: 1}]}",
     "/mechanics/moves/x/do/0/take"),
])
def test_a_move_that_names_nothing_is_refused_at_its_line(tmp_path: Path, move: str, pointer: str) -> None:
    with pytest.raises(PackError) as refused:
        load_ruleset("pl", [_house(tmp_path, "pl", move)])
    assert refused.value.field == pointer, refused.value.message
    assert refused.value.line is not None


def test_a_move_is_said_from_its_operations_in_each_language() -> None:
    rs = ruleset("pl", "pf-buy-jester")
    game = _where_offered(rs, ("buy_jester",))
    for lang, words in (("en", ("300", "jester")), ("pl", ("300", "błazna")), ("de", ("300", "Gaukler"))):
        said = move_words(rs.definition, game.state, game.current_player(), ("buy_jester",),
                          speech_for(rs.pack, lang))
        assert all(w in said for w in words) and "buy_jester" not in said, said


MOVE_RULES = [("pl", "pf-buy-jester"), ("pl", "pf-jester-trade"), ("pl", "pf-loan"), ("pl", "pf-patron-gift"),
              ("pl", "pf-buy-bonus"),
              ("cs", "ml-sell-material"), ("cs", "ml-buy-material"), ("cs", "ml-material-trade"),
              ("cs", "ml-council-purse"), ("cs", "ml-sell-invention"), ("cs", "ml-invention-market"),
              ("cs", "ml-buy-leonardo"), ("pl", "pf-buy-start")]


@pytest.mark.parametrize(("pack", "variant"), MOVE_RULES)
def test_every_legal_action_has_an_id_that_means_it(pack: str, variant: str) -> None:
    """OpenSpiel reads the game by ids: under a house rule's moves every legal action still has one, and
    the id means that action (the bids of a purse the move fills included)."""
    rs = ruleset(pack, variant)
    game = Game.new(rs, 3, 5, SETUP[pack])
    for _ in random_moves(game, random.Random(5)):
        if game.current_player() >= 0:
            ids = game.legal_ids()
            assert [game.action_of(i) for i in ids] == sorted(game.legal_actions(), key=game.action_id)


#: every shape of operation at once, offered at any decision, three times a turn: the hostile relative
HOSTILE = {
    "pl": ("x: {in: turn, limit: {times: 3, per: turn}, do: [{pay: money, amount: 100, to: others}, "
           "{gain: prestige, amount: 1}]}",
           "y: {in: turn, limit: {times: 3, per: turn}, do: [{pay: jesters, amount: 1}, "
           "{gain: architects, amount: 1}]}"),
    "cs": ("x: {in: turn, limit: {times: 3, per: turn}, do: [{pay: money, amount: 1, to: council}, "
           "{take: materials, amount: 1, from: city}]}",
           "y: {in: turn, limit: {times: 3, per: turn}, do: [{gain: money, amount: 2, from: council}, "
           "{return: materials, amount: 2, to: city}]}"),
}


@pytest.mark.parametrize("pack", sorted(HOSTILE))
def test_moves_at_every_decision_keep_every_thing_somewhere(tmp_path: Path, pack: str) -> None:
    x, y = HOSTILE[pack]
    rs = load_ruleset(pack, [_house(tmp_path, pack, f"{x}, {y}")])

    def totals(game: Game) -> tuple[int, ...]:
        st = game.state
        if pack == "pl":  # florins move only between players here; jesters and architects with their supply
            return (sum(p.money for p in st.players) - sum(p.received - p.paid for p in st.players),
                    sum(p.jesters for p in st.players) + st.jesters,
                    sum(p.architects for p in st.players) + st.architects)
        return (*(sum(p.hand[k] for p in st.players) + st.shops[k] for k in range(len(st.shops))),)

    for seed in range(3):
        game = Game.new(rs, 3, seed, SETUP[pack])

        def choose(g: Game, rng: random.Random) -> tuple[object, ...]:
            legal = g.legal_actions()
            mine = [a for a in legal if a[0] in ("x", "y")]
            return mine[rng.randrange(len(mine))] if mine and rng.random() < 0.6 else legal[rng.randrange(len(legal))]

        before = None
        for _ in random_moves(game, random.Random(seed), choose):
            if game.history and game.history[-1][1][0] in ("x", "y"):
                assert before is not None and totals(game) == before
            before = totals(game)
        assert any(a[0] in ("x", "y") for _, a in game.history)


def test_an_exchange_gives_back_one_kind_and_takes_another() -> None:
    rs = ruleset("cs", "ml-material-trade")
    traded = 0
    for seed in range(4):
        for game, seat, action in _decisions(rs, seed, {"trade_materials"}):
            st = game.state
            trades = [a for a in game.legal_actions() if a[0] == "trade_materials"]
            assert all(a[1] != a[2] for a in trades)  # two kinds, never one both ways
            if trades:
                with pytest.raises(IllegalAction) as refused:
                    game.apply(("trade_materials", trades[0][1], trades[0][1]))
                assert refused.value.rule == "mechanics.moves.trade_materials"
            hand, shops = st.players[seat].hand[:], st.shops[:]
            game.apply(action)
            if action[0] != "trade_materials":
                continue
            traded += 1
            back, taken = rs.rules.materials.index(action[1]), rs.rules.materials.index(action[2])
            assert hand[back] >= 2 and (st.players[seat].hand[back], st.players[seat].hand[taken]) == \
                (hand[back] - 2, hand[taken] + 1)
            assert (st.shops[back], st.shops[taken]) == (shops[back] + 2, shops[taken] - 1)
    assert traded > 2


@pytest.mark.parametrize(("pack", "variant", "verb"), [("cs", "ml-council-purse", "council_purse"),
                                                        ("pl", "pf-patron-gift", "patron_gift")])
def test_a_payment_between_holders_moves_exactly_its_amount(pack: str, variant: str, verb: str) -> None:
    rs = ruleset(pack, variant)
    used = 0
    for seed in range(4):
        for game, seat, action in _decisions(rs, seed, {verb}):
            st = game.state
            if pack == "cs":
                assert ((verb,) in game.legal_actions()) <= (st.council_money >= 3)
            money = [p.money for p in st.players]
            council = getattr(st, "council_money", 0)
            game.apply(action)
            if action != (verb,):
                continue
            used += 1
            now = [p.money for p in st.players]
            if pack == "cs":
                assert now[seat] == money[seat] + 3 and st.council_money == council - 3
            else:
                assert now[seat] == money[seat] - 200
                assert all(now[s] == money[s] + 100 for s in range(3) if s != seat)
    assert used > 2


def test_a_drawn_card_is_the_top_of_its_pile_and_the_drawers_alone() -> None:
    rs = ruleset("pl", "pf-buy-bonus")
    drawn = 0
    for seed in range(4):
        for game, seat, action in _decisions(rs, seed, {"buy_bonus"}):
            st = game.state
            deck, hand, money = st.bonus_deck[:], st.players[seat].bonus[:], st.players[seat].money
            game.apply(action)
            if action != ("buy_bonus",):
                continue
            drawn += 1
            assert st.bonus_deck == deck[1:] and st.players[seat].bonus == [*hand, deck[0]]
            assert st.players[seat].money == money - 300
            other = game.view((seat + 1) % 3)["players"][seat]
            assert "bonus" not in other and other["bonus_size"] == len(hand) + 1  # seen as a count only
    assert drawn > 2


def _cards(game: Game) -> tuple[list[list[int]], list[int], list[int]]:
    st = game.state
    return [p.cards[:] for p in st.players], st.box_cards[:], [p.money for p in st.players] + [st.council_money]


def test_a_chosen_card_goes_to_the_box_and_comes_back_from_it() -> None:
    """ml-invention-market: a seat sells one of its invention cards into the box for 3 gulden and buys one
    of the box's for 5 paid to the council, each once a round, naming the card; a card it does not hold
    (or the box lacks) is refused under the move's rule and changes nothing."""
    rs = ruleset("cs", "ml-invention-market")
    sold = bought = 0
    for seed in range(6):
        used: dict[tuple[str, int, int], int] = {}
        for game, seat, action in _decisions(rs, seed, {"sell_invention", "buy_invention"}):
            st = game.state
            legal = game.legal_actions()
            mine, box = st.players[seat].cards, st.box_cards
            sells = sorted(a[1] for a in legal if a[0] == "sell_invention")
            buys = sorted(a[1] for a in legal if a[0] == "buy_invention")
            assert sells in ([], sorted(mine)) and not (sells and used.get(("sell", st.round, seat)))
            assert buys in ([], sorted(box)) and not (buys and (st.players[seat].money < 5
                                                               or used.get(("buy", st.round, seat))))
            stranger = next(c for c in rs.rules.card_ids if c not in mine and c not in box)
            for verb in ("sell_invention", "buy_invention"):
                before = json.dumps(game.to_json(), sort_keys=True)
                with pytest.raises(IllegalAction) as refused:
                    game.apply((verb, stranger))
                assert refused.value.rule == f"mechanics.moves.{verb}"
                assert json.dumps(game.to_json(), sort_keys=True) == before
            cards, box_before, money = _cards(game)
            game.apply(action)
            if action[0] not in ("sell_invention", "buy_invention"):
                continue
            card = action[1]
            now_cards, now_box, now_money = _cards(game)
            if action[0] == "sell_invention":
                sold += 1
                used[("sell", st.round, seat)] = 1
                assert card in cards[seat] and card not in now_cards[seat] and now_box == [*box_before, card]
                assert now_money[seat] == money[seat] + 3 and now_money[-1] == money[-1]
            else:
                bought += 1
                used[("buy", st.round, seat)] = 1
                assert card in box_before and now_cards[seat] == [*cards[seat], card] and card not in now_box
                assert now_money[seat] == money[seat] - 5 and now_money[-1] == money[-1] + 5
    assert sold and bought


def test_a_move_with_neither_limit_says_which_fields_each_form_needs(tmp_path: Path) -> None:
    """Two forms that differ only by the fields they hold are told apart in the words (it read 'expected a
    mapping or a mapping, got a mapping')."""
    with pytest.raises(PackError) as refused:
        load_ruleset("cs", [_house(tmp_path, "cs", "x: {in: turn, do: [{pay: money, amount: 1}]}")])
    assert refused.value.field == "/mechanics/moves/x"
    assert "with 'limit' but without 'until'" in str(refused.value)
    assert "with 'until' but without 'limit'" in str(refused.value)


@pytest.mark.parametrize(("move", "field", "said"), [
    ("x: {in: turn, limit: {times: 1, per: turn}, do: [{discard: materials, to: box}]}", "/do/0/discard",
     "names its cards"),
    ("x: {in: turn, limit: {times: 1, per: turn}, do: [{discard: inventions, to: city}]}", "/do/0/to",
     "shared holding of single cards"),
    ("x: {in: turn, limit: {times: 1, per: turn}, do: [{discard: inventions, to: inventions}]}", "/do/0/to",
     "shared holding of single cards"),
    ("x: {in: turn, limit: {times: 1, per: turn}, do: [{take: inventions, amount: 2, from: box}]}", "/do/0/amount",
     "one card"),
    ("x: {in: turn, limit: {times: 1, per: turn}, do: [{take: inventions, amount: 1}]}", "/do/0",
     "shared holding of single cards"),
])
def test_a_card_move_that_names_no_card_place_is_refused_at_its_line(tmp_path: Path, move: str, field: str,
                                                                      said: str) -> None:
    with pytest.raises(PackError) as refused:
        load_ruleset("cs", [_house(tmp_path, "cs", move)])
    assert refused.value.field is not None and refused.value.field.endswith(f"/mechanics/moves/x{field}")
    assert said in str(refused.value)


@pytest.mark.parametrize(("pack", "variant", "verb", "price"), [("cs", "ml-buy-leonardo", "claim_leonardo", 2),
                                                                ("pl", "pf-buy-start", "claim_start", 200)])
def test_a_claimed_start_is_the_claimers_as_the_next_round_begins(pack: str, variant: str, verb: str,
                                                                   price: int) -> None:
    """The claimer pays and, as the next round begins, holds the start marker whatever the start rule or
    the round's own moves (the council) would do; once one seat has claimed in a round nobody else may, and
    every view says who has."""
    rs = ruleset(pack, variant)
    start_of = (lambda st: st.leonardo) if pack == "cs" else (lambda st: st.start)
    claims = 0
    for seed in range(4):
        promised: tuple[int, int] | None = None  # (round, seat)
        for game, seat, action in _decisions(rs, seed, {verb}):
            st = game.state
            if promised is not None and st.round > promised[0]:
                assert start_of(st) == promised[1]
                promised = None
            offered = (verb,) in game.legal_actions()
            if promised is not None:
                assert not offered and game.view(seat)["claimed"] == promised[1]
            money = st.players[seat].money
            game.apply(action)
            if action == (verb,):
                claims += 1
                assert promised is None and st.players[seat].money == money - price
                promised = (st.round, seat)
                assert all(game.view(s)["claimed"] == seat for s in range(len(st.players)))
    assert claims > 3


def test_a_claim_names_the_start_marker(tmp_path: Path) -> None:
    with pytest.raises(PackError) as refused:
        load_ruleset("cs", [_house(tmp_path, "cs", "x: {in: turn, limit: {times: 1, per: round}, "
                                                   "do: [{claim: leonardo}]}")])
    assert refused.value.field == "/mechanics/moves/x/do/0/claim" and "expected 'start'" in str(refused.value)


def test_every_operation_says_every_shape_it_can_take() -> None:
    """Each operation's class keeps its words (regola.mechanics.operations): every shape its places and
    choices can make names one of its sentences, and the schema's list of operations is the classes'."""
    from regola.mechanics.operations import CHOSEN, OPERATIONS, do_schema
    from regola.mechanics.parts import OTHERS

    for verb, kind in OPERATIONS.items():
        for place in (None, OTHERS, CHOSEN, "council"):
            for chosen in (False, True):
                for card in (False, True):
                    assert kind.shape(place, chosen, card) in kind.SAYS, (verb, place, chosen, card)
        assert verb in kind.SCHEMA["required"]
    assert [item["required"][0] for item in do_schema()["items"]["oneOf"]] == list(OPERATIONS)

"""The public corpus of house rules (issue 26): each a variant under rulepacks/<pack>/variants/house/,
data only, checked clean, played to the end by every bot, worded in five languages, and pinned by a
test of the behaviour its words state."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests.mechanics.bots import every_bot_ends

from regola import paths
from regola.bots.specs import make_bot
from regola.check import run
from regola.check.report import exit_status
from regola.core.errors import PackError
from regola.core.game import CHANCE, TERMINAL, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play
from regola.core.step import Action
from regola.text.catalog import catalogs_for
from regola.text.diff import diff_rules, variant_title

HOME = paths.home()
CORPUS = {  # variant -> (pack, the numbers its words must show)
    "ml-upgrade-points": ("cs", ["2"]),
    "ml-catch-up-income": ("cs", ["2"]),
    "ml-start-least-money": ("cs", []),
    "ml-leonardo-returns": ("cs", []),
    "ml-start-highest-bidder": ("cs", []),
    "pf-start-highest-bidder": ("pl", []),
    "ml-end-six-inventions": ("cs", ["6"]),
    "pf-freedom-bonus": ("pl", ["2"]),
    "pf-poor-relief": ("pl", ["200"]),
    "pf-start-least-prestige": ("pl", []),
    "pf-end-at-50": ("pl", ["50"]),
    "pf-sudden-end-40": ("pl", ["40"]),
    "ml-open-money": ("cs", []),
    "ml-open-deck": ("cs", []),
    "pf-open-prestige": ("pl", []),
    "pf-profession-draft": ("pl", ["4", "3"]),
    "ml-auction-tie-clockwise": ("cs", []),
    "ml-open-auction": ("cs", []),
    "pf-dutch-auction": ("pl", ["700", "100"]),
    "pf-sealed-auction": ("pl", ["200", "100"]),
    # parts no game lent before (issue 43: mechanics.parts), and payments
    "pf-jester-prestige": ("pl", []),
    "pf-architect-aid": ("pl", ["1"]),
    "pf-wealth-tax": ("pl", ["100"]),
    "pf-jesters-start": ("pl", []),
    "ml-material-value": ("cs", []),
    "ml-rich-pay": ("cs", ["2"]),
    "ml-end-hoard": ("cs", ["12"]),
    "ml-council-tax": ("cs", ["1"]),
    "pf-patronage": ("pl", ["100"]),
    "pf-secret-florins": ("pl", []),
    "ml-tie-nobody": ("cs", []),
    "ml-top-card": ("cs", ["1"]),
    # moves declared in data (issue 43 item 2): paying for something, exchanging, now against a cost later
    "pf-buy-jester": ("pl", ["300"]),
    "pf-jester-trade": ("pl", ["2"]),
    "pf-loan": ("pl", ["500"]),
    "ml-sell-material": ("cs", ["2"]),
    "ml-buy-material": ("cs", ["3"]),
    "ml-material-trade": ("cs", ["2", "1"]),
    "ml-council-purse": ("cs", ["3"]),
    "pf-patron-gift": ("pl", ["100", "2"]),
    "pf-buy-bonus": ("pl", ["300"]),
    # auction forms moved across games (issue 43 item 3): Princes of Florence's Dutch and fixed-price lots
    "ml-dutch-auction": ("cs", ["8", "2"]),
    "ml-fixed-price": ("cs", ["5"]),
    "ml-sealed-steps": ("cs", ["2", "6"]),  # Princes of Florence's listed sealed bids
    # the final ranking's tie-breaks as data (item 3): any measure of the pack's parts, in order
    "ml-tiebreak-materials": ("cs", []),
    "ml-tiebreak-completed": ("cs", []),
    "pf-tiebreak-jesters": ("pl", []),
    "ml-tiebreak-thrift": ("cs", []),  # fewer is better: who paid less at the last auctions
    # Maestro Leonardo's tie rule 'nobody' moved to Princes of Florence's sealed lots
    "pf-sealed-tie-nobody": ("pl", ["200", "100"]),
    # orders of play by a measure, set anew as each round begins (item 3)
    "ml-poorest-first": ("cs", []),
    "ml-inventors-first": ("cs", []),
    "pf-prestige-order": ("pl", []),
    # limits on what a player holds, the holder choosing what goes (item 3)
    "ml-hand-limit": ("cs", ["5"]),
    "pf-jester-limit": ("pl", ["2"]),
    "ml-purse-limit": ("cs", ["30"]),
    # the top cards of a pile shown, in Princes of Florence too (item 1)
    "pf-top-professions": ("pl", ["2"]),
    "pf-top-prestige": ("pl", ["1"]),
    # a file that carries its own titles: the whole rule card in one file (no catalog line)
    "pf-fixed-price": ("pl", ["400"]),
    "ml-council-grant": ("cs", ["3"]),
    "pf-patron-fee": ("pl", ["200", "1"]),
    # a chosen card discarded to a shared place, and taken from one (item 2): the box of inventions
    "ml-sell-invention": ("cs", ["4"]),
    "ml-invention-market": ("cs", ["3", "5"]),
    # a marker moved by a move (item 2): the start of the next round, claimed
    "ml-buy-leonardo": ("cs", ["2"]),
    "pf-buy-start": ("pl", ["200"]),
    # a form added after the redesign: the order of play by turns (one record's form: its words, its behaviour)
    "pf-alternating-order": ("pl", []),
    "pf-start-passes-back": ("pl", ["1"]),  # and a start rule's form: the start passes back
}
LANGUAGES = ("cs", "de", "en", "fr", "pl")
SETUP = {"cs": "beginner", "pl": "standard"}


@functools.cache
def ruleset(pack: str, *variants: str) -> Ruleset:
    return Ruleset(load_pack(pack, variants=list(variants)))


def _file(variant: str) -> Path:
    return HOME / "rulepacks" / CORPUS[variant][0] / "variants" / "house" / f"{variant}.yaml"


@pytest.mark.parametrize("variant", sorted(CORPUS))
def test_is_data_only_and_checks_clean(variant: str) -> None:
    result = run([_file(variant)], HOME)
    assert result.variants == [f"{variant}.yaml"]
    assert exit_status(result.findings, strict=True) == 0, [f.message for f in result.findings]


@pytest.mark.parametrize("variant", sorted(CORPUS))
def test_every_bot_plays_it_to_the_end(variant: str) -> None:
    pack = CORPUS[variant][0]
    every_bot_ends(ruleset(pack, variant), 3, 11, SETUP[pack], variant)


@pytest.mark.parametrize("variant", sorted(CORPUS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_diff_says_it_in_five_languages(variant: str, lang: str) -> None:
    pack = CORPUS[variant][0]
    base = load_pack(pack)
    catalog, fallback = catalogs_for(lang, base.game, base.language, HOME)
    diff = diff_rules(catalog, base, load_pack(pack, variants=[variant]), fallback)
    said = [after for _, after in diff.changed] + diff.added
    unsaid = [v for v in diff.values if v.kind != "text"]  # a value no sentence shows
    # one rule a change, and no value left unsaid (a loan is a count, a move and an award: three rules)
    assert len(said) == len(load_pack(pack, variants=[variant]).variants[0].changes) and not unsaid
    for rule in said:
        assert rule.language == lang and "{" not in rule.text and "_" not in rule.text
    for number in CORPUS[variant][1]:
        assert any(number in rule.text for rule in said)
    titled = load_pack(pack, variants=[variant]).variants[0]
    assert diff.titles and diff.titles[0] == variant_title(catalog, titled) != variant  # never the bare id
    # a title in every language: the catalog's, or the file's own
    assert lang == base.language or variant in catalog.names("variants") or lang in titled.titles


# --- the behaviour each one's words state ------------------------------------------------------------

def _neutral(game: Game) -> Action:
    """The decision that changes the least (pass, decline, end, bid 0, keep Leonardo), else the first."""
    legal = game.legal_actions()
    keep = getattr(game.state, "leonardo", None)
    for preferred in (("pass",), ("decline",), ("withdraw",), ("end",), ("wait",), ("bid", 0), ("leonardo", keep)):
        if preferred in legal:
            return preferred
    return legal[0]


def _until(game: Game, holds: Callable[[Game], bool], limit: int = 20_000) -> None:
    for _ in range(limit):
        if holds(game):
            return
        who = game.current_player()
        assert who != TERMINAL, "the game ended first"
        game.apply(game.sample_chance() if who == CHANCE else _neutral(game))
    raise AssertionError("never held")


def _edit(game: Game, change: Callable[[object], None]) -> Game:
    """The game after ``change`` set up a situation in its state, reloaded through the JSON round trip."""
    change(game.state)
    return Game.from_json(game.ruleset, game.to_json())


def _at_round(n: int, phase: str) -> Callable[[Game], bool]:
    return lambda g: g.state.round == n and g.state.flow_state == phase and g.current_player() >= 0


def _finished(game: Game) -> Game:
    _until(game, lambda g: g.current_player() == TERMINAL)
    return game


@pytest.mark.parametrize(("variant", "pack", "measure", "per"), [
    ("ml-upgrade-points", "cs", lambda p: p.upgrades, ("money", 2)),
    ("pf-freedom-bonus", "pl", lambda p: len(p.freedoms), ("prestige", 2)),
    ("pf-jester-prestige", "pl", lambda p: p.jesters, ("prestige", 1)),
    ("ml-material-value", "cs", lambda p: sum(p.hand), ("money", 1)),
])
def test_a_game_end_award_adds_its_amount_per_thing_counted(variant: str, pack: str, measure: Callable[[object], int],
                                                            per: tuple[str, int]) -> None:
    """The same seed and bots play the same game with and without the rule (it acts only at the end);
    the final totals then differ by exactly the award."""
    field, amount = per
    for seed in range(1, 30):
        games = []
        for rs in (ruleset(pack), ruleset(pack, variant)):
            game = Game.new(rs, 3, seed=seed, setup=SETUP[pack])
            games.append(play(game, [make_bot("greedy", s, seed, rs) for s in range(3)]))
        plain, ruled = games
        counted = [measure(p) for p in ruled.state.players]
        if not any(counted):
            continue
        assert [measure(p) for p in plain.state.players] == counted
        assert [getattr(q, field) - getattr(p, field) for p, q in zip(plain.state.players, ruled.state.players,
                                                                      strict=True)] == [amount * c for c in counted]
        return
    raise AssertionError("no seed gave anyone something to count")


@pytest.mark.parametrize(("variant", "pack", "gift"), [("ml-catch-up-income", "cs", 2), ("pf-poor-relief", "pl", 200)])
def test_the_poorest_are_paid_as_each_round_starts(variant: str, pack: str, gift: int) -> None:
    game = Game.new(ruleset(pack, variant), 4, seed=3, setup=SETUP[pack])
    first = "planning" if pack == "cs" else "auction"
    _until(game, _at_round(1, first))

    def poorest_is(seats: list[int]) -> Callable[[object], None]:
        def change(state: object) -> None:
            for p in state.players:  # type: ignore[attr-defined]
                p.money = 30 if p.seat in seats else 40
        return change

    for rnd, seats in ((2, [2]), (3, [1, 3])):
        game = _edit(game, poorest_is(seats))
        before = [p.money for p in game.state.players]
        _until(game, _at_round(rnd, first))
        after = [p.money for p in game.state.players]
        assert [a - b for a, b in zip(after, before, strict=True)] == [gift if s in seats else 0 for s in range(4)]


@pytest.mark.parametrize(("variant", "pack", "tax"), [("ml-rich-pay", "cs", 2), ("pf-wealth-tax", "pl", 100)])
def test_the_richest_pay_as_each_round_ends(variant: str, pack: str, tax: int) -> None:
    """A payment: the richest (all of them, on a tie) pay the amount as the round ends; one who has less
    pays all they have."""
    game = Game.new(ruleset(pack, variant), 4, seed=3, setup=SETUP[pack])
    first = "planning" if pack == "cs" else "auction"
    _until(game, _at_round(1, first))
    for rnd, money in ((2, [30, 40, 30, 30]), (3, [tax // 2, tax // 2, 0, 0])):
        game = _edit(game, lambda state, money=money: [setattr(p, "money", money[p.seat])  # type: ignore[misc]
                                                        for p in state.players])  # type: ignore[attr-defined]
        richest = [s for s in range(4) if money[s] == max(money)]
        plain = Game.from_json(ruleset(pack), game.to_json())  # the same round without the rule
        _until(game, _at_round(rnd, first))
        _until(plain, _at_round(rnd, first))
        paid = [b.money - a.money for a, b in zip(game.state.players, plain.state.players, strict=True)]
        assert paid == [min(tax, money[s]) if s in richest else 0 for s in range(4)], (rnd, paid)


@pytest.mark.parametrize(("variant", "pack", "field", "start", "most"), [
    ("ml-start-least-money", "cs", "money", "leonardo", False),
    ("pf-start-least-prestige", "pl", "prestige", "start", False),
    ("pf-jesters-start", "pl", "jesters", "start", True),
])
def test_the_one_with_the_fewest_starts_and_ties_go_clockwise(variant: str, pack: str, field: str, start: str,
                                                              most: bool) -> None:
    """The fewest (or, under a rule of the most, the most) starts; a tie goes to the first tied player
    clockwise from the previous start player, that player included."""
    first = "planning" if pack == "cs" else "auction"
    game = Game.new(ruleset(pack, variant), 4, seed=5, setup=SETUP[pack])
    _until(game, _at_round(1, first))
    for rnd, values, expected in ((2, [9, 9, 3, 9], 2), (3, [9, 4, 9, 4], 3), (4, [4, 9, 9, 4], 3)):
        values = [10 - v for v in values] if most else values

        def change(state: object, values: list[int] = values) -> None:
            for p in state.players:  # type: ignore[attr-defined]
                setattr(p, field, values[p.seat])
        previous = getattr(game.state, start)
        game = _edit(game, change)
        _until(game, _at_round(rnd, first))
        # ties: the first clockwise from the previous start player, that player included
        assert getattr(game.state, start) == expected, (rnd, previous)


@pytest.mark.parametrize(("variant", "pack", "reach"), [
    ("ml-end-six-inventions", "cs", lambda p: setattr(p, "completed", list(range(1, 7)))),
    ("pf-end-at-50", "pl", lambda p: setattr(p, "prestige", 50)),
    ("ml-end-hoard", "cs", lambda p: p.hand.__setitem__(0, 12)),
])
def test_the_game_ends_after_the_round_in_which_someone_reaches_it(variant: str, pack: str,
                                                                   reach: Callable[[object], None]) -> None:
    first = "planning" if pack == "cs" else "auction"
    for rs, ends_in in ((ruleset(pack, variant), 2), (ruleset(pack), None)):
        game = Game.new(rs, 3, seed=7, setup=SETUP[pack])
        _until(game, _at_round(2, first))
        game = _edit(game, lambda state: reach(state.players[1]))  # type: ignore[attr-defined]
        last = _finished(game).state.round
        assert last == (ends_in or rs.rules.rounds)


def test_one_short_of_the_threshold_plays_on() -> None:
    game = Game.new(ruleset("pl", "pf-end-at-50"), 3, seed=7, setup="standard")
    _until(game, _at_round(2, "auction"))
    game = _edit(game, lambda state: setattr(state.players[0], "prestige", 49))  # type: ignore[attr-defined]
    _until(game, _at_round(3, "auction"))


@pytest.mark.parametrize(("variant", "pack", "part", "field"), [
    ("ml-open-money", "cs", "money", "money"),
    ("pf-open-prestige", "pl", "prestige_cards", "prestige_cards"),
])
def test_an_opened_part_reaches_the_view_the_search_and_the_observation(variant: str, pack: str, part: str,
                                                                        field: str) -> None:
    """Opened, another seat's part is in seat 0's view, kept in its information state (not guessed) and
    in its observation tensor; in the pack as printed it is in none of them."""
    first = "planning" if pack == "cs" else "actions"
    for rs, open_ in ((ruleset(pack, variant), True), (ruleset(pack), False)):
        game = Game.new(rs, 3, seed=9, setup=SETUP[pack])
        _until(game, lambda g: g.state.flow_state == first and g.current_player() >= 0)
        if pack == "pl":  # seat 1 holds a prestige card: one from the pile, for the test
            game = _edit(game, lambda st: st.players[1].prestige_cards.append(st.prestige_deck.pop()))  # type: ignore[attr-defined]
        other = game.state.players[1]
        shown = game.view(0)["players"][1]
        assert (field in shown) is open_
        if open_:
            assert shown[field] == getattr(other, field)
        info = game.information_state(0).state.players[1]
        assert (getattr(info, field) == getattr(other, field)) is open_, "what is open is known, not guessed"
        spec = rs.definition.tensor_spec(rs, 3)
        tensor = spec.encode(game.view(0), 0)
        offset, shape = spec.offsets[field], spec.shapes[field]
        per_seat = 1
        for extent in shape[1:]:
            per_seat *= extent
        seat_one = tensor[offset + per_seat: offset + 2 * per_seat]  # relative seat 1 of observer 0
        assert any(seat_one) is open_


def test_a_secret_purse_is_in_no_other_view_information_state_or_observation() -> None:
    """'Florins are secret': another seat's florins leave seat 0's view and its observation (two games
    that differ only there look the same to it); its own stay; the terminal and the board still draw
    every player; at the end everything is shown. The search bots' information state keeps them: every
    florin moves by an open payment, so a seat with perfect recall can count them."""
    rs = ruleset("pl", "pf-secret-florins")
    game = Game.new(rs, 3, seed=9, setup="standard")
    _until(game, lambda g: g.state.flow_state == "actions" and g.current_player() >= 0)
    richer = _edit(Game.from_json(rs, game.to_json()),
                   lambda st: setattr(st.players[1], "money", st.players[1].money + 700))  # type: ignore[attr-defined]
    spec = rs.definition.tensor_spec(rs, 3)
    for g in (game, richer):
        assert "money" in g.view(0)["players"][0] and "money" not in g.view(0)["players"][1]
        assert "money" not in g.view(-1)["players"][0]  # a spectator is nobody's owner
    assert game.view(0) == richer.view(0)
    assert game.information_state(0).state.players[1].money == game.state.players[1].money  # counted by recall
    assert spec.encode(game.view(0), 0) == spec.encode(richer.view(0), 0)
    assert game.view(1) != richer.view(1)  # the owner sees its own
    from regola.cli.play import speech_of
    from regola.games.princes_of_florence.table import board
    from regola.tables.boards import draw
    from regola.tables.words import Words

    assert board(game.state, 0, speech_of(rs, "en"))  # the terminal's board: every player, no purse of another
    assert draw(rs.pack.game, game.view(0), Words(rs.pack, "en"))  # the tables' board likewise
    plain = Game.new(ruleset("pl"), 3, seed=9, setup="standard")
    assert "money" in plain.view(0)["players"][1]  # as printed (reconstructed): open
    assert "money" in _finished(game).view(0)["players"][1]


def test_a_draft_keeps_one_and_passes_the_rest_left_until_each_has_three() -> None:
    game = Game.new(ruleset("pl", "pf-profession-draft"), 3, seed=4, setup="standard")
    _until(game, lambda g: g.state.flow_state == "keep" and g.current_player() >= 0)
    st = game.state
    packets = [list(p) for p in st.step["packets"]]
    assert [len(p) for p in packets] == [4, 4, 4] and all(not p.hand for p in st.players)
    seen = game.view(0)["step"]
    assert seen["packet"] == packets[0] and "packets" not in seen  # one's own packet, no other
    hidden = game.information_state(0).state.step["packets"]
    assert hidden[0] == packets[0] and all(c < 0 for c in hidden[1] + hidden[2])  # others' packets unknown
    picked = []
    for seat in range(3):
        assert game.current_player() == seat
        card = max(packets[seat])
        game.apply(("pick", card))
        picked.append(card)
    # each seat now holds the packet of its right-hand neighbour, less that one's pick (passed left)
    assert st.step["packets"] == [sorted(set(packets[(s - 1) % 3]) - {picked[(s - 1) % 3]}) for s in range(3)]
    assert [p.hand for p in st.players] == [[c] for c in picked]
    _until(game, lambda g: g.state.flow_state == "reshuffle")
    assert sorted(game.state.step["returned"]) == sorted({c for packet in packets for c in packet}
                                                         - {c for p in game.state.players for c in p.hand})
    _until(game, lambda g: g.state.flow_state == "auction")
    st = game.state
    assert all(len(p.hand) == 3 for p in st.players)
    dealt = {c for packet in packets for c in packet}
    kept = {c for p in st.players for c in p.hand}
    assert len(kept) == 9 and kept <= dealt
    assert dealt - kept <= set(st.profession_deck)  # the three left over went back into the pile


@pytest.mark.parametrize(("variant", "winner"), [(None, 2), ("ml-auction-tie-clockwise", 3)])
def test_an_auction_tie_goes_first_clockwise_after_the_holder_under_the_house_rule(variant: str | None,
                                                                                   winner: int) -> None:
    """Leonardo's holder (seat 2) and seat 3 complete the same invention and bid the same: R7 gives the
    card to the holder; the house rule to the first clockwise after the holder."""
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", *([variant] if variant else []))
    card = rs.rules.cards[1]
    sc = completing(rs, [(2, 0, 1, card.weeks), (3, 0, 1, card.weeks)], extra=lambda st: setattr(st, "leonardo", 2))
    for seat in (2, 3):
        sc.do(seat, ("bid", 2))
    assert sc.player(winner).cards == [1] and sc.player(5 - winner).cards == []


@pytest.mark.parametrize(("bids", "taker"), [((2, 2), None), ((2, 3), 3), ((0, 0), None)])
def test_a_tie_for_the_highest_bid_leaves_the_card_in_the_display_under_the_house_rule(
        bids: tuple[int, int], taker: int | None) -> None:
    """ml-tie-nobody: equal highest bids, and nobody takes the card or pays; it stays in the display even
    though an all-zero auction would take it out of the game (R7 as printed); a higher bid still wins."""
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-tie-nobody")
    card = rs.rules.cards[1]
    sc = completing(rs, [(2, 0, 1, card.weeks), (3, 0, 1, card.weeks)], extra=lambda st: setattr(st, "leonardo", 2))
    money = [sc.player(seat).money for seat in (2, 3)]
    for seat, bid in zip((2, 3), bids, strict=True):
        sc.do(seat, ("bid", bid))
    state = sc.game.state
    if taker is None and bids[0]:
        assert 1 in state.display and 1 not in state.box_cards
        assert [sc.player(seat).money for seat in (2, 3)] == money
    elif taker is None:  # all bid 0: the printed all-zero rule still applies
        assert 1 in state.box_cards and 1 not in state.display
    else:
        assert sc.player(taker).cards == [1] and 1 not in state.display


def test_an_open_auction_goes_round_until_one_is_left_who_pays_their_bid() -> None:
    """Seats 1 and 3 complete the same invention; Leonardo's holder is seat 0, so seat 1 bids first."""
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-open-auction")
    card = rs.rules.cards[1]
    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)],
                    extra=lambda st: [setattr(st.players[s], "money", 10) for s in (1, 3)])
    money = {s: sc.player(s).money for s in (1, 3)}
    assert sc.who == 1 and sc.game.view(3)["step"]["still_in"] == [1, 3]
    sc.do(1, ("bid", 3))
    assert sc.game.view(3)["step"]["high"] == 3 and sc.game.view(3)["step"]["leader"] == 1  # open to all
    sc.refused(("bid", 2), "completion.auction")  # below the high bid: neither a raise nor dropping out
    sc.do(3, ("bid", 5))
    sc.do(1, ("bid", 5))  # the high bid again: seat 1 drops out, seat 3 is the last one left
    assert sc.player(3).cards == [1] and sc.player(1).cards == []
    assert sc.player(3).money == money[3] - 5 and sc.player(1).money == money[1]


def test_an_open_auction_nobody_bids_in_leaves_the_card_to_nobody() -> None:
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-open-auction")
    card = rs.rules.cards[1]
    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)])
    sc.do(1, ("bid", 0))
    sc.do(3, ("bid", 0))
    assert sc.player(1).cards == [] and sc.player(3).cards == [] and 1 in sc.state.box_cards  # R7: all zero


def test_a_dutch_offer_falls_each_round_unclaimed_and_the_first_to_accept_pays() -> None:
    """ml-dutch-auction: from Leonardo's holder (seat 2) clockwise, 3 is asked before 1; 8, then 6 once
    round unclaimed; a completer who cannot pay the price is not asked; the taker pays the bank."""
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-dutch-auction")
    card = rs.rules.cards[1]

    def money(st: Any) -> None:
        st.leonardo = 2
        st.players[1].money, st.players[3].money = 20 - card.first, 7 - card.first  # 20 and 7 after the reward

    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)], extra=money)
    view = sc.game.view(0)["step"]
    assert (view["offer"], view["asked"], view["auction"]) == (8, 1, 1)  # seat 3 cannot pay 8: not asked
    assert sc.legal() == [("bid", 8), ("pass",)]
    from regola.games.maestro_leonardo.table import describe, narrate
    from regola.text.speech import speech_for

    speech = speech_for(rs.pack, "en")
    name = speech.name("cards", 1)
    said = [describe(sc.state, a, speech).replace("\xa0", " ") for a in sc.legal()]
    assert said == [f"take no. 1 {name} for 8 florins", f"let no. 1 {name} go at 8 florins"]
    assert narrate(sc.state, 1, ("pass",), speech).replace("\xa0", " ").endswith(f"lets no. 1 {name} go at 8 florins")
    sc.refused(("bid", 6), "completion.auction")
    sc.do(1, ("pass",))
    assert sc.game.view(0)["step"]["offer"] == 6 and sc.who == 3  # once round: 2 less, and seat 3 can pay
    sc.do(3, ("pass",))
    sc.do(1, ("pass",))
    assert sc.game.view(0)["step"]["offer"] == 4
    sc.do(3, ("bid", 4))
    assert sc.player(3).cards == [1] and sc.player(3).money == 3 and sc.player(1).money == 20
    assert 1 not in sc.state.display


def test_listed_sealed_bids_are_nothing_or_a_step_up_to_the_purse() -> None:
    """ml-sealed-steps: a bid is 0 or 2, 4, 6 (bids {by: 2, max: 6}), never above the purse; 3 is refused
    naming the rule, and the highest listed bid takes the card (issue 43: bids.min was once ignored)."""
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-sealed-steps")
    card = rs.rules.cards[1]

    def money(st: Any) -> None:
        st.players[1].money, st.players[3].money = 20 - card.first, 5 - card.first  # 20 and 5 after the reward

    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)], extra=money)
    first = sc.who
    other = 3 if first == 1 else 1
    listed = {1: [0, 2, 4, 6], 3: [0, 2, 4]}
    assert [a[1] for a in sc.legal()] == listed[first]
    sc.refused(("bid", 3), "completion.auction")
    sc.refused(("bid", 8), "completion.auction")
    sc.do(first, ("bid", listed[first][-1]))
    assert [a[1] for a in sc.legal()] == listed[other]
    sc.do(other, ("bid", 2))
    assert sc.player(1).cards == [1] and sc.player(1).money == 14 and sc.player(3).money == 5


def test_a_least_bid_of_a_listed_sealed_auction_is_read() -> None:
    """bids.min starts the list (it was once accepted and ignored): min 3 by 2 up to 7 lists 0, 3, 5, 7."""
    from tests.maestro_leonardo.test_completion import completing

    from regola.core.variant import variant_from_dict

    bids = {"kind": "sealed", "bids": {"min": 3, "by": 2, "max": 7}}
    variant = variant_from_dict({"variant": {"id": "least-bid", "base": ["cs"], "title": "x", "changes": [
        {"op": "replace", "path": "/mechanics/auction", "value": bids}]}}, "least-bid")
    rs = Ruleset(load_pack("cs", variants=[variant]))
    card = rs.rules.cards[1]

    def money(st: Any) -> None:
        st.players[1].money = st.players[3].money = 20 - card.first

    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)], extra=money)
    assert [a[1] for a in sc.legal()] == [0, 3, 5, 7]


def test_a_dutch_offer_nobody_takes_at_the_floor_goes_as_an_all_zero_auction() -> None:
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-dutch-auction")
    card = rs.rules.cards[1]
    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)])
    prices = []
    while sc.phase == "completion" and sc.game.view(0)["step"].get("offer"):
        prices.append(sc.game.view(0)["step"]["offer"])
        sc.do(sc.who, ("pass",))
    assert prices == [8, 8, 6, 6, 4, 4, 2, 2]
    assert sc.player(1).cards == sc.player(3).cards == [] and 1 in sc.state.box_cards  # R7: all zero


@pytest.mark.parametrize("takers", [(False, True), (True, True), (False, False)])
def test_at_a_fixed_price_the_first_in_turn_who_wants_the_card_pays_it(takers: tuple[bool, bool]) -> None:
    """ml-fixed-price: asked once each, in turn from Leonardo's holder (seat 0: seat 1, then 3)."""
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-fixed-price")
    card = rs.rules.cards[1]
    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)],
                    extra=lambda st: [setattr(st.players[s], "money", 10) for s in (1, 3)])
    money = {s: sc.player(s).money for s in (1, 3)}
    for seat, takes in zip((1, 3), takers, strict=True):
        if sc.phase != "completion" or not sc.game.view(0)["step"].get("offer"):
            break
        assert sc.who == seat and sc.legal() == [("bid", 5), ("pass",)]
        sc.do(seat, ("bid", 5) if takes else ("pass",))
    taker = next((s for s, takes in zip((1, 3), takers, strict=True) if takes), None)
    for seat in (1, 3):
        assert sc.player(seat).cards == ([1] if seat == taker else [])
        assert sc.player(seat).money == money[seat] - (5 if seat == taker else 0)
    assert (1 in sc.state.box_cards) == (taker is None)


def test_leonardo_goes_back_to_the_first_seat_as_each_round_starts() -> None:  # start_player: fixed
    """Under 'fixed' whoever took Leonardo keeps him for the rest of that round only; as printed he stays."""
    for rs, expected in ((ruleset("cs", "ml-leonardo-returns"), 0), (ruleset("cs"), 2)):
        game = Game.new(rs, 3, seed=5, setup="beginner")
        _until(game, _at_round(1, "placement"))
        game = _edit(game, lambda state: setattr(state, "leonardo", 2))
        assert game.state.leonardo == 2
        _until(game, _at_round(2, "planning"))  # (as printed only the council moves him: not in this round)
        assert game.state.leonardo == expected


def test_the_start_marker_stays_with_the_first_seat_in_princes_of_florence(tmp_path: Path) -> None:
    """The printed marker passes one seat on each round (rotate); 'fixed' keeps it where round 1 began."""
    path = tmp_path / "pf-fixed.yaml"
    path.write_text("variant:\n  id: pf-fixed\n  base: [pl]\n  title: T\n  changes:\n"
                    "    - {op: replace, path: /mechanics/start_player, value: {kind: fixed}}\n", encoding="utf-8")
    for rs, expected in ((Ruleset(load_pack("pl", variants=[path])), 0), (ruleset("pl"), 2)):
        game = Game.new(rs, 4, seed=5, setup="standard")
        _until(game, _at_round(3, "auction"))
        assert game.state.start == expected


@pytest.mark.parametrize(("variant", "pack", "start"), [
    ("ml-start-highest-bidder", "cs", "leonardo"),
    ("pf-start-highest-bidder", "pl", "start"),
])
def test_the_highest_bidder_of_the_latest_auctions_starts(variant: str, pack: str, start: str) -> None:
    """As a round begins, whoever paid the most at the latest auctions starts; a tie (or nobody paying)
    goes to the tied player first clockwise from the previous start player, that player included."""
    rs = ruleset(pack, variant)
    game = Game.new(rs, 3, seed=5, setup=SETUP[pack])
    _until(game, _at_round(1, "planning" if pack == "cs" else "auction"))
    state = game.state
    for rnd, paid, expected in ((2, [100, 500, 500], 1), (3, [700, 0, 0], 0), (4, [0, 0, 0], 0), (5, [0, 9, 0], 1)):
        for p in state.players:  # type: ignore[attr-defined]
            p.auction_paid = paid[p.seat]
        rs.rules.mechanics.begin_round(state, 3, rnd)  # what the flow's begin_round calls
        assert getattr(state, start) == expected, rnd


class _AuctionWatch:
    """Watches a game at each decision: as an auction phase opens, the measure auction_paid reads 0 for
    all; once it is over, it equals what each seat paid there (``spent``: the game's own account)."""

    def __init__(self, phase: str, measure: Callable[[object, int], int]) -> None:
        self.phase, self.measure = phase, measure
        self.opened: dict[str, object] | None = None
        self.seen = 0

    def __call__(self, game: Game, obs: object) -> None:
        state = game.state
        paid = [self.measure(state, s) for s in range(state.n)]  # type: ignore[attr-defined]
        if state.flow_state == self.phase and self.opened is None:  # type: ignore[attr-defined]
            assert paid == [0] * len(paid)
            self.opened = {"paid": [p.paid for p in state.players],  # type: ignore[attr-defined]
                           "logged": len(getattr(state, "log", None) or ())}
        elif state.flow_state != self.phase and self.opened is not None:  # type: ignore[attr-defined]
            assert paid == self.spent(state, self.opened)
            self.seen += sum(paid)
            self.opened = None

    @staticmethod
    def spent(state: object, opened: dict[str, object]) -> list[int]:
        log = getattr(state, "log", None)
        if log is None:  # Princes of Florence's phase A pays the bank for lots only (selling prestige brings in)
            return [p.paid - m for m, p in zip(opened["paid"], state.players, strict=True)]  # type: ignore[attr-defined, call-overload]
        spent = [0] * len(state.players)  # type: ignore[attr-defined]
        for entry in log[opened["logged"]:]:  # type: ignore[misc]
            if entry[0] == "pay" and entry[3] == "auction":  # Maestro Leonardo's phase D also pays rewards
                spent[entry[1]] += entry[2]
        return spent


@pytest.mark.parametrize("pack", ["cs", "pl"])
def test_what_a_seat_paid_at_the_latest_auctions_is_counted(pack: str) -> None:
    """The measure auction_paid, as greedy bots play: 0 as each auction phase opens, then what each seat
    paid in it."""
    rs = ruleset(pack)
    measure = rs.rules.mechanics.terms.measures["auction_paid"]
    watch = _AuctionWatch("completion" if pack == "cs" else "auction", measure)
    for seed in range(1, 6):
        game = Game.new(rs, 4, seed=seed, setup=SETUP[pack])
        if pack == "cs":
            game.state.log = []  # type: ignore[attr-defined]
        play(game, [_watched(make_bot("greedy", s, seed, rs), watch) for s in range(4)])
    assert watch.seen > 0, "no seed sold anything at auction"


def _watched(bot: object, watch: _AuctionWatch) -> Callable[[Game, object], Action]:
    """A seat that lets ``watch`` look at the game, then decides as ``bot``."""
    def choose(played: Game, obs: object) -> Action:
        watch(played, obs)
        return bot.choose(obs)  # type: ignore[attr-defined, no-any-return]
    return choose


def _piles_in_tensor(rs: Ruleset, view: dict[str, Any], pack: str) -> dict[str, list[int]]:
    """The piles read back from the seat's observation tensor (regola.core.tensor): Maestro Leonardo's known
    deck positions one-hot per card, Princes of Florence's face-up piles as 1/(depth + 1) per card."""
    spec = rs.definition.tensor_spec(rs, 3)  # type: ignore[misc]
    values = spec.encode(view, 1)
    if pack == "cs":
        positions, n = spec.shapes["deck_top_known"]
        at = spec.offsets["deck_top_known"]
        cards = rs.rules.card_ids  # type: ignore[attr-defined]
        rows = [values[at + i * n: at + (i + 1) * n] for i in range(positions)]
        return {"inventions": [cards[row.index(1)] for row in rows if 1 in row]}
    if "open_piles" not in spec.offsets:
        return {}
    at, out = spec.offsets["open_piles"], {}
    seen = rs.rules.mechanics.visibility  # type: ignore[attr-defined]
    for pile in ("professions", "bonus", "prestige"):  # the piles the tensor holds, in its order
        if not (seen.open_pile(pile) or seen.shown_on_top(pile)):
            continue
        ids = sorted(getattr(rs.rules, pile))
        depth = {c: values[at + i] for i, c in enumerate(ids)}
        out[pile] = sorted((c for c in ids if depth[c] > 0), key=lambda c: -depth[c])
        at += len(ids)
    return out


def test_a_pile_laid_face_up_is_seen_in_order_by_everyone_and_never_guessed(tmp_path: Path) -> None:
    """Face up (mechanics.visibility.piles), a pile's cards are in every seat's view top first, kept in
    order in the information state and in every world search draws; the order a player puts cards back
    in is no secret. Face down, as printed, none of this."""
    pf = tmp_path / "pf-open-piles.yaml"
    pf.write_text("variant:\n  id: pf-open-piles\n  base: [pl]\n  title: T\n  changes:\n"
                  "    - {op: replace, path: /mechanics/visibility/piles, value: {professions: public, bonus: public,"
                  " prestige: public}}\n", encoding="utf-8")
    cases = [("cs", ruleset("cs", "ml-open-deck"), ruleset("cs"), "planning"),
             ("pl", Ruleset(load_pack("pl", variants=[pf])), ruleset("pl"), "actions")]
    for pack, opened, printed, phase in cases:
        for rs, face_up in ((opened, True), (printed, False)):
            game = Game.new(rs, 3, seed=4, setup=SETUP[pack])
            _until(game, lambda g, phase=phase: g.state.flow_state == phase and g.current_player() >= 0)
            piles = ({"inventions": game.state.deck} if pack == "cs" else  # type: ignore[attr-defined]
                     {"professions": game.state.profession_deck, "bonus": game.state.bonus_deck,  # type: ignore[attr-defined]
                      "prestige": game.state.prestige_deck})  # type: ignore[attr-defined]
            view = game.view(1)
            shown = {"inventions": view["deck_top_known"]} if pack == "cs" else view["open_piles"]
            assert (shown == piles) is face_up, (pack, face_up)
            assert (_piles_in_tensor(rs, view, pack) == piles) is face_up, (pack, face_up)  # what a network sees
            info = game.information_state(1)
            world = info.determinize(1, random.Random(3)).state
            for name, cards in piles.items():
                attr = {"inventions": "deck", "professions": "profession_deck", "bonus": "bonus_deck",
                        "prestige": "prestige_deck"}[name]
                if face_up:
                    assert getattr(info.state, attr) == cards and getattr(world, attr) == cards, name
            secrets = rs.definition.secrets(rs.rules)
            assert (("order" if pack == "cs" else "under") not in secrets) is face_up


def test_the_top_card_laid_face_up_is_seen_by_everyone_and_never_guessed(tmp_path: Path) -> None:
    """ml-top-card ({top: 1}): the top invention is in every seat's view and the spectator's, known in
    the information state and every drawn world (the rest of the pile is still drawn again), in the
    observation, on the terminal's board; putting cards back is then no secret."""
    from regola.cli.play import speech_of
    from regola.games.maestro_leonardo.table import board

    rs = ruleset("cs", "ml-top-card")
    game = Game.new(rs, 3, seed=4, setup="beginner")
    _until(game, lambda g: g.state.flow_state == "planning" and g.current_player() >= 0)
    top = game.state.deck[0]  # type: ignore[attr-defined]
    for seat in (0, 1, -1):
        assert game.view(seat)["deck_top_known"] == [top]
    assert _piles_in_tensor(rs, game.view(1), "cs")["inventions"][:1] == [top]
    info = game.information_state(1)
    worlds = [info.determinize(1, random.Random(k)).state.deck for k in range(8)]
    assert info.state.deck[0] == top and all(w[0] == top for w in worlds)
    assert len({tuple(w[1:]) for w in worlds}) > 1  # the rest is drawn again
    assert "order" not in rs.definition.secrets(rs.rules)
    text = "\n".join(board(game.state, 0, speech_of(rs, "en")))
    assert "face up, from the top" in text
    printed = Game.new(ruleset("cs"), 3, seed=4, setup="beginner")
    _until(printed, lambda g: g.state.flow_state == "planning" and g.current_player() >= 0)
    assert printed.view(1)["deck_top_known"] == []


@pytest.mark.parametrize(("variant", "pile", "attr", "top"), [
    ("pf-top-professions", "professions", "profession_deck", 2),
    ("pf-top-prestige", "prestige", "prestige_deck", 1),
])
def test_the_top_cards_of_a_princes_of_florence_pile_are_seen_and_never_guessed(variant: str, pile: str, attr: str,
                                                                                top: int) -> None:
    """pf-top-professions, pf-top-prestige: the top cards are in every view, the observation and the board;
    the information state and every drawn world keep them where they lie and draw the rest again, and
    they are no card a seat could be dealt by chance."""
    from regola.cli.play import speech_of
    from regola.games.princes_of_florence.search import unseen_draws
    from regola.games.princes_of_florence.table import board

    rs = ruleset("pl", variant)
    game = Game.new(rs, 3, seed=4, setup="standard")
    _until(game, _at_round(1, "auction"))
    cards = list(getattr(game.state, attr))
    shown = cards[:top]
    for seat in (0, 1):
        assert game.view(seat)["open_piles"] == {pile: shown}
    info = game.information_state(1)
    assert getattr(info.state, attr)[:top] == shown and len(getattr(info.state, attr)) == len(cards)
    worlds = [getattr(info.determinize(1, random.Random(k)).state, attr) for k in range(8)]
    # the rest comes from every card the seat has not seen (other hands too): as many, none twice
    assert all(w[:top] == shown and len(w) == len(cards) == len(set(w)) and not set(w[top:]) & set(shown)
               for w in worlds)
    assert len({tuple(w[top:]) for w in worlds}) > 1  # the rest is drawn again
    kind = {"professions": "profession", "prestige": "prestige"}[pile]
    assert not {(kind, c) for c in shown} & unseen_draws(game.state, 1)
    assert _piles_in_tensor(rs, game.view(1), "pl")[pile][:top] == shown
    assert "face up, from the top" in "\n".join(board(game.state, 0, speech_of(rs, "en")))
    assert ruleset("pl").definition.view(Game.new(ruleset("pl"), 3, 4, "standard").state, 1)["open_piles"] == {}


def test_the_terminal_shows_what_a_house_rule_opens() -> None:
    """The terminal's board follows the visibility forms: another player's gulden under ml-open-money and the
    invention pile under ml-open-deck appear; as printed neither does."""
    from regola.games.maestro_leonardo.table import board
    from regola.text.speech import speech_for

    for variants, opened in (((), False), (("ml-open-money", "ml-open-deck"), True)):
        rs = ruleset("cs", *variants)
        game = Game.new(rs, 2, seed=3, setup="beginner")
        _until(game, _at_round(1, "planning"))
        game.state.players[1].money = 987  # type: ignore[attr-defined]
        text = "\n".join(board(game.state, 0, speech_for(rs.pack, "en")))  # type: ignore[arg-type]
        top = game.state.deck[0]  # type: ignore[attr-defined]
        assert ("987" in text) is opened
        assert (f"no. {top} " in text and "face up" in text) is opened


@pytest.mark.parametrize(("variant", "measure", "said"), [
    ("ml-tiebreak-materials", lambda p, n: p.hand.__setitem__(0, n), "more material cards"),
    ("ml-tiebreak-completed", lambda p, n: setattr(p, "completed", list(range(1, n + 1))), "more inventions completed"),
    # fewer is better: seat 0 paid 3 at the last auctions, seat 1 nothing
    ("ml-tiebreak-thrift", lambda p, n: setattr(p, "auction_paid", 3 - n), "fewer florins paid at the latest auctions"),
])
def test_at_equal_money_the_house_tie_break_decides_before_the_printed_ones(
        variant: str, measure: Callable[[Any, int], None], said: str) -> None:
    """Seats 0 and 1 end with equal money; seat 0 owns more inventions (the printed first tie-break),
    seat 1 has more of the house rule's measure: the printed rules rank seat 0 first, the house rule seat 1."""
    from regola.games.maestro_leonardo.rounds import standings_key

    for rs, ahead in ((ruleset("cs"), 0), (ruleset("cs", variant), 1)):
        game = Game.new(rs, 3, seed=4, setup="beginner")
        _until(game, _at_round(1, "planning"))
        state = game.state
        for seat, (cards, counted) in enumerate(((rs.rules.card_ids[:2], 0), (rs.rules.card_ids[2:3], 3), ((), 0))):
            p = state.players[seat]
            p.money, p.cards, p.hand = 10, list(cards), [0] * len(p.hand)
            measure(p, counted)
        keys = [standings_key(state, seat) for seat in range(2)]
        assert (keys[0] > keys[1]) == (ahead == 0), (variant, keys)
    rows = [{"seat": 1, "rank": 1, "color": "red", "money": 10, "bonus": 0, "inventions": 1, "completed": 3,
             "key": list(keys[1])},
            {"seat": 0, "rank": 2, "color": "blue", "money": 10, "bonus": 0, "inventions": 2, "completed": 0,
             "key": list(keys[0])}]
    lines = _summary("cs", variant, rows)
    shown = "0 " if said.startswith("fewer") else "3 "  # the value a fewer-is-better key shows is seat 1's own
    assert f"is ahead on the tie-break: {said} ({shown}" in lines[2].replace("\xa0", " "), lines[2]


def test_at_equal_prestige_more_jesters_go_ahead_before_money() -> None:
    """pf-tiebreak-jesters: the ranking's keys are prestige, jesters, money; the summary names the jesters."""
    from regola.games.princes_of_florence.steps.rounds import final_scoring

    for rs, first in ((ruleset("pl"), 0), (ruleset("pl", "pf-tiebreak-jesters"), 1)):
        game = Game.new(rs, 3, seed=4, setup="standard")
        _until(game, _at_round(1, "auction"))
        state = game.state
        for p, (money, jesters) in zip(state.players, ((900, 0), (100, 2), (0, 0)), strict=True):
            p.prestige, p.money, p.jesters, p.prestige_cards = 30, money, jesters, []
        state.players[2].prestige = 5
        final_scoring(state)
        assert [r["seat"] for r in state.result][:2] == [first, 1 - first]
        assert [r["rank"] for r in state.result] == [1, 2, 3]
    lines = _summary("pl", "pf-tiebreak-jesters", state.result)
    assert "Seat 2 is ahead on the tie-break: more jesters (2 jesters to 0 jesters)" in lines[2].replace("\xa0", " ")


def _summary(pack: str, variant: str, rows: list[dict[str, Any]]) -> list[str]:
    from types import SimpleNamespace

    from regola.text.present import summary
    from regola.text.speech import speech_for

    rs = ruleset(pack, variant)
    game = SimpleNamespace(ruleset=rs, result=lambda: rows)
    assert rs.definition.standing is not None
    return summary(game, speech_for(rs.pack, "en"), rs.definition.standing())  # type: ignore[arg-type]


@pytest.mark.parametrize(("pack", "path", "value"), [
    ("cs", "/scoring/tie_breaks", "[money, dragons]"),
    ("pl", "/scoring/tiebreak", "[prestige, tier_counts]"),
    ("cs", "/scoring/tie_breaks", "[money, {fewer: tier_counts}]"),  # fewer is better only for a measure
])
def test_a_tie_break_that_is_no_measure_is_refused_at_its_item(tmp_path: Path, pack: str, path: str,
                                                               value: str) -> None:
    file = tmp_path / "house.yaml"
    file.write_text(f"variant:\n  id: house\n  base: [{pack}]\n  title: House\n  changes:\n"
                    f"    - {{op: replace, path: {path}, value: {value}}}\n", encoding="utf-8")
    with pytest.raises(PackError) as err:
        Ruleset(load_pack(pack, variants=[file]))
    assert err.value.field == f"{path}/1" and "measures" in str(err.value)


@pytest.mark.parametrize(("variant", "pack", "first", "phase", "field", "values", "order"), [
    # inventions owned, most first; ties clockwise from the previous start player
    ("ml-inventors-first", "cs", "planning", "planning", "cards", [1, 3, 0, 3], [1, 3, 0, 2]),
    # prestige, fewest first
    ("pf-prestige-order", "pl", "auction", "actions", "prestige", [9, 4, 9, 2], [3, 1, 0, 2]),
])
def test_each_round_play_goes_in_order_of_the_measure_from_the_start_player(
        variant: str, pack: str, first: str, phase: str, field: str, values: list[int], order: list[int]) -> None:
    """The order is set as round 2 begins, from the measures then; a phase of that round goes round it
    from the start player (wrapping), and the printed game still goes clockwise."""
    for rs, measured in ((ruleset(pack, variant), True), (ruleset(pack), False)):
        game = Game.new(rs, 4, seed=5, setup=SETUP[pack])
        _until(game, _at_round(1, first))

        def change(state: Any) -> None:
            for p in state.players:
                if field == "cards":  # cards from the face-down deck, so every card is still in one place
                    p.cards = [state.deck.pop() for _ in range(values[p.seat])]
                else:
                    setattr(p, field, values[p.seat])
            if pack == "cs":
                state.leonardo = 1  # the order's ties count from the previous start player
        game = _edit(game, change)
        _until(game, _at_round(2, phase))
        start = game.state.leonardo if pack == "cs" else game.state.start
        expected = order if measured else list(range(4))
        at = expected.index(start)
        assert game.state.step["order"] == expected[at:] + expected[:at], (measured, start)
        assert (game.state.marks.get("order") == order) == measured


def test_by_turns_play_goes_clockwise_in_odd_rounds_and_the_other_way_in_even_ones() -> None:
    """pf-alternating-order: the action phase goes round from the start player to the left in rounds 1 and
    3, to the right in round 2; the printed game goes left every round."""
    for rs, alternating in ((ruleset("pl", "pf-alternating-order"), True), (ruleset("pl"), False)):
        game = Game.new(rs, 4, seed=5, setup="standard")
        for rnd in (1, 2, 3):
            _until(game, _at_round(rnd, "actions"))
            start = game.state.start
            left = [(start + i) % 4 for i in range(4)]
            right = [(start - i) % 4 for i in range(4)]
            assert game.state.step["order"] == (right if alternating and rnd == 2 else left), (alternating, rnd)


def test_the_start_passes_back_a_seat_each_round() -> None:
    """pf-start-passes-back: round 1 starts where the printed game starts; each later round one seat to the
    right of the last (the printed game: one to the left)."""
    for rs, shift in ((ruleset("pl", "pf-start-passes-back"), -1), (ruleset("pl"), 1)):
        game = Game.new(rs, 4, seed=5, setup="standard")
        _until(game, _at_round(1, "actions"))
        first = game.state.start
        for rnd in (2, 3, 4):
            _until(game, _at_round(rnd, "actions"))
            assert game.state.start == (first + shift * (rnd - 1)) % 4, (shift, rnd)


def test_the_poorest_takes_leonardo_and_the_poorer_play_first() -> None:
    """ml-poorest-first: two changes, one rule each: the poorest starts (Leonardo goes to them) and play
    goes from the poorer to the richer."""
    game = Game.new(ruleset("cs", "ml-poorest-first"), 4, seed=5, setup="beginner")
    _until(game, _at_round(1, "planning"))
    game = _edit(game, lambda state: [setattr(p, "money", [7, 3, 9, 5][p.seat]) for p in state.players])
    _until(game, _at_round(2, "planning"))
    assert game.state.leonardo == 1 and game.state.step["order"] == [1, 3, 0, 2]


def test_over_the_hand_limit_putting_materials_back_is_all_a_player_may_do() -> None:
    """ml-hand-limit: 7 material cards at a decision: only 'put_back' of a kind held (the player chooses
    which), anything else refused under the limit's rule; two later the game goes on, nothing offered."""
    game = Game.new(ruleset("cs", "ml-hand-limit"), 3, seed=5, setup="beginner")
    _until(game, _at_round(1, "planning"))
    seat = game.current_player()
    def seven(state: Any) -> None:  # 4 of the first material, 3 of the second: 2 over the limit
        hand = state.players[seat].hand
        hand[:] = [4, 3] + [0] * (len(hand) - 2)
    game = _edit(game, seven)
    kinds = game.ruleset.rules.materials
    assert game.legal_actions() == [("put_back", kinds[0]), ("put_back", kinds[1])]
    before = list(game.state.shops)
    refused = _refused(game, ("pass",))
    assert refused.rule == "mechanics.moves.put_back" and "more than 5" in str(refused)
    game.apply(("put_back", kinds[1]))
    assert game.current_player() == seat and ("pass",) not in game.legal_actions()
    game.apply(("put_back", kinds[1]))
    assert game.state.players[seat].hand[:2] == [4, 1] and game.state.shops[1] == before[1] + 2
    assert not any(a[0] == "put_back" for a in game.legal_actions())  # within the limit: never offered
    assert _refused(game, ("put_back", kinds[0])).rule == "mechanics.moves.put_back"


@pytest.mark.parametrize(("variant", "pack", "phase", "field", "most", "move"), [
    ("pf-jester-limit", "pl", "actions", "jesters", 2, ("dismiss_jester",)),
    ("ml-purse-limit", "cs", "planning", "money", 30, ("pay_council",)),
])
def test_over_a_limit_of_a_counter_the_excess_goes_one_at_a_time(variant: str, pack: str, phase: str, field: str,
                                                                 most: int, move: Action) -> None:
    game = Game.new(ruleset(pack, variant), 3, seed=5, setup=SETUP[pack])
    _until(game, _at_round(1, phase))
    seat = game.current_player()
    game = _edit(game, lambda state: setattr(state.players[seat], field, most + 3))
    if field == "jesters":
        game = _edit(game, lambda state: setattr(state, "jesters", state.jesters - 3))  # they came from the supply
    shared = (lambda st: st.jesters) if field == "jesters" else (lambda st: st.council_money)
    before = shared(game.state)
    for _ in range(3):
        assert game.legal_actions() == [move] and game.current_player() == seat
        game.apply(move)
    assert getattr(game.state.players[seat], field) == most and shared(game.state) == before + 3
    assert move not in game.legal_actions()


def test_a_hold_limit_must_put_back_what_it_limits(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("variant:\n  id: house\n  base: [pl]\n  title: House\n  changes:\n"
                    "    - {op: add, path: /mechanics/moves, value: {cap: {in: turn, until: {part: jesters, "
                    "at_most: 2}, do: [{pay: money, amount: 100}]}}}\n", encoding="utf-8")
    with pytest.raises(PackError) as err:
        Ruleset(load_pack("pl", variants=[path]))
    assert err.value.field == "/mechanics/moves/cap/until/part" and "jesters" in str(err.value)


def _refused(game: Game, action: Action) -> Any:
    from regola.core.errors import IllegalAction

    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.to_json() == before
    return err.value


@pytest.mark.parametrize(("variant", "said"), [("ml-catch-up-income", "receives 2 florins by the rules"),
                                               ("ml-rich-pay", "pays 2 florins by the rules")])
def test_maestro_leonardos_award_payments_are_told_though_purses_are_secret(variant: str, said: str) -> None:
    """Item 0: an award is paid in the open, so what happened tells it step by step (as `regola replay
    --moves` and the terminal do), though the public view hides every purse: one sentence per award
    given, each naming its receiver's colour; the printed game keeps no record of awards at all."""
    from regola.core.step import SPECTATOR
    from regola.text.moves import flow_words
    from regola.text.speech import speech_for

    rs = ruleset("cs", variant)
    speech = speech_for(rs.pack, "en")
    game = Game.new(rs, 3, seed=3, setup="beginner")
    bots = [make_bot("greedy", s, 3, rs) for s in range(3)]
    told: list[str] = []
    before = rs.definition.view(game.state, SPECTATOR)
    while (who := game.current_player()) != TERMINAL:
        game.apply(game.sample_chance() if who == CHANCE else bots[who].choose(_observation(game, who)))
        after = rs.definition.view(game.state, SPECTATOR)
        told += flow_words(rs.definition, game.state, before, after, speech)
        before = after
    assert "money" not in before["players"][0]  # the purses stay secret
    awards = [s.replace("\xa0", " ") for s in told if "by the rules" in s]
    assert awards and len(awards) == game.state.marks["awarded"]["seq"]
    assert all(said in s for s in awards)
    plain = Game.new(ruleset("cs"), 3, seed=3, setup="beginner")
    play(plain, [make_bot("greedy", s, 3, ruleset("cs")) for s in range(3)])
    assert "awarded" not in plain.state.marks and "marks" not in plain.to_json()


def _observation(game: Game, seat: int) -> Any:
    from regola.core.bots import Observation

    return Observation(seat, game.legal_actions(), game.view, game.information_state, None)


def test_a_council_grant_is_taken_once_in_the_game_and_only_if_the_council_holds_it() -> None:
    """ml-council-grant: 3 gulden out of the council's purse, once a game per player, at any decision."""
    game = Game.new(ruleset("cs", "ml-council-grant"), 3, seed=5, setup="beginner")
    _until(game, _at_round(1, "planning"))
    seat = game.current_player()
    game = _edit(game, lambda state: setattr(state, "council_money", 2))
    assert ("council_grant",) not in game.legal_actions()  # the council cannot give 3
    game = _edit(game, lambda state: setattr(state, "council_money", 5))
    money = game.state.players[seat].money
    game.apply(("council_grant",))
    assert game.state.council_money == 2 and game.state.players[seat].money == money + 3
    game = _edit(game, lambda state: setattr(state, "council_money", 9))
    assert game.current_player() == seat and ("council_grant",) not in game.legal_actions()  # once a game


def test_a_patron_fee_goes_to_the_player_the_mover_chooses() -> None:
    """pf-patron-fee: a payment 'to: chosen': one action per other seat at the table, the florins go to
    that seat, the prestige comes from the bank, once a round; the option and the news name the seat."""
    from regola.text.declared import DeclaredWords
    from regola.text.speech import speech_for

    rs = ruleset("pl", "pf-patron-fee")
    game = Game.new(rs, 3, seed=5, setup="standard")
    _until(game, _at_round(1, "actions"))
    seat = game.current_player()
    others = [s for s in range(3) if s != seat]
    assert [a for a in game.legal_actions() if a[0] == "patron_fee"] == [("patron_fee", s) for s in others]
    money = [p.money for p in game.state.players]
    prestige = game.state.players[seat].prestige
    words = DeclaredWords(rs.definition.terminal())  # type: ignore[misc]
    speech = speech_for(rs.pack, "en")
    said = words.describe(game.state, ("patron_fee", others[0]), speech).replace("\xa0", " ")
    assert said == f"Pay 200 florins to Seat {others[0] + 1} and take 1 prestige point", said
    game.apply(("patron_fee", others[0]))
    after = [p.money for p in game.state.players]
    assert after[seat] == money[seat] - 200 and after[others[0]] == money[others[0]] + 200
    assert after[others[1]] == money[others[1]] and game.state.players[seat].prestige == prestige + 1
    assert not any(a[0] == "patron_fee" for a in game.legal_actions())  # once a round
    assert _refused(game, ("patron_fee", seat)).rule == "mechanics.moves.patron_fee"


def test_a_move_takes_nothing_from_a_chosen_player(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("variant:\n  id: house\n  base: [pl]\n  title: House\n  changes:\n"
                    "    - {op: add, path: /mechanics/moves, value: {grab: {in: turn, limit: {times: 1, per: turn}, "
                    "do: [{gain: money, amount: 100, from: chosen}]}}}\n", encoding="utf-8")
    with pytest.raises(PackError) as err:
        Ruleset(load_pack("pl", variants=[path]))
    assert err.value.field == "/mechanics/moves/grab/do/0/from" and "takes nothing" in str(err.value)


def test_an_offer_the_asked_player_can_no_longer_pay_can_only_be_let_go() -> None:
    """ml-dutch-auction: a purse that fell below the price while the player was being asked (a declared
    move of a house rule may spend it) leaves only 'pass'; the bid is refused under the auction's rule."""
    from tests.maestro_leonardo.test_completion import completing

    rs = ruleset("cs", "ml-dutch-auction")
    card = rs.rules.cards[1]
    sc = completing(rs, [(1, 0, 1, card.weeks), (3, 0, 1, card.weeks)],
                    extra=lambda st: [setattr(st.players[s], "money", 20) for s in (1, 3)])
    asked = sc.who
    sc.edit(lambda st: setattr(st.players[asked], "money", 3))
    assert sc.legal() == [("pass",)]
    sc.refused(("bid", 8), "completion.auction")

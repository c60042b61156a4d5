"""Princes of Florence's search hooks (games/princes_of_florence/search.py): copies, information states
that hide only what a seat cannot see, worlds that fit them, and the mcts bot playing the game."""

from __future__ import annotations

import json
import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from regola.bots.specs import make_bot
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play


@cache
def ruleset(variants: tuple[str, ...] = ()) -> Ruleset:
    return Ruleset(load_pack("pl", variants=list(variants)))


def _play_to(rs: Ruleset, n: int, seed: int, decisions: int) -> Game:
    game = Game.new(rs, n, seed=seed, setup="standard")
    rng = random.Random(seed)
    while not game.is_terminal() and len(game.history) < decisions:
        legal = game.legal_actions() if game.current_player() != CHANCE else [game.sample_chance()]
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _cards(game: Game) -> list[int]:
    """Every profession, bonus and prestige card of the game wherever it lies, sorted."""
    st_ = game.state
    out = [*st_.profession_deck, *st_.bonus_deck, *st_.prestige_deck]
    for p in st_.players:
        out += [*p.hand, *(c for c in p.table if c), *p.bonus, *p.bonus_used, *p.prestige_cards]
    step = st_.step if isinstance(st_.step, dict) else {}
    out += step.get("returned", []) + (step.get("pending") or {}).get("cards", [])
    return sorted(out)


@settings(max_examples=20, deadline=None, database=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 10**6), decisions=st.integers(3, 200),
       variants=st.sampled_from([(), ("muse-and-princess",)]))
def test_a_world_keeps_what_the_seat_sees_and_deals_the_rest(n: int, seed: int, decisions: int,
                                                             variants: tuple[str, ...]) -> None:
    game = _play_to(ruleset(variants), n, seed, decisions)
    if game.is_terminal():
        return
    seat = max(0, game.current_player())
    info = game.information_state(seat)
    world = info.determinize(seat, random.Random(seed))
    assert world.view(seat) == game.view(seat)
    assert world.current_player() == game.current_player()
    assert world.legal_actions() == game.legal_actions()
    assert _cards(world) == _cards(game)  # every card is somewhere, once
    # the other hands hold other cards in some world: their content is hidden, their size not
    for p, q in zip(info.state.players, game.state.players, strict=True):
        assert len(p.hand) == len(q.hand)
        if p.seat != seat and q.hand:
            assert set(p.hand) == {-1}
    while not world.is_terminal():  # and it plays to the end
        legal = world.legal_actions() if world.current_player() != CHANCE else [world.sample_chance()]
        world.apply(legal[0])


def test_states_a_seat_cannot_tell_apart_give_the_same_information_state() -> None:
    game = _play_to(ruleset(), 4, 11, 60)
    seat = max(0, game.current_player())
    twin = game.clone()
    others = [p for p in twin.state.players if p.seat != seat and p.hand]
    a, b = others[0], others[-1]
    if a is not b and a.hand and twin.state.profession_deck:  # swap a hidden card with one in the pile
        a.hand[0], twin.state.profession_deck[0] = twin.state.profession_deck[0], a.hand[0]
        a.hand.sort()
    twin.state.profession_deck.reverse()
    assert twin.view(seat) == game.view(seat) and twin.state.to_json() != game.state.to_json()
    left, right = game.information_state(seat), twin.information_state(seat)
    assert json.dumps(left.state.to_json(), sort_keys=True) == json.dumps(right.state.to_json(), sort_keys=True)


def test_a_clone_is_independent_and_shares_only_what_never_changes() -> None:
    game = _play_to(ruleset(), 3, 5, 40)
    clone = game.clone()
    assert clone.state.to_json() == game.state.to_json()
    assert clone.state.rules is game.state.rules
    while not clone.is_terminal():
        legal = clone.legal_actions() if clone.current_player() != CHANCE else [clone.sample_chance()]
        clone.apply(legal[-1])
    assert game.state.to_json() != clone.state.to_json() and not game.is_terminal()


def test_mcts_plays_princes_of_florence() -> None:
    rs = ruleset()
    game = Game.new(rs, 3, 2, "standard")
    bots = [make_bot("mcts:iters=4,cut=0", 0, 2, rs), make_bot("greedy", 1, 2, rs), make_bot("random", 2, 2, rs)]
    play(game, bots)
    assert game.result() is not None


def test_a_pile_whose_top_is_shown_is_guessed_below_it_only() -> None:
    """Under pf-top-professions the information state and every drawn world keep the top 2 profession
    cards where they lie and blank or deal only the cards below (search._Below; this runs in the compiled
    engine's suite too, where a list's items are type-checked)."""
    rs = Ruleset(load_pack("pl", variants=["pf-top-professions"]))
    game = Game.new(rs, 3, 4, "standard")
    while game.current_player() == CHANCE or game.state.flow_state != "auction":
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[0])
    pile = list(game.state.profession_deck)
    info = game.information_state(1)
    assert info.state.profession_deck[:2] == pile[:2] and len(info.state.profession_deck) == len(pile)
    assert all(c not in pile[2:] for c in info.state.profession_deck[2:])  # blanked below the top
    world = info.determinize(1, random.Random(1)).state.profession_deck
    assert world[:2] == pile[:2] and len(set(world)) == len(pile)


def test_the_cut_off_valuation_sees_what_a_jester_pays_in_later_works() -> None:
    """A jester bought now adds to every work the hand can still do (004 Błazen): the cut-off valuation
    counts it at least once; florins count less the later the round (at the end money only breaks ties)."""
    from regola.games.princes_of_florence.search import FUTURE, evaluate

    game = Game.new(Ruleset(load_pack("pl")), 4, 3, "standard")
    while game.state.flow_state != "auction":
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[0])
    state, me = game.state, game.state.players[0]
    me.jesters = 3  # every card in hand is worth a work now
    before = evaluate(state)[0]
    me.jesters = 4
    assert evaluate(state)[0] - before >= FUTURE * 0.5 * state.rules.per_jester * min(2, len(me.hand))

    def worth_of_money(round_no: int) -> float:
        state.round = round_no
        without = evaluate(state)[0]
        me.money += 1000
        with_it = evaluate(state)[0]
        me.money -= 1000
        return with_it - without

    assert worth_of_money(1) > worth_of_money(state.rules.rounds) > 0


def test_a_pack_states_its_bots_defaults_and_a_spec_overrides_them() -> None:
    ruleset = Ruleset(load_pack("pl"))
    declared = ruleset.pack.meta["bots"]["probe"]
    bot = make_bot("probe", 0, 1, ruleset)
    assert (bot.worlds, bot.rivals, bot.sure, bot.depth) == (declared["worlds"], declared["rivals"],
                                                           declared["sure"], declared["depth"])
    assert make_bot("probe:worlds=2", 0, 1, ruleset).worlds == 2

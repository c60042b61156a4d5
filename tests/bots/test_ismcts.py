"""The ISMCTS bot acts on what its seat may know: information states, determinization, bot specs."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.maestro_leonardo.scenario import check_invariants

from regola.bots.ismcts import ISMCTSBot
from regola.bots.specs import make_bot, parse_bot_spec, split_bot_specs
from regola.core.bots import Observation
from regola.core.errors import RegolaError
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.play import play


def _play_to(ruleset: Ruleset, n: int, seed: int, setup: str, decisions: int) -> Game:
    game = Game.new(ruleset, n, seed=seed, setup=setup)
    rng = random.Random(seed)
    while not game.is_terminal() and len(game.history) < decisions:
        legal = game.legal_actions() if game.current_player() != CHANCE else [game.sample_chance()]
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _with_other_hidden_info(game: Game, seat: int) -> Game:
    """The same game as ``seat`` sees it, with what it cannot see changed: the other hands rotated,
    the other purses changed, the deck below what it knows reshuffled, other sealed bids changed."""
    twin = game.clone()
    st_ = twin.state
    others = [p for p in st_.players if p.seat != seat]
    hands = [p.hand for p in others]
    for p, hand in zip(others, hands[1:] + hands[:1], strict=True):
        p.hand = hand
    for p in others:
        p.money += 7
        p.received += 7
    known = len(st_.known_deck[seat])
    legal = game.legal_actions() if game.current_player() == seat else []
    if legal and legal[0][0] == "order":  # peeking: the cards it orders are in sight
        known = max(known, len(legal[0][1]))
    rest = st_.deck[known:]
    random.Random(99).shuffle(rest)
    st_.deck[known:] = rest
    for key in st_.step.get("bids", {}):
        if key != str(seat):
            st_.step["bids"][key] += 1
    return twin


@settings(max_examples=25, deadline=None, database=None)
@given(n=st.integers(3, 5), setup=st.sampled_from(["beginner", "advanced"]), seed=st.integers(0, 10**6),
       decisions=st.integers(5, 300))
def test_states_a_seat_cannot_tell_apart_give_the_same_information_state(ruleset: Ruleset, n: int, setup: str,
                                                                         seed: int, decisions: int) -> None:
    game = _play_to(ruleset, n, seed, setup, decisions)
    if game.is_terminal():
        return
    seat = max(0, game.current_player())
    twin = _with_other_hidden_info(game, seat)
    assert twin.view(seat) == game.view(seat)
    assert twin.state.to_json() != game.state.to_json()
    info, info_twin = game.information_state(seat), twin.information_state(seat)
    assert json.dumps(info.state.to_json(), sort_keys=True) == json.dumps(info_twin.state.to_json(), sort_keys=True)


@settings(max_examples=25, deadline=None, database=None)
@given(n=st.integers(2, 5), setup=st.sampled_from(["beginner", "advanced"]), seed=st.integers(0, 10**6),
       decisions=st.integers(1, 300))
def test_a_determinized_world_is_whole_and_looks_the_same_to_the_seat(ruleset: Ruleset, n: int, setup: str,
                                                                      seed: int, decisions: int) -> None:
    game = _play_to(ruleset, n, seed, setup, decisions)
    if game.is_terminal():
        return
    seat = max(0, game.current_player())
    world = game.information_state(seat).determinize(seat, random.Random(seed))
    check_invariants(world)  # every material, card, apprentice and gulden where it belongs
    assert world.view(seat) == game.view(seat)
    assert world.current_player() == game.current_player()
    assert world.legal_actions() == game.legal_actions()
    while not world.is_terminal():  # and it plays to the end
        legal = world.legal_actions() if world.current_player() != CHANCE else [world.sample_chance()]
        world.apply(legal[0])


@pytest.mark.parametrize("spec", ["mcts:search=tree,iters=60,depth=30,seed=5,rollout=policy,prior=policy,win=0",
                                  "mcts:search=tree,iters=30,depth=30,seed=5,opponents=greedy",
                                  "mcts:search=flat,iters=24,depth=0,seed=5,rollout=greedy,prior=greedy,sure=0"])
@pytest.mark.parametrize(("seed", "decisions"), [(3, 40), (4, 120), (5, 200)])
def test_the_mcts_choice_does_not_depend_on_what_the_seat_cannot_know(ruleset: Ruleset, seed: int,
                                                                      decisions: int, spec: str) -> None:
    game = _play_to(ruleset, 4, seed, "beginner", decisions)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    seat = game.current_player()
    twin = _with_other_hidden_info(game, seat)
    choices = []
    for g in (game, twin):
        bot = make_bot(spec, seat, None, ruleset)
        choices.append(bot.choose(Observation(seat, g.legal_actions(), g.view, g.information_state)))
    assert choices[0] == choices[1]
    assert choices[0] in game.legal_actions()


def test_mcts_plays_a_whole_game_and_against_random_it_wins(ruleset: Ruleset) -> None:
    game = Game.new(ruleset, 3, seed=8)
    bots = [make_bot("mcts:iters=40,depth=40", 0, 8, ruleset), make_bot("random", 1, 8, ruleset),
            make_bot("random", 2, 8, ruleset)]
    play(game, bots)
    result = game.result()
    assert result is not None
    assert next(r["rank"] for r in result if r["seat"] == 0) == 1


def test_bot_specs_parse_and_bad_ones_are_one_clear_error(ruleset: Ruleset) -> None:
    assert split_bot_specs("mcts:iters=500,time=1.5,greedy, random") == ["mcts:iters=500,time=1.5", "greedy", "random"]
    assert parse_bot_spec("mcts:iters=500,time=1.5,rollout=random") == (
        "mcts", {"iters": 500, "time": 1.5, "rollout": "random"})
    bot = make_bot("mcts:iters=7,seed=3", 1, 11, ruleset)
    assert bot.iters == 7 and bot.rng.random() == random.Random("3/1/mcts").random()  # type: ignore[attr-defined]
    assert make_bot("mcts:opponents=greedy", 0, 1, ruleset).opponents == "greedy"  # type: ignore[attr-defined]
    default: ISMCTSBot = make_bot("mcts:iters=2", 0, 1, ruleset)  # type: ignore[assignment]
    game = Game.new(ruleset, 4, seed=1)
    while len(game.legal_actions()) < 2 or game.current_player() != 0:
        game.apply(game.legal_actions()[0] if game.current_player() != CHANCE else game.sample_chance())
    default.choose(Observation(0, game.legal_actions(), game.view, game.information_state))
    assert (default.mode, default.rollout, default.prior) == ("flat", "greedy", "greedy")  # the game has one
    named = make_bot("mcts:iters=2,search=tree,rollout=policy,prior=none", 0, 1, ruleset)
    named.choose(Observation(0, game.legal_actions(), game.view, game.information_state))
    assert (named.mode, named.rollout, named.prior) == ("tree", "policy", "none")  # type: ignore[attr-defined]
    with pytest.raises(RegolaError, match="no option speed"):
        make_bot("mcts:speed=3", 0, 1, ruleset)
    with pytest.raises(RegolaError, match="no option depth"):
        make_bot("greedy:depth=3", 0, 1, ruleset)
    with pytest.raises(RegolaError, match="not key=value"):
        make_bot("mcts:iters", 0, 1, ruleset)
    with pytest.raises(RegolaError, match="unknown bot 'wizard'"):
        make_bot("wizard", 0, 1, ruleset)
    with pytest.raises(RegolaError, match="rollout or prior 'dice': the game has no such bot"):
        make_bot("mcts:rollout=dice", 0, 1, ruleset).choose(
            Observation(0, [("a",), ("b",)], None, lambda s: Game.new(ruleset, 2, 1).information_state(s)))

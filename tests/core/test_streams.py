"""Random streams by purpose and moment: a kind of chance, or a seat's bot, is never shifted by another.

What a paired comparison needs (docs/SIMULATE.md, "Tighter pairing"): the deal is the seed's own, a
later kind of chance has its own stream, and a bot's draws at a moment of the game do not depend on
how many draws earlier moments made. And what search needs: a game's generators survive JSON, a
clone copies them, a search's own generator still drives every chance draw of its clones.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from regola.bots.specs import make_bot
from regola.core.bots import Observation, RandomBot, SoftenedBot
from regola.core.errors import RegolaError
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play
from regola.core.streams import Stream, moment_key


@settings(max_examples=40, deadline=None, database=None)
@given(seed=st.integers(0, 2**63), seat=st.integers(0, 5), earlier=st.lists(st.integers(0, 9), max_size=6),
       n=st.integers(1, 1000))
def test_draws_at_a_moment_do_not_depend_on_earlier_moments(seed: int, seat: int, earlier: list[int], n: int) -> None:
    """However many draws earlier moments made, the draws of a moment are the same."""
    fresh, used = Stream(seed, seat, "random"), Stream(seed, seat, "random")
    for k, draws in enumerate(earlier):
        for _ in range(draws):
            used.at(moment_key("planning", k + 1)).below(7)
    here = moment_key("placement", 3)
    assert [fresh.at(here).below(n) for _ in range(5)] == [used.at(here).below(n) for _ in range(5)]
    assert all(0 <= Stream(seed, seat).at(here).below(n) < n for _ in range(3))


def test_purposes_seats_and_moments_give_different_draws() -> None:
    here = moment_key("planning", 1)
    draws = {tuple(Stream(*key).at(m).bits64() for _ in range(3))
             for key in [(7, 0, "random"), (7, 1, "random"), (8, 0, "random"), (7, 0, "softened")]
             for m in (here, moment_key("planning", 2), moment_key("placement", 1))}
    assert len(draws) == 12


def test_a_stream_is_about_uniform() -> None:
    """Chi-square of 60,000 draws below 6 (and of the top bits): no visible bias (p > 1e-4)."""
    s = Stream(3, 1, "random")
    faces = Counter(s.at(moment_key("x", k // 50)).below(6) for k in range(60_000))
    assert stats.chisquare([faces[i] for i in range(6)]).pvalue > 1e-4
    halves = Counter(int(s.random() * 16) for _ in range(32_000))
    assert stats.chisquare([halves[i] for i in range(16)]).pvalue > 1e-4


def test_without_moments_a_stream_is_an_ordinary_sequence() -> None:
    """Callers that say no moment (a search's rollouts, a person's table) get a reproducible sequence."""
    a, b = RandomBot(2, 17), RandomBot(2, 17)
    legal = [(i,) for i in range(9)]
    seq = [a.choose(Observation(2, legal, None)) for _ in range(50)]
    assert seq == [b.choose(Observation(2, legal, None)) for _ in range(50)]
    assert len(set(seq)) > 5


# -- chance streams of a game ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pl() -> Ruleset:
    return Ruleset(load_pack("pl"))


def _to_reshuffle(game: Game) -> Game:
    """Plays a Princes of Florence game to its second chance node (the profession draw pile)."""
    chance = 0
    while True:
        if game.current_player() == CHANCE:
            chance += 1
            if chance == 2:
                return game
            game.apply(game.sample_chance())
        else:
            game.apply(game.legal_actions()[0])


def test_the_deal_is_the_seeds_own_and_a_reshuffle_has_its_own_stream(pl: Ruleset) -> None:
    game = Game.new(pl, 4, seed=31, setup="standard")
    reference = Game.new(pl, 4, seed=31, setup="standard")
    reference.rng = random.Random(31)  # one generator for every chance draw: how games dealt before streams
    assert game.sample_chance() == reference.sample_chance()  # a seed deals as it always did
    _to_reshuffle(game)
    assert game._stream("reshuffle").getstate() == random.Random("31/chance/reshuffle").getstate()
    # a deal that drew more (as a variant with another deck would) leaves the reshuffle's stream alone
    other = Game.new(pl, 4, seed=31, setup="standard")
    other._stream("chance").random()
    _to_reshuffle(other)
    assert other._stream("reshuffle").getstate() == game._stream("reshuffle").getstate()
    assert other.streams["chance"].getstate() != game.streams["chance"].getstate()


def test_streams_survive_json_a_clone_copies_them_and_a_search_rng_overrides_them(pl: Ruleset) -> None:
    game = _to_reshuffle(Game.new(pl, 3, seed=5, setup="standard"))
    restored = Game.from_json(pl, json.loads(json.dumps(game.to_json())))
    copy = game.clone()
    expected = game.clone().sample_chance()
    assert restored.sample_chance() == expected == copy.sample_chance()
    # a search's own generator drives the chance draws of its clone, whatever the streams say
    mine = game.clone(random.Random(99))
    assert mine.sample_chance() == game.clone(random.Random(99)).sample_chance()
    assert isinstance(mine.to_json()["rng"], list) and "streams" in game.to_json()["rng"]


def test_a_game_saved_before_streams_still_loads_and_deals_from_its_one_generator(ruleset: Ruleset) -> None:
    game = Game.new(ruleset, 4, seed=8)
    data = game.to_json()
    old = random.Random(8)
    version, internal, gauss = old.getstate()
    data["rng"] = [version, list(internal), gauss]  # the format of before: one generator
    restored = Game.from_json(ruleset, data)
    assert restored.sample_chance() == game.sample_chance()


# -- bots by moment ----------------------------------------------------------------------------------------
def test_the_softened_bot_keeps_its_inner_choice_at_zero_and_spreads_with_temperature(ruleset: Ruleset) -> None:
    """temp=0 plays exactly the inner bot; a higher temperature departs from it more often, and its
    departures favour the inner bot's second choice."""
    game = Game.new(ruleset, 4, seed=3)
    greedy = make_bot("greedy", 1, 3, ruleset)
    samples: dict[float, Counter[int]] = {}
    while not game.is_terminal() and len(game.history) < 120:
        who = game.current_player()
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        obs = Observation(who, legal, game.view)
        if who == 1 and len(legal) > 3:
            ranked = SoftenedBot(make_bot("greedy", 1, 3, ruleset), 1, 3, temp=1.0).ranking(obs)
            assert ranked[0] == greedy.choose(obs) and len(set(ranked)) == len(ranked)
            for temp in (0.0, 0.3, 2.0):
                bot = make_bot(f"greedy:temp={temp}", 1, 3, ruleset)
                picks = [bot.choose(Observation(who, legal, game.view, None, moment_key("t", k))) for k in range(40)]
                rank = Counter(ranked.index(p) if p in ranked else len(ranked) for p in picks)
                samples.setdefault(temp, Counter()).update(rank)
        game.apply(legal[0] if who != 1 else greedy.choose(obs))
    assert set(samples[0.0]) == {0}
    kept = {t: c[0] / sum(c.values()) for t, c in samples.items()}
    assert kept[0.0] == 1.0 > kept[0.3] > kept[2.0]
    assert samples[0.3][1] > samples[0.3][len(samples[0.3]) - 1]


@pytest.mark.parametrize("spec", ["random:temp=1", "greedy:temp=-1", "greedy:temp=x", "greedy:temp=nan",
                                  "greedy:top=2", "greedy:temp=1,top=0"])
def test_bad_softening_options_are_one_line_errors(ruleset: Ruleset, spec: str) -> None:
    with pytest.raises(RegolaError) as err:
        make_bot(spec, 0, 1, ruleset)
    assert "\n" not in str(err.value)


def test_softened_games_are_reproducible_and_records_replay(ruleset: Ruleset, tmp_path: object) -> None:
    def one() -> list[tuple[int, object]]:
        game = Game.new(ruleset, 3, seed=4)
        bots = [make_bot(s, i, 4, ruleset) for i, s in enumerate(["greedy:temp=0.7", "random", "greedy"])]
        return play(game, bots).history

    assert one() == one()

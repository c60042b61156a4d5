"""The pieces of the mcts flat search: the reward, the paired comparison, repeatable rollouts, the
prior's choice kept when nothing beats it clearly, and guesses of hidden labs that favour good ones."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from regola.bots.ismcts import ISMCTSBot, margin_rewards, mixed_rewards, paired_lead, settled_early
from regola.bots.specs import make_bot
from regola.core.bots import Observation
from regola.core.game import CHANCE, Game, Ruleset
from regola.games.maestro_leonardo.greedy import GreedyBot, invention_value
from regola.games.maestro_leonardo.search import _likely_first


def test_the_mixed_reward_pays_the_win_and_keeps_the_margin_as_a_tie_break() -> None:
    values = [30.0, 20.0, 29.0, 0.0]
    rewards = mixed_rewards(values, scale=10, win=0.6)
    margins = margin_rewards(values, 10)
    assert rewards[0] == pytest.approx(0.6 + 0.4 * margins[0])
    assert rewards[2] == pytest.approx(0.4 * margins[2])
    assert rewards[0] > 0.6 > rewards[2] > rewards[1] > rewards[3]
    # a close loss is worth far less than a close win: the step the tanh alone would not make
    assert rewards[0] - rewards[2] > 0.6
    shared = mixed_rewards([5.0, 5.0, 1.0], scale=10, win=1.0)
    assert shared == [0.5, 0.5, 0.0]


def test_the_paired_lead_counts_standard_errors_of_the_differences() -> None:
    rng = random.Random(1)
    base = [rng.uniform(0, 1) for _ in range(50)]
    better = [b + 0.1 + rng.uniform(-0.01, 0.01) for b in base]  # noisy worlds, a steady lead
    assert paired_lead(better, base) > 10
    assert paired_lead(base, better) < -10
    assert paired_lead(base, base) == 0.0
    noise = [b + rng.uniform(-0.3, 0.3) for b in base]
    assert abs(paired_lead(noise, base)) < 3
    assert paired_lead([1.0, 2.0, 3.0], [0.5, 1.0]) == pytest.approx(paired_lead([1.0, 2.0], [0.5, 1.0]))


def test_a_decision_settles_early_only_when_more_rollouts_cannot_change_it() -> None:
    a, b, c = ("a",), ("b",), ("c",)
    alike = {a: [0.2, 0.9, 0.4, 0.4], b: [0.2, 0.9, 0.4, 0.4]}
    assert settled_early(alike, [a, b], z=3)
    ahead = {a: [0.3, 1.0, 0.6, 0.55], b: [0.1, 0.8, 0.4, 0.4], c: [0.0, 0.7, 0.45, 0.3]}
    assert settled_early(ahead, [a, b, c], z=3)  # a leads each by a steady 0.15-0.2
    assert not settled_early(ahead, [a, b, c], z=1e6)
    close = {a: [0.3, 1.0, 0.6, 0.55], b: [0.1, 1.0, 0.7, 0.4]}
    assert not settled_early(close, [a, b], z=1)  # a leads on average, not steadily


def _decision(ruleset: Ruleset, seed: int, decisions: int) -> Game:
    """A game of greedy bots after ``decisions`` decisions, at a choice of two or more actions."""
    game = Game.new(ruleset, 4, seed=seed)
    bots = [GreedyBot(s, seed, ruleset.rules) for s in range(4)]
    n = 0
    while True:
        who = game.current_player()
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        if n >= decisions and len(legal) > 1:
            return game
        game.apply(bots[who].choose(Observation(who, legal, game.view)))
        n += 1


def test_a_rollout_with_a_seed_repeats_itself(ruleset: Ruleset) -> None:
    game = _decision(ruleset, 2, 60)
    seat = game.current_player()
    bot: ISMCTSBot = make_bot("mcts:search=flat,rollout=greedy,depth=0", seat, 1, ruleset)  # type: ignore[assignment]
    world = game.information_state(seat).determinize(seat, random.Random(4))
    hooks = ruleset.definition.search
    assert hooks is not None
    first = bot.rollout_from(world.clone(random.Random(9)), hooks, 9)
    bot.rng.random()  # the bot's own generator moves on: the seeded rollout must not care
    assert bot.rollout_from(world.clone(random.Random(9)), hooks, 9) == first


@pytest.mark.parametrize(("seed", "decisions"), [(1, 30), (2, 90), (3, 150)])
def test_flat_search_keeps_the_prior_choice_unless_clearly_beaten(ruleset: Ruleset, seed: int, decisions: int) -> None:
    game = _decision(ruleset, seed, decisions)
    seat = game.current_player()
    obs = Observation(seat, game.legal_actions(), game.view, game.information_state)
    greedy = GreedyBot(seat, seed, ruleset.rules).choose(Observation(seat, game.legal_actions(), game.view))
    stubborn = make_bot("mcts:search=flat,iters=24,rollout=greedy,prior=greedy,sure=1e9", seat, seed, ruleset)
    assert stubborn.choose(obs) == greedy
    free = make_bot("mcts:search=flat,iters=24,rollout=greedy,prior=greedy,sure=0", seat, seed, ruleset)
    assert free.choose(obs) in game.legal_actions()


def test_in_a_small_decision_the_prior_choice_is_the_default_too(ruleset: Ruleset) -> None:
    """With no more legal actions than candidates, all are tried, the prior's choice still first:
    a decision where greedy would not take the first legal action shows it."""
    game = Game.new(ruleset, 4, seed=6)
    bots = [GreedyBot(s, 6, ruleset.rules) for s in range(4)]
    found = 0
    while not game.is_terminal() and found < 3:
        who = game.current_player()
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        choice = bots[who].choose(Observation(who, legal, game.view))
        if 2 <= len(legal) <= 8 and choice != legal[0]:
            found += 1
            obs = Observation(who, legal, game.view, game.information_state)
            stubborn = make_bot("mcts:iters=8,sure=1e9", who, 6, ruleset)
            assert stubborn.choose(obs) == GreedyBot(who, 6, ruleset.rules).choose(Observation(who, legal, game.view))
        game.apply(choice)
    assert found == 3


def test_hidden_labs_are_guessed_among_the_better_inventions_more_often(ruleset: Ruleset) -> None:
    game = Game.new(ruleset, 4, seed=5)
    st = game.state
    owner = st.players[1]
    rules = st.rules
    candidates = list(rules.card_ids)
    value = {c: invention_value(rules, c, 0, False) for c in candidates}
    best, worst = max(candidates, key=value.__getitem__), min(candidates, key=value.__getitem__)
    rng = random.Random(3)
    firsts = Counter(_likely_first(st, owner, candidates, rng)[0] for _ in range(2000))
    assert firsts[best] > firsts[worst]
    assert value[firsts.most_common(1)[0][0]] == value[best]  # one of the (equally) best
    order = _likely_first(st, owner, candidates, rng)
    assert sorted(order) == sorted(candidates)  # a permutation: nothing lost, nothing doubled
    assert math.isfinite(sum(value.values()))


def test_the_cut_ends_a_decision_once_nothing_leads_the_prior_choice() -> None:
    from regola.bots.ismcts import futile

    default, other, third = ("pass",), ("act",), ("bid", 1)
    behind = {default: [1.0, 0.5, 1.0, 0.5], other: [0.5, 0.5, 0.5, 0.5], third: [1.0, 0.5, 1.0, 0.5]}
    assert futile(behind, [default, other, third], default, 0.0)  # one behind, one level: nothing leads
    ahead = {default: [0.5, 0.5, 0.5, 0.6], other: [1.0, 1.0, 0.9, 1.0], third: [0.5] * 4}
    assert not futile(ahead, [default, other, third], default, 0.0)
    assert not futile(ahead, [default, other, third], default, 3.0)  # clearly ahead: many standard errors
    noisy = {default: [0.5, 0.9, 0.2, 0.6], other: [0.6, 0.8, 0.4, 0.6]}
    assert not futile(noisy, [default, other], default, 0.0) and futile(noisy, [default, other], default, 2.0)

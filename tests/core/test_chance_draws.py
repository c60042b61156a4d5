"""Chance events as single draws (regola.core.chance): the draws give outcomes the engine accepts, with
probabilities that sum to one at every draw and that match the engine's own sampler."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack


@cache
def ruleset(pack: str, variants: tuple[str, ...] = ()) -> Ruleset:
    return Ruleset(load_pack(pack, variants=list(variants)))


def _draw(game: Game, rng: random.Random) -> tuple:
    """The pending chance event drawn card by card by its stated probabilities; the engine's outcome."""
    draws = game.chance_draws()
    while not draws.done():
        outcomes = draws.outcomes()
        assert [o for o, _ in outcomes] == sorted(o for o, _ in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        left = rng.random()
        chosen = outcomes[-1][0]
        for outcome, p in outcomes:
            left -= p
            if left <= 0:
                chosen = outcome
                break
        draws.take(chosen)
    return draws.outcome()


@pytest.mark.parametrize(("pack", "variants"), [("cs", ()), ("cs", ("codex-leonardi-2",)), ("de", ()), ("fr", ()),
                                                ("pl", ()), ("pl", ("muse-and-princess", "two-player-four-freedoms"))])
def test_every_drawn_outcome_is_one_the_engine_accepts(pack: str, variants: tuple[str, ...]) -> None:
    rs = ruleset(pack, variants)
    lo, hi = rs.players_range()
    for players in range(lo, hi + 1):
        for setup in rs.definition.setup_modes(rs.rules):
            game = Game.new(rs, players, players, setup)
            rng = random.Random(players)
            events = 0
            while not game.is_terminal():
                if game.is_chance():
                    game.apply(_draw(game, rng))  # apply refers the outcome (check_chance)
                    events += 1
                else:
                    game.apply_legal(rng.randrange(len(game.legal_actions())))
            assert events >= 1


def test_a_draw_that_cannot_happen_is_refused() -> None:
    game = Game.new(ruleset("pl"), 3, 1, "standard")
    draws = game.chance_draws()
    first, _ = draws.outcomes()[0]
    draws.take(first)
    with pytest.raises(ValueError, match="cannot be drawn now"):
        draws.take(first)  # that profession card is no longer in the pile
    with pytest.raises(ValueError, match="not complete"):
        draws.outcome()


@pytest.mark.parametrize("setup", ["beginner", "advanced"])
def test_the_draws_deal_as_the_engine_samples(setup: str) -> None:
    """The same 3,000 deals' worth of statistics both ways (fixed seeds: the comparison is repeatable):
    which card lands on top of the deck and which cards the advanced setup removes."""
    rs = ruleset("cs")
    players = 2 if setup == "advanced" else 4  # 2 players: the advanced setup removes cards too
    n = 3000
    sampled: Counter[tuple[str, int]] = Counter()
    drawn: Counter[tuple[str, int]] = Counter()
    rng_a, rng_b = random.Random(1), random.Random(2)
    for _ in range(n):
        game = Game.new(rs, players, None, setup)
        for counter, outcome in ((sampled, game._step().sample(game.state, rng_a)), (drawn, _draw(game, rng_b))):
            counter[("top", outcome[1][0])] += 1
            counter[("bottom", outcome[1][-1])] += 1
            for c in outcome[2]:
                counter[("removed", c)] += 1
    assert set(sampled) == set(drawn)
    worst = max(abs(sampled[k] - drawn[k]) / n for k in sampled)
    assert worst < 0.035, worst  # frequencies of about 1/10-1/20 each: a few standard errors

"""The probe bot (regola.bots.probe): every family of moves heard, a move its heuristic does not know valued
by the rules (regola.bots.families, regola.bots.valuation), and bounded by its options."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regola.bots.families import family, group, lead, sample, screen, unknown
from regola.bots.ismcts import ISMCTSBot
from regola.bots.probe import ProbeBot
from regola.bots.specs import bot_names, make_bot
from regola.bots.valuation import valuation
from regola.core.bots import Observation
from regola.core.errors import RegolaError
from regola.core.game import CHANCE, TERMINAL, Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play
from regola.core.step import ActionRange
from regola.games.princes_of_florence.measures import prestige_points
from regola.tables.bots import within

ROOT = Path(__file__).resolve().parents[2]
CODEX = str(ROOT / "rulepacks/cs/variants/codex-leonardi-2.yaml")
CORPUS = sorted((ROOT / "rulepacks/cs/variants/house").glob("*.yaml")) \
    + sorted((ROOT / "rulepacks/pl/variants/house").glob("*.yaml")) + [Path(CODEX)]
SETUP = {"cs": "beginner", "pl": "standard"}


@functools.cache
def ruleset(pack: str, *variants: str) -> Ruleset:
    return Ruleset(load_pack(pack, variants=list(variants)))


def test_a_family_is_the_verb_and_the_place_it_names() -> None:
    assert family(("place", "I", 2)) == ("place", "I")
    assert family(("master", "lab0")) == ("master", "lab0")
    assert family(("bid", 7)) == ("bid",)
    assert family(("exchange", (1, 0), (0, 1))) == ("exchange",)
    assert family(("pass",)) == ("pass",)


def test_a_long_range_is_sampled_never_walked() -> None:
    huge = ActionRange("bid", range(10**15))  # a purse of a quadrillion: walking it would never end
    rng = random.Random(1)
    picks = sample(huge, rng, 16)
    assert len(picks) == 16 and picks[0] == ("bid", 0) and picks[-1] == ("bid", 10**15 - 1)
    assert sum(len(v) for v in group(huge, rng, 16).values()) == 16
    assert unknown(huge, frozenset({"bid"})) == []
    assert unknown(huge, frozenset()) is huge
    short = [("pass",), ("place", "A", 1), ("place", "I", 1), ("exchange", (1,), (0,))]
    assert sample(short, rng, 16) == short
    assert set(group(short, rng, 16)) == {("pass",), ("place", "A"), ("place", "I"), ("exchange",)}
    assert unknown(short, frozenset({"pass", "place"})) == [("exchange", (1,), (0,))]


def _played(rs: Ruleset, players: int, seed: int, until: Any) -> Game:
    """A game of greedy bots played from ``seed`` until ``until(game)`` holds (or it ends)."""
    game = Game.new(rs, players, seed)
    bots = [make_bot("greedy", s, seed, rs) for s in range(players)]
    while not until(game):
        who = game.current_player()
        if who == TERMINAL:
            break
        if who == CHANCE:
            game.apply(game.sample_chance())
        else:
            game.apply(bots[who].choose(Observation(who, game.legal_actions(), game.view)))
    return game


def test_what_the_end_awards_would_give_counts_in_the_valuation() -> None:
    """ml-upgrade-points: each workshop upgrade scores 2 gulden at the end, so a position is worth 2 more
    per upgrade held to the rules' valuation than to the game's own evaluation."""
    rs = ruleset("cs", "ml-upgrade-points")
    game = _played(rs, 4, 3, lambda g: any(p.upgrades >= 2 for p in g.state.players))
    assert any(p.upgrades >= 2 for p in game.state.players)
    hooks = rs.definition.search
    assert hooks is not None and hooks.evaluate is not None
    plain, worth = hooks.evaluate(game.state), valuation(rs)(game.state)
    assert [w - e for w, e in zip(worth, plain, strict=True)] == [2 * p.upgrades for p in game.state.players]
    base = ruleset("cs")
    assert valuation(base)(game.state) == plain  # the printed game has no end award


def test_a_game_without_its_own_evaluation_is_valued_by_its_score_and_end_awards() -> None:
    """Without an evaluation hook the worth is the score (prestige in Princes of Florence) plus
    pf-freedom-bonus's 2 a freedom; with the game's own, that evaluation plus the same award."""
    rs = ruleset("pl", "pf-freedom-bonus")
    game = Game.new(rs, 3, 5, "standard")
    for p, (prestige, freedoms) in zip(game.state.players, [(4, ["a", "b"]), (9, []), (0, ["c"])], strict=True):
        p.prestige, p.freedoms = prestige, freedoms
    hooks = rs.definition.search
    assert hooks is not None and hooks.evaluate is not None
    bare = SimpleNamespace(rules=rs.rules, definition=SimpleNamespace(search=replace(hooks, evaluate=None)))
    assert valuation(bare)(game.state) == [8.0, 9.0, 2.0]
    own = hooks.evaluate(game.state)
    assert valuation(rs)(game.state) == [own[0] + 4, own[1], own[2] + 2]
    assert lead([8.0, 9.0, 2.0], 0) == -1.0 and lead([8.0, 9.0, 2.0], 1) == 1.0


def _market_decision(seed: int) -> Game | None:
    """A Codex Leonardi II game played by random bots until someone may exchange at the marketplace."""
    rs = ruleset("cs", CODEX)
    rng = random.Random(seed)
    game = Game.new(rs, 4, seed)
    while True:
        who = game.current_player()
        if who == TERMINAL:
            return None
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        if any(a[0] == "exchange" for a in legal):
            return game
        game.apply(legal[rng.randrange(len(legal))])


def test_a_move_the_heuristic_does_not_know_is_heard_against_its_choice() -> None:
    """At the marketplace greedy (which knows no 'exchange') passes; the screen takes the exchange that
    leaves the seat best placed by the rules' valuation, and keeps the pass when none beats it."""
    games = [g for g in (_market_decision(seed) for seed in range(12)) if g is not None]
    assert len(games) >= 4
    exchanged = 0
    for game in games:
        who = game.current_player()
        legal = game.legal_actions()
        greedy = make_bot("greedy", who, 1, game.ruleset)
        assert "exchange" not in greedy.knows  # type: ignore[attr-defined]
        assert greedy.choose(Observation(who, legal, game.view)) == ("pass",)
        worth = valuation(game.ruleset)
        rng = random.Random(0)
        choice, best = screen(game, who, unknown(legal, greedy.knows), ("pass",), worth, rng)  # type: ignore[attr-defined]
        after = {}
        for a in legal:
            g = game.clone(random.Random(0))
            g.apply(a)
            after[a] = lead(worth(g.state), who)
        assert best == max(after.values()) and after[choice] == best
        assert choice == ("pass",) or after[choice] > after[("pass",)]
        exchanged += choice[0] == "exchange"
    assert exchanged  # a better hand is worth something to the valuation


def test_the_probe_hears_the_district_a_variant_adds() -> None:
    """Over one Codex Leonardi II game the probe's bandit hears the marketplace (district I), a family
    its greedy default never chooses."""
    rs = ruleset("cs", CODEX)
    probe = make_bot("probe", 0, 7, rs)
    assert isinstance(probe, ProbeBot)
    game = Game.new(rs, 4, 7)
    play(game, [probe, *(make_bot("greedy", s, 7, rs) for s in range(1, 4))])
    assert game.is_terminal()
    assert any(f[1:] == ("I",) for f in probe.tried), sorted(map(str, probe.tried))
    assert not any(a[1] == "I" for who, a in game.history if who != 0 and len(a) > 1)  # greedy: never


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(CORPUS), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_the_probe_only_makes_legal_moves_and_ends_every_game(variant: Path, players: int, seed: int) -> None:
    pack = variant.parts[-4] if variant.parent.name == "house" else variant.parts[-3]
    rs = ruleset(pack, str(variant))
    probe = make_bot("probe:worlds=1,rivals=2,depth=8", 0, seed, rs)
    made = []

    class Checked:
        name = "checked"

        def choose(self, obs: Observation) -> Any:
            action = probe.choose(obs)
            assert action in obs.legal, (action, variant.name)
            made.append(action)
            return action

    players = min(players, rs.players_range()[1])  # a reduced configuration (ml-tiny) seats two at most
    game = Game.new(rs, players, seed, SETUP[pack])
    play(game, [Checked(), *(make_bot("random", s, seed, rs) for s in range(1, players))])
    assert game.is_terminal() and game.result() is not None and made  # play() stops at the decision cap


@pytest.mark.parametrize("spec", ["probe:worlds=0", "probe:worlds=65", "probe:worlds=2.5", "probe:worlds=1e308",
                                  "probe:rivals=0", "probe:depth=-1", "probe:screen=100000", "probe:time=0",
                                  "probe:time=nan", "probe:sure=nan", "probe:explore=-1", "probe:nope=1"])
def test_options_past_their_bounds_are_refused_in_words(spec: str) -> None:
    with pytest.raises(RegolaError, match="probe"):
        make_bot(spec, 0, 1, ruleset("cs"))


def test_the_probe_is_offered_for_both_games_and_timed_at_tables() -> None:
    for pack in ("cs", "pl"):
        assert "probe" in bot_names(ruleset(pack))
    assert within("probe", 2) == "probe:time=2"
    assert within("probe:worlds=8,time=30", 2) == "probe:worlds=8,time=2"
    assert isinstance(make_bot("probe", 0, 1, ruleset("pl")).search, ISMCTSBot)  # type: ignore[attr-defined]


def test_princes_of_florence_counts_held_prestige_cards_as_they_would_score_now() -> None:
    rs = ruleset("pl")
    game = Game.new(rs, 3, 5, "standard")
    hooks = rs.definition.search
    assert hooks is not None and hooks.evaluate is not None
    p = game.state.players[0]
    p.freedoms = list(rs.rules.freedom_kinds)  # every freedom: a card that rewards freedoms pays
    scores = {c: prestige_points(game.state, 0, rs.rules.prestige[c]) for c in rs.rules.prestige}
    card = max(scores, key=lambda c: scores[c])
    assert scores[card] > 0
    base = hooks.evaluate(game.state)[0]
    p.prestige_cards.append(card)
    assert hooks.evaluate(game.state)[0] == base + scores[card]
    p.money += 1000
    assert hooks.evaluate(game.state)[0] > base + scores[card]  # florins count, for less than prestige

"""How long a game can be (regola.core.bounds): the flow's visits counted through its loops, and every game
of every pack and bundled variant staying within the decisions and chance draws derived for it."""

from __future__ import annotations

import random
import zlib
from functools import cache
from typing import Any

import pytest

from regola.core.bounds import derive, visits
from regola.core.caps import decision_cap
from regola.core.flow import Flow
from regola.core.game import Game, Ruleset
from regola.core.pack import available_variants, load_pack
from regola.core.registry import Registry
from regola.core.step import Step
from regola.core.variant import variant_from_dict


class _Asks(Step):
    def __init__(self, most: int | None) -> None:
        self._most = most

    def most(self, rules: Any, players: int) -> int | None:
        return self._most


def _flow(loops: dict[str, Any]) -> tuple[Flow, Registry]:
    """A game of rounds, each of a phase and of districts one after another (a loop inside a loop)."""
    guards = {"more_rounds": lambda g: False, "more_districts": lambda g: False, "open": lambda g: False}
    registry = Registry(guards=guards, loops=loops,
                        steps={"phase": _Asks(3), "district": _Asks(2), "deal": _Asks(0)})
    data = {"initial": "setup", "states": [
        {"name": "setup", "step": "deal"}, {"name": "round_start"}, {"name": "phase", "step": "phase"},
        {"name": "district", "step": "district"}, {"name": "round_end"}, {"name": "over", "final": True}],
        "transitions": [
            {"trigger": "advance", "source": "setup", "dest": "round_start"},
            {"trigger": "advance", "source": "round_start", "dest": "phase"},
            {"trigger": "advance", "source": "phase", "dest": "district", "conditions": ["open"]},
            {"trigger": "advance", "source": "phase", "dest": "round_end"},
            {"trigger": "advance", "source": "district", "dest": "district", "conditions": ["more_districts"]},
            {"trigger": "advance", "source": "district", "dest": "round_end"},
            {"trigger": "advance", "source": "round_end", "dest": "round_start", "conditions": ["more_rounds"]},
            {"trigger": "advance", "source": "round_end", "dest": "over"},
            {"trigger": "end", "source": ["phase", "district"], "dest": "over"}]}
    return Flow.build(data, registry), registry


def test_a_state_is_visited_once_per_pass_through_each_loop_that_holds_it() -> None:
    flow, registry = _flow({"more_rounds": lambda rules, n: rules["rounds"] - 1,
                            "more_districts": lambda rules, n: n})
    counts = visits(flow, registry.loops, {"rounds": 7}, 4)
    assert counts == {"setup": 1, "round_start": 7, "phase": 7, "district": 7 * 5, "round_end": 7, "over": 1}
    assert visits(flow, registry.loops, {"rounds": 1}, 2) == {"setup": 1, "round_start": 1, "phase": 1,
                                                              "district": 3, "round_end": 1, "over": 1}


def test_a_loop_whose_guard_has_no_count_has_no_bound() -> None:
    flow, registry = _flow({"more_rounds": lambda rules, n: 8})  # the districts' loop is not counted
    assert visits(flow, registry.loops, None, 2) is None


def test_a_registry_refuses_a_loop_count_for_a_name_that_is_no_guard() -> None:
    with pytest.raises(ValueError, match="no guard"):
        Registry(guards={"more_rounds": lambda g: False}, loops={"more_round": lambda rules, n: 1})


@cache
def _ruleset(pack: str, variant: str | None) -> Ruleset:
    return Ruleset(load_pack(pack, variants=[variant] if variant else []))


CASES = [(pack, variant) for pack in ("cs", "de", "fr", "pl") for variant in [None]] + \
    [(pack, variant) for pack in ("cs", "pl") for variant in available_variants(pack)]


def _play(game: Game, rng: random.Random) -> tuple[int, int]:
    """A random game to its end, chance drawn one card at a time as OpenSpiel sees it: decisions, draws."""
    decisions = draws = 0
    while not game.is_terminal():
        if game.is_chance():
            chance = game.chance_draws()
            while not chance.done():
                outcomes, weights = zip(*chance.outcomes(), strict=True)
                chance.take(rng.choices(outcomes, weights)[0])
                draws += 1
            game.apply(chance.outcome())
            continue
        game.apply_legal(rng.randrange(len(game.legal_actions())))
        decisions += 1
    return decisions, draws


@pytest.mark.parametrize(("pack", "variant"), CASES, ids=[f"{p}-{v or 'base'}" for p, v in CASES])
def test_every_game_of_every_pack_and_variant_stays_within_its_derived_bounds(pack: str, variant: str | None) -> None:
    rs = _ruleset(pack, variant)
    lo, hi = rs.players_range()
    modes = rs.definition.setup_modes(rs.rules)
    for players, setup in ((lo, modes[-1]), (hi, modes[0])):
        bounds = derive(rs, players)
        assert bounds is not None, (pack, variant, players)
        seed = zlib.crc32(f"{pack} {variant} {players}".encode()) % 10_000
        decisions, draws = _play(Game.new(rs, players, seed, setup), random.Random(seed))
        assert 0 < decisions <= bounds.decisions and draws <= bounds.draws, (players, decisions, draws, bounds)
        # not loose past use: within 20 times a random game, or past the engine's cap, which then applies;
        # but a hold limit counts putting back all the part may hold above it, at every decision
        if not (rs.moves and any(m.until is not None for m in rs.moves.moves)):
            assert bounds.decisions <= 20 * decisions or bounds.decisions >= decision_cap(rs, players)


def _with(pack: str, changes: list[dict[str, Any]], variants: tuple[str, ...] = ()) -> Ruleset:
    made = variant_from_dict({"variant": {"id": "changed", "base": [pack], "title": "changed", "changes": changes}},
                             "changed.yaml")
    return Ruleset(load_pack(pack, variants=[*variants, made]))


def test_a_house_rule_that_plays_more_rounds_raises_the_bound_with_them() -> None:
    base = derive(_ruleset("cs", None), 3)
    longer = derive(_with("cs", [{"op": "replace", "path": "/rounds/schedule/0/count", "value": 14}]), 3)
    assert base is not None and longer is not None
    per_round = (longer.decisions - base.decisions) // 7  # seven more normal rounds, each the same
    assert per_round > 0 and (longer.decisions - base.decisions) % 7 == 0
    assert longer.draws == base.draws  # the rounds deal nothing more


def test_an_open_auction_is_bounded_by_the_most_money_a_player_may_hold() -> None:
    open_auction = derive(_ruleset("cs", "ml-open-auction"), 4)
    poorer = derive(_with("cs", [{"op": "replace", "path": "/mechanics/parts/money/max", "value": 999}],
                          ("ml-open-auction",)), 4)
    sealed = derive(_ruleset("cs", None), 4)
    assert open_auction is not None and poorer is not None and sealed is not None
    assert sealed.decisions < poorer.decisions < open_auction.decisions

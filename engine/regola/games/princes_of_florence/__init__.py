"""Princes of Florence (Książęta Florencji, 1999): the mechanics its rule packs parameterize."""

from __future__ import annotations

from typing import Any

from regola.core.game import GameDefinition
from regola.core.registry import Registry
from regola.core.search import SearchHooks
from regola.games.princes_of_florence import action_kinds, chance_draws, present, search, tensor
from regola.games.princes_of_florence.describe import describe
from regola.games.princes_of_florence.rules import Rules, compile_rules, players_range
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps import actions, auction, characters, rounds, setup
from regola.games.princes_of_florence.views import view

REGISTRY = Registry(
    guards={"more_rounds": rounds.more_rounds},
    effects={
        "begin_round": rounds.begin_round,
        "begin_auction": auction.begin_auction,
        "begin_actions": actions.begin_actions,
        "begin_characters": characters.begin_characters,
        "end_characters": characters.end_characters,
        "best_work": rounds.best_work,
        "next_round": rounds.next_round,
        "final_scoring": rounds.final_scoring,
    },
    steps={
        "deal": setup.Deal(),
        "keep": setup.Keep(),
        "reshuffle": setup.Reshuffle(),
        "auction": auction.Auction(),
        "actions": actions.Actions(),
        "characters": characters.Characters(),
    },
)


def _result(state: State) -> list[dict[str, Any]] | None:
    return state.result


def _bots() -> dict[str, Any]:
    from regola.games.princes_of_florence.greedy import GreedyBot

    return {"greedy": GreedyBot}


DEFINITION = GameDefinition(
    id="princes-of-florence",
    registry=REGISTRY,
    compile_rules=compile_rules,
    new_state=setup.new_state,
    state_from_json=State.from_json,
    view=view,
    describe=describe,
    players=players_range,
    setup_modes=lambda rules: rules.setup_modes,
    result=_result,
    bots=_bots(),
    present={"standings": present.standings, "result_json": present.result_json,
             "seat_summary": present.seat_summary},
    action_kinds=action_kinds.action_kinds,
    chance_draws=chance_draws.MODEL,
    tensor_spec=tensor.tensor_spec,
    clone_state=search.clone_state,
    search=SearchHooks(information_state=search.information_state, determinize=search.determinize,
                       playout=search.playout),
)

__all__ = ["DEFINITION", "REGISTRY", "Rules"]

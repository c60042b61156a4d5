"""Maestro Leonardo (Leonardo da Vinci, 2006): the mechanics its rule packs parameterize."""

from __future__ import annotations

from typing import Any

from regola.core.gamedef import define_game, later
from regola.core.registry import Registry
from regola.core.search import SearchHooks
from regola.games.maestro_leonardo import chance_draws, rounds, search, tensor
from regola.games.maestro_leonardo.metrics import metrics
from regola.games.maestro_leonardo.pack_checks import check_game_refs, check_invariants
from regola.games.maestro_leonardo.rules import Rules, compile_rules
from regola.games.maestro_leonardo.state import State
from regola.games.maestro_leonardo.steps import city, completion, placement, planning, setup
from regola.games.maestro_leonardo.terms import TERMS
from regola.games.maestro_leonardo.verbs import VERBS
from regola.games.maestro_leonardo.views import greedy_view, view
from regola.mechanics.ending import abandon_step

REGISTRY = Registry(
    guards={
        "advanced_setup": rounds.advanced_setup,
        "city_open": rounds.city_open,
        "more_districts": city.more_districts,
        "more_rounds": rounds.more_rounds,
    },
    loops={  # how often each loop of the flow repeats at most (regola.core.bounds)
        "more_districts": lambda rules, players: len(rules.district_order) - 1,
        "more_rounds": lambda rules, players: rules.rounds - 1,
    },
    effects={
        "begin_favors": setup.begin_favors,
        "begin_round": rounds.begin_round,
        "begin_planning": planning.begin_planning,
        "begin_placement": placement.begin_placement,
        "first_district": city.first_district,
        "open_district": city.open_district,
        "close_district": city.close_district,
        "work_labs": rounds.work_labs,
        "begin_completion": completion.begin_completion,
        "end_completion": completion.end_completion,
        "round_end_duties": rounds.round_end_duties,
        "next_round": rounds.next_round,
        "final_scoring": rounds.final_scoring,
        "abandon_step": abandon_step,
    },
    steps={
        "deal": setup.Deal(),
        "favors": setup.Favors(),
        "planning": planning.Planning(),
        "placement": placement.Placement(),
        "district": city.DistrictStep(),
        "completion": completion.Completion(),
    },
)


def _result_json(game: Any) -> dict[str, Any]:
    """The result as `regola play --json` gives it: per player its colour, rank, money, end bonus and
    inventions."""
    from regola.core.results import result_header

    result = game.result() or []
    return {
        **result_header(game),
        "players": [{"seat": r["seat"], "color": r["color"], "rank": r["rank"], "money": r["money"],
                     "end_bonus": r["bonus"], "inventions": game.state.players[r["seat"]].cards,
                     "completed": game.state.players[r["seat"]].completed} for r in result],
    }


def _greedy() -> type:
    from regola.games.maestro_leonardo.greedy import GreedyBot

    return GreedyBot


def decisions(rules: Rules, players: int) -> int:
    """An upper bound on the decisions of one game (core.caps): per round, each seat plans, places every
    piece it may own and bids, each district sells its whole cost track; four times that, so that no
    real game comes near it (a 5-player game of the Czech pack takes at most ~400; this says ~13,000)."""
    pieces = rules.limit_apprentices + 1 + rules.limit_labs + rules.limit_robots
    per_round = players * (12 + 3 * pieces) + 2 * len(rules.districts) * len(rules.cost_track)
    return 4 * rules.rounds * per_round + 64


DEFINITION = define_game(
    terms=TERMS,
    id="maestro-leonardo",
    registry=REGISTRY,
    compile_rules=compile_rules,
    new_state=setup.new_state,
    state_from_json=State.from_json,
    view=view,
    verbs=VERBS,
    greedy=_greedy(),
    metrics=metrics,
    terminal=later("regola.games.maestro_leonardo.table"),
    board=later("regola.games.maestro_leonardo.board", "draw"),
    rulebook_tables=later("regola.games.maestro_leonardo.rulebook", "tables"),
    standing=later("regola.games.maestro_leonardo.summary", "STANDING"),
    present={"result_json": _result_json},
    clone_state=State.clone,
    decisions=decisions,
    search=SearchHooks(information_state=search.information_state, determinize=search.determinize,
                       playout=search.playout, evaluate=search.evaluate, bot_view=greedy_view,
                       unseen_draws=search.unseen_draws),
    chance_draws=chance_draws.MODEL,
    tensor_spec=tensor.tensor_spec,
    names={  # the things the data enumerates that every rule catalog names (regola.check.text)
        "materials": ("/components/materials/kinds", None),
        "colors": ("/components/colors", None),
        "labs": ("/components/labs", None),
        "districts": ("/city/districts", None),
        "council_spaces": ("/city/council/spaces", "id"),
        "upgrades": ("/city/workshop/upgrades", "id"),
        "favors": ("/setup/advanced/favors", "id"),
        "setup_modes": ("/setup/modes", None),
        "tiers": ("/inventions/tiers", "id"),
        "types": ("/inventions/types", None),
        "cards": ("/inventions/cards", "id"),
        "phases": ("/flow/states", "name"),
        "parts": ("/mechanics/visibility", "!piles"),
        "piles": ("/mechanics/piles", None),
        "places": ("/mechanics/parts", "=owner=shared"),  # the shared parts a payment may go to or come from
    },
    optional_names={"labs": ("/components/labs/*/sides", None)},  # lab sides: named with the labs, if at all
    pack_checks=(check_game_refs, check_invariants),  # regola check: names and facts of the game's data
)

__all__ = ["DEFINITION", "REGISTRY", "Rules"]

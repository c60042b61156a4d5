"""Princes of Florence (Książęta Florencji, 1999): the mechanics its rule packs parameterize."""

from __future__ import annotations

from regola.core.gamedef import define_game, later
from regola.core.registry import Registry
from regola.core.search import SearchHooks
from regola.games.princes_of_florence import chance_draws, search, tensor
from regola.games.princes_of_florence.rules import Rules, compile_rules
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps import actions, auction, characters, rounds, setup
from regola.games.princes_of_florence.terms import TERMS
from regola.games.princes_of_florence.verbs import VERBS
from regola.games.princes_of_florence.views import greedy_view, plain_view, view
from regola.mechanics.ending import abandon_step

REGISTRY = Registry(
    guards={"more_rounds": rounds.more_rounds},
    loops={"more_rounds": lambda rules, players: rules.rounds - 1},  # at most (regola.core.bounds)
    effects={
        "begin_round": rounds.begin_round,
        "begin_auction": auction.begin_auction,
        "begin_actions": actions.begin_actions,
        "begin_characters": characters.begin_characters,
        "end_characters": characters.end_characters,
        "best_work": rounds.best_work,
        "next_round": rounds.next_round,
        "final_scoring": rounds.final_scoring,
        "abandon_step": abandon_step,
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


def _greedy() -> type:
    from regola.games.princes_of_florence.greedy import GreedyBot

    return GreedyBot


def decisions(rules: Rules, players: int) -> int:
    """An upper bound on the decisions of one game (core.caps): per round, each seat's actions, pieces and
    cards, and an auction that could go on raising until the opening purses are spent, or a Dutch offer
    going round at every price (at most a thousand); four times that (a 5-player game of the Polish pack
    takes at most ~250)."""
    per_seat = 16 + 4 * rules.per_turn + rules.architects + rules.jesters
    form = rules.mechanics.auction
    least = form.raise_rule.least_raise
    bidding = min(1000, max(rules.money_by_players.get(players, 0) // least, len(form.dutch_prices()) * players))
    return 4 * rules.rounds * (players * per_seat + players * bidding) + 256


DEFINITION = define_game(
    terms=TERMS,
    id="princes-of-florence",
    registry=REGISTRY,
    compile_rules=compile_rules,
    new_state=setup.new_state,
    state_from_json=State.from_json,
    view=view,
    verbs=VERBS,
    greedy=_greedy(),
    decisions=decisions,
    terminal=later("regola.games.princes_of_florence.table"),
    rulebook_tables=later("regola.games.princes_of_florence.rulebook", "tables"),
    board=later("regola.games.princes_of_florence.board", "draw"),
    spots=later("regola.games.princes_of_florence.board", "spots"),
    standing=later("regola.games.princes_of_florence.summary", "STANDING"),
    chance_draws=chance_draws.MODEL,
    tensor_spec=tensor.tensor_spec,
    clone_state=search.clone_state,
    search=SearchHooks(information_state=search.information_state, determinize=search.determinize,
                       playout=search.playout, evaluate=search.evaluate, bot_view=greedy_view,
                       plain_view=plain_view, unseen_draws=search.unseen_draws),
    names={  # the things the data enumerates that every rule catalog names (regola.check.text)
        "buildings": ("/components/buildings/kinds", None),
        "landscapes": ("/components/landscapes/kinds", None),
        "freedoms": ("/components/freedoms/kinds", None),
        "professions": ("/professions/cards", "id"),
        "bonus_cards": ("/bonus_cards", "id"),
        "prestige_cards": ("/prestige_cards", "id"),
        "setup_modes": ("/setup/modes", None),
        "phases": ("/flow/states", "name"),
        "characters": ("/characters/cards", "id"),
        "parts": ("/mechanics/visibility", "!piles"),
        "piles": ("/mechanics/piles", None),
        "places": ("/mechanics/parts", "=owner=shared"),  # the shared parts a payment may go to or come from
    },
)

__all__ = ["DEFINITION", "REGISTRY", "Rules"]

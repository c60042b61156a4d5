"""The loop that plays one game with bots (and optionally people): the main job of the engine."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from regola.core.bots import Bot, Observation
from regola.core.caps import decision_cap, reached
from regola.core.game import CHANCE, Game
from regola.core.record import RecordWriter
from regola.core.step import Action
from regola.core.streams import moment_key
from regola.core.verbs import above_least

Chooser = Callable[[Game, Observation], Action]


class Moments:
    """Which visit of which flow state a decision belongs to, counted from the game's start: bots draw
    their randomness by moment (``core.streams``). ``play`` keeps one; a game resumed from its record
    (``regola play --resume``) brings the one its first part built, so it goes on as if never stopped."""

    def __init__(self) -> None:
        self.visits: dict[str, int] = {}
        self.flow_state = ""
        self.moment = 0
        #: decisions taken so far in each flow state (the compare report's "how often a lineup met a rule")
        self.decided: dict[str, int] = {}
        #: per sized verb (``Verb.size``), the moves made larger than the least size offered (the compare
        #: report's "how often the larger sizes were chosen")
        self.larger: dict[str, int] = {}

    def at(self, flow_state: str) -> int:
        """The moment of a decision taken in ``flow_state`` now."""
        if flow_state != self.flow_state:
            self.flow_state = flow_state
            self.visits[flow_state] = visit = self.visits.get(flow_state, 0) + 1
            self.moment = moment_key(flow_state, visit)
        return self.moment


def play(game: Game, bots: Sequence[Bot | Chooser], record: RecordWriter | None = None,
         moments: Moments | None = None) -> Game:
    """Play to the end. A seat is a Bot, or a callable (e.g. a person at the terminal).

    ``moments``: the moments counted so far (a resumed game's); a new count otherwise.
    DecisionCapReached when the game passes the decision cap of its pack (``core.caps``)."""
    choosers: list[Callable[[Observation], Action]] = [_chooser(game, agent) for agent in bots]
    view, lean = game.view, game.bot_view
    info = game.information_state if game.ruleset.definition.search is not None else None
    # bound once: this loop runs once per decision of every simulated game
    current_player, legal_actions, apply = game.current_player, game.legal_actions, game.apply
    history = game.history
    cap = decision_cap(game.ruleset, len(bots))  # a pack whose numbers never end a game still stops
    # the moment of a decision: which visit of which flow state it belongs to (bots draw by moment);
    # kept in locals in this loop, which runs once per decision of every simulated game
    clock = moments if moments is not None else Moments()
    visits = clock.visits
    decided, larger = clock.decided, clock.larger
    verbs = game.ruleset.definition.verbs
    sizes = verbs.sizes if verbs is not None else {}
    flow_state, moment = clock.flow_state, clock.moment
    while True:
        who = current_player()
        if who < 0:
            if who != CHANCE:
                break
            action = game.sample_chance()
        else:
            if game.state.flow_state != flow_state:
                flow_state = game.state.flow_state
                visits[flow_state] = visit = visits.get(flow_state, 0) + 1
                moment = moment_key(flow_state, visit)
                clock.flow_state, clock.moment = flow_state, moment  # where a resumed game goes on
            legal = legal_actions()
            action = choosers[who](Observation(who, legal, view, info, moment, lean))
            decided[flow_state] = decided.get(flow_state, 0) + 1
            if sizes and action[0] in sizes:
                at = sizes[action[0]]
                if len(action) > at and above_least(legal, action, at):
                    larger[action[0]] = larger.get(action[0], 0) + 1
        if len(history) >= cap:
            raise reached(game.ruleset, len(bots), cap)
        apply(action)
        if record is not None:
            record.action(who, action)
    if record is not None:
        record.result(game.result())
    return game


def _chooser(game: Game, agent: Bot | Chooser) -> Callable[[Observation], Action]:
    """One calling convention for both kinds of seat: a function of the observation."""
    choose = getattr(agent, "choose", None)
    if choose is not None:
        return choose  # type: ignore[no-any-return]
    person: Any = agent
    return lambda obs: person(game, obs)  # type: ignore[no-any-return]

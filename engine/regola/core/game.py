"""The game driver: the same for every game. A game module supplies a GameDefinition; a pack is
compiled once into a Ruleset (rules + flow); a Game is one play of a Ruleset.

API in the spirit of OpenSpiel: ``current_player`` (a seat, CHANCE or TERMINAL), ``legal_actions``,
``apply`` (validates first, so an illegal action leaves the state untouched), ``view`` (what one seat
may see) and a JSON round trip.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from regola.core.errors import IllegalAction, PackError
from regola.core.flow import Flow
from regola.core.pack import Pack
from regola.core.registry import Registry
from regola.core.step import CHANCE, TERMINAL, Action, Step

__all__ = ["CHANCE", "TERMINAL", "Game", "GameDefinition", "Ruleset", "definition_for", "to_action"]


@dataclass(frozen=True)
class GameDefinition:
    """What a game module hands the engine. Everything game-specific goes through here."""

    id: str
    registry: Registry
    compile_rules: Callable[[Mapping[str, Any]], Any]
    new_state: Callable[[Any, int, str], Any]
    state_from_json: Callable[[Any, dict[str, Any]], Any]
    view: Callable[[Any, int], dict[str, Any]]
    describe: Callable[[Any, Action], str]
    players: Callable[[Any], tuple[int, int]]
    setup_modes: Callable[[Any], tuple[str, ...]]
    result: Callable[[Any], list[dict[str, Any]] | None]
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: optional words for people at a terminal, by name: "standings" (game -> str), "result_json"
    #: (game -> dict), "seat_summary" (view dict, seat -> str); commands fall back to their own
    present: Mapping[str, Callable[..., Any]] = field(default_factory=dict)


def definition_for(game_id: str) -> GameDefinition:
    """The definition of a game id such as 'maestro-leonardo' (module regola.games.maestro_leonardo)."""
    module_name = "regola.games." + game_id.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise PackError(f"no game '{game_id}' in this engine", field="/pack/game") from exc
    definition: GameDefinition = module.DEFINITION
    return definition


class Ruleset:
    """A pack compiled for play: its rules and its flow, built once and shared by all its games."""

    __slots__ = ("definition", "flow", "pack", "rules")

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.definition = definition_for(pack.game)
        try:
            self.rules = self.definition.compile_rules(pack.data)
        except PackError as err:
            if err.field and err.file is None:
                err.file, err.line, err.column = pack.locate(err.field)
            raise
        self.flow = Flow.build(pack.data["flow"], self.definition.registry, locate=pack.locate)

    def players_range(self) -> tuple[int, int]:
        return self.definition.players(self.rules)


def to_action(value: Any) -> Action:
    """An action from JSON (lists) back to the engine's tuples, recursively."""
    return tuple(to_action(v) if isinstance(v, list) else v for v in value)


class Game:
    """One game in progress."""

    __slots__ = ("_legal", "_use_machine", "_who", "history", "rng", "ruleset", "seed", "state")

    def __init__(self, ruleset: Ruleset, state: Any, seed: int | None, use_machine: bool = False) -> None:
        self.ruleset = ruleset
        self.state = state
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        self._legal: list[Action] | None = None
        self._who = TERMINAL
        self._use_machine = use_machine

    @classmethod
    def new(cls, ruleset: Ruleset, players: int, seed: int | None = None, setup: str = "beginner",
            use_machine: bool = False) -> Game:
        lo, hi = ruleset.players_range()
        if not lo <= players <= hi:
            raise IllegalAction("game.players", f"this game takes {lo} to {hi} players, not {players}")
        modes = ruleset.definition.setup_modes(ruleset.rules)
        if setup not in modes:
            raise IllegalAction("game.setup", f"setup must be one of {', '.join(modes)}, not {setup!r}")
        state = ruleset.definition.new_state(ruleset.rules, players, setup)
        state.flow_state = ruleset.flow.initial
        game = cls(ruleset, state, seed, use_machine)
        for effect in ruleset.flow.state(ruleset.flow.initial).on_enter:
            effect(state)
        game._settle()
        return game

    # -- whose decision -----------------------------------------------------------------------------
    def current_player(self) -> int:
        return self._who

    def is_terminal(self) -> bool:
        return self._who == TERMINAL

    def is_chance(self) -> bool:
        return self._who == CHANCE

    def _step(self) -> Step:
        step: Step = self.ruleset.flow.state(self.state.flow_state).step
        return step

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            if self._who == TERMINAL:
                self._legal = []
            else:
                self._legal = self._step().legal(self.state)
        return self._legal

    def sample_chance(self) -> Action:
        """An outcome of the chance node, drawn from the game's seeded generator."""
        if self._who != CHANCE:
            raise IllegalAction("flow.turn", "no chance event is pending")
        return self._step().sample(self.state, self.rng)

    # -- acting ---------------------------------------------------------------------------------------
    def apply(self, action: Action | list[Any]) -> None:
        """Validate, then carry out. An illegal action raises IllegalAction and changes nothing."""
        if isinstance(action, list):
            action = to_action(action)
        who = self._who
        if who == TERMINAL:
            raise IllegalAction("flow.turn", "the game is over", action)
        step = self._step()
        if who == CHANCE:
            step.check_chance(self.state, action)
        else:
            legal = self.legal_actions()
            if action not in legal:
                raise step.explain(self.state, action)
        step.apply(self.state, action)
        self._legal = None
        self.history.append((who, action))
        self._settle()

    def _settle(self) -> None:
        """Fire `advance` through automatic states until a decision is pending or the game ends."""
        flow = self.ruleset.flow
        state = self.state
        fire = flow.fire_machine if self._use_machine else flow.fire
        while True:
            spec = flow.state(state.flow_state)
            if spec.final:
                self._who = TERMINAL
                return
            if spec.step is not None:
                who = spec.step.decider(state)
                if who is not None:
                    self._who = who
                    return
            if not fire(state, "advance"):
                raise RuntimeError(f"flow is stuck in state {state.flow_state!r}: no transition applies")

    # -- what a seat sees, results, persistence --------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        view = self.ruleset.definition.view(self.state, seat)
        view["to_move"] = self._who
        if seat == self._who:
            view["legal"] = [list(a) for a in self.legal_actions()]
        return view

    def describe(self, action: Action) -> str:
        return self.ruleset.definition.describe(self.state, action)

    def result(self) -> list[dict[str, Any]] | None:
        return self.ruleset.definition.result(self.state)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.ruleset.pack.game, "pack": self.ruleset.pack.id,
                "content_hash": self.ruleset.pack.content_hash, "seed": self.seed,
                "rng": _rng_to_json(self.rng), "state": self.state.to_json()}

    @classmethod
    def from_json(cls, ruleset: Ruleset, data: dict[str, Any]) -> Game:
        state = ruleset.definition.state_from_json(ruleset.rules, data["state"])
        game = cls(ruleset, state, data.get("seed"))
        game.rng.setstate(_rng_from_json(data["rng"]))
        game._settle()
        return game


def _rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_json(data: list[Any]) -> tuple[Any, ...]:
    return (data[0], tuple(data[1]), data[2])

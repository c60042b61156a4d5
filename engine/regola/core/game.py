"""The game driver: the same for every game. A game module supplies a GameDefinition; a pack is
compiled once into a Ruleset (rules + flow); a Game is one play of a Ruleset.

API in the spirit of OpenSpiel: ``current_player`` (a seat, CHANCE or TERMINAL), ``legal_actions``,
``apply`` (validates first, so an illegal action leaves the state untouched), ``view`` (what one seat
may see) and a JSON round trip.
"""

from __future__ import annotations

import copy
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.core.actionspace import ActionKind, ActionSpace
from regola.core.chance import ChanceModel, Draws
from regola.core.errors import IllegalAction, PackError, RecordError, RegolaError
from regola.core.flow import Flow, StateSpec
from regola.core.pack import Pack, load_pack
from regola.core.registry import Registry
from regola.core.search import SearchHooks
from regola.core.step import CHANCE, TERMINAL, Action, Step
from regola.core.tensor import TensorSpec
from regola.core.variant import Variant
from regola.core.verbs import Verbs

__all__ = ["CHANCE", "TERMINAL", "Game", "GameDefinition", "Ruleset", "definition_for", "play_random_games",
           "to_action"]


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
    #: optional numbers of a finished game for simulations: {"game": {name: number}, "seats":
    #: [{name: number}, …]} (a seat's "score" is what its standing ranks first)
    metrics: Callable[[Any], dict[str, Any]] | None = None
    #: optional: returns the game's words for a person at the terminal (board, help_rule, describe,
    #: narrate, option; see regola.cli.human), imported only when someone plays
    terminal: Callable[[], Any] | None = None
    #: optional: returns the game's board drawing, (view, words: regola.core.gamedef.BoardWords) -> SVG,
    #: imported only when a table asks for it (regola.tables.boards)
    board: Callable[[], Callable[[dict[str, Any], Any], str]] | None = None
    #: optional: returns where each legal action puts a piece on the board, (rules, legal actions, the board's
    #: words) -> per action the data attributes a table page gives its button (``cell``, ``covers``, ``name``, …;
    #: None: not a placement), so the page can show the piece on the board before it is placed
    #: (regola.serve.tables.pages, tables.js)
    spots: Callable[[], Callable[[Any, list[list[Any]], Any], list[dict[str, str] | None]]] | None = None
    #: optional: returns the game's rulebook tables, (catalog, pack) -> [(section, caption, the data they
    #: show, regola.text.render.Table)] (the cards its data lists, a setup table), imported only when a
    #: rulebook or a variant's page is made
    rulebook_tables: Callable[[], Callable[[Any, Any], list[tuple[str, str, str, Any]]]] | None = None
    #: an independent copy of a state for search (None: copy.deepcopy, correct but slow)
    clone_state: Callable[[Any], Any] | None = None
    #: information states and determinization for search bots (None: the game offers none)
    search: SearchHooks | None = None
    #: optional: the players' entries of the result as JSON, by name: "result_json" (game -> dict;
    #: regola.core.results falls back to the standings rows)
    present: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: optional: returns how the game's result reads (a regola.text.present.Standing), imported only when a
    #: result is said; None: the ranking by seat
    standing: Callable[[], Any] | None = None
    #: every action the game can offer, as kinds with parameter domains from the pack's data (rules ->
    #: kinds): the stable numbered action space (regola.core.actionspace); None: the game offers none
    action_kinds: Callable[[Any], Sequence[ActionKind]] | None = None
    #: chance events as sequences of single draws with their probabilities (regola.core.chance), for
    #: programs that must see every outcome; None: not offered
    chance_draws: ChanceModel | None = None
    #: fixed-shape numeric encoding of a seat's view (ruleset, players -> regola.core.tensor.TensorSpec)
    tensor_spec: Callable[[Any, int], TensorSpec] | None = None
    #: optional: (rules, players) -> an upper bound on the decisions of one game (core.caps)
    decisions: Callable[[Any, int], int] | None = None
    #: optional: rules -> per verb with private parts, how many leading arguments every seat may see (the
    #: rest are the deciding seat's alone: the tables withhold them, the words of a move never say them)
    secrets: Callable[[Any], Mapping[str, int]] | None = None
    #: optional: rules -> what the driver asks as each turn ends (state -> whether the game stops there,
    #: through the flow's ``end`` trigger), or None when nothing is tested then (regola.core.gamedef)
    turn_end: Callable[[Any], Callable[[Any], bool] | None] | None = None
    #: name category of the rule catalogs -> (pointer of the ids in the pack, the field of each item that
    #: holds its id, or None for a list of ids / the keys of a mapping; "!key": the keys but that one;
    #: "=field=value": the keys whose item has that value, e.g. "=owner=shared"):
    #: the things the data enumerates that every catalog must name (regola.check.text)
    names: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    #: the same for ids a catalog may name but need not
    optional_names: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    #: the game's own checks of a pack document, run by ``regola check`` beside the generic ones: each
    #: takes a regola.core.gamedef.PackReport and returns what its ``at`` made of each problem
    pack_checks: tuple[Callable[[Any], list[Any]], ...] = ()
    #: optional: rules -> the moves the pack declares (regola.mechanics.moves.MoveSet: ``wrap(state name,
    #: step)`` offers them in the flow states they name, ``kinds()`` numbers them after the game's own
    #: actions, ``plain(action)`` says one, ``extra_decisions(players)`` widens the decision cap)
    declared_moves: Callable[[Any], Any] | None = None
    #: the game's move verbs, each declared once (regola.core.verbs): its action space, secrets, cited
    #: rules and words come from them; None: a game that declares its parts one by one
    verbs: Verbs | None = None
    #: what the game lends the mechanics library (regola.mechanics.terms.GameTerms): read by the words
    #: of a form where they depend on the game (who is asked first when a lot is offered)
    terms: Any = None


def definition_for(game_id: str) -> GameDefinition:
    """The definition of a game id such as 'maestro-leonardo' (module regola.games.maestro_leonardo)."""
    module_name = "regola.games." + game_id.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise PackError(f"no game '{game_id}' in this engine", field="/pack/game") from exc
    definition: GameDefinition = module.DEFINITION
    return definition


def load_ruleset(ref: str | Path, variants: Sequence[str | Path | Variant] = (), home: Path | None = None) -> Ruleset:
    """A pack with its variants, loaded and compiled as play compiles it: the one way every reader (play,
    the rulebooks, rules diff, the server) loads a variant, so what play refuses each refuses with the
    same message. A fault the variants brought into the base's data names the change behind it."""
    loaded = load_pack(ref, variants=list(variants), home=home)
    try:
        return Ruleset(loaded)
    except PackError as err:
        if err.field is None or not loaded.variants or err.file in {v.source for v in loaded.variants}:
            raise
        raise loaded.error(err.message, err.field) from None


class Ruleset:
    """A pack compiled for play: its rules and its flow, built once and shared by all its games."""

    __slots__ = ("_space", "definition", "flow", "moves", "pack", "rules", "stops")

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.definition = definition_for(pack.game)
        try:
            self.rules = self.definition.compile_rules(pack.data)
        except PackError as err:
            if err.field and err.file is None:
                err.file, err.line, err.column = pack.locate(err.field)
            raise
        declared = self.definition.declared_moves
        #: the moves the pack declares (None: the game offers none; an empty set is falsy)
        self.moves: Any = None if declared is None else declared(self.rules)
        wrap = self.moves.wrap if self.moves else None
        self.flow = Flow.build(pack.data["flow"], self.definition.registry, locate=pack.locate, wrap=wrap)
        if self.moves:
            try:
                self.moves.check_flow([s.name for s in self.flow.states if s.step is not None], "/mechanics/moves")
            except PackError as err:
                err.file, err.line, err.column = pack.locate(err.field or "/mechanics/moves")
                raise
        self._space: ActionSpace | None = None
        turn_end = self.definition.turn_end
        #: state -> whether the game stops as the turn just played ends (None: never asked)
        self.stops: Callable[[Any], bool] | None = None if turn_end is None else turn_end(self.rules)
        if self.stops is not None and "end" not in self.flow.triggers:
            file, line, column = pack.locate("/mechanics/end")
            raise PackError("an end tested as a turn ends needs an 'end' transition in the flow (from the states "
                            "where players decide to the final scoring); this flow has none",
                            file=file, line=line, column=column, field="/mechanics/end", code="MECH_NO_STOP")

    def players_range(self) -> tuple[int, int]:
        return self.definition.players(self.rules)

    def action_space(self) -> ActionSpace:
        """The pack's numbered actions (the same ids for every game and player count of this ruleset)."""
        space = self._space
        if space is None:
            kinds = self.definition.action_kinds
            if kinds is None:
                raise RegolaError(f"game '{self.definition.id}' declares no action space")
            declared = self.moves.kinds() if self.moves else []
            space = self._space = ActionSpace([*kinds(self.rules), *declared])
        return space


def to_action(value: Any) -> Action:
    """An action from JSON (lists) back to the engine's tuples, recursively."""
    return tuple(to_action(v) if isinstance(v, list) else v for v in value)


class Game:
    """One game in progress."""

    __slots__ = ("_legal", "_spec", "_stops", "_use_machine", "_who", "history", "rng", "ruleset", "seed", "state",
                 "streams")

    def __init__(self, ruleset: Ruleset, state: Any, seed: int | None, use_machine: bool = False,
                 rng: random.Random | None = None, history: list[tuple[int, Action]] | None = None,
                 streams: dict[str, random.Random] | None = None) -> None:
        self.ruleset = ruleset
        self.state = state
        self.seed = seed
        # chance draws: one stream per purpose (a step's ``stream``: the deal, a reshuffle, …) derived
        # from the seed, so a variant that changes play never shifts a later kind of chance; a search's
        # own ``rng`` (clone, determinize) drives every chance draw of its games instead
        self.rng = rng
        self.streams: dict[str, random.Random] = {} if streams is None else streams
        self.history: list[tuple[int, Action]] = [] if history is None else history
        self._legal: Sequence[Action] | None = None
        self._who = TERMINAL
        self._spec: StateSpec | None = None  # the flow state in effect since the last settle
        self._use_machine = use_machine
        self._stops = ruleset.stops  # an end tested as each turn ends (None: nothing to ask, the usual case)

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
        spec = self._spec
        if spec is None or spec.name != self.state.flow_state:
            spec = self._spec = self.ruleset.flow.state(self.state.flow_state)
        step: Step = spec.step  # type: ignore[assignment]
        return step

    def legal_actions(self) -> Sequence[Action]:
        legal = self._legal
        if legal is None:
            if self._who == TERMINAL:
                legal = self._legal = []
            else:
                spec = self._spec  # _step() inlined: this runs once per decision
                state = self.state
                if spec is None or spec.name != state.flow_state:
                    spec = self._spec = self.ruleset.flow.state(state.flow_state)
                legal = self._legal = spec.step.legal(state)  # type: ignore[union-attr]
        return legal

    def chance_draws(self) -> Draws:
        """The pending chance event as single draws with their probabilities (regola.core.chance); apply
        ``draws.outcome()`` once ``draws.done()``."""
        model = self.ruleset.definition.chance_draws
        if model is None:
            raise RegolaError(f"game '{self.ruleset.definition.id}' offers no chance draws")
        if self._who != CHANCE:
            raise IllegalAction("flow.turn", "no chance event is pending")
        return model.start(self.state, self.state.flow_state if self._spec is None or self._spec.step_name is None
                           else self._spec.step_name)

    def sample_chance(self) -> Action:
        """An outcome of the chance node, drawn from the game's seeded generator."""
        if self._who != CHANCE:
            raise IllegalAction("flow.turn", "no chance event is pending")
        step = self._step()
        return step.sample(self.state, self.rng if self.rng is not None else self._stream(step.stream))

    def _stream(self, purpose: str) -> random.Random:
        rng = self.streams.get(purpose)
        if rng is None:  # "chance" (the deal) keeps the seed's own generator; others are derived from it
            seed = self.seed if self.seed is None or purpose == "chance" else f"{self.seed}/chance/{purpose}"
            rng = self.streams[purpose] = random.Random(seed)
        return rng

    # -- acting ---------------------------------------------------------------------------------------
    def apply(self, action: Action | list[Any]) -> None:
        """Validate, then carry out. An illegal action raises IllegalAction and changes nothing."""
        if isinstance(action, list):
            action = to_action(action)
        who = self._who
        if who == TERMINAL:
            raise IllegalAction("flow.turn", "the game is over", action)
        state = self.state
        spec = self._spec  # _step() inlined: this runs once per action
        if spec is None or spec.name != state.flow_state:
            spec = self._spec = self.ruleset.flow.state(state.flow_state)
        step: Step = spec.step  # type: ignore[assignment]
        if who == CHANCE:
            step.check_chance(state, action)
        else:
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            # a bot hands back an element of the list: the scan finds it by identity, one pointer test
            # an element (apply_legal skips even that)
            if action not in legal:
                raise step.explain(state, action)
        self._carry_out(step, who, action)

    def apply_legal(self, index: int) -> Action:
        """Carry out the ``index``-th legal action, with no search for it (it is legal by construction);
        returns it. For loops that choose by position: random play, rollouts, the OpenSpiel bridge."""
        who = self._who
        if who < 0:
            raise IllegalAction("flow.turn", "no seat decides now", None)
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if not 0 <= index < len(legal):
            raise IllegalAction("flow.turn", f"there is no legal action number {index} ({len(legal)} here)", None)
        action = legal[index]
        self._carry_out(self._step(), who, action)
        return action

    # -- the numbered action space (regola.core.actionspace) -------------------------------------------
    def action_space(self) -> ActionSpace:
        return self.ruleset.action_space()

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions, increasing (empty at chance and terminal nodes)."""
        if self._who < 0:
            return []
        return self.ruleset.action_space().ids(self.legal_actions(), self.state)

    def action_of(self, action_id: int) -> Action:
        """The action an id stands for here (ActionOutOfSpace for an id outside the space)."""
        return self.ruleset.action_space().action(action_id, self.state)

    def action_id(self, action: Action) -> int:
        return self.ruleset.action_space().id(action, self.state)

    # -- batches: many decisions in one call (one crossing into the compiled engine) --------------------
    def random_rollouts(self, count: int, seed: int) -> list[list[dict[str, Any]] | None]:
        """Play ``count`` copies of this game to the end with uniformly random decisions (chance from
        each copy's own generator, seeded from ``seed``); returns each copy's result. This game is
        left as it was."""
        results: list[list[dict[str, Any]] | None] = []
        rng = random.Random(seed)
        for _ in range(count):
            game = self.clone(random.Random(rng.getrandbits(64)))
            _play_random(game, rng)
            results.append(game.result())
        return results

    def _carry_out(self, step: Step, who: int, action: Action) -> None:
        state = self.state
        step.apply(state, action)
        self._legal = None
        self.history.append((who, action))
        # steps never fire triggers, so the flow state is unchanged: ask the same step first
        nxt = step.decider(state)
        # a seat's turn is over (the next decision is another's, or nobody's): an end tested then may stop
        # the game here, through the flow's 'end' trigger (regola.mechanics.ending)
        stops = self._stops
        if stops is not None and nxt != who and who >= 0 and stops(state):
            flow = self.ruleset.flow
            if flow.fire_machine(state, "end") if self._use_machine else flow.fire(state, "end"):
                self._settle()
                return
        if nxt is None:
            self._settle()
        else:
            self._who = nxt

    def _settle(self) -> None:
        """Fire `advance` through automatic states until a decision is pending or the game ends."""
        flow = self.ruleset.flow
        state = self.state
        if not self._use_machine:
            spec, who = flow.settle(state)
            self._spec = spec
            self._who = TERMINAL if who is None else who
            return
        fire = flow.fire_machine
        specs = flow.specs
        while True:
            spec = specs[state.flow_state]
            if spec.final:
                self._spec = spec
                self._who = TERMINAL
                return
            step = spec.step
            if step is not None:
                who = step.decider(state)  # type: ignore[attr-defined]
                if who is not None:
                    self._spec = spec
                    self._who = who
                    return
            if not fire(state, "advance"):
                raise RuntimeError(f"flow is stuck in state {state.flow_state!r}: no transition applies")

    def clone(self, rng: random.Random | None = None) -> Game:
        """An independent copy of this game (state and history) for search.

        The clone shares only the immutable ruleset: acting in one never changes the other. Its random
        generator is ``rng`` when given (a search passes its own: no copy to make; every chance draw
        of the clone comes from it), else an exact copy of this game's generators, which costs about
        as much again as the rest of the clone.
        """
        clone_state = self.ruleset.definition.clone_state
        state = clone_state(self.state) if clone_state is not None else copy.deepcopy(self.state)
        if rng is not None:
            return self._sibling(state, self.seed, rng, self.history[:], self._use_machine)
        game = self._sibling(state, self.seed, _copy_rng(self.rng) if self.rng is not None else None,
                             self.history[:], self._use_machine)
        game.streams = {purpose: _copy_rng(r) for purpose, r in self.streams.items()}
        return game

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.clone()

    def information_state(self, seat: int) -> Game:
        """What ``seat`` can know, as a game: hidden parts are placeholders, the history is left out
        (its chance outcomes are hidden). For reading and for ``determinize``, not for play."""
        hooks = self._search_hooks()
        return self._sibling(hooks.information_state(self.state, seat), None, random.Random(0), [], False)

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A playable game drawn from this information state of ``seat``; chance draws use ``rng``."""
        hooks = self._search_hooks()
        return self._sibling(hooks.determinize(self.state, seat, rng), None, rng, [], False)

    def _sibling(self, state: Any, seed: int | None, rng: random.Random | None, history: list[Any],
                 use_machine: bool) -> Game:
        """A game of the same ruleset at the same decision, over ``state`` (clone, information state,
        determinization): not through Game.new, which would set a state up and deal."""
        game = Game(self.ruleset, state, seed, use_machine, rng, history)
        game._who = self._who
        game._spec = self._spec
        return game

    def _search_hooks(self) -> SearchHooks:
        hooks = self.ruleset.definition.search
        if hooks is None:
            raise RegolaError(f"game '{self.ruleset.definition.id}' offers no information states for search")
        return hooks

    # -- what a seat sees, results, persistence --------------------------------------------------------
    def view(self, seat: int, plain: bool = False) -> dict[str, Any]:
        """What ``seat`` sees; ``plain``: without what is drawn from the rest of it (a board's picture:
        ``SearchHooks.plain_view``), the same information for fingerprints."""
        hooks = self.ruleset.definition.search
        drawn = hooks.plain_view if plain and hooks is not None else None
        view = drawn(self.state, seat) if drawn is not None else self.ruleset.definition.view(self.state, seat)
        moves = self.ruleset.moves
        if moves is not None and moves.parts:  # the counters the pack's rules keep (a loan): public, as
            view["kept"] = moves.kept(self.state)  # every count of the game's is
        if moves is not None and moves.claims:  # who has claimed the next round's start: in the open
            view["claimed"] = moves.claimed(self.state)
        view["to_move"] = self._who
        if seat == self._who:
            view["legal"] = [list(a) for a in self.legal_actions()]
        return view

    def bot_view(self, seat: int) -> dict[str, Any]:
        """The part of ``seat``'s view the game's own bots read (``SearchHooks.bot_view``), else the view."""
        hooks = self.ruleset.definition.search
        lean = hooks.bot_view if hooks is not None else None
        return lean(self.state, seat) if lean is not None else self.view(seat)

    def describe(self, action: Action) -> str:
        plain = self.ruleset.moves.plain(action) if self.ruleset.moves else None
        return plain if plain is not None else self.ruleset.definition.describe(self.state, action)

    def result(self) -> list[dict[str, Any]] | None:
        return self.ruleset.definition.result(self.state)

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON-ready data: a copy, so editing it never changes this game."""
        return {"game": self.ruleset.pack.game, "pack": self.ruleset.pack.id,
                "content_hash": self.ruleset.pack.content_hash, "seed": self.seed,
                "rng": _rng_to_json(self.rng) if self.rng is not None else
                {"streams": {purpose: _rng_to_json(r) for purpose, r in sorted(self.streams.items())}},
                "state": copy_json(self.state.to_json())}

    @classmethod
    def from_json(cls, ruleset: Ruleset, data: dict[str, Any]) -> Game:
        """The game ``to_json`` saved, possibly edited by hand; RecordError if it does not fit the ruleset."""
        if not isinstance(data, dict) or data.get("game") not in (None, ruleset.pack.game):
            raise RecordError(f"not a saved game of {ruleset.pack.game}")
        try:
            state = ruleset.definition.state_from_json(ruleset.rules, data["state"])
            game = cls(ruleset, state, data.get("seed"))
            saved = data["rng"]
            if isinstance(saved, dict):  # a stream per purpose
                game.streams = {str(purpose): _rng_of(r) for purpose, r in saved["streams"].items()}
            else:  # saved before streams: one generator drives every chance draw, as it did then
                game.rng = _rng_of(saved)
            game._settle()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
            raise RecordError(f"the saved game does not fit pack '{ruleset.pack.id}': {what}") from None
        return game

    @classmethod
    def resume(cls, ruleset: Ruleset, state: dict[str, Any], history: list[tuple[int, Action]] | None = None) -> Game:
        """A game at the position a state's JSON (``game.state.to_json()``) describes, with no random
        generator of its own (seed None): for programs that bring chance from outside. RecordError if
        the state does not fit the ruleset."""
        try:
            game = cls(ruleset, ruleset.definition.state_from_json(ruleset.rules, state), None,
                       history=list(history or ()))
            game._settle()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            what = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
            raise RecordError(f"the saved state does not fit pack '{ruleset.pack.id}': {what}") from None
        return game

    @classmethod
    def from_record(cls, path: str | Path, upto: int | None = None, *, accept_pack_change: bool = False,
                    pack: str | Path | None = None) -> Game:
        """The position after the first ``upto`` decision lines of a record (all of them: None).

        The record is refereed on the way (RecordError names the line that breaks); the pack is the
        one its header names (or ``pack``, its folder), and a pack changed since needs
        ``accept_pack_change``.
        """
        from regola.core.record import replay  # record imports this module

        return replay(path, upto=upto, accept_pack_change=accept_pack_change, pack=pack).game


def play_random_games(ruleset: Ruleset, players: int, seeds: Sequence[int], setup: str = "beginner") -> int:
    """Play one game per seed with uniformly random decisions, all in one call; returns the number of
    decisions made. The batch form of ``regola bench``'s loop (its games are not the same: this one
    draws by position, not through RandomBot's generators)."""
    decisions = 0
    for seed in seeds:
        game = Game.new(ruleset, players, seed, setup)
        decisions += _play_random(game, random.Random(seed))
    return decisions


def _play_random(game: Game, rng: random.Random) -> int:
    """Random decisions to the end of ``game``; returns how many were made."""
    decisions = 0
    bits = rng.getrandbits
    while True:
        who = game._who
        if who == TERMINAL:
            return decisions
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        n = len(game.legal_actions())
        k = n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        game.apply_legal(r)
        decisions += 1


#: the JSON scalars, which a copy shares (they are immutable)
_SCALARS = frozenset({int, str, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars); tuples become lists, as in JSON. A scalar
    item is taken as it is, with no call of its own: a search copies a game's step sub-state at every
    clone, and most of its items are numbers."""
    if isinstance(value, dict):
        return {key: item if type(item) in _SCALARS else copy_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [item if type(item) in _SCALARS else copy_json(item) for item in value]
    return value


def _rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_of(data: list[Any]) -> random.Random:
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def _copy_rng(rng: random.Random) -> random.Random:
    copied = random.Random.__new__(random.Random)
    copied.setstate(rng.getstate())
    return copied

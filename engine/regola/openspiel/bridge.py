"""A regola pack (with its variants) as a pyspiel Python game.

How regola maps onto OpenSpiel's API:

* **Actions** are the pack's numbered action space (regola.core.actionspace): one id per move for
  every state of every game of the pack, ``num_distinct_actions`` exact, ``action_to_string`` the
  move as a record writes it (JSON). Legal actions are those ids, increasing.
* **Chance is explicit** (EXPLICIT_STOCHASTIC): a deal or a shuffle is a sequence of chance nodes,
  one card each, with the engine's probabilities (regola.core.chance); when the last card is drawn,
  the engine's whole outcome is applied, so regola's record of the game keeps its readable form.
  ``max_chance_outcomes`` is the size of the game's draw domain (its cards).
* **Observations** are the seat's view: ``observation_string`` its JSON (sorted keys; without what is
  drawn from the rest of it, Princes of Florence's text pictures of principalities: ``Game.view(plain=True)``),
  ``observation_tensor`` the game's tensor of it, normalized (each entry over its field's scale, from
  the pack: a count the rules bound lies in [0, 1], an open-ended amount such as florins is of order 1;
  regola.core.tensor; fields and scales in docs/SEARCH.md). **Information states** are perfect recall:
  the string is, for each of the seat's own decisions, a fingerprint of its view then (BLAKE2b, 96 bits:
  two different views give different lines) and the action it took, a fingerprint of its view after
  every step of the game (anyone's decision or a chance outcome), then its whole view now. The trail is
  recorded only once a perfect-recall observer exists for the game, so play without one pays nothing;
  a state begun before replays its history once when asked. The tensor says as much: the observation
  tensor, how often the seat took each action id so far, and the fingerprint of the whole trail (96 bits
  as four numbers of 24 bits in [0, 1), each exact in float32), so no two information sets share one;
  ``RegolaState.observation_history`` is the perfect-recall sequence of what the seat saw and did, for a
  network that learns from it.
* **Returns** at the end: 1 shared by the seats ranked first, 0 to the others (constant sum 1).
* **Serialization** needs no generator: pyspiel stores the history, the state pickles as the game's
  JSON (plus the draws of a deal in progress and the recall trails), and a state restores from it.
* ``resample_from_infostate`` draws a state the seat cannot tell from this one, with a history of its own
  (regola.openspiel.resample); game parameter ``resample=present`` draws only the present instead, with
  regola's determinization (the game's search hooks): faster, without a history. OpenSpiel's ISMCTS runs
  through the bridge with either.

Every pack is registered on import of :mod:`regola.openspiel` as ``regola_<pack>`` (parameters
``players``, ``setup``, ``variants`` — variant names joined by ``+`` — ``resample`` and ``max_game_length``: 0, the
default, is the rules' own bound, derived from the rules in play (regola.core.bounds: the most decisions
one game can take, or the engine's decision cap where that is smaller), which no game passes; a smaller
number truncates the game there as a draw; ``max_chance_nodes_in_history`` is derived the same way), and
**every rule value a house rule may change** is a parameter too, its default the pack's value
(``regola_pl(rounds_count=4,money_2=2000)``; names in :mod:`regola.openspiel.params`), applied after
``variants``; a game pickles as its pack, variants and parameters; ``register(pack, variants)`` adds a game
with variants fixed under a name of its own.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import numpy as np
import pyspiel

from regola.core.bounds import derive
from regola.core.caps import decision_cap
from regola.core.chance import Draws
from regola.core.errors import PackError, RegolaError
from regola.core.game import CHANCE, TERMINAL, Game, Ruleset, to_action
from regola.core.pack import available_packs, load_pack
from regola.core.step import SPECTATOR
from regola.openspiel.params import RuleParams, rule_params
from regola.openspiel.recall import PIECES, digest, fingerprint_numbers, seen, view_text
from regola.openspiel.resample import resample_history

#: max_game_length 0 (the default) means the rules' own bound (regola.core.bounds, at most the engine's
#: decision cap, core.caps), which no game passes. A smaller value truncates: the game ends there as a draw.
DEFAULT_MAX_LENGTH = 0
DEFAULT_PLAYERS = 4

#: the game's own parameters; every other parameter is a rule value (regola.openspiel.params)
BASE_PARAMETERS = frozenset({"players", "setup", "variants", "max_game_length", "resample"})
#: how resample_from_infostate draws a state: a history of its own, or only the present (determinization)
RESAMPLE_MODES = ("history", "present")

# (short name, variants, rule parameters changed) -> ruleset: states find their ruleset here, so a clone
# copies no rules
_Key = tuple[str, tuple[str, ...], tuple[tuple[str, Any], ...]]
_RULESETS: dict[_Key, Ruleset] = {}
# short name -> (pack id, fixed variants)
_REGISTERED: dict[str, tuple[str, tuple[str, ...]]] = {}
# short name -> its rule parameters
_PARAMS: dict[str, RuleParams] = {}


def short_name_for(pack: str, variants: tuple[str, ...] | list[str] = ()) -> str:
    """``regola_<pack>`` plus ``__<variant>`` per variant, in pyspiel's name alphabet."""
    parts = [pack, *variants]
    return "regola_" + "__".join(re.sub(r"[^A-Za-z0-9]+", "_", p) for p in parts)


def _ruleset(name: str, variants: tuple[str, ...], changes: tuple[tuple[str, Any], ...] = ()) -> Ruleset:
    """The ruleset of a registered name with more variants and rule parameters changed (applied last,
    as one variant of their own)."""
    key = (name, variants, changes)
    ruleset = _RULESETS.get(key)
    if ruleset is None:
        pack, fixed = _REGISTERED[name]
        made = _PARAMS[name].variant(changes) if changes else None
        extra = [made] if made is not None else []
        loaded = load_pack(pack, variants=[*fixed, *variants, *extra])
        if made is not None:  # what `regola check` says of a variant file, said of the parameters
            from regola.check import check_document
            from regola.core.home import current

            errors = [f for f in check_document(loaded, made, current().root) if f.level == "error"]
            if errors:
                said = ", ".join(f"{n}={v}" for n, v in changes)
                raise PackError(f"{said}: " + "; ".join(f"{f.message} [{f.pointer}]" for f in errors[:3]),
                                field=errors[0].pointer, code=errors[0].code)
        ruleset = _RULESETS[key] = Ruleset(loaded)
    return ruleset


def register(pack: str = "cs", variants: tuple[str, ...] | list[str] = (), players: int | None = None,
             setup: str | None = None) -> str:
    """Register a pack (and variants fixed for that name) with pyspiel, once per process; the short name.

    ``players`` and ``setup`` are the defaults of the game's parameters of those names.
    """
    name = short_name_for(pack, variants)
    if name in _REGISTERED:
        return name
    _REGISTERED[name] = (pack, tuple(variants))
    ruleset = _ruleset(name, ())
    _PARAMS[name] = rules = rule_params(ruleset.pack, set(BASE_PARAMETERS))
    lo, hi = ruleset.players_range()
    modes = ruleset.definition.setup_modes(ruleset.rules)
    title = f"{ruleset.pack.title} (pack {pack})"
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"regola {ruleset.definition.id}: {title}" + (f" + {', '.join(variants)}" if variants else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": players or min(max(DEFAULT_PLAYERS, lo), hi),
                                 "setup": setup or modes[0], "variants": "",
                                 "max_game_length": DEFAULT_MAX_LENGTH, "resample": RESAMPLE_MODES[0],
                                 **rules.defaults()},
    )
    pyspiel.register_game(game_type, _game_class(name, game_type))
    return name


def register_all() -> list[str]:
    """Register every pack this regola finds (``regola_cs``, ``regola_pl``, …); their names."""
    return [register(pack) for pack in available_packs()]


def _load_game(pack: str, fixed: tuple[str, ...], params: dict[str, Any]) -> pyspiel.Game:
    return pyspiel.load_game(register(pack, fixed), params)


def _game_class(name: str, game_type: pyspiel.GameType) -> type[RegolaGame]:
    return type(f"RegolaGame_{name}", (RegolaGame,), {"SHORT_NAME": name, "GAME_TYPE": game_type})


class IllegalMove(RegolaError, pyspiel.SpielError):
    """An action or chance outcome ``apply_action`` cannot take here: a ``pyspiel.SpielError`` (as OpenSpiel's
    own games raise), so code that catches OpenSpiel's errors catches it; the state is left as it was."""


class RegolaGame(pyspiel.Game):
    """One registered pack; ``SHORT_NAME`` and ``GAME_TYPE`` are set per registration."""

    SHORT_NAME = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.GAME_TYPE.parameter_specification
        given = dict(params or {})
        params = {**spec, **given}
        self.variants = tuple(v for v in str(params["variants"]).split("+") if v)
        rules = _PARAMS[self.SHORT_NAME]
        try:
            self.changes = rules.changes({k: v for k, v in given.items() if k not in BASE_PARAMETERS})
        except ValueError as err:
            raise ValueError(f"{self.SHORT_NAME}: {err}") from None
        try:
            self.ruleset = _ruleset(self.SHORT_NAME, self.variants, self.changes)
        except RegolaError as err:
            named = rules.name_of(getattr(err, "field", None)) if self.changes else None
            where = f"{named}: " if named is not None and named in dict(self.changes) else ""
            raise ValueError(f"{self.SHORT_NAME}: {where}{err}") from None
        self.players = int(params["players"])
        self.setup = str(params["setup"])
        lo, hi = self.ruleset.players_range()
        if not lo <= self.players <= hi:
            raise ValueError(f"{self.SHORT_NAME}: players must be {lo} to {hi}, not {self.players}")
        modes = self.ruleset.definition.setup_modes(self.ruleset.rules)
        if self.setup not in modes:
            raise ValueError(f"{self.SHORT_NAME}: setup must be one of {', '.join(modes)}, not {self.setup!r}")
        self.resample = str(params["resample"])
        if self.resample not in RESAMPLE_MODES:
            raise ValueError(f"{self.SHORT_NAME}: resample must be one of {', '.join(RESAMPLE_MODES)}, "
                             f"not {self.resample!r}")
        definition = self.ruleset.definition
        if definition.chance_draws is None or definition.tensor_spec is None or definition.action_kinds is None:
            raise ValueError(f"{self.SHORT_NAME}: game {definition.id} offers no action space, chance draws "
                             "or tensors for OpenSpiel")
        self.space = self.ruleset.action_space()
        self.chance_domain = definition.chance_draws.domain(self.ruleset.rules)
        self.tensor_spec = definition.tensor_spec(self.ruleset, self.players)
        cap = decision_cap(self.ruleset, self.players)  # a game that passes it stops with an error
        derived = derive(self.ruleset, self.players)
        if derived is not None:
            cap = min(cap, derived.decisions)
        #: the most chance nodes one history holds: the derived draws, else one per decision at most
        self.max_draws = cap if derived is None else derived.draws
        asked = int(params["max_game_length"])
        if asked < 0:
            raise ValueError(f"{self.SHORT_NAME}: max_game_length is 0 (the rules' bound, {cap}) or a positive "
                             "number of decisions that truncates the game")
        self.max_length = cap if asked == 0 else min(asked, cap)
        self.truncates = self.max_length < cap  # else the engine's own cap ends every game first
        self.recall_all = False  # set once a perfect-recall observer exists: states then record every view
        info = pyspiel.GameInfo(num_distinct_actions=self.space.size, max_chance_outcomes=len(self.chance_domain),
                                num_players=self.players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=self.max_length)
        # the game's string names its own parameters and the rule values changed, not all ~300 defaults
        shown = {k: params[k] for k in sorted(BASE_PARAMETERS)} | dict(self.changes)
        super().__init__(self.GAME_TYPE, info, shown)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes one history holds, derived from the rules (regola.core.bounds)."""
        return int(self.max_draws)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its pack, fixed variants and parameters: a fresh process (a multiprocessing worker,
        a Ray actor, a checkpoint read later) registers the name again and loads the same game."""
        pack, fixed = _REGISTERED[self.SHORT_NAME]
        return (_load_game, (pack, fixed, dict(self.get_parameters())))

    def __deepcopy__(self, memo: dict[int, Any]) -> RegolaGame:
        """A game never changes once made: a state's copy (``state.child``, ``clone``) shares it. Copied by
        pickling instead, every child of a tree search loaded the game anew (about half a tree walk's time)."""
        return self

    def new_initial_state(self) -> RegolaState:
        return RegolaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """The observer ``iig_obs_type`` asks for (None: OpenSpiel's default observation, one seat's, no
        perfect recall, as its own Python games do). Offered: a seat's private view with or without
        perfect recall (SINGLE_PLAYER), its private parts alone (SINGLE_PLAYER without public_info), the
        public view (NONE: no seat's private parts), and every seat's view at once (ALL_PLAYERS: the
        omniscient observation). Anything else, and any
        ``params``, is a ValueError naming what is offered: never a silent substitute."""
        if params:
            raise ValueError(f"{self.SHORT_NAME}: the observer takes no parameters, not {sorted(params)}")
        if iig_obs_type is None:
            return ViewObserver(self, "single", False)
        private = iig_obs_type.private_info
        recall = bool(iig_obs_type.perfect_recall)
        kinds = pyspiel.PrivateInfoType
        if private == kinds.SINGLE_PLAYER and iig_obs_type.public_info:
            if recall:
                self.recall_all = True
            return ViewObserver(self, "single", recall)
        if private == kinds.SINGLE_PLAYER and not iig_obs_type.public_info and not recall:
            return ViewObserver(self, "private", False)
        if private == kinds.NONE and iig_obs_type.public_info and not recall:
            return ViewObserver(self, "public", False)
        if private == kinds.ALL_PLAYERS and iig_obs_type.public_info and not recall:
            return ViewObserver(self, "all", False)
        raise ValueError(f"{self.SHORT_NAME}: no observer for {iig_obs_type}; offered: a seat's view "
                         "(SINGLE_PLAYER, perfect recall or not; without public_info, its private parts only), "
                         "the public view (NONE) and every seat's views (ALL_PLAYERS)")


class RegolaState(pyspiel.State):
    """A regola Game behind pyspiel's State API; the game is built on first use, so the fresh state
    pyspiel makes for every clone costs nothing."""

    def __init__(self, game: RegolaGame) -> None:
        super().__init__(game)
        self._key: _Key = (game.SHORT_NAME, game.variants, game.changes)
        self._players = game.players
        self._max_length = game.max_length if game.truncates else None
        self._owner = game
        self._setup = game.setup
        self._box: _Box | None = None

    @property
    def box(self) -> _Box:
        if self._box is None:
            ruleset = _RULESETS[self._key]
            self._box = _Box(self._key, Game.new(ruleset, self._players, None, self._setup), None,
                             [[] for _ in range(self._players)], recording=self._owner.recall_all)
            self._box.settle()
        return self._box

    def recalled(self) -> _Box:
        """The box, its recall trails whole: a state begun before the game's first perfect-recall observer
        existed recorded no views between decisions, so its history is replayed once with recording on
        (its copies from then on record as they go). Every state of a game so gives the same string for
        the same history, whenever it was made."""
        box = self.box
        if not box.recording:
            replay = self.get_game().new_initial_state()
            replay.box.recording = True
            for action in self.history():
                replay.apply_action(action)
            box.trails = replay.box.trails
            box.recording = True
        return box

    @property
    def regola(self) -> Game:
        """The regola game this state stands for (a deal in progress is not applied yet)."""
        return self.box.game

    # -- pyspiel's API --------------------------------------------------------------------------------
    def decisions(self) -> int:
        """The player decisions taken so far (chance outcomes not counted)."""
        return sum(len(taken) for taken in self.box.taken)

    def _saw(self) -> None:
        """Each seat's view after a step, as a fingerprint in its recall trail: what a seat saw between
        its own decisions is part of its information state (perfect recall), not only its view now."""
        box = self.box
        for seat, trail in enumerate(box.trails):
            trail.append("saw " + seen(box.game, seat))

    def truncated(self) -> bool:
        """Whether the game was cut at max_game_length before its rules ended it (a draw). Asked at
        every step: without a truncating max_game_length it costs one comparison."""
        if self._max_length is None:
            return False
        return not self.regola.is_terminal() and self.decisions() >= self._max_length

    def current_player(self) -> int:
        who = self.regola.current_player()
        if who == TERMINAL or (who != CHANCE and self.truncated()):
            return int(pyspiel.PlayerId.TERMINAL)
        return who

    def _legal_actions(self, player: int) -> list[int]:
        box = self.box
        if self.is_terminal():
            return []
        if box.game.current_player() == CHANCE:
            return [outcome for outcome, _ in box.draws_now().outcomes()]
        return list(box.legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.regola.current_player() != CHANCE:
            return []
        return self.box.draws_now().outcomes()

    def _apply_action(self, action: int) -> None:
        box = self.box
        game = box.game
        who = game.current_player()
        if who == CHANCE:
            draws = box.draws_now()
            if not 0 <= action < len(draws.domain):
                raise IllegalMove(f"chance outcome {action} is not one of the {len(draws.domain)} outcomes here")
            try:
                draws.take(action)
            except ValueError as err:
                raise IllegalMove(str(err)) from None
            if draws.done():
                game.apply(draws.outcome())
                box.draws = None
                box.settle()
            box.legal = None
            if box.recording:
                self._saw()
            return
        index = box.legal_map().get(action)
        if index is None:
            raise IllegalMove(f"action {action} ({self._action_to_string(who, action)}) is not legal here")
        if box.recording:  # else recalled() rebuilds the trail if anyone ever asks: plain play pays nothing
            trail = box.trails[who]
            # the seat saw this very state after the last step (nothing moves between): its fingerprint then
            now = trail[-1][4:] if trail and trail[-1].startswith("saw ") else seen(game, who)
            trail.append(now + " > " + box.space.text(action, game.state))
        box.taken[who].append(action)
        game.apply_legal(index)
        box.settle()
        box.legal = None
        if box.recording:
            self._saw()

    def _action_to_string(self, player: int, action: int) -> str:
        box = self.box
        if player == CHANCE or player == int(pyspiel.PlayerId.CHANCE):
            draws = box.draws if box.draws is not None else None
            domain = draws.domain if draws is not None else \
                box.game.ruleset.definition.chance_draws.domain(box.game.ruleset.rules)  # type: ignore[union-attr]
            return f"draw {json.dumps(domain[action])}" if 0 <= action < len(domain) else f"draw #{action}"
        try:
            at = box.game.state if player == box.game.current_player() else None
            return box.space.text(action, at)
        except RegolaError:
            return f"#{action}"

    def is_terminal(self) -> bool:
        return self.regola.is_terminal() or (self.regola.current_player() != CHANCE and self.truncated())

    def returns(self) -> list[float]:
        if self.truncated() and self.regola.current_player() != CHANCE:
            return [1.0 / self._players] * self._players  # cut short: a draw, the sum still 1
        result = self.regola.result() if self.regola.is_terminal() else None
        if not result:
            return [0.0] * self._players
        winners = [r["seat"] for r in result if r["rank"] == 1]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self._players)]

    def observation_history(self, player: int) -> tuple[np.ndarray, list[int]]:
        """What ``player`` saw and did, step by step, for a recurrent network: its normalized observation
        tensor at the start and after every step of the game (anyone's decision or a chance outcome), one
        row each, the last row its observation now; and for each row but the last, the action id the seat
        took from there (-1 where someone else moved or chance did). Together they are the seat's whole
        information history (perfect recall), of a size that grows with the game rather than a fixed
        tensor; the information-state tensor stays a fixed-size summary. Built by replaying the history
        (a state resampled with ``resample=present`` has none, and gives its start only)."""
        game = self.get_game()
        spec = game.tensor_spec  # type: ignore[attr-defined]
        replay = game.new_initial_state()
        rows = [spec.encode(replay.regola.view(player), player, True)]
        taken: list[int] = []
        for action in self.history():
            taken.append(action if replay.current_player() == player else -1)
            replay.apply_action(action)
            rows.append(spec.encode(replay.regola.view(player), player, True))
        return np.asarray(rows, np.float32), taken

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> RegolaState:
        """A state ``player_id`` cannot tell from this one. By default (game parameter ``resample=history``)
        it has a history of its own, replayed from the start with what the seat does not know drawn again
        (regola.openspiel.resample), so ``history()``, every seat's information state and
        ``observation_history`` hold for it. ``resample=present`` draws only the present, with regola's
        determinization (the game's search hooks): faster (no replay), but with no history and with the
        recall trails copied from this state; what the seat knows only from its past may be drawn
        otherwise there."""
        rng = random.Random(int(np.random.randint(2**31)) if probability_sampler is None
                            else int(probability_sampler() * 2**31))
        if self._owner.resample == "history":
            world, _ = resample_history(self, player_id, rng)
            return world
        box = self.recalled()  # the world keeps this state's trails: they must be whole (it has no history)
        world_game = box.game.information_state(player_id).determinize(player_id, rng)
        world_game.history = list(box.game.history)
        state = self.get_game().new_initial_state()
        state._box = _Box(self._key, world_game, None, [t[:] for t in box.trails],
                          [t[:] for t in box.taken], box.recording)
        return state

    def __str__(self) -> str:
        """The whole state, hidden parts included (the omniscient view OpenSpiel's checks compare after a
        clone or a round trip): the game's JSON with sorted keys, the draws of a deal in progress, and
        the player decisions taken."""
        box = self.box
        whole = {"state": box.game.state.to_json(), "decisions": self.decisions(),
                 "drawing": None if box.draws is None else list(box.draws.taken)}
        return json.dumps(whole, sort_keys=True, ensure_ascii=False, default=list)


def _beyond(mine: Any, public: Any) -> Any:
    """The parts of ``mine`` that ``public`` lacks or shows otherwise (mappings compared key by key,
    lists item by item); None when nothing is beyond."""
    if isinstance(mine, dict) and isinstance(public, dict):
        out = {k: _beyond(v, public.get(k)) if k in public else v for k, v in mine.items()}
        out = {k: v for k, v in out.items() if v is not None}
        return out or None
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        items = [_beyond(a, b) for a, b in zip(mine, public, strict=True)]
        return items if any(i is not None for i in items) else None
    return None if mine == public else mine


class _Box:
    """Holds a state's regola game, the draws of a chance event in progress and each seat's recall
    trail (its view at each of its decisions and the action it took). pyspiel deep-copies (clone) and
    pickles (serialize) a state's attributes one by one: here a clone becomes ``Game.clone`` and a
    pickle the game's JSON, with no random generator in either."""

    __slots__ = ("draws", "game", "key", "legal", "recording", "space", "taken", "trails")

    def __init__(self, key: _Key, game: Game, draws: Draws | None, trails: list[list[str]],
                 taken: list[list[int]] | None = None, recording: bool = False) -> None:
        self.key = key
        self.game = game
        self.draws = draws
        self.trails = trails
        self.taken = taken if taken is not None else [[] for _ in trails]  # each seat's action ids, in order
        self.recording = recording  # whether the trails hold every view since the start (see RegolaState.recalled)
        self.space = game.ruleset.action_space()
        self.legal: dict[int, int] | None = None  # action id -> index in the engine's legal list

    def legal_map(self) -> dict[int, int]:
        if self.legal is None:
            game = self.game
            space = self.space
            state = game.state
            pairs = sorted((space.id(a, state), i) for i, a in enumerate(game.legal_actions()))
            self.legal = dict(pairs)
        return self.legal

    def settle(self) -> None:
        """Carry out at once every chance event that needs no draw (a reshuffle of an empty pile): OpenSpiel
        requires a chance node to offer at least one outcome."""
        game = self.game
        while game.current_player() == CHANCE:
            draws = self.draws_now()
            if not draws.done():
                return
            game.apply(draws.outcome())
            self.draws = None

    def draws_now(self) -> Draws:
        if self.draws is None:
            self.draws = self.game.chance_draws()
        return self.draws

    def _draws_copy(self, game: Game) -> Draws | None:
        if self.draws is None:
            return None
        draws = game.chance_draws()
        for outcome in self.draws.taken:
            draws.take(outcome)
        return draws

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        game = self.game.clone(random.Random(0))  # no copy of a generator: chance comes from outside
        return _Box(self.key, game, self._draws_copy(game), [t[:] for t in self.trails],
                    [t[:] for t in self.taken], self.recording)

    def __reduce__(self) -> tuple[Any, ...]:
        history = [[w, list(a)] for w, a in self.game.history]
        saved = {"state": self.game.state.to_json(), "history": history,
                 "draws": None if self.draws is None else self.draws.taken, "trails": self.trails,
                 "recording": self.recording, "taken": self.taken}
        return (_unbox, (self.key, json.dumps(saved, default=list)))


def _unbox(key: _Key, text: str) -> _Box:
    saved = json.loads(text)
    game = Game.resume(_RULESETS[key], saved["state"], [(w, to_action(a)) for w, a in saved["history"]])
    box = _Box(key, game, None, saved["trails"], saved["taken"], bool(saved.get("recording", False)))
    if saved["draws"] is not None:
        box.draws = game.chance_draws()
        for outcome in saved["draws"]:
            box.draws.take(outcome)
    return box


class ViewObserver:
    """pyspiel's observer protocol over regola's views (see ``RegolaGame.make_py_observer``).

    ``single``: the seat's view as a tensor and as text; with perfect recall, the recall trail too (see
    the module docstring). ``public``: the public view, what a spectator sees (the game's view for
    ``SPECTATOR``, seats in their own order), the same for whichever player asks. ``all``: every
    seat's view, one after the other (tensor fields prefixed ``seat<k>/``). ``private``: what the seat's
    view holds beyond the public view: the tensor is the seat's minus the public view's, both encoded
    from the seat's side, the string the parts of its view the public view lacks or shows otherwise.
    """

    def __init__(self, game: RegolaGame, kind: str, perfect_recall: bool) -> None:
        self.kind = kind
        self.perfect_recall = perfect_recall
        self.spec = game.tensor_spec
        self.players = game.players
        blocks = game.players if kind == "all" else 1
        self.actions = game.space.size
        size = self.spec.size * blocks + (self.actions + PIECES if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.scales = np.asarray(self.spec.scales, np.float32)  # normalized = raw / scale, once per call in numpy
        self.dict: dict[str, np.ndarray] = {}
        offsets = self.spec.offsets
        for block in range(blocks):
            prefix = f"seat{block}/" if kind == "all" else ""
            base = block * self.spec.size
            for f in self.spec.fields:
                start = base + offsets[f.name]
                self.dict[prefix + f.name] = self.tensor[start:start + f.size].reshape(f.shape)
        if perfect_recall:
            start = self.spec.size
            self.dict["own_actions"] = self.tensor[start:start + self.actions]
            self.dict["recall"] = self.tensor[start + self.actions:]

    def _normalized(self, view: dict[str, Any], seat: int) -> np.ndarray:
        return np.asarray(self.spec.encode(view, seat), np.float32) / self.scales

    def set_from(self, state: RegolaState, player: int) -> None:
        game = state.regola
        size = self.spec.size
        if self.kind == "public":
            self.tensor[:] = self._normalized(game.ruleset.definition.view(game.state, SPECTATOR), 0)
            return
        if self.kind == "all":
            for seat in range(self.players):
                self.tensor[seat * size:(seat + 1) * size] = self._normalized(game.view(seat), seat)
            return
        if self.kind == "private":
            public = self._normalized(game.ruleset.definition.view(game.state, SPECTATOR), player)
            self.tensor[:] = self._normalized(game.view(player), player) - public
            return
        self.tensor[:size] = self._normalized(game.view(player), player)
        if self.perfect_recall:
            self._recall(state, player)

    def _recall(self, state: RegolaState, player: int) -> None:
        """The seat's own actions counted, and the fingerprint of its whole recall trail (what it saw after
        every step and what it did; regola.openspiel.recall) in 96 bits, every one kept: with the view now,
        as much as the information-state string says, so two information sets never share a tensor."""
        own = self.dict["own_actions"]
        own[:] = 0.0
        box = state.recalled()
        for action in box.taken[player]:
            own[action] += 1
        self.dict["recall"][:] = fingerprint_numbers(digest("\n".join(box.trails[player])))

    def string_from(self, state: RegolaState, player: int) -> str:
        game = state.regola
        if self.kind == "public":
            return json.dumps(game.ruleset.definition.view(game.state, SPECTATOR), sort_keys=True,
                              ensure_ascii=False, default=list)
        if self.kind == "all":
            return "\n".join(f"seat {seat} " + view_text(game, seat) for seat in range(self.players))
        if self.kind == "private":
            public = game.ruleset.definition.view(game.state, SPECTATOR)
            return json.dumps(_beyond(game.view(player), public), sort_keys=True, ensure_ascii=False, default=list)
        now = view_text(game, player)
        if not self.perfect_recall:
            return now
        trail = state.recalled().trails[player]
        return f"seat {player}\n" + "".join(f"{entry}\n" for entry in trail) + "now " + now

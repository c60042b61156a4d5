"""A regola pack (with its variants) as a pyspiel Python game.

How regola maps onto OpenSpiel's API:

* **Chance: sampled stochastic.** A regola chance node draws its outcome (a whole shuffled deck)
  instead of listing them, so the bridge resolves chance inside the state with a generator seeded
  from the game's ``rng_seed``: OpenSpiel never sees a chance node.
* **Actions** are indexes into the state's legal list (regola's order, which depends only on what
  the acting seat knows), so ``legal_actions()`` is ``[0, 1, …, k-1]`` and ``action_to_string``
  names the regola action. ``num_distinct_actions`` is the parameter ``max_actions``; a state with
  more legal actions raises a clear error naming it.
* **Information state and observation strings** come from regola's view of the seat (JSON, sorted
  keys); the information state adds the move number. A view is what the seat knows of the present,
  not a transcript of the past, so the strings are not perfect recall.
* **Returns** at the end: 1 shared by the seats ranked first, 0 to the others (constant sum 1).
* ``resample_from_infostate`` draws a world with regola's own determinization (the game's search
  hooks), so OpenSpiel's ISMCTS works through the bridge.
* Clones go through ``Game.clone``; a serialized state holds the game's JSON, not a pickle of the engine.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import numpy as np
import pyspiel

from regola.core.errors import RegolaError
from regola.core.game import CHANCE, TERMINAL, Game, Ruleset, to_action
from regola.core.pack import load_pack

DEFAULT_MAX_ACTIONS = 1000
DEFAULT_MAX_LENGTH = 2000

# short name -> (pack id, variants, ruleset): states find their ruleset here, so a clone copies no rules
_RULESETS: dict[str, tuple[str, tuple[str, ...], Ruleset]] = {}


def short_name_for(pack: str, variants: tuple[str, ...] | list[str] = ()) -> str:
    """``regola_<pack>`` plus ``__<variant>`` per variant, in pyspiel's name alphabet."""
    parts = [pack, *variants]
    return "regola_" + "__".join(re.sub(r"[^A-Za-z0-9]+", "_", p) for p in parts)


def register(pack: str = "cs", variants: tuple[str, ...] | list[str] = (), players: int | None = None,
             setup: str | None = None) -> str:
    """Register a pack and its variants with pyspiel (once per process) and return the short name.

    ``players`` and ``setup`` are the defaults of the game's parameters of those names.
    """
    name = short_name_for(pack, variants)
    if name in _RULESETS:
        return name
    ruleset = Ruleset(load_pack(pack, variants=list(variants)))
    lo, hi = ruleset.players_range()
    modes = ruleset.definition.setup_modes(ruleset.rules)
    title = ruleset.pack.data.get("pack", {}).get("title", pack)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"regola {ruleset.definition.id}: {title}" + (f" + {', '.join(variants)}" if variants else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": players or lo, "setup": setup or modes[0], "rng_seed": 0,
                                 "max_actions": DEFAULT_MAX_ACTIONS, "max_game_length": DEFAULT_MAX_LENGTH},
    )
    _RULESETS[name] = (pack, tuple(variants), ruleset)
    pyspiel.register_game(game_type, _game_class(name, game_type))
    return name


def _game_class(name: str, game_type: pyspiel.GameType) -> type[RegolaGame]:
    return type(f"RegolaGame_{name}", (RegolaGame,), {"SHORT_NAME": name, "GAME_TYPE": game_type})


class RegolaGame(pyspiel.Game):
    """One registered pack; ``SHORT_NAME`` and ``GAME_TYPE`` are set per registration."""

    SHORT_NAME = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.GAME_TYPE.parameter_specification
        params = {**spec, **(params or {})}
        self.ruleset = _RULESETS[self.SHORT_NAME][2]
        self.players = int(params["players"])
        self.setup = str(params["setup"])
        self.max_actions = int(params["max_actions"])
        lo, hi = self.ruleset.players_range()
        if not lo <= self.players <= hi:
            raise ValueError(f"{self.SHORT_NAME}: players must be {lo} to {hi}, not {self.players}")
        modes = self.ruleset.definition.setup_modes(self.ruleset.rules)
        if self.setup not in modes:
            raise ValueError(f"{self.SHORT_NAME}: setup must be one of {', '.join(modes)}, not {self.setup!r}")
        info = pyspiel.GameInfo(num_distinct_actions=self.max_actions, max_chance_outcomes=0,
                                num_players=self.players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=int(params["max_game_length"]))
        super().__init__(self.GAME_TYPE, info, params)
        self._seeds = random.Random(int(params["rng_seed"]))

    def new_initial_state(self) -> RegolaState:
        return RegolaState(self, self._seeds.randrange(2**63))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ViewObserver(perfect_recall)


class RegolaState(pyspiel.State):
    """A regola Game behind pyspiel's State API; the game is built (and dealt) on first use, so the
    fresh state pyspiel makes for every clone costs nothing."""

    def __init__(self, game: RegolaGame, seed: int) -> None:
        super().__init__(game)
        self._key = game.SHORT_NAME
        self._players = game.players
        self._setup = game.setup
        self._max_actions = game.max_actions
        self._seed = seed
        self._box: _Box | None = None

    @property
    def regola(self) -> Game:
        """The regola game this state stands for (chance already resolved)."""
        if self._box is None:
            ruleset = _RULESETS[self._key][2]
            self._box = _Box(self._key, _settle_chance(Game.new(ruleset, self._players, self._seed, self._setup)))
        return self._box.game

    # -- pyspiel's API --------------------------------------------------------------------------------
    def current_player(self) -> int:
        who = self.regola.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if who == TERMINAL else who

    def _legal_actions(self, player: int) -> list[int]:
        n = len(self.regola.legal_actions())
        if n > self._max_actions:
            raise RegolaError(f"{self._key}: {n} legal actions here, more than max_actions={self._max_actions}; "
                              "load the game with a larger max_actions")
        return list(range(n))

    def _apply_action(self, action: int) -> None:
        game = self.regola
        game.apply(game.legal_actions()[action])
        _settle_chance(game)

    def _action_to_string(self, player: int, action: int) -> str:
        legal = self.regola.legal_actions()
        if 0 <= action < len(legal) and player == self.regola.current_player():
            return json.dumps(list(legal[action]), ensure_ascii=False)
        return f"#{action}"

    def is_terminal(self) -> bool:
        return self.regola.is_terminal()

    def returns(self) -> list[float]:
        result = self.regola.result() if self.regola.is_terminal() else None
        if not result:
            return [0.0] * self._players
        winners = [r["seat"] for r in result if r["rank"] == 1]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self._players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> RegolaState:
        """A state drawn from what ``player_id`` knows here (regola's determinization)."""
        rng = random.Random(int(np.random.randint(2**31)) if probability_sampler is None
                            else int(probability_sampler() * 2**31))
        world = self.regola.information_state(player_id).determinize(player_id, rng)
        world.history = list(self.regola.history)  # for the move number only: a sampler never reads it
        state = self.get_game().new_initial_state()
        state._box = _Box(self._key, world)
        return state

    def __str__(self) -> str:
        g = self.regola
        return f"{self._key} move {len(g.history)} to play {g.current_player()}"


def _settle_chance(game: Game) -> Game:
    while game.current_player() == CHANCE:
        game.apply(game.sample_chance())
    return game


class _Box:
    """Holds a state's regola game: pyspiel deep-copies (clone) and pickles (serialize) a state's
    attributes one by one, so this is where a clone becomes ``Game.clone`` and a pickle the game's JSON."""

    __slots__ = ("game", "key")

    def __init__(self, key: str, game: Game) -> None:
        self.key = key
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.key, self.game.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        history = [[w, list(a)] for w, a in self.game.history]
        return (_unbox, (self.key, json.dumps({"game": self.game.to_json(), "history": history})))


def _unbox(key: str, text: str) -> _Box:
    saved = json.loads(text)
    game = Game.from_json(_RULESETS[key][2], saved["game"])
    game.history = [(w, to_action(a)) for w, a in saved["history"]]
    return _Box(key, game)


class ViewObserver:
    """pyspiel's observer protocol over regola's views: strings only (no tensors)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: RegolaState, player: int) -> None:
        pass  # no tensor to fill

    def string_from(self, state: RegolaState, player: int) -> str:
        game = state.regola
        text = json.dumps(game.view(player), sort_keys=True, ensure_ascii=False, default=list)
        return f"move {len(game.history)} {text}" if self.perfect_recall else text

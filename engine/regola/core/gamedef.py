"""The small protocol a game module fills in: what its compiled rules and its state must offer, and the
one call that turns them into the engine's GameDefinition.

Both games follow the same conventions, so a third one writes only what is its own: the registry of
its flow's names, its compiler, its state, its view, its verbs and words, and (optionally) a greedy bot. The
player range, the setup modes, the result and the JSON round trip come from the conventions below.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from regola.core.game import GameDefinition
from regola.core.registry import Registry
from regola.core.verbs import Verbs

__all__ = ["BoardWords", "GameRules", "GameState", "PackReport", "define_game", "later"]


class PackReport(Protocol):
    """What a game's own pack check is handed (``GameDefinition.pack_checks``): the document, and how to
    report a problem at a JSON pointer of it (the check places it in its file and line)."""

    @property
    def doc(self) -> dict[str, Any]: ...

    def at(self, code: str, message: str, ptr: str) -> Any: ...


class BoardWords(Protocol):
    """What a game's board drawing (``GameDefinition.board``) is handed to say things with, in the
    reader's language: interface words, the rule catalog's names, numbers and amounts the locale's way,
    and a seat's one name (regola.tables.words.Words fills it in)."""

    def gettext(self, message: str, /, **values: object) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str: ...

    def name(self, category: str, key: object) -> str: ...

    def names(self, category: str) -> Mapping[str, Any]: ...

    def number(self, value: int) -> str: ...

    def seat(self, seat: int, color: str | None = None) -> str: ...

    def amount(self, measure: str, value: int) -> str: ...


class GameRules(Protocol):
    """A pack compiled for play: the engine asks it for the player range and the setup modes."""

    @property
    def players_min(self) -> int: ...

    @property
    def players_max(self) -> int: ...

    @property
    def setup_modes(self) -> tuple[str, ...]: ...


class GameState(Protocol):
    """A game's state: its standings once over (None before)."""

    @property
    def result(self) -> list[dict[str, Any]] | None: ...


@dataclass(frozen=True)
class later:
    """A part of a game imported only when first asked for: the module, or one name in it (the terminal's
    words and the result's reading load the text layer, which a simulation never needs). A value, so a
    definition holding one still pickles."""

    module: str
    name: str | None = None

    def __call__(self) -> Any:
        loaded = importlib.import_module(self.module)
        return loaded if self.name is None else getattr(loaded, self.name)


def _players(rules: GameRules) -> tuple[int, int]:
    return rules.players_min, rules.players_max


def _setup_modes(rules: GameRules) -> tuple[str, ...]:
    return rules.setup_modes


def _result(state: GameState) -> list[dict[str, Any]] | None:
    return state.result


def _turn_end(rules: Any) -> Callable[[Any], bool] | None:
    """The end tested as each turn ends, where the rules carry the mechanics library's forms (``mechanics``
    with ``turn_end_test``): both games do."""
    mechanics = getattr(rules, "mechanics", None)
    return None if mechanics is None else mechanics.turn_end_test()


def _declared_moves(rules: Any) -> Any:
    """The moves the pack declares, where the rules carry the mechanics library's forms (``mechanics``
    with ``moves``): both games do. Their state keeps ``marks`` (a JSON mapping) and ``round``."""
    mechanics = getattr(rules, "mechanics", None)
    return None if mechanics is None else mechanics.moves


def define_game(*, id: str, registry: Registry, compile_rules: Callable[[Mapping[str, Any]], GameRules],
                new_state: Callable[[Any, int, str], GameState], state_from_json: Callable[[Any, dict[str, Any]], Any],
                view: Callable[[Any, int], dict[str, Any]], verbs: Verbs,
                greedy: type | None = None, **optional: Any) -> GameDefinition:
    """The GameDefinition of a game that follows GameRules and GameState. ``verbs`` are its move verbs
    (regola.core.verbs: its action space, plain words and secrets come from them); ``greedy`` is its
    heuristic bot (offered as ``--bots greedy``); ``optional`` takes GameDefinition's optional parts
    (metrics, terminal, standing, clone_state, search, present)."""
    optional.setdefault("turn_end", _turn_end)
    optional.setdefault("declared_moves", _declared_moves)
    return GameDefinition(id=id, registry=registry, compile_rules=compile_rules, new_state=new_state,
                          state_from_json=state_from_json, view=view, describe=verbs.describe, verbs=verbs,
                          action_kinds=verbs.action_kinds, secrets=verbs.secrets, players=_players,
                          setup_modes=_setup_modes, result=_result,
                          bots={"greedy": greedy} if greedy is not None else {}, **optional)

"""The replay viewer's engine side: the position after any step of a record (either game), forwards
and backwards. The record is refereed once, whole (``core.record.replay``: any problem is one
RecordError naming its line); positions are then rebuilt from checkpoints taken every ``EVERY`` steps,
so a step in either direction costs at most ``EVERY`` decisions, whatever the record's length."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regola.core.game import CHANCE, Game
from regola.core.record import replay
from regola.tables.hidden import hidden_for, seen
from regola.tables.messages import SPECTATOR
from regola.text.moves import flow_words, move_words
from regola.text.speech import Speech

__all__ = ["EVERY", "Positions"]

EVERY = 32


def _copy(game: Game) -> Game:
    """An independent copy through the JSON state (cheap for every game; clone() may deep-copy rules)."""
    copy = Game.from_json(game.ruleset, game.to_json())
    copy.history = list(game.history)
    return copy


class Positions:
    """Every position of one record: ``len(positions)`` steps, ``at(k)`` the position after step k."""

    def __init__(self, path: str | Path, home: Path | None = None, accept_pack_change: bool = False,
                 pack: str | Path | None = None) -> None:
        whole = replay(path, home, accept_pack_change=accept_pack_change, pack=pack)
        start = replay(path, home, upto=0, accept_pack_change=accept_pack_change, pack=pack).game
        self.header = whole.header
        self.history = list(whole.game.history)
        self.game_id = start.ruleset.pack.game
        self.hidden = hidden_for(start.ruleset)
        self._checkpoints = [_copy(start)]
        game = start
        for k, (_, action) in enumerate(self.history, start=1):
            game.apply(action)
            if k % EVERY == 0:
                self._checkpoints.append(_copy(game))
        self._cursor = (-1, start)  # the last position built, kept for stepping one at a time

    def __len__(self) -> int:
        return len(self.history)

    def game_at(self, k: int) -> Game:
        """The game after the first ``k`` steps (0: the set-up game). Treat it as read-only."""
        if not 0 <= k <= len(self.history):
            raise IndexError(f"step {k} is not in this record (0 to {len(self.history)})")
        at, game = self._cursor
        if not (at >= 0 and at <= k < (at // EVERY + 1) * EVERY):
            at = (k // EVERY) * EVERY
            game = _copy(self._checkpoints[k // EVERY])
        for _, action in self.history[at:k]:
            game.apply(action)
        self._cursor = (k, game)
        return game

    def at(self, k: int, seat: int | None = None) -> dict[str, Any]:
        """Step ``k`` as ``seat`` saw it (None: the public view): the view, and the decision that led there."""
        game = self.game_at(k)
        view = game.ruleset.definition.view(game.state, SPECTATOR if seat is None else seat)
        view["to_move"] = game.current_player()
        out: dict[str, Any] = {"step": k, "steps": len(self.history), "view": view,
                               "over": game.is_terminal(), "result": game.result()}
        if k:
            who, action = self.history[k - 1]
            plain = _plain(action)
            out["by"] = "chance" if who == CHANCE else who
            out["action"] = None if who == CHANCE else seen(self.hidden, who, plain, seat if not out["over"] else who)
        return out

    def told(self, k: int, speech: Speech) -> list[str]:
        """Step ``k`` in words (regola.text.moves, as the table and the terminal tell it): the decision as
        every seat may hear it, then what the flow did by itself; a chance step only the latter."""
        if not 1 <= k <= len(self.history):
            return []
        game = self.game_at(k - 1)
        definition = game.ruleset.definition
        who, action = self.history[k - 1]
        out = [] if who == CHANCE else [move_words(definition, game.state, who, action, speech)]
        before = definition.view(game.state, SPECTATOR)
        game = self.game_at(k)
        return out + flow_words(definition, game.state, before, definition.view(game.state, SPECTATOR), speech)


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, list | tuple) else value

"""What a table is made of, checked before anything is created: the pack and its variants (a posted
house rule included), the player count, the setup, and each seat a person or a bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import Ruleset
from regola.core.play import bot_names, parse_bot_spec
from regola.tables.limits import TableLimits

__all__ = ["HUMAN", "SpecError", "TableSpec"]

HUMAN = "human"
#: a bot spec is short: a name and a few options ("mcts:iters=200")
SPEC_CHARS = 80


class SpecError(RegolaError):
    """A table that cannot be made as asked; the message says which part and why."""


@dataclass(frozen=True)
class TableSpec:
    players: int
    setup: str
    seats: tuple[str, ...]  # HUMAN or a bot spec, one per seat
    hot_seat: bool = False  # every human seat on one device, with a hand-over screen between them

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == HUMAN]

    @property
    def bots(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind != HUMAN]

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "setup": self.setup, "seats": list(self.seats), "hot_seat": self.hot_seat}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSpec:
        return cls(int(data["players"]), str(data["setup"]), tuple(data["seats"]), bool(data.get("hot_seat")))

    @classmethod
    def make(cls, ruleset: Ruleset, players: int, seats: list[str], setup: str | None = None,
             hot_seat: bool = False, limits: TableLimits | None = None) -> TableSpec:
        """A checked spec; SpecError (or IllegalAction naming game.players / game.setup) otherwise."""
        limits = limits or TableLimits()
        lo, hi = ruleset.players_range()
        if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
            raise IllegalAction("game.players", f"this game takes {lo} to {hi} players, not {players!r}")
        modes = ruleset.definition.setup_modes(ruleset.rules)
        setup = modes[0] if setup is None else setup
        if setup not in modes:
            raise IllegalAction("game.setup", f"setup must be one of {', '.join(modes)}, not {setup!r}")
        if not isinstance(seats, list) or len(seats) != players:
            raise SpecError(f"name one seat per player: {players} seats, each '{HUMAN}' or a bot")
        known = bot_names(ruleset)
        for i, kind in enumerate(seats):
            if not isinstance(kind, str) or not kind or len(kind) > SPEC_CHARS:
                raise SpecError(f"seat {i}: '{HUMAN}' or a bot name ({', '.join(known)}) is expected")
            if kind != HUMAN:
                name, _options = parse_bot_spec(kind)
                if name not in known:
                    raise SpecError(f"seat {i}: no bot '{name}' for this game (known: {', '.join(known)})")
        spec = cls(players, setup, tuple(seats), hot_seat)
        if not spec.humans:
            raise SpecError("a table needs at least one human seat (bots alone: regola play or simulate)")
        if len(spec.bots) > limits.bots_per_table:
            raise SpecError(f"at most {limits.bots_per_table} bot seats per table (REGOLA_TABLE_BOTS_MAX)")
        return spec

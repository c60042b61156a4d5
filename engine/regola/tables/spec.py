"""What a table is made of, checked before anything is created: the pack and its variants (a posted
house rule included), the player count, the setup, and each seat a person or a bot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.bots.specs import bot_names, make_bot, parse_bot_spec
from regola.core.errors import IllegalAction, RegolaError
from regola.core.game import Ruleset
from regola.tables.limits import TableLimits

__all__ = ["HUMAN", "SpecError", "TableSpec"]

HUMAN = "human"
#: a bot spec is short: a name and a few options ("mcts:iters=200")
SPEC_CHARS = 80


class SpecError(RegolaError):
    """A table that cannot be made as asked; the message says which part and why."""


def _bounded_bot(ruleset: Ruleset, seat: int, kind: str, known: list[str], limits: TableLimits) -> None:
    """A bot spec from outside, within the server's bounds: a bot of this game, options it takes (it is
    built once here), and no budget above the server's for one decision (REGOLA_BOT_SECONDS,
    REGOLA_BOT_ITERATIONS): a table's bots share the server's workers with every other table's."""
    try:
        name, options = parse_bot_spec(kind)
    except RegolaError as err:
        raise SpecError(f"seat {seat}: {err}") from None
    if name not in known:
        raise SpecError(f"seat {seat}: no bot '{name}' for this game (known: {', '.join(known)})")
    for key, bound, env in (("time", limits.bot_seconds, "REGOLA_BOT_SECONDS"),
                            ("iters", limits.bot_iterations, "REGOLA_BOT_ITERATIONS")):
        value = options.get(key)
        if value is not None and (not isinstance(value, int | float) or not 0 < value <= bound):
            raise SpecError(f"seat {seat}: {key}= must be above 0 and at most {bound:g} on this server ({env})")
    try:
        make_bot(kind, seat, 0, ruleset)
    except (RegolaError, TypeError, ValueError) as err:
        raise SpecError(f"seat {seat}: {str(err).splitlines()[0][:200]}") from None


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
                _bounded_bot(ruleset, i, kind, known, limits)
        spec = cls(players, setup, tuple(seats), hot_seat)
        if not spec.humans:
            raise SpecError("a table needs at least one human seat (bots alone: regola play or simulate)")
        if len(spec.bots) > limits.bots_per_table:
            raise SpecError(f"at most {limits.bots_per_table} bot seats per table (REGOLA_TABLE_BOTS_MAX)")
        return spec

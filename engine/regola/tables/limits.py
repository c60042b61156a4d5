"""The bounds a table server keeps, each raisable by an environment variable (docs/TABLES.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from regola.core.errors import RegolaError

__all__ = ["TableLimits"]


def _number(name: str, default: float, kind: type = int) -> float:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise RegolaError(f"{name}={raw!r}: a number is expected") from None
    if value <= 0:
        raise RegolaError(f"{name}={raw!r}: a number above 0 is expected")
    return value


@dataclass(frozen=True)
class TableLimits:
    tables: int = 200  # open tables per server
    tables_per_client: int = 8  # open tables one client address may hold
    unplayed_minutes: float = 30.0  # a table no person has decided at for this long is deleted
    bots_per_table: int = 5  # bot seats per table
    idle_hours: float = 72.0  # a table nobody acted at for this long is closed (its record is kept)
    bot_seconds: float = 5.0  # a bot's time for one decision; past it the worker is stopped
    bot_iterations: int = 5000  # the most search iterations a table's bot spec may ask for per decision
    message_bytes: int = 4096  # one message from a client
    actions_per_minute: int = 120  # per token
    action_bytes: int = 2048  # one decision as JSON

    @classmethod
    def from_env(cls) -> TableLimits:
        return cls(
            tables=int(_number("REGOLA_TABLES_MAX", cls.tables)),
            tables_per_client=int(_number("REGOLA_TABLES_PER_CLIENT", cls.tables_per_client)),
            unplayed_minutes=float(_number("REGOLA_TABLE_UNPLAYED_MINUTES", cls.unplayed_minutes, float)),
            bots_per_table=int(_number("REGOLA_TABLE_BOTS_MAX", cls.bots_per_table)),
            idle_hours=float(_number("REGOLA_TABLE_IDLE_HOURS", cls.idle_hours, float)),
            bot_seconds=float(_number("REGOLA_BOT_SECONDS", cls.bot_seconds, float)),
            bot_iterations=int(_number("REGOLA_BOT_ITERATIONS", cls.bot_iterations)),
            message_bytes=int(_number("REGOLA_TABLE_MESSAGE_BYTES", cls.message_bytes)),
            actions_per_minute=int(_number("REGOLA_TABLE_RATE", cls.actions_per_minute)),
            action_bytes=int(_number("REGOLA_TABLE_ACTION_BYTES", cls.action_bytes)),
        )

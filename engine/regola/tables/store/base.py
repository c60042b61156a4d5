"""The storage contract both databases keep, and the SQL they share.

Three relations: ``tables`` (id, times, the spec, the record header, the chance secret, closed),
``tokens`` (a token's SHA-256 digest -> table, role, seat) and ``lines`` (table, n, the record line as
JSON), the key (table, n) making two writers of the same line number impossible: the second one is
``Stale`` and must reload the table.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from regola.core.errors import RegolaError

__all__ = ["SCHEMA", "Stale", "Store", "StoredTable", "Token"]

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL, "
    "updated DOUBLE PRECISION NOT NULL, spec TEXT NOT NULL, header TEXT NOT NULL, secret TEXT NOT NULL, "
    "closed INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE IF NOT EXISTS tokens (digest TEXT PRIMARY KEY, table_id TEXT NOT NULL, role TEXT NOT NULL, "
    "seat INTEGER)",
    "CREATE TABLE IF NOT EXISTS lines (table_id TEXT NOT NULL, n INTEGER NOT NULL, line TEXT NOT NULL, "
    "PRIMARY KEY (table_id, n))",
    "CREATE INDEX IF NOT EXISTS tokens_by_table ON tokens (table_id)",  # an unplayed table is deleted whole
)


class Stale(RegolaError):
    """Another writer stored this line number first (another server process acted at the same table)."""


@dataclass(frozen=True)
class Token:
    digest: str
    role: str  # seat, spectator, host, hotseat
    seat: int | None = None


@dataclass
class StoredTable:
    id: str
    created: float
    updated: float
    spec: dict[str, Any]
    header: dict[str, Any]
    secret: int
    lines: list[dict[str, Any]] = field(default_factory=list)
    closed: bool = False


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Store(ABC):
    """What the hall asks of a database. Every method is one transaction."""

    @abstractmethod
    def create(self, table: StoredTable, tokens: list[Token]) -> None: ...

    @abstractmethod
    def append(self, table_id: str, lines: list[dict[str, Any]], updated: float) -> None:
        """Store new lines (raises Stale if one of their numbers is taken)."""

    @abstractmethod
    def truncate(self, table_id: str, keep: int, updated: float) -> None:
        """Drop every line after the first ``keep`` (a take-back)."""

    @abstractmethod
    def load(self, table_id: str) -> StoredTable | None: ...

    @abstractmethod
    def open_tables(self) -> Iterator[StoredTable]:
        """Every table not closed, with its lines, in the order they were made."""

    @abstractmethod
    def lookup(self, digest: str) -> tuple[str, Token] | None:
        """The table and role a token digest opens."""

    @abstractmethod
    def close_table(self, table_id: str) -> None:
        """Mark a table closed (idle too long, or ended by its host); its record stays."""

    @abstractmethod
    def delete_table(self, table_id: str) -> None:
        """Forget a table that no person ever played (its tokens, lines and row): nothing of value is
        lost, and a stranger's unplayed tables cannot fill the disk."""

    @abstractmethod
    def close(self) -> None: ...

    def listen(self, callback: Callable[[str], None]) -> None:  # noqa: B027 - optional for a single process
        """Call ``callback(table_id)`` when another process changes a table (PostgreSQL only)."""

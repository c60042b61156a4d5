"""Where tables live: every table and every accepted line stored as it happens.

``open_store("tables.db")`` is SQLite in WAL mode (the default, nothing to run); ``open_store(
"postgresql://…")`` keeps the same tables in PostgreSQL (the ``tables-pg`` extra), where several
server processes share them and hear of each other's lines through LISTEN/NOTIFY.
"""

from __future__ import annotations

from pathlib import Path

from regola.tables.store.base import Stale, Store, StoredTable

__all__ = ["Stale", "Store", "StoredTable", "open_store"]


def open_store(where: str | Path) -> Store:
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        from regola.tables.store.postgres import PostgresStore

        return PostgresStore(text)
    from regola.tables.store.sqlite import SQLiteStore

    return SQLiteStore(Path(text))

"""Tables in SQLite (the standard library's driver), in WAL mode: a reader never waits for the writer,
and a line is on disk in the WAL when ``append`` returns, so killing the server (SIGKILL included)
loses no accepted decision. ``synchronous=NORMAL`` by default: a power cut may lose the latest
moments; ``REGOLA_TABLES_SYNC=full`` syncs the disk at every line."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError
from regola.tables.store.base import SCHEMA, Stale, Store, StoredTable, Token, dumps

__all__ = ["SQLiteStore"]


class SQLiteStore(Store):
    def __init__(self, path: Path) -> None:
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
            self._db.execute("PRAGMA journal_mode=WAL")
            sync = "FULL" if os.environ.get("REGOLA_TABLES_SYNC", "").lower() == "full" else "NORMAL"
            self._db.execute(f"PRAGMA synchronous={sync}")
            for statement in SCHEMA:
                self._db.execute(statement)
        except (OSError, sqlite3.Error) as exc:
            raise RegolaError(f"{path}: cannot open the tables database: {exc}") from None
        self._lock = threading.Lock()  # one connection, used from the server's threads one at a time
        self.path = path

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    self._db.execute(sql, params)
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                raise Stale("another writer stored that decision first") from None
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, table: StoredTable, tokens: list[Token]) -> None:
        statements: list[tuple[str, tuple[Any, ...]]]
        statements = [("INSERT INTO tables (id, created, updated, spec, header, secret, closed) "
                       "VALUES (?, ?, ?, ?, ?, ?, 0)",
                       (table.id, table.created, table.updated, dumps(table.spec), dumps(table.header),
                        str(table.secret)))]
        statements += [("INSERT INTO tokens (digest, table_id, role, seat) VALUES (?, ?, ?, ?)",
                        (t.digest, table.id, t.role, t.seat)) for t in tokens]
        statements += [("INSERT INTO lines (table_id, n, line) VALUES (?, ?, ?)", (table.id, line["n"], dumps(line)))
                       for line in table.lines]
        self._write(statements)

    def append(self, table_id: str, lines: list[dict[str, Any]], updated: float) -> None:
        statements: list[tuple[str, tuple[Any, ...]]]
        statements = [("INSERT INTO lines (table_id, n, line) VALUES (?, ?, ?)", (table_id, line["n"], dumps(line)))
                      for line in lines]
        statements.append(("UPDATE tables SET updated = ? WHERE id = ?", (updated, table_id)))
        self._write(statements)

    def truncate(self, table_id: str, keep: int, updated: float) -> None:
        self._write([("DELETE FROM lines WHERE table_id = ? AND n > ?", (table_id, keep)),
                     ("UPDATE tables SET updated = ? WHERE id = ?", (updated, table_id))])

    def _row(self, row: tuple[Any, ...]) -> StoredTable:
        table_id, created, updated, spec, header, secret, closed = row
        with self._lock:
            lines = [json.loads(text) for (text,) in self._db.execute(
                "SELECT line FROM lines WHERE table_id = ? ORDER BY n", (table_id,))]
        return StoredTable(table_id, created, updated, json.loads(spec), json.loads(header), int(secret), lines,
                           bool(closed))

    def load(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._db.execute("SELECT id, created, updated, spec, header, secret, closed FROM tables "
                                   "WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else self._row(row)

    def open_tables(self) -> Iterator[StoredTable]:
        with self._lock:
            rows = self._db.execute("SELECT id, created, updated, spec, header, secret, closed FROM tables "
                                    "WHERE closed = 0 ORDER BY created").fetchall()
        for row in rows:
            yield self._row(row)

    def lookup(self, digest: str) -> tuple[str, Token] | None:
        with self._lock:
            row = self._db.execute("SELECT table_id, role, seat FROM tokens WHERE digest = ?", (digest,)).fetchone()
        return None if row is None else (row[0], Token(digest, row[1], row[2]))

    def close_table(self, table_id: str) -> None:
        self._write([("UPDATE tables SET closed = 1 WHERE id = ?", (table_id,))])

    def delete_table(self, table_id: str) -> None:
        self._write([(f"DELETE FROM {name} WHERE {key} = ?", (table_id,))
                     for name, key in (("tokens", "table_id"), ("lines", "table_id"), ("tables", "id"))])

    def close(self) -> None:
        with self._lock:
            self._db.close()

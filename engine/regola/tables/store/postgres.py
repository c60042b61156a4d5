"""Tables in PostgreSQL (psycopg 3, the ``tables-pg`` extra): the same relations as SQLite, so a club
that outgrows one machine runs several server processes on one database. Each stored change is
announced with NOTIFY on the channel ``regola_tables`` in the same transaction (so it is heard only
once committed); ``listen`` hears the other processes' changes and names the table to reload."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterator
from typing import Any

from regola.core.errors import RegolaError
from regola.tables.store.base import SCHEMA, Stale, Store, StoredTable, Token, dumps

__all__ = ["CHANNEL", "PostgresStore"]

CHANNEL = "regola_tables"


def _driver() -> Any:
    try:
        import psycopg
    except ImportError:
        raise RegolaError("--db postgresql://… needs the tables-pg extra: pip install 'regola[tables-pg]'") from None
    return psycopg


class PostgresStore(Store):
    def __init__(self, url: str) -> None:
        psycopg = _driver()
        self._psycopg = psycopg
        self.url = url
        self.origin = secrets.token_hex(4)  # this process, so it ignores its own announcements
        try:
            self._db = psycopg.connect(url, autocommit=True)
            with self._db.transaction():
                for statement in SCHEMA:
                    self._db.execute(statement)
        except psycopg.Error as exc:
            raise RegolaError(f"cannot open the tables database: {str(exc).splitlines()[0]}") from None
        self._lock = threading.Lock()
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]], table_id: str) -> None:
        psycopg = self._psycopg
        with self._lock:
            try:
                with self._db.transaction():
                    for sql, params in statements:
                        self._db.execute(sql, params)
                    self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.origin} {table_id}"))
            except psycopg.errors.UniqueViolation:
                raise Stale("another server process stored that decision first") from None

    def create(self, table: StoredTable, tokens: list[Token]) -> None:
        statements: list[tuple[str, tuple[Any, ...]]]
        statements = [("INSERT INTO tables (id, created, updated, spec, header, secret, closed) "
                       "VALUES (%s, %s, %s, %s, %s, %s, 0)",
                       (table.id, table.created, table.updated, dumps(table.spec), dumps(table.header),
                        str(table.secret)))]
        statements += [("INSERT INTO tokens (digest, table_id, role, seat) VALUES (%s, %s, %s, %s)",
                        (t.digest, table.id, t.role, t.seat)) for t in tokens]
        statements += [("INSERT INTO lines (table_id, n, line) VALUES (%s, %s, %s)",
                        (table.id, line["n"], dumps(line))) for line in table.lines]
        self._write(statements, table.id)

    def append(self, table_id: str, lines: list[dict[str, Any]], updated: float) -> None:
        statements: list[tuple[str, tuple[Any, ...]]]
        statements = [("INSERT INTO lines (table_id, n, line) VALUES (%s, %s, %s)", (table_id, line["n"], dumps(line)))
                      for line in lines]
        statements.append(("UPDATE tables SET updated = %s WHERE id = %s", (updated, table_id)))
        self._write(statements, table_id)

    def truncate(self, table_id: str, keep: int, updated: float) -> None:
        self._write([("DELETE FROM lines WHERE table_id = %s AND n > %s", (table_id, keep)),
                     ("UPDATE tables SET updated = %s WHERE id = %s", (updated, table_id))], table_id)

    def _table(self, row: tuple[Any, ...]) -> StoredTable:
        table_id, created, updated, spec, header, secret, closed = row
        with self._lock:
            lines = [json.loads(text) for (text,) in self._db.execute(
                "SELECT line FROM lines WHERE table_id = %s ORDER BY n", (table_id,)).fetchall()]
        return StoredTable(table_id, created, updated, json.loads(spec), json.loads(header), int(secret), lines,
                           bool(closed))

    def load(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._db.execute("SELECT id, created, updated, spec, header, secret, closed FROM tables "
                                   "WHERE id = %s", (table_id,)).fetchone()
        return None if row is None else self._table(row)

    def open_tables(self) -> Iterator[StoredTable]:
        with self._lock:
            rows = self._db.execute("SELECT id, created, updated, spec, header, secret, closed FROM tables "
                                    "WHERE closed = 0 ORDER BY created").fetchall()
        for row in rows:
            yield self._table(row)

    def lookup(self, digest: str) -> tuple[str, Token] | None:
        with self._lock:
            row = self._db.execute("SELECT table_id, role, seat FROM tokens WHERE digest = %s", (digest,)).fetchone()
        return None if row is None else (row[0], Token(digest, row[1], row[2]))

    def close_table(self, table_id: str) -> None:
        self._write([("UPDATE tables SET closed = 1 WHERE id = %s", (table_id,))], table_id)

    def delete_table(self, table_id: str) -> None:
        self._write([(f"DELETE FROM {name} WHERE {key} = %s", (table_id,))
                     for name, key in (("tokens", "table_id"), ("lines", "table_id"), ("tables", "id"))], table_id)

    def listen(self, callback: Callable[[str], None]) -> None:
        """A thread of its own on a second connection: LISTEN, then ``callback(table_id)`` for every
        change another process committed."""
        psycopg = self._psycopg
        conn = psycopg.connect(self.url, autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")

        def run() -> None:
            try:
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        origin, _, table_id = note.payload.partition(" ")
                        if origin != self.origin:
                            callback(table_id)
            finally:
                conn.close()

        self._listener = threading.Thread(target=run, name="regola-tables-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        with self._lock:
            self._db.close()

"""The tables of one server: made, found by token, played, stored, restored, expired.

Every change goes to the store before it is answered, so an accepted decision survives a kill. Bot
seats are asked through the bot pool as soon as they are to move; their answer is applied like a
person's (refereed, stored) if the table has not moved on meanwhile. ``on_change(table_id)`` is called
after every change, from whichever thread made it, for the live updates of the web side. With
PostgreSQL, changes made by another server process arrive through ``Store.listen`` and reload the table.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.core.errors import IllegalAction, RegolaError
from regola.core.names import outside_id
from regola.core.pack import load_pack
from regola.core.variant import Variant, variant_from_dict
from regola.tables import tokens
from regola.tables.bots import BotPool, BotTask
from regola.tables.limits import TableLimits
from regola.tables.messages import Audience, message
from regola.tables.spec import HUMAN, TableSpec
from regola.tables.store import Stale, Store, StoredTable
from regola.tables.store.base import Token
from regola.tables.table import Table, ruleset_for
from regola.tables.words import language_for

__all__ = ["Created", "Forbidden", "Full", "Hall", "NotFound"]

log = logging.getLogger("regola.tables")


class NotFound(RegolaError):
    """No table answers to this token (never told apart from a wrong token)."""


class Forbidden(RegolaError):
    """The token is valid but may not do this (a spectator acting, a seat downloading a running game)."""


class Moved(RegolaError):
    """A decision or take-back that answers a move the table is no longer at (a repeat, a phone's
    retry, a second click): nothing is applied; the caller fetches the table again."""

    def __init__(self, expected: int, at: int) -> None:
        super().__init__(f"this answers move {expected}, but the table is at move {at}: nothing was applied "
                         "(a decision sent twice is taken once); fetch the table again")
        self.expected, self.at = expected, at


class Full(RegolaError):
    """A limit of the server is reached (tables per server)."""


@dataclass
class Created:
    table_id: str
    seats: dict[int, str]  # human seat -> its token
    spectator: str
    host: str
    hotseat: str | None = None  # the one device's token in hot-seat mode

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"table": self.table_id, "seats": {str(k): v for k, v in self.seats.items()},
                               "spectator": self.spectator, "host": self.host}
        if self.hotseat is not None:
            out["hotseat"] = self.hotseat
        return out


@dataclass
class _Entry:
    table: Table
    updated: float
    lock: threading.RLock = field(default_factory=threading.RLock)
    owner: str = ""  # the client that made it (its share of the server's tables); "" once restored
    played: bool = True  # a person has decided at it (an unplayed table is deleted soon, not kept)
    gone: bool = False  # closed or deleted by the sweep: set under ``lock``, so no decision lands after it


class ClientFull(RegolaError):
    """One client holds its share of the server's tables already (REGOLA_TABLES_PER_CLIENT)."""


def _told_in(table: Table, lang: str | None) -> str | None:
    """The language a message's events are told in for a reader asking ``lang`` (none asked: not told)."""
    return language_for(table.ruleset.pack, lang) if lang else None


class Hall:
    def __init__(self, store: Store, pool: BotPool | None = None, limits: TableLimits | None = None,
                 home: Path | None = None, on_change: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.pool = pool
        self.limits = limits or TableLimits()
        self.home = home
        self.on_change = on_change or (lambda table_id: None)
        self._tables: dict[str, _Entry] = {}
        self._lock = threading.Lock()
        self._tokens: dict[str, tuple[str, Token]] = {}

    # -- start and stop ----------------------------------------------------------------------------------
    def restore(self) -> tuple[int, list[str]]:
        """Every open table of the store back in play; (how many, one line per table that failed)."""
        failed = []
        count = 0
        for stored in self.store.open_tables():
            try:
                entry = _Entry(self._rebuild(stored), stored.updated)
            except RegolaError as exc:
                failed.append(f"table {stored.id}: {str(exc).splitlines()[0]}")
                continue
            with self._lock:
                self._tables[stored.id] = entry
            count += 1
            self._schedule(stored.id)
        self.store.listen(self._heard)
        return count, failed

    def _rebuild(self, stored: StoredTable) -> Table:
        header = stored.header
        variants = [variant_from_dict(raw, f"table {stored.id} variant {i}", self.home)
                    for i, raw in enumerate(header.get("variants", []))]
        pack = load_pack(header["pack"], variants=variants, home=self.home)
        if pack.content_hash != header.get("content_hash"):
            log.warning("table %s was made with another version of pack %s; it is refereed by today's",
                        stored.id, header["pack"])
        return Table.restore(stored.id, ruleset_for(pack), TableSpec.from_json(stored.spec), header, stored.secret,
                             stored.lines)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
        self.store.close()

    # -- making a table ----------------------------------------------------------------------------------
    def create(self, pack: str, variants: Sequence[Variant], players: int, seats: list[str],
               setup: str | None = None, hot_seat: bool = False, owner: str = "",
               lines: list[dict[str, Any]] | None = None) -> Created:
        """A new table of pack ``pack`` (an id under the home's rulepacks/) with ``variants`` applied;
        with ``lines`` (a saved game's record lines, refereed again here), one that goes on from them.

        The variants are objects, never names: whoever asks resolves names first (the server through
        ``Library.variant_named``), so nothing a stranger sends is read as a path here."""
        outside_id(pack, "pack")
        if not all(isinstance(v, Variant) for v in variants):
            raise TypeError("Hall.create takes Variant objects; resolve names with Library.variant_named")
        self._make_room(owner)
        ruleset = ruleset_for(load_pack(pack, variants=list(variants), home=self.home))
        spec = TableSpec.make(ruleset, players, seats, setup, hot_seat, self.limits)
        if lines is None:
            table = Table.start(tokens.new_id(), ruleset, spec, secrets.randbits(63))
        else:
            table = Table.continued(tokens.new_id(), ruleset, spec, secrets.randbits(63), lines)
            if table.is_over():
                raise RegolaError("this game is over: a table goes on only from an unfinished one")
        made = Created(table.id, {seat: tokens.new_token() for seat in spec.humans}, tokens.new_token(),
                       tokens.new_token(), tokens.new_token() if hot_seat else None)
        rows = [Token(tokens.digest(t), "seat", seat) for seat, t in made.seats.items()]
        rows += [Token(tokens.digest(made.spectator), "spectator"), Token(tokens.digest(made.host), "host")]
        if made.hotseat is not None:
            rows.append(Token(tokens.digest(made.hotseat), "hotseat"))
        now = time.time()
        self.store.create(StoredTable(table.id, now, now, spec.to_json(), table.header, table.secret, table.lines),
                          rows)
        with self._lock:
            self._tables[table.id] = _Entry(table, now, owner=owner, played=False)
        self._schedule(table.id)
        return made

    def _make_room(self, owner: str) -> None:
        """Full or ClientFull unless a table may be made: a client holds at most its share of the open
        tables, and a server that is full first deletes the tables nobody played within the limit."""
        with self._lock:
            held = sum(1 for entry in self._tables.values() if owner and entry.owner == owner)
            crowded = len(self._tables) >= self.limits.tables
        if owner and held >= self.limits.tables_per_client:
            raise ClientFull(f"this address holds {held} open tables already, its share of this server "
                             f"(REGOLA_TABLES_PER_CLIENT); play one or let it close")
        if crowded:
            self.expire_unplayed()
            with self._lock:
                if len(self._tables) >= self.limits.tables:
                    raise Full(f"this server holds {self.limits.tables} tables already (REGOLA_TABLES_MAX)")

    def expire_unplayed(self, now: float | None = None) -> list[str]:
        """Delete the tables no person decided at within ``limits.unplayed_minutes`` of their making:
        they hold nothing anyone would miss, and they count against the server's and their client's
        share until they go. Their ids."""
        cutoff = (time.time() if now is None else now) - self.limits.unplayed_minutes * 60
        gone = self._retire(lambda entry: not entry.played and entry.updated < cutoff, self.store.delete_table)
        for tid in gone:
            self.on_change(tid)
        if gone:
            self._tokens = {k: v for k, v in self._tokens.items() if v[0] not in gone}
        return gone

    # -- finding a table by token --------------------------------------------------------------------------
    def _find(self, token: str) -> tuple[_Entry, Token]:
        if not isinstance(token, str) or not 20 <= len(token) <= 64:
            raise NotFound("no table answers to this link")
        key = tokens.digest(token)
        found = self._tokens.get(key) or self.store.lookup(key)
        if found is None:
            raise NotFound("no table answers to this link")
        self._tokens[key] = found
        table_id, role = found
        entry = self._tables.get(table_id)
        if entry is None:  # made by another server process, or closed
            stored = self.store.load(table_id)
            if stored is None or stored.closed:
                raise NotFound("this table is closed")
            entry = _Entry(self._rebuild(stored), stored.updated)
            with self._lock:
                entry = self._tables.setdefault(table_id, entry)
        return entry, role

    def audience(self, token: str) -> tuple[str, Audience]:
        entry, role = self._find(token)
        return entry.table.id, Audience(role.role, role.seat)

    def _acting_seat(self, entry: _Entry, role: Token, reveal: int | None) -> int:
        if role.role == "seat" and role.seat is not None:
            return role.seat
        if role.role == "hotseat":
            to_move = entry.table.to_move()
            if reveal is None or reveal != to_move or entry.table.spec.seats[reveal] != HUMAN:
                raise Forbidden("hand the device to the seat to move first")
            return reveal
        raise Forbidden("a spectator or host link does not play a seat")

    # -- acting ----------------------------------------------------------------------------------------------
    def decide(self, token: str, raw: Any, reveal: int | None = None, at: int | None = None,
               lang: str | None = None) -> dict[str, Any]:
        """A person's decision through their token; the new message for them. IllegalAction names the
        rule a refused decision breaks (the table is unchanged). ``at`` is the move number the decision
        answers (the message's ``n``): a table at another move raises Moved and nothing is applied, so
        a decision sent twice is taken once."""
        entry, role = self._find(token)
        seat = self._acting_seat(entry, role, reveal)
        with entry.lock:
            if entry.gone:
                raise NotFound("this table is closed")
            table = entry.table
            if at is not None and at != table.n:
                raise Moved(at, table.n)
            before = table.n
            lines = table.decide(seat, raw)
            self._store(entry, before, lines)
            entry.played = True
            reply = message(table, Audience(role.role, role.seat), before, reveal, _told_in(table, lang))
        self.on_change(table.id)
        self._schedule(table.id)
        return reply

    def take_back(self, token: str, reveal: int | None = None, at: int | None = None,
                  lang: str | None = None) -> dict[str, Any]:
        """Take the seat's latest decision back; ``at`` as for ``decide`` (a repeated take-back is one)."""
        entry, role = self._find(token)
        seat = self._acting_seat(entry, role, reveal)
        with entry.lock:
            if entry.gone:
                raise NotFound("this table is closed")
            table = entry.table
            if at is not None and at != table.n:
                raise Moved(at, table.n)
            keep = table.take_back(seat)
            entry.updated = time.time()
            self.store.truncate(table.id, keep, entry.updated)
            reply = message(table, Audience(role.role, role.seat), 0, reveal, _told_in(table, lang))
        self.on_change(table.id)
        return reply

    def _store(self, entry: _Entry, before: int, lines: list[dict[str, Any]]) -> None:
        entry.updated = time.time()
        try:
            self.store.append(entry.table.id, lines, entry.updated)
        except Stale:
            self._reload(entry)
            raise IllegalAction("flow.turn", "another decision was taken at this table meanwhile") from None
        except BaseException:
            entry.table.rollback(before)
            raise

    def _reload(self, entry: _Entry) -> None:
        stored = self.store.load(entry.table.id)
        if stored is not None:
            entry.table = self._rebuild(stored)
            entry.updated = stored.updated

    def _heard(self, table_id: str) -> None:
        """Another server process changed ``table_id``."""
        entry = self._tables.get(table_id)
        if entry is None:
            return
        with entry.lock:
            self._reload(entry)
        self.on_change(table_id)
        self._schedule(table_id)

    # -- bots ----------------------------------------------------------------------------------------------
    def _schedule(self, table_id: str) -> None:
        """If a bot is to move at ``table_id``, ask the pool; its answer comes back in a pool thread."""
        entry = self._tables.get(table_id)
        if entry is None or self.pool is None:
            return
        with entry.lock:
            table = entry.table
            seat = table.to_move()
            if seat < 0 or table.spec.seats[seat] == HUMAN:
                return
            n = table.n
            task = BotTask(table.header, table.game.to_json(), seat, table.spec.seats[seat],
                           f"{table.secret}/{n}/{seat}", [list(a) for a in table.game.legal_actions()],
                           f"client {entry.owner}" if entry.owner else f"table {table_id}")
        future = self.pool.ask(task)
        future.add_done_callback(lambda done: self._bot_answered(table_id, n, seat, done.result()))

    def _bot_answered(self, table_id: str, n: int, seat: int, action: list[Any]) -> None:
        entry = self._tables.get(table_id)
        if entry is None:
            return
        with entry.lock:
            table = entry.table
            if entry.gone or table.n != n or table.to_move() != seat:
                return  # the table moved on (a take-back, another process): the answer is stale
            try:
                lines = table.decide(seat, action)
                self._store(entry, n, lines)
            except RegolaError as exc:
                log.warning("table %s: bot at seat %d: %s", table_id, seat, exc)
                return
        self.on_change(table_id)
        self._schedule(table_id)

    # -- reading -------------------------------------------------------------------------------------------
    def message(self, token: str, since: int = 0, reveal: int | None = None,
                lang: str | None = None) -> dict[str, Any]:
        """The token's message; its events told in the reader's ``lang`` (negotiated; none: not told)."""
        entry, role = self._find(token)
        with entry.lock:
            table = entry.table
            return message(table, Audience(role.role, role.seat), since, reveal, _told_in(table, lang))

    def inspect(self, token: str, look: Callable[[Table, Audience], Any]) -> Any:
        """``look(table, audience)`` under the table's lock: what a page needs beside the message (the
        words of the legal actions of the token's own seat), never a change."""
        entry, role = self._find(token)
        with entry.lock:
            return look(entry.table, Audience(role.role, role.seat))

    def record(self, token: str) -> tuple[str, str]:
        """(table id, the record so far). The host may download it at any time; seats and spectators
        once the game is over, since before that it holds what they may not see (hands, the deck)."""
        try:
            entry, role = self._find(token)
        except NotFound:
            return self._closed_record(token)
        with entry.lock:
            table = entry.table
            if role.role != "host" and not table.is_over():
                raise Forbidden("the record holds every hand and the deck order: it is yours once the game is "
                                "over (the host's link downloads it at any time)")
            return table.id, table.record()

    def _closed_record(self, token: str) -> tuple[str, str]:
        """A closed table's record, for its host: closing a table keeps its record (the idle sweep)."""
        if not isinstance(token, str) or not 20 <= len(token) <= 64:
            raise NotFound("no table answers to this link")
        found = self.store.lookup(tokens.digest(token))
        stored = None if found is None else self.store.load(found[0])
        if found is None or stored is None:
            raise NotFound("no table answers to this link")
        if found[1].role != "host":
            raise NotFound("this table is closed (its host's link still downloads the record)")
        return stored.id, "".join(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"
                                  for obj in [stored.header, *stored.lines])

    def table(self, table_id: str) -> Table | None:
        entry = self._tables.get(table_id)
        return None if entry is None else entry.table

    # -- upkeep --------------------------------------------------------------------------------------------
    def expire_idle(self, now: float | None = None) -> list[str]:
        """Delete the tables nobody played (``expire_unplayed``), then close the tables nobody acted at
        for ``limits.idle_hours``; the closed ones' ids (their records stay for the host)."""
        now = time.time() if now is None else now
        self.expire_unplayed(now)
        cutoff = now - self.limits.idle_hours * 3600
        idle = self._retire(lambda entry: entry.updated < cutoff, self.store.close_table)
        for tid in idle:
            self.on_change(tid)  # its live streams hear it and end
        self._tokens = {k: v for k, v in self._tokens.items() if v[0] not in idle}
        return idle

    def _retire(self, due: Callable[[_Entry], bool], store: Callable[[str], None]) -> list[str]:
        """Take the tables ``due`` picks out of play, ``store`` (delete or close) each in the database;
        their ids. Each is judged again, stored and marked gone under its own lock before it leaves
        memory, so a decision that waited for that lock finds it gone, and a request that comes after
        finds the database's word (deleted or closed), never a table to load again: nothing is accepted
        at a table the sweep takes."""
        with self._lock:
            candidates = [(tid, entry) for tid, entry in self._tables.items() if due(entry)]
        retired = []
        for tid, entry in candidates:
            with entry.lock:
                if entry.gone or not due(entry):
                    continue
                store(tid)
                entry.gone = True
                with self._lock:
                    self._tables.pop(tid, None)
            retired.append(tid)
        return retired

    def __len__(self) -> int:
        return len(self._tables)

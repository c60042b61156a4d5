"""Results on disk: a folder of Parquet files that any Parquet reader can query without regola.

    OUT/manifest.json          what the results are of: pack, arms (variants, content hashes), players,
                               setup, bots, root seed. A later run into OUT must match it.
    OUT/games/<part>.parquet   one row per game
    OUT/actions/<part>.parquet one row per game × action kind, with its count
    OUT/.lock                  locked while a run writes: a second run at the same time is refused

Every part is written to a temporary name and renamed, so a killed run leaves whole files only. A
batch writes its actions part first and its games part last: a game counts as played once its games
part exists, and an actions part without its games part (a run killed in between) is dropped.
"""

from __future__ import annotations

import fcntl
import json
import os
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from regola.core.errors import RegolaError

FORMAT = "regola-sim-results"
VERSION = 1
MANIFEST = "manifest.json"
LOCK = ".lock"  # held by the run writing into the folder (flock: released by the system if it dies)
TABLES = ("games", "actions")


class StoreError(RegolaError):
    """A results folder that cannot be used; one line, nothing written."""


def _arrow_type(value: Any) -> pa.DataType:
    if isinstance(value, bool):
        return pa.bool_()
    if isinstance(value, int):
        return pa.int64()
    if isinstance(value, float):
        return pa.float64()
    if isinstance(value, str):
        return pa.string()
    if isinstance(value, list):
        inner = next((v for v in value if v is not None), 0)
        return pa.list_(_arrow_type(inner))
    raise TypeError(f"no Parquet column type for {type(value).__name__}")


#: the types of the columns every row of a table has; a game's own numbers get theirs from their values
FIXED: dict[str, pa.DataType] = {
    "arm": pa.string(), "pack": pa.string(), "content_hash": pa.string(), "variants": pa.list_(pa.string()),
    "players": pa.int64(), "setup": pa.string(), "root_seed": pa.int64(), "game": pa.int64(), "seed": pa.int64(),
    "rotation": pa.int64(), "bots": pa.list_(pa.string()), "decisions": pa.int64(),
    "winners": pa.list_(pa.int64()), "rank": pa.list_(pa.int64()), "kind": pa.string(), "count": pa.int64(),
}


def schema_of(row: dict[str, Any]) -> pa.Schema:
    return pa.schema([(name, FIXED.get(name) or _arrow_type(value)) for name, value in row.items()])


def _describe_difference(key: str, have: Any, want: Any) -> str:
    if key == "arms":
        have_sets = [(a.get("name"), a.get("variants"), a.get("content_hash")) for a in have]
        want_sets = [(a.get("name"), a.get("variants"), a.get("content_hash")) for a in want]
        if [s[:2] for s in have_sets] != [s[:2] for s in want_sets]:
            return ("another variant set (" + "; ".join(f"{n}: {v or 'none'}" for n, v, _ in have_sets)
                    + ")")
        return "another pack content hash (" + ", ".join(f"{n} {h[:19]}…" for n, _, h in have_sets) + ")"
    return f"{key} {have!r}, not {want!r}"


class Store:
    def __init__(self, root: Path, manifest: dict[str, Any]) -> None:
        self.root = root
        self.manifest = manifest
        self._schemas: dict[str, pa.Schema] = {}

    # -- opening -------------------------------------------------------------------------------------
    @classmethod
    def open(cls, root: Path, manifest: dict[str, Any]) -> Store:
        """Opens OUT for these results: creates it, or checks that what it holds is of the same runs."""
        manifest = {"format": FORMAT, "version": VERSION, **manifest}
        check_folder(root)
        path = root / MANIFEST
        if path.exists():
            have = read_manifest(root)
            for key, want in manifest.items():
                if have.get(key) != want:
                    raise StoreError(f"{root}: holds results of {_describe_difference(key, have.get(key), want)}; "
                                     "refusing to mix them (use another --out)")
        else:
            for table in TABLES:
                (root / table).mkdir(parents=True, exist_ok=True)
            _write_atomic(path, (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode())
        store = cls(root, manifest)
        store._lock()
        store.tidy()
        return store

    def _lock(self) -> None:
        """Hold OUT/.lock for as long as this store lives: a second run writing into the same folder at the
        same time (which would play and store every game again) is refused with one line."""
        path = self.root / LOCK
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(f"{path}: cannot create the lock file ({exc.strerror})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StoreError(f"{self.root}: another regola run is writing these results now; wait for it to "
                             "finish (or stop it), then run again: the games it stored are kept") from None
        weakref.finalize(self, os.close, fd)  # released when the run's store goes, or with the process

    def _parts(self, table: str) -> list[Path]:
        folder = self.root / table
        return sorted(folder.glob("*.parquet")) if folder.is_dir() else []

    def tidy(self) -> None:
        """Removes what a cut run can leave: temporary files, an actions part without its games part."""
        for table in TABLES:  # a write cut short by a kill
            for tmp in (self.root / table).glob("*.tmp"):
                tmp.unlink()
        played = {p.name for p in self._parts("games")}
        for part in self._parts("actions"):
            if part.name not in played:
                part.unlink()

    # -- reading -------------------------------------------------------------------------------------
    def played(self) -> dict[str, set[int]]:
        """arm → indices of its games on disk."""
        out: dict[str, set[int]] = {}
        for part in self._parts("games"):
            table = _read(part, ["arm", "game"])
            for arm, game in zip(table.column("arm").to_pylist(), table.column("game").to_pylist(), strict=True):
                out.setdefault(arm, set()).add(game)
        return out

    def table(self, name: str, games: int | None = None) -> pa.Table:
        """Every row of a table (games below ``games`` when given, filtered as the parts are read: a part
        whose name says it starts at ``games`` or later is not read at all), sorted by arm order and game."""
        paths = [p for p in self._parts(name) if games is None or _first_game(p) < games]
        flt = [("game", "<", games)] if games is not None else None
        parts = [_read(p, filters=flt) for p in paths]
        if not parts:
            return pa.table({})
        table = pa.concat_tables(parts)
        order = {a["name"]: i for i, a in enumerate(self.manifest["arms"])}
        arm_rank = pa.array([order.get(a, len(order)) for a in table.column("arm").to_pylist()], pa.int64())
        table = table.append_column("_arm", arm_rank)
        keys = [("_arm", "ascending"), ("game", "ascending")] + ([("kind", "ascending")] if name == "actions" else [])
        return table.sort_by(keys).drop_columns(["_arm"])

    # -- writing -------------------------------------------------------------------------------------
    def write(self, part: str, games: list[dict[str, Any]], actions: list[dict[str, Any]]) -> None:
        if actions:
            _write_table(self.root / "actions" / f"{part}.parquet", actions, self._schema("actions", actions[0]))
        _write_table(self.root / "games" / f"{part}.parquet", games, self._schema("games", games[0]))

    def _schema(self, table: str, row: dict[str, Any]) -> pa.Schema:
        """One schema per table and run: every part of a table has the same columns and types."""
        if table not in self._schemas:
            self._schemas[table] = schema_of(row)
        return self._schemas[table]


def check_folder(root: Path) -> None:
    """Refuses, before anything is written, a path that cannot become or be a results folder."""
    if root.exists() and not root.is_dir():
        raise StoreError(f"{root}: is a file, not a results folder (give a folder path to --out)")
    if root.exists() and not (root / MANIFEST).exists() and any(root.iterdir()):
        raise StoreError(f"{root}: exists and is not a regola results folder (no {MANIFEST}); nothing written")


def _first_game(part: Path) -> int:
    """The first game index in a part's name (arm0-000000250-000000499.parquet), 0 if it has none."""
    pieces = part.stem.split("-")
    return int(pieces[1]) if len(pieces) == 3 and pieces[1].isdigit() else 0


def read_manifest(root: Path) -> dict[str, Any]:
    path = root / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StoreError(f"{path}: not a readable results manifest ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError(f"{path}: not a regola results manifest (no \"format\": \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise StoreError(f"{path}: results version {data.get('version')} is not supported (this is {VERSION})")
    return data


def _read(path: Path, columns: Iterable[str] | None = None, filters: list[Any] | None = None) -> pa.Table:
    try:
        return pq.read_table(path, columns=list(columns) if columns is not None else None, filters=filters)
    except (OSError, pa.ArrowException, KeyError) as exc:
        raise StoreError(f"{path}: not a readable Parquet file of regola results ({str(exc).splitlines()[0]}); "
                         "delete it to replay its games") from None


def _write_table(path: Path, rows: list[dict[str, Any]], schema: pa.Schema) -> None:
    table = pa.Table.from_pylist(rows, schema=schema)
    tmp = path.with_name(path.name + ".tmp")
    try:
        pq.write_table(table, tmp)
        os.replace(tmp, path)
    except BaseException:  # Ctrl-C in the middle of a write: no half file is left behind
        tmp.unlink(missing_ok=True)
        raise


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)

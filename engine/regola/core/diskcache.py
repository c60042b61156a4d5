"""regola's cache folder, and two stores in it that spare a command work an earlier one has done.

- ``parsed``: each parsed file under the digest of its bytes (plus the parser's version). Parsing YAML
  costs milliseconds per file and a check reads forty; an edited file is simply a new entry, so
  nothing can go stale.
- ``stamped``: a value built from many files (a merged, validated pack), kept with the stamps
  (path, mtime, size) of every file it was built from, and used only while all of them are unchanged.

Values are plain JSON-shaped data written with ``marshal``, which is faster than pickle or JSON and
cannot run code when read. A cache folder that cannot be written only costs speed; a damaged entry is
ignored and rewritten.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["Stamp", "cache_dir", "fresh", "load_stamped", "parsed", "stamp", "store_stamped"]

Stamp = tuple[str, int, int]  # (path, mtime in ns, size); (path, -1, -1) for a file that is not there

#: entries kept per kind; past it the oldest half goes (a folder of a few MB at most)
MAX_ENTRIES = 2000


def cache_dir() -> Path:
    """REGOLA_CACHE, else $XDG_CACHE_HOME/regola, else ~/.cache/regola."""
    env = os.environ.get("REGOLA_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "regola"


def _folder(kind: str) -> Path:
    return cache_dir() / f"{kind}-py{sys.version_info[0]}{sys.version_info[1]}"  # marshal's format is per version


def parsed(kind: str, version: str, raw: bytes, parse: Callable[[], Any]) -> Any:
    """``parse()`` of the file whose bytes are ``raw``, from the store when it was parsed before.

    ``version`` names the parser's behaviour (bump it when the same bytes would parse differently).
    Exceptions of ``parse`` pass through and nothing is stored.
    """
    tag = version.encode()
    hasher = hashlib.blake2b(len(tag).to_bytes(4, "big") + tag, digest_size=20)  # a version of any length
    hasher.update(raw)
    digest = hasher.hexdigest()
    folder = _folder(kind)
    entry = folder / digest
    try:
        with open(entry, "rb") as handle:
            return marshal.load(handle)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    value = parse()
    _store(folder, entry, value)
    return value


def stamp(path: str | Path) -> Stamp:
    """What tells a changed file from an unchanged one: its modification time and size."""
    try:
        stat = os.stat(path)
    except OSError:
        return str(path), -1, -1
    return str(path), stat.st_mtime_ns, stat.st_size


def fresh(stamps: tuple[Stamp, ...]) -> bool:
    """Whether every file is as its stamp says."""
    return all(stamp(s[0]) == s for s in stamps)


def _stamped_entry(kind: str, key: str) -> Path:
    return _folder(kind) / hashlib.blake2b(key.encode(), digest_size=20).hexdigest()


def load_stamped(kind: str, key: str) -> tuple[tuple[Stamp, ...], Any] | None:
    """(stamps, value) stored under ``key``, if every file it was built from is unchanged; else None."""
    entry = _stamped_entry(kind, key)
    try:
        with open(entry, "rb") as handle:
            stored = marshal.load(handle)
        stamps = tuple(tuple(s) for s in stored["stamps"])
        if stored["key"] != key or not fresh(stamps):
            return None
        return stamps, stored["value"]  # type: ignore[return-value]
    except (OSError, EOFError, ValueError, TypeError, KeyError, IndexError):
        return None


def store_stamped(kind: str, key: str, stamps: tuple[Stamp, ...], value: Any) -> None:
    """Keep ``value`` under ``key`` until one of the files in ``stamps`` changes."""
    entry = _stamped_entry(kind, key)
    _store(entry.parent, entry, {"key": key, "stamps": [list(s) for s in stamps], "value": value})


def _store(folder: Path, entry: Path, value: Any) -> None:
    try:
        data = marshal.dumps(value)
    except ValueError:  # not plain data: nothing to keep
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, entry)  # atomic: a parallel reader sees the old entry or the whole new one
        _prune(folder)
    except OSError:
        pass


def _prune(folder: Path) -> None:
    names = os.listdir(folder)
    if len(names) <= MAX_ENTRIES:
        return
    paths = [folder / name for name in names]
    paths.sort(key=lambda p: p.stat().st_mtime_ns if p.exists() else 0)
    for path in paths[: len(paths) // 2]:
        with contextlib.suppress(OSError):
            path.unlink()

"""regola's cache folder, and a content-addressed store of parsed files in it.

Parsing YAML costs milliseconds per file; a command that reads forty files (a check, a game on three
packs) would pay for that on every run although the files rarely change. The store keeps each parsed
file under the digest of its bytes (plus the parser's version), so an edited file is simply a new
entry: nothing can go stale. Values are plain JSON-shaped data written with ``marshal``, which is
faster than pickle or JSON and cannot run code when read. A cache folder that cannot be written only
costs speed; a damaged entry is ignored and rewritten.
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

__all__ = ["cache_dir", "parsed"]

#: entries kept per kind; past it the oldest half goes (a folder of a few MB at most)
MAX_ENTRIES = 2000


def cache_dir() -> Path:
    """REGOLA_CACHE, else $XDG_CACHE_HOME/regola, else ~/.cache/regola."""
    env = os.environ.get("REGOLA_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "regola"


def parsed(kind: str, version: str, raw: bytes, parse: Callable[[], Any]) -> Any:
    """``parse()`` of the file whose bytes are ``raw``, from the store when it was parsed before.

    ``version`` names the parser's behaviour (bump it when the same bytes would parse differently).
    Exceptions of ``parse`` pass through and nothing is stored.
    """
    digest = hashlib.blake2b(raw, digest_size=20, person=version.encode()[:16]).hexdigest()
    folder = cache_dir() / f"{kind}-py{sys.version_info[0]}{sys.version_info[1]}"  # marshal's format is per version
    entry = folder / digest
    try:
        with open(entry, "rb") as handle:
            return marshal.load(handle)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    value = parse()
    _store(folder, entry, value)
    return value


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

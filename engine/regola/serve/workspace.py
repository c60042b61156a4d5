"""A private folder where posted bodies become files, so `regola check` and `regola replay` read them
exactly as they read a file on disk.

Each body is written under a name made from its digest (the same bytes, the same name: no stale
cache entry can ever answer for other content) and removed after use, and whatever the engine's
loaders memoised about it is forgotten, so a stream of posts leaves no trace in memory or on disk.
"""

from __future__ import annotations

import contextlib
import hashlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["Workspace"]


def _forget(path: Path) -> None:
    # core.pack keeps every (pack, variants) it loaded, keyed by the variant files' paths (or by
    # a source name holding the file's name, for variants embedded in a record); drop those keys.
    from regola.core import pack as pack_module

    name = path.name
    for key in list(pack_module._cache):
        if any(v == path or (isinstance(v, tuple) and any(isinstance(x, str) and name in x for x in v))
               for v in key[1]):
            pack_module._cache.pop(key, None)


class Workspace:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="regola-serve-"))
        self.root.chmod(0o700)
        # `regola check` takes an unreadable YAML file in a folder named variants/ for a broken variant
        self.variants = self.root / "variants"
        self.variants.mkdir()

    def path(self, raw: bytes, kind: str, suffix: str, job: str = "") -> Path:
        """Where ``file`` puts a body: named after its digest, and after the job when one is named (two
        requests posting the same bytes at once never share, nor remove each other's, file)."""
        folder = self.variants if kind == "variant" else self.root
        return folder / f"{kind}-{hashlib.sha256(raw).hexdigest()[:32]}{'-' + job if job else ''}{suffix}"

    def discard(self, raw: bytes, kind: str, suffix: str, job: str) -> None:
        """Remove a job's file if its process could not (it was killed at a bound)."""
        with contextlib.suppress(OSError):
            self.path(raw, kind, suffix, job).unlink()

    @contextlib.contextmanager
    def file(self, raw: bytes, kind: str, suffix: str, job: str = "") -> Iterator[Path]:
        path = self.path(raw, kind, suffix, job)
        path.write_bytes(raw)
        try:
            yield path
        finally:
            _forget(path)
            with contextlib.suppress(OSError):
                path.unlink()

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

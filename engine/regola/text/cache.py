"""A small on-disk cache of bound rule texts, so `regola rules show` answers without loading a pack.

Loading a pack (YAML, JSON Schema, variants) and Babel's formatting cost more than a quick lookup
command may take. The cache holds, per (pack, variants, language), every bound rule as JSON plus the
stamps (mtime, size) of every file the result depends on: all pack, catalog and schema files under the
regola home, the variant files and this package's sources. Any change re-binds. An unwritable cache
folder only costs speed.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from regola.core.diskcache import cache_dir, stamp

__all__ = ["cached"]

_VERSION = 2  # 2: catalogs keyed by game and language


def _stamps(home: Path, extra: Sequence[str]) -> list[list[Any]]:
    files: list[str] = []
    # the packs and catalogs, the schemas, and the code that binds and formats (text, i18n: numbers)
    for folder in (home / "rulepacks", home / "schemas", Path(__file__).parent, Path(__file__).parents[1] / "i18n"):
        for root, _dirs, names in os.walk(folder):
            files += [os.path.join(root, n) for n in names if n.endswith((".yaml", ".yml", ".json", ".py", ".po"))]
    files += [str(Path(e).resolve()) for e in extra if os.sep in e or e.endswith((".yaml", ".yml"))]
    return [list(stamp(name)) for name in sorted(set(files))]


def cached(home: Path, key: Sequence[str], variants: Sequence[str],
           compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``compute()`` (JSON-ready), memoised on disk until any file it may depend on changes."""
    digest = hashlib.sha256(json.dumps([_VERSION, str(home), *key], ensure_ascii=False).encode()).hexdigest()[:24]
    path = cache_dir() / f"rules-{digest}.json"
    stamps = _stamps(home, variants)
    try:
        with open(path, encoding="utf-8") as handle:
            stored = json.load(handle)
        if stored.get("stamps") == stamps:
            value: dict[str, Any] = stored["value"]
            return value
    except (OSError, ValueError, KeyError, TypeError):
        pass
    value = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamps": stamps, "value": value}, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass
    return value

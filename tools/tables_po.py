"""The interface words of tables (domain "tables"): which msgids the code uses, and which PO files lack
one. ``python tools/tables_po.py`` lists what is missing; the test suite runs the same check."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ROOT / "engine" / "regola" / "tables"
LOCALE = ROOT / "engine" / "regola" / "i18n" / "locale"
#: words("…") in the tables package: the interface words of boards and pages
CALL = re.compile(r'words\(\s*"((?:[^"\\]|\\.)*)"')


def msgids() -> set[str]:
    found: set[str] = set()
    for path in CODE.rglob("*.py"):
        found |= set(CALL.findall(path.read_text(encoding="utf-8")))
    return found


def missing(lang: str) -> list[str]:
    from babel.messages.pofile import read_po

    po = LOCALE / lang / "LC_MESSAGES" / "tables.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return sorted(m for m in msgids() if not (catalog.get(m) and catalog.get(m).string))


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/tables.po"))


if __name__ == "__main__":
    bad = {lang: missing(lang) for lang in languages()}
    for lang, words in bad.items():
        for word in words:
            print(f"{lang}: no translation of {word!r}")
    sys.exit(1 if any(bad.values()) else 0)

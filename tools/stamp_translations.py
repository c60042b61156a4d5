#!/usr/bin/env python3
"""Record, in each shipped translation of a rule catalog, the digest of every source text it translates.

``regola check`` then reports a translation whose source text changed since (TEXT_STALE), the same way it
does for a catalog written by ``regola text import``. Run it after translating by hand, once the translation
says what its source says now; it rewrites only the ``source:`` block at the end of each catalog.

    python tools/stamp_translations.py [CATALOG.yaml ...]   (default: every translation under rulepacks/)

A catalog is a translation when its language is not the language of the pack its pack borrows from (followed
to the end; a pack that borrows nothing: itself); its source is that pack's catalog in that language. So
the German and French Maestro Leonardo catalogs are measured against the Czech one they share rules with.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from regola.text.entries import digest, source_text, translatable

ROOT = Path(__file__).resolve().parents[1]


def _source_folder(folder: Path) -> Path:
    """The pack a pack's texts are measured against: itself, or the pack it borrows from, followed to the
    end (the German and French Maestro Leonardo packs borrow from the Czech one, whose texts their
    catalogs share rule by rule)."""
    seen = {folder.resolve()}
    while True:
        meta = yaml.safe_load((folder / "pack.yaml").read_text(encoding="utf-8"))["pack"]
        lender = next((b["from"] for b in meta.get("borrows") or () if b.get("from")), None)
        if lender is None:
            return folder
        nxt = (folder.parent / str(lender)).resolve()
        if nxt in seen or not (nxt / "pack.yaml").is_file():
            return folder
        seen.add(nxt)
        folder = nxt


def _pack_language(folder: Path) -> str:
    return str(yaml.safe_load((folder / "pack.yaml").read_text(encoding="utf-8"))["pack"]["language"])


def _key(pointer: str) -> str:
    return yaml.safe_dump(pointer, allow_unicode=True, width=1000).strip().removesuffix("\n...").strip()


def stamp(path: Path) -> int:
    """Rewrite the ``source:`` block of one translation; the number of texts stamped (0: not a translation)."""
    origin = _source_folder(path.resolve().parent.parent)
    source_language = _pack_language(origin)
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)["text"]
    if data["language"] == source_language:
        return 0
    source = yaml.safe_load((origin / "text" / f"{source_language}.yaml").read_text(encoding="utf-8"))["text"]
    digests = {pointer: digest(original) for pointer, _ in translatable(data)
               if (original := source_text(source, pointer, source_language, data["language"])) is not None}
    # a digest is quoted: '4e1431317237' would read as a number
    own = "    own: true\n" if data["language"] == _pack_language(path.resolve().parent.parent) else ""
    block = f"  source:\n    language: {source_language}\n{own}    digests:\n" + "".join(
        f"      {_key(pointer)}: '{value}'\n" for pointer, value in sorted(digests.items()))
    head = text.split("\n  source:\n", 1)[0].rstrip("\n") + "\n"
    new = head + block
    written = yaml.safe_load(new)["text"]
    assert written["rules"] == data["rules"] and written["source"]["digests"] == digests
    path.write_text(new, encoding="utf-8")
    return len(digests)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "rulepacks").glob("*/text/*.yaml"))
    for path in paths:
        count = stamp(path)
        if count:
            print(f"{path}: {count} texts stamped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

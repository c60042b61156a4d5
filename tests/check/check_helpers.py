"""Temporary regola homes (schemas + copies of shipped packs) for the check tests."""

from __future__ import annotations

import shutil
from pathlib import Path

from regola.check import Finding, run

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus"


def make_home(root: Path, packs: tuple[str, ...] = ("cs",), text: bool = True) -> Path:
    """A home with the repository's schemas, rulings and copies of ``packs`` (variants included)."""
    shutil.copytree(REPO / "schemas", root / "schemas")
    (root / "rulepacks").mkdir()
    shutil.copy(REPO / "rulepacks" / "rulings.yaml", root / "rulepacks" / "rulings.yaml")
    for pack in packs:
        ignore = None if text else shutil.ignore_patterns("text")
        shutil.copytree(REPO / "rulepacks" / pack, root / "rulepacks" / pack, ignore=ignore)
    return root


def replace_once(path: Path, old: str, new: str) -> None:
    content = path.read_text(encoding="utf-8")
    assert content.count(old) == 1, f"{old!r} occurs {content.count(old)} times in {path}"
    path.write_text(content.replace(old, new), encoding="utf-8")


def line_of(path: Path, snippet: str) -> int:
    content = path.read_text(encoding="utf-8")
    assert snippet in content, f"{snippet!r} not in {path}"
    return content[: content.index(snippet)].count("\n") + 1 + len(snippet) - len(snippet.lstrip("\n"))


def findings(paths: list[str | Path], home: Path) -> list[Finding]:
    return run(paths, home).findings


def added(before: list[Finding], after: list[Finding]) -> list[Finding]:
    """What ``after`` reports beyond ``before`` (compared without line numbers, which edits move)."""
    def key(f: Finding) -> tuple[object, ...]:
        return f.code, f.file, f.pointer, f.message

    seen = {key(f) for f in before}
    return [f for f in after if key(f) not in seen]

"""What the checks look at: a loaded pack, alone or with one variant applied, and how to point into it.

A check gets a Subject and returns findings; it never loads anything itself, so each file is read
once per run and every check sees the same document the engine would play.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from regola.check.findings import Finding, Severity
from regola.core.pack import Pack
from regola.core.pointers import MISSING, resolve
from regola.core.schemas import escape_token, json_pointer
from regola.core.variant import Variant
from regola.core.yamlio import display_path

__all__ = ["MISSING", "Subject", "pointer", "resolve", "walk"]



def pointer(*tokens: str | int) -> str:
    """A JSON pointer from raw tokens (escaped as RFC 6901 wants)."""
    return json_pointer(tokens)


def walk(node: Any, at: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf (pointer, value) under ``node``; an empty mapping or list counts as a leaf."""
    if isinstance(node, dict) and node:
        for key, value in node.items():
            yield from walk(value, at + "/" + escape_token(key))
    elif isinstance(node, list) and node:
        for index, value in enumerate(node):
            yield from walk(value, f"{at}/{index}")
    else:
        yield at, node


@dataclass(frozen=True)
class Subject:
    """One document to check: ``pack`` (with ``variant`` applied when there is one)."""

    pack: Pack
    variant: Variant | None
    home: Path

    @property
    def doc(self) -> dict[str, Any]:
        return self.pack.data

    @property
    def label(self) -> str:
        return self.pack.id if self.variant is None else f"{self.pack.id} + {self.variant.id}"

    def foreign(self, file: str | None) -> bool:
        """Whether ``file`` belongs to another pack than this document's own (borrowed, or the base)."""
        if file is None:
            return False
        if self.variant is not None:
            return file != self.variant.source
        own = display_path(self.pack.root, self.home).rstrip("/") + "/"
        return not file.startswith(own)

    def adopt(self, findings: list[Finding]) -> list[Finding]:
        """Mark findings placed in another pack's files with this document's label."""
        return [replace(f, about=self.label) if f.about is None and self.foreign(f.file) else f for f in findings]

    def at(self, code: str, message: str, ptr: str, severity: Severity | None = None) -> Finding:
        """A finding at a pointer of the document (or ``/pack/…``), located in the file that wrote it."""
        try:
            file, line, column = self.pack.locate(ptr)
        except Exception:  # a locator failure must not hide the finding it was asked to place
            file, line, column = None, None, None
        return Finding(code, message, file, line, column, ptr, severity)

"""Finding rules by words: what `regola rules search` and the server's search share."""

from __future__ import annotations

import unicodedata
from typing import Any

__all__ = ["fold", "search"]


def fold(text: str) -> str:
    """Lower case without accents, so 'nakup' finds 'nákup' and 'fuer' is not needed for 'für'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def search(rules: list[dict[str, Any]], words: list[str]) -> list[dict[str, Any]]:
    """The rules whose ID, title or text holds every word (case and accents ignored); also used by `serve`."""
    folded = [fold(w) for w in words]
    return [r for r in rules if all(w in fold(" ".join((r["id"], r["title"], r["text"]))) for w in folded)]

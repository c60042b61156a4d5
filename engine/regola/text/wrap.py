"""Lines broken by words to fit a terminal of any width.

A number and its unit are joined by a no-break space in every catalog, so "5 guldenů" never splits;
a word longer than the width stays whole (cutting it would only make it unreadable). Continuation
lines are indented, so a wrapped line still reads as one.
"""

from __future__ import annotations

import textwrap
import unicodedata

__all__ = ["display_width", "wrap"]

INDENT = "   "


def display_width(text: str) -> int:
    """Columns a terminal gives ``text``: combining marks take none, wide (East Asian) characters two."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def wrap(line: str, width: int) -> list[str]:
    """``line`` as rows of at most ``width`` columns, broken between words (an empty line stays one row)."""
    if display_width(line) <= width or not line.strip():
        return [line]
    lead = line[:len(line) - len(line.lstrip(" "))]
    # the first row keeps its own indentation (textwrap drops whitespace only where it breaks)
    rows = textwrap.wrap(line, max(8, width), subsequent_indent=lead + INDENT, break_long_words=False,
                         break_on_hyphens=False)
    return rows or [line]

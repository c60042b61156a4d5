"""The translatable texts of a rule catalog, each addressed by a JSON pointer into its ``text``.

A translator's unit of work is one string: a rule's title or text, a ruling's, a name, one plural form
of a unit, a rulebook heading, a case of a ``select`` placeholder. The PO workflow (``text.po``) and the
stale check (``check.text``) both walk them here, so both agree on what a text is and where it lives:
``/rules/district.cost_track/text``, ``/names/cards/7/name``, ``/units/gulden/few``, ``/chrome/setup``.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterator
from typing import Any

from regola.i18n.forms import FORMS

__all__ = ["SHOWN", "digest", "escape", "lookup", "put", "source_text", "translatable", "unescape"]


def escape(segment: str) -> str:
    return str(segment).replace("~", "~0").replace("/", "~1")


def unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~")


def _pointer(*parts: object) -> str:
    return "".join("/" + escape(str(p)) for p in parts)


def translatable(data: dict[str, Any], categories: tuple[str, ...] | None = None) -> Iterator[tuple[str, str]]:
    """(pointer, text) of every string a translator writes, in the catalog's own order. Unit forms are
    yielded for the categories given (default: the ones the catalog has)."""
    for unit, forms in data.get("units", {}).items():
        for category in categories or tuple(k for k in forms if k not in FORMS):  # a case is the language's own
            if category in forms:
                yield _pointer("units", unit, category), str(forms[category])
    for key, value in data.get("chrome", {}).items():
        yield _pointer("chrome", key), str(value)
    for category, names in data.get("names", {}).items():
        for key, value in names.items():
            if isinstance(value, dict) and category == "cards":  # a card's name beside its provenance
                yield _pointer("names", category, key, "name"), str(value["name"])
            elif isinstance(value, dict):  # a name with its forms: the forms are this language's own, not a text
                yield _pointer("names", category, key), str(value["name"])
            else:
                yield _pointer("names", category, key), str(value)
    for rule_id, entry in data.get("rules", {}).items():
        yield _pointer("rules", rule_id, "title"), str(entry["title"])
        yield _pointer("rules", rule_id, "text"), str(entry["text"])
        for name, spec in entry.get("args", {}).items():
            for case, text in spec.get("cases", {}).items():
                yield _pointer("rules", rule_id, "args", name, "cases", case), str(text)
    for ruling, entry in data.get("rulings", {}).items():
        yield _pointer("rulings", ruling, "title"), str(entry["title"])
        yield _pointer("rulings", ruling, "text"), str(entry["text"])


def lookup(data: dict[str, Any], pointer: str) -> str | None:
    """The string at ``pointer``, or None."""
    node: Any = data
    for part in pointer.split("/")[1:]:
        if not isinstance(node, dict):
            return None
        node = node.get(unescape(part))
    if isinstance(node, dict) and isinstance(node.get("name"), str):  # a name with its forms (i18n/forms.py)
        return str(node["name"])
    return node if isinstance(node, str) else None


def source_text(source: dict[str, Any], pointer: str, source_language: str, language: str) -> str | None:
    """The source text that the ``language`` text at ``pointer`` translates. A unit's plural form is matched
    by number, not by its category's name, which CLDR gives per language: Polish 'many' (5, 6, …) translates
    the Czech form for 5, Czech 'other', not Czech 'many' (fractions). A category no whole number up to
    1,000 takes, or one the source has no form for, reads the source's 'other'."""
    parts = pointer.split("/")
    if len(parts) != 4 or parts[1] != "units":
        return lookup(source, pointer)
    from regola.i18n.numbers import plural_category

    number = _first_number(language, unescape(parts[3]))
    mine = plural_category(source_language, number) if number is not None else "other"
    forms = source.get("units", {}).get(unescape(parts[2]))
    if not isinstance(forms, dict):
        return None
    found = forms.get(mine, forms.get("other"))
    return found if isinstance(found, str) else None


#: the whole numbers a board game shows: which of them a plural category takes tells what it is for
SHOWN = range(0, 1001)


@functools.cache
def _first_number(language: str, category: str) -> int | None:
    """The least whole number up to 1,000 that takes ``category`` in ``language``."""
    from regola.i18n.numbers import plural_category

    return next((n for n in SHOWN if plural_category(language, n) == category), None)


def put(data: dict[str, Any], pointer: str, value: str) -> None:
    """Set the string at ``pointer``, making the mappings on the way."""
    parts = [unescape(p) for p in pointer.split("/")[1:]]
    node = data
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    if isinstance(node.get(parts[-1]), dict) and "name" in node[parts[-1]]:  # a name keeps its forms
        node[parts[-1]]["name"] = value
    else:
        node[parts[-1]] = value


def digest(text: str) -> str:
    """A short fingerprint of a source text: a translation records it, the check compares it.

    Twelve hex digits whose first is a letter: a plain YAML scalar of digits ('123456789012') or of
    digits around an e ('4e1431317237') reads as a number, so a catalog written by any YAML tool, not only
    regola's, would lose its digests."""
    hexed = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return "abcdef"[int(hexed[0], 16) % 6] + hexed[1:12]

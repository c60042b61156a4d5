"""Which catalog language to use: ``--lang``, else the LANG environment variable, else the pack's own.

Negotiation is Babel's, so ``de-AT``, ``cs_CZ`` and ``cs_CZ.UTF-8`` all find their catalog.
"""

from __future__ import annotations

import os

from regola.core.errors import RegolaError

__all__ = ["LanguageError", "negotiate", "parse_tag"]


class LanguageError(RegolaError):
    """No catalog speaks the language asked for."""


def parse_tag(tag: str) -> str | None:
    """'de-AT' / 'cs_CZ.UTF-8' / 'fr' -> Babel's 'de_AT' / 'cs_CZ' / 'fr'; None for C/POSIX or junk."""
    from babel import Locale, UnknownLocaleError

    raw = tag.split(".")[0].split("@")[0].strip()
    if not raw or raw in ("C", "POSIX"):
        return None
    try:
        return str(Locale.parse(raw, sep="-" if "-" in raw else "_"))
    except (ValueError, UnknownLocaleError):
        return None


def negotiate(lang: str | None, default: str, available: list[str] | None = None) -> str:
    """The catalog language for an explicit ``lang`` (error if none fits), else LANG, else ``default``."""
    from babel import Locale

    from regola.text.catalog import available_languages

    known = available if available is not None else sorted(available_languages())
    if lang:
        parsed = parse_tag(lang)
        found = Locale.negotiate([parsed], known) if parsed else None
        if found is None:
            raise LanguageError(f"no rule text in language '{lang}' (available: {', '.join(known) or 'none'})")
        return str(found.language)
    env = os.environ.get("LANG", "")
    parsed = parse_tag(env) if env else None
    if parsed:
        found = Locale.negotiate([parsed], known)
        if found is not None:
            return str(found.language)
    return default

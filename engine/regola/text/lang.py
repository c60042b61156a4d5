"""Which catalog language to use: ``--lang``, else the LANG environment variable, else the pack's own.

LANG set to the POSIX locale (``C``, ``C.UTF-8``), to something no language tag reads, or to a language
the game has no text in means English (the pack's own language for a game with no English); LANG unset
means the pack's own language.

Negotiation is Babel's, so ``de-AT``, ``cs_CZ`` and ``cs_CZ.UTF-8`` all find their catalog. A language
the pack's game lacks is one line, the same on every surface (CLI, web, API), naming the languages it
has; it is said in the language asked for when regola's interface speaks it.
"""

from __future__ import annotations

import os

from regola.core.errors import RegolaError

__all__ = ["ENGLISH", "LanguageError", "missing_language", "negotiate", "own_name", "parse_tag"]

#: the language a reader whose locale names none (or none the game has) is given
ENGLISH = "en"


class LanguageError(RegolaError):
    """No catalog speaks the language asked for."""


def parse_tag(tag: str) -> str | None:
    """'de-AT' / 'cs_CZ.UTF-8' / 'fr' -> Babel's 'de_AT' / 'cs_CZ' / 'fr'; the pseudo-locale 'en-XA' ->
    'en_XA'; None for C/POSIX or junk."""
    from babel import Locale, UnknownLocaleError

    from regola.i18n.pseudo import PSEUDO

    raw = tag.split(".")[0].split("@")[0].strip()
    if not raw or raw in ("C", "POSIX"):
        return None
    if raw.replace("-", "_").lower() == PSEUDO.lower():
        return PSEUDO
    try:
        return str(Locale.parse(raw, sep="-" if "-" in raw else "_"))
    except (ValueError, UnknownLocaleError):
        return None


def own_name(language: str) -> str:
    """A language by its own name ('de' -> 'Deutsch'), the code when Babel does not know it."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(language).get_display_name(language) or language)
    except (ValueError, UnknownLocaleError):
        return language


def missing_language(pack: str | None, asked: str, offered: list[str], said_in: str | None = None) -> str:
    """The one line that says a pack has no rule text in ``asked`` and which languages it has: in
    ``said_in``, else in the asked language's interface words when regola has them (English otherwise)."""
    from regola.i18n import words

    parsed = parse_tag(asked) if len(asked) <= 35 else None
    w = words(said_in or parsed or "en")
    languages = ", ".join(f"{code} ({own_name(code)})" for code in offered) or w.gettext("none")
    shown = asked if len(asked) <= 35 else asked[:32] + "…"
    if pack is None:
        return w.gettext("no rule text in language '{language}' (languages: {languages})", language=shown,
                         languages=languages)
    return w.gettext("pack '{pack}' has no rule text in language '{language}' (languages: {languages})",
                     pack=pack, language=shown, languages=languages)


def negotiate(lang: str | None, default: str, available: list[str] | None = None, pack: str | None = None) -> str:
    """The catalog language for an explicit ``lang`` (error if none fits), else LANG, else ``default``.

    ``available`` lists the languages of the pack's game (default: of any game); the pseudo-locale
    is accepted when asked for by name.
    """
    from babel import Locale

    from regola.i18n.pseudo import PSEUDO
    from regola.text.catalog import available_languages

    known = available if available is not None else sorted(available_languages())
    if lang:
        parsed = parse_tag(lang)
        if parsed == PSEUDO and known:
            return PSEUDO
        found = Locale.negotiate([parsed], known) if parsed else None
        if found is None:
            raise LanguageError(missing_language(pack, lang, known))
        return str(found.language)
    env = os.environ.get("LANG", "")
    if not env:  # no locale at all: the pack's own language
        return default
    parsed = parse_tag(env)
    if parsed and parsed != PSEUDO:
        found = Locale.negotiate([parsed], known)
        if found is not None:
            return str(found.language)
    # the POSIX locale (C, C.UTF-8: a container's, a CI runner's), an unknown one, or one this game has no
    # text in: English, which every game's rules are written for; the pack's own language only if not
    return ENGLISH if ENGLISH in known else default

"""Interface text (the words around the rules: page chrome, terminal screens, commands, reports) via gettext.

Rule text lives in the rule catalogs (``rulepacks/<pack>/text/``); everything else a person reads
comes from standard PO files here, ``locale/<lang>/LC_MESSAGES/<domain>.po``, so translators work in
the tools they already use. The English msgid is the fallback for a word a catalog lacks. One domain
per surface that grows on its own (``regola``: pages, terminal, commands; ``report``: the compare
report), so their catalogs can be translated and reviewed separately. ``regola.i18n.tooling``
extracts the msgids from the sources (Babel) and keeps the PO files in step; ``en_XA`` is a
pseudo-locale that shows every word that does not come from a catalog (``regola.i18n.pseudo``).

    from regola.i18n import translator, words
    t = translator("de")                      # domain "regola"; translator("de", "report") for reports
    t.gettext("Search"); t.ngettext("{n} game", "{n} games", n); t.pgettext("button", "Apply")
    w = words("de")                           # the same, with {placeholders} filled and numbers formatted
    w.ngettext("{n} apprentice ready", "{n} apprentices ready", 1500)   # '1.500 Lehrlinge bereit'

PO files are read with Babel and compiled in memory once per process (a few ms), so no build step
is needed for an editable install.
"""

from __future__ import annotations

import functools
import io
import re
from collections.abc import Iterable
from gettext import NullTranslations
from pathlib import Path

from regola.i18n.forms import NAMED, NAMED_FORM, shown

__all__ = ["DOMAIN", "LOCALE_DIR", "NC_", "NN_", "N_", "Words", "available", "translator", "words"]

DOMAIN = "regola"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: {name} placeholders of interface messages (the same form as the rule catalogs')
PLACEHOLDER = NAMED  # {name} or {name:form} (forms.py)
_FILLED = re.compile(NAMED_FORM + r"( (?=\w))?")


def N_(message: str) -> str:  # gettext's name for "mark for extraction, translate later"
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:  # a plural message marked for extraction (ngettext's)
    return singular, plural


def NC_(context: str, message: str) -> tuple[str, str]:  # a message with its context marked (pgettext's)
    return context, message


def available(domain: str = DOMAIN) -> list[str]:
    """The languages that have an interface catalog (English, the msgid language, always)."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{domain}.po")}
    return sorted(found | {"en"})


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.lru_cache(maxsize=64)
def translator(lang: str, domain: str = DOMAIN) -> NullTranslations:
    """The interface catalog of ``lang`` ('de', 'de_AT' falls back to 'de'); English msgids if none."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    from regola.i18n.pseudo import PSEUDO, PseudoTranslations

    if lang == PSEUDO:
        return PseudoTranslations()
    for candidate in (lang, lang.split("_")[0].split("-")[0]):
        po = po_path(candidate, domain)
        if po.is_file():
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=candidate, domain=domain)
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            buffer.seek(0)
            return Translations(buffer, domain=domain)
    return NullTranslations()


class Words:
    """The interface words of one language: gettext with its ``{placeholders}`` filled, every number
    among the values formatted for the locale by Babel (``1 500`` in Polish, ``1.500`` in German).

    The method names are gettext's, so Babel's extraction finds every message (``words.gettext(…)``).
    A placeholder without a value stays visible as ``{name}``: a test catches it, a reader never
    sees a crash.
    """

    def __init__(self, lang: str, domain: str = DOMAIN) -> None:
        self.lang = lang
        self.domain = domain
        self._t = translator(lang, domain)

    def _fill(self, template: str, values: dict[str, object], counted: bool = False) -> str:
        """The template with its values; with ``counted``, the count ``{n}`` keeps the word it counts on
        its line ("5 apprentices" never splits when a line wraps)."""
        if not values:
            return template

        def one(match: re.Match[str]) -> str:
            name, form, space = match.group(1), match.group(2), match.group(3) or ""
            if name not in values:
                return match.group(0)
            value = values[name]
            if isinstance(value, int | float) and not isinstance(value, bool):
                return self.number(value) + ("\u00a0" if space and counted and name == "n" else space)
            return shown(value, form) + space  # a name or amount in the form the message asks (forms.py)

        return _FILLED.sub(one, template)

    @property
    def templates(self) -> NullTranslations:
        """The translations themselves, for a message wanted with its ``{placeholders}`` unfilled (a rule's
        template, shown value by value when a variant changes it): ``words.templates.gettext("…")``."""
        return self._t

    def fill(self, template: str, /, **values: object) -> str:
        """A template (from ``templates``) with its values, as ``gettext`` would give it."""
        return self._fill(template, values)

    def gettext(self, message: str, /, **values: object) -> str:
        return self._fill(self._t.gettext(message), values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        return self._fill(self._t.pgettext(context, message), values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        """The form for ``n`` (the locale's plural rule); ``{n}`` is ``n`` formatted unless given."""
        values.setdefault("n", n)
        return self._fill(self._t.ngettext(singular, plural, n), values, counted=True)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
        values.setdefault("n", n)
        return self._fill(self._t.npgettext(context, singular, plural, n), values, counted=True)

    def number(self, value: int | float) -> str:
        from regola.i18n.numbers import format_number

        return format_number(self.lang, value)

    def join(self, items: Iterable[str], style: str = "standard") -> str:
        """'a, b and c' in the locale's words (Babel's list patterns)."""
        from regola.i18n.numbers import format_items

        return format_items(self.lang, list(items), style)


@functools.lru_cache(maxsize=32)
def words(lang: str, domain: str = DOMAIN) -> Words:
    """The (shared) Words of a language and domain."""
    return Words(lang, domain)

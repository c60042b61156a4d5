"""Everything one surface says in one language: the game's rule catalog (names of things, units with
their plural forms, rule text) and regola's interface words (gettext, ``regola.i18n``).

A terminal screen or a summary mixes both — "Give **Leonardo** to **Red**": the sentence is interface
text a translator finds in the PO file, the names are the game's, from its rule catalog. Numbers go
through Babel for the language either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from regola.i18n import Words, words
from regola.text.bind import number, with_unit
from regola.text.catalog import Catalog, catalogs_for

if TYPE_CHECKING:
    from regola.core.pack import Pack

__all__ = ["Speech", "speech_for"]


@dataclass(frozen=True, eq=False)
class Speech:
    catalog: Catalog
    words: Words
    #: the pack's own-language catalog, for a rule a translation still lacks (None: nothing to fall back on)
    fallback: Catalog | None = None

    @property
    def language(self) -> str:
        return self.catalog.language

    # the game's words
    def name(self, category: str, key: object) -> str:
        """A thing's name; from the pack's own language while a translation lacks it, else its id."""
        if self.fallback is not None and str(key) not in self.catalog.names(category):
            return self.fallback.name(category, key)
        return self.catalog.name(category, key)

    def number(self, value: int | float) -> str:
        return number(self.catalog, value)

    def amount(self, value: int | float, unit: str) -> str:
        """'5 guldenů', '1 Woche': a number with the form of the catalog's unit that agrees with it."""
        return with_unit(self.catalog, value, unit)

    # regola's words (the method names are gettext's, so Babel's extraction finds the messages)
    def gettext(self, message: str, /, **values: object) -> str:
        return self.words.gettext(message, **values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        return self.words.pgettext(context, message, **values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        return self.words.ngettext(singular, plural, n, **values)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
        return self.words.npgettext(context, singular, plural, n, **values)


def speech_for(pack: Pack, language: str) -> Speech:
    """The speech of a pack's game in a language already negotiated."""
    catalog, fallback = catalogs_for(language, pack.game, pack.language)
    return Speech(catalog, words(language), fallback)

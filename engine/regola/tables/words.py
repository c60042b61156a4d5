"""The words of a table's pages and boards: names of things from the game's rule catalog in the reader's
language (its districts, materials, buildings, cards), every other word from the interface catalogs
(``regola.i18n``, domain "tables": ``words.gettext("…")``, extracted by ``tools/i18n.py``), numbers
formatted by Babel for the locale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from regola.core.game import definition_for
from regola.core.pack import Pack
from regola.core.pointers import named_ids
from regola.i18n import words as interface_words
from regola.mechanics.parts import units
from regola.text.catalog import Catalog, catalog_for
from regola.text.catalog import languages_of as catalog_languages
from regola.text.speech import Speech

__all__ = ["DOMAIN", "Words", "language_for", "languages_of"]

DOMAIN = "tables"


def languages_of(pack: Pack, home: Path | None = None) -> list[str]:
    """The languages a table of this pack can be shown in: those with a rule catalog of its game."""
    return catalog_languages(pack.game, home)


def language_for(pack: Pack, lang: str | None, home: Path | None = None) -> str:
    """The language a reader asking for ``lang`` reads this pack's game in: the best of the game's
    catalogs for it, else the pack's own (never the server's LANG: a reader's language is their own)."""
    from regola.text.lang import LanguageError, negotiate

    if not lang:
        return pack.language
    try:
        return negotiate(lang[:35], pack.language, languages_of(pack, home))
    except LanguageError:  # a language the game is not written in: the pack's own
        return pack.language


class Words:
    """Everything a board or page of one table says, in one language (the reader's if the game's rules
    are written in it, else the pack's own: names and words never mix two languages)."""

    def __init__(self, pack: Pack, lang: str | None = None, home: Path | None = None) -> None:
        self.lang = language_for(pack, lang, home)
        self.catalog: Catalog = catalog_for(self.lang, home, pack.game)
        self._words = interface_words(self.lang, DOMAIN)
        self._speech: Speech | None = None
        # the unit each declared part counts in (mechanics.parts: money in gulden or florins, prestige
        # in points): a game's nouns come from its rule catalog, never from the interface catalogs
        self._units: dict[str, str] = units(pack.data.get("mechanics", {}))
        self._doc = pack.data
        self._enumerated = definition_for(pack.game).names
        self._in_play: dict[str, set[str]] = {}  # category -> the ids the pack enumerates (read once)

    def gettext(self, message: str, /, **values: object) -> str:
        """An interface text in this language, its {placeholders} filled (numbers the locale's way)."""
        return self._words.gettext(message, **values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        return self._words.ngettext(singular, plural, n, **values)

    def name(self, category: str, key: object) -> str:
        """A thing's name in the rule catalog (its id when the catalog has none)."""
        return self.catalog.name(category, key)

    def names(self, category: str) -> dict[str, Any]:
        """Every id of a category the rule catalog names, with its name; for a category the pack enumerates
        (GameDefinition.names: districts, cards, labs …), only the ids of the rules in play, so a board
        draws no district a variant the table does not play brings (the catalog names them all)."""
        named = self.catalog.names(category)
        spec = self._enumerated.get(category)
        if spec is None:
            return named
        ids = self._in_play.get(category)
        if ids is None:
            ids = self._in_play[category] = set(named_ids(self._doc, spec))
        return {key: value for key, value in named.items() if str(key) in ids}

    def number(self, value: int) -> str:
        return self._words.number(value)

    def seat(self, seat: int, color: str | None = None) -> str:
        """A seat's one name (regola.text.seats: its colour where it has one, else 'Seat 2'), the same
        words as the terminal's and the summaries'."""
        from regola.text.seats import seat_name

        return seat_name(self.speech, seat, color)

    @property
    def speech(self) -> Speech:
        """This language's Speech: the rule catalog with regola's own interface words (not the tables')."""
        if self._speech is None:
            self._speech = Speech(self.catalog, interface_words(self.lang))
        return self._speech

    def amount(self, measure: str, value: int) -> str:
        """``value`` of a declared measure with its unit in the rule catalog's words and plural form
        (``3 guldeny``, ``2 500 florins``, ``1 prestige point``); the bare number for a measure the pack
        does not declare."""
        from regola.text.bind import with_unit

        return with_unit(self.catalog, value, self._units.get(measure))

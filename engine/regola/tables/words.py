"""The words of a table's pages and boards: names of things from the game's rule catalog in the reader's
language (its districts, materials, buildings, cards), every other word from the interface catalogs
(``regola.i18n.translator``, domain "tables"), numbers formatted by Babel for the locale."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from regola.core.errors import RegolaError
from regola.core.pack import Pack, available_packs, load_pack
from regola.i18n import translator
from regola.text.catalog import Catalog, load_catalog

__all__ = ["DOMAIN", "Words", "languages_of"]

DOMAIN = "tables"


@functools.lru_cache(maxsize=16)
def _catalog_files(game: str, home: Path | None) -> dict[str, Path]:
    """Language -> rule catalog file, among the packs of ``game`` (a catalog belongs to one game)."""
    found: dict[str, Path] = {}
    for pack_id in available_packs(home):
        try:
            pack = load_pack(pack_id, home=home)
        except RegolaError:  # a broken pack is `regola check`'s to report, not a board's
            continue
        if pack.game != game:
            continue
        for file in sorted((pack.root / "text").glob("*.yaml")):
            found.setdefault(file.stem, file)
    return found


def languages_of(pack: Pack, home: Path | None = None) -> list[str]:
    """The languages a table of this pack can be shown in: those with a rule catalog of its game."""
    return sorted(_catalog_files(pack.game, home))


class Words:
    """Everything a board or page of one table says, in one language."""

    def __init__(self, pack: Pack, lang: str | None = None, home: Path | None = None) -> None:
        from babel import Locale

        files = _catalog_files(pack.game, home)
        wanted = (lang or pack.language).replace("-", "_")
        choice = wanted if wanted in files else wanted.split("_")[0]
        if choice not in files:
            found = Locale.negotiate([wanted], list(files), sep="_")
            choice = str(found.language) if found is not None else pack.language
        self.lang = choice if choice in files else pack.language
        self.catalog: Catalog = load_catalog(files[self.lang], home)
        self._t = translator(self.lang, DOMAIN)

    def __call__(self, msgid: str, **values: Any) -> str:
        """An interface text in this language, its {placeholders} filled."""
        text = self._t.gettext(msgid)
        return text.format(**values) if values else text

    def plural(self, singular: str, plural: str, count: int, **values: Any) -> str:
        return self._t.ngettext(singular, plural, count).format(count=self.number(count), **values)

    def name(self, category: str, key: object) -> str:
        """A thing's name in the rule catalog (its id when the catalog has none)."""
        return self.catalog.name(category, key)

    def number(self, value: int) -> str:
        from babel.numbers import format_decimal

        return format_decimal(value, locale=self.lang)

"""Interface text (the words around the rules: page chrome, terminal screens, reports) via gettext.

Rule text lives in the rule catalogs (``rulepacks/<pack>/text/``); everything else a person reads
comes from standard PO files here, ``locale/<lang>/LC_MESSAGES/<domain>.po``, so translators work in
the tools they already use. The English msgid is the fallback for a word a catalog lacks. One domain
per surface that grows on its own (``regola``: pages, terminal, commands; ``report``: the compare
report), so their catalogs can be translated and reviewed separately.

    from regola.i18n import translator
    t = translator("de")                      # domain "regola"; translator("de", "report") for reports
    t.gettext("Search"); t.ngettext("{n} game", "{n} games", n); t.pgettext("button", "Apply")

PO files are read with Babel and compiled in memory once per process (a few ms), so no build step
is needed for an editable install.
"""

from __future__ import annotations

import functools
import io
from gettext import NullTranslations
from pathlib import Path

__all__ = ["DOMAIN", "LOCALE_DIR", "available", "translator"]

DOMAIN = "regola"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def available(domain: str = DOMAIN) -> list[str]:
    """The languages that have an interface catalog (English, the msgid language, always)."""
    found = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{domain}.po")}
    return sorted(found | {"en"})


@functools.lru_cache(maxsize=64)
def translator(lang: str, domain: str = DOMAIN) -> NullTranslations:
    """The interface catalog of ``lang`` ('de', 'de_AT' falls back to 'de'); English msgids if none."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    for candidate in (lang, lang.split("_")[0].split("-")[0]):
        po = LOCALE_DIR / candidate / "LC_MESSAGES" / f"{domain}.po"
        if po.is_file():
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=candidate, domain=domain)
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            buffer.seek(0)
            return Translations(buffer, domain=domain)
    return NullTranslations()

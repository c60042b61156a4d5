"""The report's words (gettext domain ``report``): every word the code marks is in the template and
translated in cs, de, fr and pl, with the same placeholders and every plural form; and --lang picks it."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from regola.i18n import LOCALE_DIR, translator

SIM = Path(__file__).resolve().parents[2] / "engine" / "regola" / "sim"
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2)}
LANGUAGES = ("cs", "de", "fr", "pl")


def _marked() -> set[object]:
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(SIM, keywords=KEYWORDS,
                                                                         comment_tags=(), strip_comment_tags=True):
        found.add((context, message if isinstance(message, str) else tuple(message)))
    return found


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_template_holds_every_marked_word() -> None:
    with (LOCALE_DIR / "report.pot").open("rb") as f:
        template = {(m.context, m.id) for m in read_po(f) if m.id}
    assert template == _marked(), "run the pybabel extract/update commands of docs/SIMULATE.md"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_is_translated_with_its_placeholders_and_plural_forms(lang: str) -> None:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "report.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    entries = {(m.context, m.id): m for m in catalog if m.id}
    for key in _marked():
        m = entries.get(key)
        assert m is not None, (lang, key)
        assert not m.fuzzy, (lang, key)
        ids = key[1] if isinstance(key[1], tuple) else (key[1],)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        assert len(forms) == (catalog.num_plurals if isinstance(key[1], tuple) else 1), (lang, key)
        allowed = _fields(ids[0]) | _fields(ids[-1])  # a plural form may leave out the count it is chosen by
        for form in forms:
            assert form.strip(), (lang, key)
            assert _fields(form) <= allowed and (len(ids) > 1 or _fields(form) == allowed), (lang, key, form)


def test_plural_forms_follow_the_language() -> None:
    cs = translator("cs", "report")
    assert [cs.ngettext("{n} game", "{n} games", n).format(n=n) for n in (1, 3, 5)] == ["1 hra", "3 hry", "5 her"]
    pl = translator("pl", "report")
    assert [pl.ngettext("{n} game", "{n} games", n).format(n=n) for n in (1, 22, 25)] == ["1 gra", "22 gry", "25 gier"]
    assert translator("xx", "report").gettext("Verdict") == "Verdict"  # no catalog: the English msgid

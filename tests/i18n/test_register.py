"""One form of address per language (issue 45, item 7): regola's own words speak to the reader as the tables
do, in every domain — du in German, ty in Czech and Polish, vous in French. The German workshop said
'Sie' and the Czech one 'vy' while the tables said du and ty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from regola import paths

LOCALE = Path(paths.__file__).parent / "i18n" / "locale"

#: the other register's marks: a verb before 'Sie' (a formal request or question), 'Ihnen'; in Czech the
#: plural of address (vy and its forms, and the verb endings of the second person plural); in Polish the
#: polite Pan/Pani; in French the familiar tu and its forms
OTHER = {
    "de": re.compile(r"\b[A-Za-zäöüß]+en Sie\b|\bIhnen\b"),
    "cs": re.compile(r"\b(Vy|vy|Vám|Vás|Váš|Vaše|Vaši|Vašeho|Vašich)\b|\b\w+(ete|ejte|ěte|íte|ujte)\b"),
    "pl": re.compile(r"\b(Pan|Pani|Państwo|Pana|Panu|Pańsk\w*)\b"),
    "fr": re.compile(r"\b(tu|toi|ton|ta|tes|t’)\b"),
}


@pytest.mark.parametrize("lang", sorted(OTHER))
def test_regolas_own_words_keep_one_form_of_address(lang: str) -> None:
    found = []
    for po_file in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        with po_file.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                if text and OTHER[lang].search(text):
                    found.append(f"{po_file.name}:{message.lineno}: {text[:90]}")
    assert not found, found


def test_the_marks_catch_the_strings_this_issue_found() -> None:
    assert OTHER["de"].search("Wählen Sie die Regeln, von denen Sie ausgehen")
    assert OTHER["cs"].search("Vyberte pravidla, ze kterých vyjdete") and OTHER["cs"].search("Vaše ruka")
    assert not OTHER["de"].search("Ihre Regeln sind genau die Grundregeln: Sie ändert nichts")  # 'its', 'it'
    assert not OTHER["cs"].search("Vyber pravidla, ze kterých vyjdeš, v jazyce, ve kterém čteš.")


def _texts(value: object) -> list[str]:
    if isinstance(value, dict):
        return [t for k, v in value.items() if k != "source" for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("path", sorted((paths.home() / "rulepacks").glob("*/text/*.yaml")),
                         ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_the_rule_catalogs_keep_the_same_form_of_address(path: Path) -> None:
    """Rule texts too: the Czech setup said 'přidejte', 'dejte', 'vylosujte' beside the tables' ty."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))["text"]
    mark = OTHER.get(data["language"])
    found = [t[:90] for t in _texts(data) if mark is not None and mark.search(t)]
    assert not found, found

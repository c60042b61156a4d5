"""regola's own words (pages, terminal, commands) in gettext PO files: the template is the code's,
every shipped language is complete and right, every message the code marks reaches the template,
and every plural message picks the locale's form for 0, 1, 2, 5, 21 and 22."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from tests.i18n.conftest import COUNTS, LANGUAGES

from regola.i18n import po_path, translator, words
from regola.i18n.numbers import plural_category
from regola.i18n.tooling import DOMAINS, SOURCE_ROOT, check, extract, files_of, message_problems, pot_path, read

CALLS = {"gettext": 1, "pgettext": 2, "ngettext": 1, "npgettext": 2}


@pytest.mark.parametrize("domain", [d for d in sorted(DOMAINS) if d == "regola" or pot_path(d).is_file()])
def test_template_and_every_language_are_complete_and_current(domain: str) -> None:
    """What `python tools/i18n.py check` says: run `python tools/i18n.py update` after changing a message.
    A domain is checked once it has a template (the compare report's, when it marks its words)."""
    problems = [str(p) for p in check(domain)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_marked_message_reaches_the_template(domain: str) -> None:
    """Babel's extraction cannot see a call inside an f-string (Python 3.11): such a word would never
    be translated. Every gettext call with literal messages must be in its domain's template."""
    template = extract(domain)
    extracted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    missed = []
    for path in files_of(domain):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CALLS):
                continue
            args = node.args
            context = args[0].value if node.func.attr.startswith(("p", "np")) and args and isinstance(
                args[0], ast.Constant) else None
            message = args[CALLS[node.func.attr] - 1] if len(args) >= CALLS[node.func.attr] else None
            literal = isinstance(message, ast.Constant) and isinstance(message.value, str)
            if literal and (context, message.value) not in extracted:  # type: ignore[union-attr]
                missed.append(f"{path.relative_to(SOURCE_ROOT).as_posix()}:{node.lineno}: {message.value!r}")
    assert not missed, "\n".join(missed)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_agree_with_cldr(lang: str) -> None:
    """The PO header's gettext rule picks, for each count, the form of the count's CLDR category: one
    form per category the integers need, in the same order everywhere."""
    catalog = read(po_path(lang), lang, "regola")
    rule = catalog.plural_expr
    import gettext

    index = gettext.c2py(rule)
    seen: dict[str, int] = {}
    for n in range(0, 200):
        category = plural_category(lang, n)
        assert seen.setdefault(category, index(n)) == index(n), (lang, n, category)
    assert len(set(seen.values())) == catalog.num_plurals


@pytest.mark.parametrize(("lang", "forms"), [
    ("cs", ["0\u00a0učňů připraveno", "1\u00a0učeň připraven", "2\u00a0učni připraveni", "5\u00a0učňů připraveno",
            "21\u00a0učňů připraveno", "22\u00a0učňů připraveno"]),
    ("pl", ["0\u00a0uczniów gotowych", "1\u00a0uczeń gotowy", "2\u00a0uczniowie gotowi", "5\u00a0uczniów gotowych",
            "21\u00a0uczniów gotowych", "22\u00a0uczniowie gotowi"]),
    ("fr", ["0\u00a0apprenti prêt", "1\u00a0apprenti prêt", "2\u00a0apprentis prêts", "5\u00a0apprentis prêts",
            "21\u00a0apprentis prêts", "22\u00a0apprentis prêts"]),
    ("de", ["0\u00a0Lehrlinge bereit", "1\u00a0Lehrling bereit", "2\u00a0Lehrlinge bereit", "5\u00a0Lehrlinge bereit",
            "21\u00a0Lehrlinge bereit", "22\u00a0Lehrlinge bereit"]),
    ("en", ["0\u00a0apprentices ready", "1\u00a0apprentice ready", "2\u00a0apprentices ready",
            "5\u00a0apprentices ready", "21\u00a0apprentices ready", "22\u00a0apprentices ready"]),
])
def test_a_count_in_every_language(lang: str, forms: list[str]) -> None:
    """The issue's "1 Lehrlinge bereit": each count takes its own form, and stays with its word."""
    w = words(lang)
    assert [w.ngettext("{n} apprentice ready", "{n} apprentices ready", n) for n in COUNTS] == forms


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_has_a_form_for_each_count(lang: str) -> None:
    catalog = read(po_path(lang), lang, "regola")
    t = translator(lang)
    for message in catalog:
        if not message.id or not isinstance(message.id, tuple):
            continue
        for n in COUNTS:
            said = t.ngettext(message.id[0], message.id[1], n) if not message.context else t.npgettext(
                message.context, message.id[0], message.id[1], n)
            assert said and said in message.string, (lang, message.id[0], n)


def test_numbers_among_the_values_are_formatted_for_the_locale() -> None:
    assert words("de").gettext("price {price}", price=1500) == "Preis 1.500"
    assert words("pl").gettext("price {price}", price=1500) == "cena 1500"  # CLDR: Polish groups from 5 digits
    assert words("pl").gettext("price {price}", price=15000) == "cena 15\u00a0000"
    assert words("en").gettext("price {price}", price=1500) == "price 1,500"


def test_a_language_without_a_catalog_reads_english(tmp_path: Path) -> None:
    assert words("it").gettext("Search the rules") == "Search the rules"
    assert words("de_AT").gettext("Search the rules") == "In den Regeln suchen"


def test_the_check_finds_a_lost_placeholder_and_a_wrong_plural_count() -> None:
    from babel.messages.catalog import Message

    assert message_problems(Message("price {price}", "cena"), 3) == ["the translation lacks {price}"]
    assert message_problems(Message("lab {n}", "Labor {n} {x}"), 2) == ["{x} is not in the msgid"]
    plural = Message(("{n} game", "{n} games"), ("{n} hra", "{n} hry"))
    assert message_problems(plural, 3) == ["2 plural forms, the language has 3"]
    one = Message(("{n} game", "{n} games"), ("jedna hra", "{n} hry", "{n} her"))
    assert message_problems(one, 3) == []  # a form may say "one" in words


def test_a_long_previous_msgid_leaves_no_comments_behind(tmp_path: Path) -> None:
    """Babel wrote a long previous msgid over several ``#|`` lines and read the wrapped ones back as plain
    comments, which then piled up in every PO file with each update (81 lines in each, then 100)."""
    from babel.messages.catalog import Catalog

    from regola.i18n.tooling import write

    catalog = Catalog(locale="de")
    before = "An old sentence, long enough to be wrapped by the writer of PO files at its width: " * 3
    catalog.add("A new sentence.", "Ein neuer Satz.", flags={"fuzzy"}, previous_id=before)
    path = tmp_path / "x.po"
    for _ in range(3):  # written, read back, written again: as every update does
        write(catalog, path)
        catalog = read(path, "de")
    assert all(not m.user_comments for m in catalog if m.id)
    body = path.read_text(encoding="utf-8").split("\n\n", 1)[1]  # after the file's header
    assert not [line for line in body.splitlines() if line.startswith("# ")]

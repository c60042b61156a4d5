"""Every count in every rule text agrees with its number (issue 31, item 5).

Each rule of both games is rendered in each of its five languages with every counted value set to 0, 1,
2, 5 and 22 (one number per CLDR plural category the languages have), the other values as the packs
hold them. A number followed by a noun the catalog declines (any form of any of its units) must be
followed by the form that Babel's plural rule picks for that number — so a noun typed after a
placeholder instead of a unit ('1 tuiles', 'die obersten 1 Karte') fails. No counted placeholder
waits after a colon without a unit ('this many apprentices: 1'); no brace and no data key is shown.
French texts keep French typography (no-break spaces before ':' ';' '!' '?' and inside guillemets,
typographic apostrophes), in the rule catalogs and in regola's own words.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from regola import paths
from regola.core.pack import Pack, load_pack
from regola.core.pointers import MISSING, resolve
from regola.i18n.numbers import plural_category
from regola.text.bind import fill, format_arg, number, with_unit
from regola.text.catalog import Catalog, catalog_files, load_catalog

HOME = paths.home()
COUNTS = (0, 1, 2, 5, 22)
COUNTED = {"number", "count", "max", "min", "sum", "list"}
CATALOGS = sorted(catalog_files(HOME).items())
DATA_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")


@cache
def _documents(game: str) -> tuple[Pack, ...]:
    """Every pack of the game, alone and with each of its variants: the values rules are bound to."""
    docs: list[Pack] = []
    for folder in sorted((HOME / "rulepacks").iterdir()):
        if not (folder / "pack.yaml").is_file():
            continue
        pack = load_pack(folder.name)
        if pack.game != game:
            continue
        docs.append(pack)
        variants = sorted((folder / "variants").rglob("*.yaml")) if (folder / "variants").is_dir() else []
        docs += [load_pack(folder.name, variants=[v]) for v in variants]
    return tuple(docs)


def _render(catalog: Catalog, entry: dict[str, Any], count: int) -> str | None:
    """The rule's text with every counted value ``count`` and the rest as some document holds them."""
    args = entry.get("args", {})
    for doc in _documents(catalog.game):
        values: dict[str, str] = {}
        for name, spec in args.items():
            kind = spec.get("format", "number")
            if kind == "list":
                values[name] = format_arg(catalog, spec, [count, count])
            elif kind in COUNTED:
                values[name] = with_unit(catalog, count, spec.get("unit"))
            else:
                value = resolve(doc.data, spec["path"])
                if value is MISSING:
                    break
                values[name] = format_arg(catalog, spec, value)
        else:
            return fill(entry["text"], values)
    return None


def _forms(catalog: Catalog) -> list[tuple[str, str, str]]:
    """(form, unit, category) of every unit and of each of its cases, longest forms first so 'mechanical men'
    wins over 'men'."""
    out = []
    for unit, forms in catalog.data["units"].items():
        for category, form in forms.items():
            if isinstance(form, dict):  # a case the text asks for ({count:gen}): its forms agree by number too
                out += [(cased, unit, inner) for inner, cased in form.items()]
            else:
                out.append((form, unit, category))
    return sorted(out, key=lambda f: -len(f[0]))


@pytest.mark.parametrize(("key", "path"), CATALOGS, ids=[f"{g}-{lang}" for (g, lang), _ in CATALOGS])
def test_every_count_takes_the_form_its_number_needs(key: tuple[str, str], path: Path) -> None:
    catalog = load_catalog(path, HOME)
    forms = _forms(catalog)
    wrong: list[str] = []
    for rule_id, entry in catalog.rules.items():
        for count in COUNTS:
            text = _render(catalog, entry, count)
            if text is None:
                continue
            assert "{" not in text and "}" not in text, (rule_id, text)
            assert not DATA_KEY.search(text), (rule_id, DATA_KEY.search(text), text)
            shown = re.escape(number(catalog, count))
            category = plural_category(catalog.language, count)
            for match in re.finditer(rf"(?<![\w.,]){shown}[\u00a0 ]+(?P<rest>[^\W\d_][^.;:!?()]*)", text):
                rest = match.group("rest").lower()
                said = next(((f, u) for f, u, _ in forms if re.match(rf"{re.escape(f.lower())}\b", rest)), None)
                if said is None:
                    continue  # not a noun this catalog declines ('2 to 5', '3 per building')
                right = {f.lower() for f, _, c in forms if c == category}
                if said[0].lower() not in right:
                    wrong.append(f"{rule_id}: '{count} {said[0]}' ({category} needs another form)")
    assert wrong == []


@pytest.mark.parametrize(("key", "path"), CATALOGS, ids=[f"{g}-{lang}" for (g, lang), _ in CATALOGS])
def test_no_count_waits_after_a_colon(key: tuple[str, str], path: Path) -> None:
    catalog = load_catalog(path, HOME)
    parked = []
    for rule_id, entry in catalog.rules.items():
        for name, spec in entry.get("args", {}).items():
            if spec.get("format", "number") in COUNTED and not spec.get("unit") \
                    and re.search(rf":[\s\u00a0]*\{{{name}\}}", entry["text"]):
                parked.append(f"{rule_id}.{name}")
    assert parked == []


def test_a_noun_typed_after_a_number_is_caught() -> None:
    """The check above on a planted defect: a fixed noun after a counted placeholder."""
    catalog = load_catalog(dict(CATALOGS)[("princes-of-florence", "en")], HOME)
    entry = {"text": "Each player wins at most {n} items.", "args": {"n": {"path": "/auction/per_player"}}}
    text = _render(catalog, entry, 1)
    assert text == "Each player wins at most 1 items."
    forms = _forms(catalog)
    assert ("items", "item", "other") in forms and plural_category("en", 1) == "one"


# --- French typography -----------------------------------------------------------------------------

FRENCH_FAULTS = [(re.compile(r"(?<=\S) [:;!?](?!\S)"), "a breaking space before the sign"),
                 (re.compile(r"(?<=[^\s\u00a0\u202f\d/(])[:;!?](?=\s|$)"), "no space before the sign"),
                 (re.compile(r"«(?!\u00a0)|(?<!\u00a0)»"), "a guillemet without its no-break space"),
                 (re.compile(r"(?<=\w)'(?=\w)"), "a straight apostrophe")]


def _strings(node: Any, at: str = "") -> list[tuple[str, str]]:
    if isinstance(node, dict):
        return [s for k, v in node.items() if k != "args" for s in _strings(v, f"{at}/{k}")]
    if isinstance(node, list):
        return [s for i, v in enumerate(node) for s in _strings(v, f"{at}/{i}")]
    return [(at, node)] if isinstance(node, str) else []


def _faults(text: str) -> list[str]:
    return [f"{what}: …{text[max(0, m.start() - 15):m.end() + 5]}…" for rx, what in FRENCH_FAULTS
            for m in rx.finditer(text)]


@pytest.mark.parametrize("game", ["maestro-leonardo", "princes-of-florence"])
def test_french_rule_catalogs_keep_french_typography(game: str) -> None:
    catalog = load_catalog(dict(CATALOGS)[(game, "fr")], HOME)
    faults = [f"{at}: {f}" for at, text in _strings(catalog.data) if at not in ("/language", "/game")
              for f in _faults(text)]
    assert faults == []


@pytest.mark.parametrize("domain", ["regola", "tables", "report"])
def test_french_interface_words_keep_french_typography(domain: str) -> None:
    path = HOME / "engine" / "regola" / "i18n" / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    faults = [f"{message.id!r}: {f}" for message in catalog if message.id
              for text in (message.string if isinstance(message.string, tuple | list) else [message.string])
              for f in _faults(text or "")]
    assert faults == []


@pytest.mark.parametrize(("pack", "language", "wrong"), [
    ("cs", "cs", " je "), ("cs", "en", " them "), ("cs", "pl", " je "), ("de", "de", "obersten 1"),
    ("fr", "fr", " les 1 "),
])
def test_council_space_3_reads_right_when_it_shows_one_card(tmp_path: Path, pack: str, language: str,
                                                            wrong: str) -> None:
    """Issue 47: a house rule that lets council space 3 show one card read 'puts them back', 'die obersten 1
    Karte', 'les 1 carte' in every language. The texts now say it whatever the number."""
    from regola.text.bind import bind_all
    from regola.text.catalog import catalog_for

    variant = tmp_path / "peek-one.yaml"
    variant.write_text(f"variant:\n  id: peek-one\n  base: [{pack}]\n  title: One card\n  changes:\n"
                       "    - {op: replace, path: /city/council/spaces/2/params/cards, value: 1}\n", encoding="utf-8")
    one = load_pack(pack, variants=[variant])
    text = bind_all(catalog_for(language, game=one.game), one)["council.peek_deck"].text.replace("\xa0", " ")
    said = {"cs": "1 kartu", "en": "1 card", "pl": "1 kartę", "de": "1 Karte", "fr": "1 carte"}[language]
    assert said in text and wrong not in f" {text} ", text

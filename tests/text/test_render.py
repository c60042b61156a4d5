"""Rendered rulebooks: complete, well-formed, and following the data in every language."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from tests.text.conftest import LANGUAGES

from regola.core.pack import Pack, load_pack
from regola.text.catalog import Catalog
from regola.text.render import SECTIONS, render

VOID = {"meta", "br", "hr", "img", "input", "link"}


class _Checker(HTMLParser):
    """Collects ids and fails on a closing tag that does not match the open one."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.ids: set[str] = set()
        self.rows = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids |= {v for k, v in attrs if k == "id" and v}
        if tag == "tr":
            self.rows += 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_is_well_formed_and_complete(catalogs: dict[str, Catalog], packs: dict[str, Pack], lang: str) -> None:
    text = render(catalogs[lang], packs["cs"], "html")
    checker = _Checker()
    checker.feed(text)
    checker.close()
    assert checker.stack == []
    for section, _ in SECTIONS:
        assert section in checker.ids
    assert {f"rule-{r}" for r in packs["cs"].data["rules"]} <= checker.ids
    assert checker.rows >= 25 + 5 + 2  # inventions, beginner seats, their header rows
    assert f'<html lang="{lang}">' in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_markdown_holds_every_section_and_ruling(catalogs: dict[str, Catalog], packs: dict[str, Pack],
                                                 lang: str) -> None:
    catalog = catalogs[lang]
    text = render(catalog, packs["fr"], "md")
    for section, _ in SECTIONS:
        assert f"## {catalog.chrome(section)}" in text
    for ruling in catalog.rulings:
        assert f"### {ruling} · " in text
    assert text.count("\n| ") >= 25 + 5
    assert catalog.chrome("reconstructed") in text


def test_a_variant_number_changes_every_rulebook(tmp_path: Path, catalogs: dict[str, Catalog]) -> None:
    variant = tmp_path / "dear-shops.yaml"
    variant.write_text("variant:\n  id: dear-shops\n  base: [cs, de, fr]\n  title: Dear shops\n  changes:\n"
                       "    - {op: replace, path: /city/cost_track/3, value: 7}\n", encoding="utf-8")
    expected = {"cs": "0, 2, 3 a 7 guldenů", "de": "0, 2, 3 und 7 Gulden", "fr": "0, 2, 3 et 7 florins"}
    for pack_id in ("cs", "de", "fr"):
        pack = load_pack(pack_id, variants=[variant])
        for lang in LANGUAGES:
            for fmt in ("md", "html"):
                text = render(catalogs[lang], pack, fmt).replace("\u00a0", " ")
                assert expected[lang] in text, (pack_id, lang, fmt)
                assert "0, 2, 3 a 4 guldeny" not in text
    de_text = render(catalogs["de"], load_pack("cs", variants=[variant]), "md").replace("\u00a0", " ")
    assert "7 Gulden bezahlt" in de_text  # the end of the offer loop follows the top price too


def test_variants_section_lists_the_official_variants(catalogs: dict[str, Catalog], packs: dict[str, Pack]) -> None:
    text = render(catalogs["de"], packs["cs"], "md")
    assert "Codex Leonardi I" in text and "Codex Leonardi II" in text
    fr = render(catalogs["fr"], packs["fr"], "md")
    assert "Codex Leonardi I" in fr and "Codex Leonardi II" not in fr  # variant II is for cs only


@pytest.mark.parametrize("lang", ["pl", "cs", "de", "fr", "en"])
def test_princes_of_florence_rulebook_prints_its_rulings_and_every_card(lang: str) -> None:
    """Issue 47, item 1: the rulebook cited rulings R15–R19 but never printed them (its layout had no
    rulings section, and the render dropped them silently), and listed no card. Now every ruling the
    rules cite is printed, and the profession, bonus and prestige cards come from the data, named in the
    reader's language."""
    import re

    from regola.core.pack import load_pack
    from regola.text.catalog import catalog_for
    from regola.text.render import build_book

    pack = load_pack("pl")
    catalog = catalog_for(lang, game=pack.game)
    book = build_book(catalog, pack, catalog_for("pl", game=pack.game))
    cited = {c for rule in pack.data["rules"].values() for c in rule.get("cites", []) if re.fullmatch(r"R\d+", c)}
    rulings = next(s for s in book.sections if s.id == "rulings")
    assert cited and cited <= {heading.split(" · ")[0] for heading, _ in rulings.notes}
    cards = next(s for s in book.sections if s.id == "cards")
    by_root = {len(table.rows): table for _, table in cards.tables}
    assert sorted(by_root) == sorted(len(pack.data[k] if k != "professions" else pack.data[k]["cards"])
                                     for k in ("professions", "bonus_cards", "prestige_cards"))
    professions = next(t for c, t in cards.tables if c == catalog.chrome("profession_cards"))
    first = pack.data["professions"]["cards"][0]
    assert professions.rows[0][1] == catalog.name("professions", str(first["id"])) != str(first["id"])
    assert professions.rows[0][2] == catalog.name("buildings", first["building"]) != first["building"]


@pytest.mark.parametrize("lang", ["pl", "en", "fr"])
def test_every_rule_of_a_rulebook_has_a_title_of_its_own_and_no_empty_citation(tmp_path: Path, lang: str) -> None:
    """The Princes of Florence rulebook showed seven rules all titled 'Who sees what', each followed by a
    citation line ending in a bare '·' (the visibility rules cite nothing)."""
    from collections import Counter

    from regola.cli.main import main

    assert main(["rules", "render", "--pack", "pl", "--lang", lang, "-o", str(tmp_path)]) == 0
    text = next(tmp_path.glob("*.md")).read_text(encoding="utf-8")
    titles = Counter(line for line in text.splitlines() if line.startswith("### "))
    assert titles and titles.most_common(1)[0][1] == 1, titles.most_common(3)
    assert "· </sub>" not in text and "`</sub>" in text  # a rule without citations ends at its id


@pytest.mark.parametrize("lang", ["pl", "de"])
def test_the_character_cards_show_their_bid_ranges_where_the_expansion_is_played(lang: str) -> None:
    """Issue 47, item 1: the expansion's texts never said the bid ranges (300–1,500; the banker 0–500,
    lowest wins). The rulebook of a pack that plays the characters lists each card with its range, from
    the data; a rulebook without the expansion has no such table."""
    from regola.core.pack import load_pack
    from regola.text.bind import number
    from regola.text.catalog import catalog_for
    from regola.text.render import build_book

    catalog = catalog_for(lang, game="princes-of-florence")
    with_characters = load_pack("pl", variants=["muse-and-princess"])
    cards = next(s for s in build_book(catalog, with_characters).sections if s.id == "cards")
    table = next(t for c, t in cards.tables if c == catalog.chrome("character_cards"))
    data = with_characters.data["characters"]["cards"]
    assert [row[0] for row in table.rows] == [catalog.name("characters", c["id"]) for c in data]
    banker = next(row for row, c in zip(table.rows, data, strict=True) if c.get("lower_wins"))
    card = next(c for c in data if c.get("lower_wins"))
    assert banker[1] == f"{number(catalog, card['min'])}–{number(catalog, card['max'])}"
    assert banker[2] == catalog.chrome("lowest_wins") != catalog.chrome("highest_wins")
    plain = next(s for s in build_book(catalog, load_pack("pl")).sections if s.id == "cards")
    assert catalog.chrome("character_cards") not in [c for c, _ in plain.tables]

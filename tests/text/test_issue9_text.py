"""Issue 9, item 8: rulebook titles and sources in the reader's language, the marketplace's place in the
city order, one naming of the phases per language, numbers with their nouns, one file per variant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from regola import paths
from regola.cli.main import main
from regola.core.pack import Pack, load_pack
from regola.text.bind import bind_all, bind_rule
from regola.text.catalog import Catalog
from regola.text.render import build_book

from .conftest import LANGUAGES, PACKS

CODEX_2 = str(paths.home() / "rulepacks" / "cs" / "variants" / "codex-leonardi-2.yaml")

#: the phase labels each language's source uses: the German short rules (002) count 1-4, the Czech
#: (000, 001) and French (003) rulebooks letter A-D
PHASE_LABEL = {"cs": (r"[Ff]áze", "ABCD"), "de": (r"Phasen?", "1234"), "fr": (r"[Pp]hases?", "ABCD")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("pack_id", PACKS)
def test_title_and_sources_in_the_reader_language(catalogs: dict[str, Catalog], packs: dict[str, Pack],
                                                  lang: str, pack_id: str) -> None:
    book = build_book(catalogs[lang], packs[pack_id])
    others = {"cs": ("česká", "tschechische", "tchèques"), "de": ("německá", "deutsche", "allemande"),
              "fr": ("francouzská", "französische", "françaises")}[pack_id]
    wanted = others[LANGUAGES.index(lang)]
    assert wanted in book.title
    assert all(word not in book.title for word in others if word != wanted)
    # the English source descriptions of pack.yaml never reach a cs/de/fr rulebook
    for english in ("rulebook", "community wiki summary", "sections 1-11"):
        assert english not in book.subtitle


def test_marketplace_is_the_ninth_district_in_every_language(catalogs: dict[str, Catalog]) -> None:
    pack = load_pack("cs", variants=[CODEX_2])
    assert pack.data["city"]["order"][-1] == "I" and len(pack.data["city"]["order"]) == 9
    texts = {lang: bind_rule(catalogs[lang], pack, "variant.codex_market").text for lang in LANGUAGES}
    assert "9. Stadtbereich" in texts["de"]
    assert "9. městská část" in texts["cs"]
    assert "9e zone" in texts["fr"]
    for text in texts.values():
        assert not re.search(r"achte|osmá|huitième", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_phase_naming_per_language(catalogs: dict[str, Catalog], packs: dict[str, Pack], lang: str) -> None:
    word, labels = PHASE_LABEL[lang]
    catalog = catalogs[lang]
    texts = [rule.title + " " + rule.text for pack in packs.values() for rule in bind_all(catalog, pack).values()]
    texts += [r["title"] + " " + r["text"] for r in catalog.rulings.values()]
    texts += [str(v) for v in catalog.names("phases").values()]
    texts += [str(v) for v in catalog.data.get("terminal", {}).values()]
    found = [m.group(1) for t in texts for m in re.finditer(rf"\b{word} ([A-D1-4])\b", t)]
    assert found, "no phase is named at all"
    assert set(found) <= set(labels), f"{lang} mixes phase labels: {sorted(set(found))}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_read_as_numbers_with_their_noun(catalogs: dict[str, Catalog], packs: dict[str, Pack],
                                                lang: str) -> None:
    """Never 'Lehrlingen (Anzahl 3)': a number stands before its noun, as people write it."""
    bound = bind_all(catalogs[lang], packs["cs"])
    awkward = re.compile(r"Anzahl \d|\(počet: \d|v počtu \d|nombre :? ?\d")
    assert [r.id for r in bound.values() if awkward.search(r.text)] == []
    expect = {"de": "3\u00a0Lehrlinge", "cs": "3\u00a0učni", "fr": "3\u00a0apprentis"}[lang]
    assert expect in bound["setup.advanced"].text


def test_variant_rulebook_gets_its_own_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "render", "-o", str(tmp_path), "--lang", "de"]) == 0
    assert main(["rules", "render", "-o", str(tmp_path), "--lang", "de", "--variant", CODEX_2]) == 0
    capsys.readouterr()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["rulebook.cs+codex-leonardi-2.de.md", "rulebook.cs.de.md"]
    base = (tmp_path / "rulebook.cs.de.md").read_text(encoding="utf-8")
    assert "Marktplatz" not in base.split("## Varianten")[0]
    # the variant by its German title, as the variant list names it
    variant_book = (tmp_path / "rulebook.cs+codex-leonardi-2.de.md").read_text(encoding="utf-8")
    assert "Codex Leonardi II: Marktplatz" in variant_book

"""tools/move_interface_words.py turns a catalog of the old layout (terminal sentences and generic
headings in the YAML, no game) into today's: the lead runs it on catalogs written before issue 19."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.i18n.conftest import home_copy

from regola import paths
from regola.text.catalog import load_catalog

TOOL = paths.home() / "tools" / "move_interface_words.py"


def _tool() -> object:
    spec = importlib.util.spec_from_file_location("move_interface_words", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


OLD = Path(__file__).parent / "data" / "old-layout.yaml"


def test_an_old_catalog_becomes_a_new_one(tmp_path: Path) -> None:
    tool = _tool()
    home = home_copy(tmp_path)
    old = OLD.read_text(encoding="utf-8")
    text = tool.with_variant_titles(tool.with_game(old, "maestro-leonardo"), "maestro-leonardo", "en")  # type: ignore[attr-defined]
    rest, removed = tool.split_sections(text)  # type: ignore[attr-defined]
    assert removed["terminal.do_bid"] == "bid {money}" and removed["chrome.contents"] == "Contents"
    assert removed["terminal.help"].endswith("or type the words shown.")  # a value over two lines
    assert "chrome.setup" not in removed and "chrome.variants" not in removed  # the game's headings stay
    assert "\n  terminal:" not in rest and "    contents:" not in rest and "    setup: Setup" in rest
    target = home / "rulepacks" / "cs" / "text" / "en.yaml"
    target.write_text(rest, encoding="utf-8")
    catalog = load_catalog(target, home)
    assert catalog.game == "maestro-leonardo"
    assert catalog.names("variants")["codex-leonardi-1"] == "Codex Leonardi I: the powerful council"
    filled = tool.converted(removed)  # type: ignore[attr-defined]
    assert filled["bid {money}"] == "bid {money}" and filled["chooses the favor {favor}{extra}"] == (
        "chooses the favour {favor}{extra}")  # a renamed placeholder follows
    assert filled["before: {text}"] == "before: {text}"
    assert filled["Pack: {pack} · Variants applied: {variants} · Sources: {sources}"] == (
        "Rule pack: {pack} · Variants applied: {variants} · Sources: {sources}")
    assert "{color}: {money} · {ready} · labs: {labs}" not in filled  # reworded: a translator writes it


def test_a_princes_of_florence_translation_gets_the_polish_packs_headings() -> None:
    tool = _tool()
    text = "text:\n  language: en\n  chrome:\n    setup: Setup\n  names: {}\n"
    done = tool.with_headings(text, "princes-of-florence", "en")  # type: ignore[attr-defined]
    assert '    pack_title_pl: "Princes of Florence (Polish rules)"\n' in done and "    source_004: " in done
    assert tool.with_headings(done, "princes-of-florence", "en") == done  # type: ignore[attr-defined]

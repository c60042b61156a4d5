"""The boards drawn from views as SVG: well-formed, in the reader's language (names from the rule
catalog, every other word from the "tables" interface catalog, which tests/i18n holds complete in every
language), nothing beyond the view."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from tests.tables.helpers import new_table, play

from regola.tables.boards import draw
from regola.tables.messages import SPECTATOR
from regola.tables.words import Words, languages_of

SVG = "{http://www.w3.org/2000/svg}"


def _texts(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("viewBox", "").startswith("0 0 360 ")
    assert root.get("role") == "img" and root.get("aria-label")
    return " ".join(e.text or "" for e in root.iter())


def _hands(svg: str) -> int:
    return sum(1 for e in ET.fromstring(svg).iter() if e.get("class") == "hand")


@pytest.mark.parametrize(("pack", "players"), [("cs", 4), ("pl", 3), ("pl", 5)])
def test_boards_at_every_stage_in_every_language(pack: str, players: int) -> None:
    table = new_table(pack, players)
    rng = random.Random(players)
    languages = languages_of(table.ruleset.pack)
    assert languages
    while True:
        for lang in languages:
            words = Words(table.ruleset.pack, lang)
            mine = draw(table.ruleset.pack.game, table.game.view(0), words)
            public = draw(table.ruleset.pack.game, table.ruleset.definition.view(table.game.state, SPECTATOR), words)
            assert words.name("phases", table.game.state.flow_state) in _texts(mine)
            _texts(public)
            assert _hands(mine) == 1 and _hands(public) == 0  # one's own hand; nobody's on the public board
        if table.is_over():
            break
        play(table, rng, 40)


def test_a_board_speaks_its_language() -> None:
    table = new_table("cs", 3)
    play(table, random.Random(1), 50)
    view = table.game.view(0)
    german = _texts(draw("maestro-leonardo", view, Words(table.ruleset.pack, "de")))
    czech = _texts(draw("maestro-leonardo", view, Words(table.ruleset.pack, "cs-CZ")))
    assert "Stadt" in german and "Město" in czech and "City" not in german + czech
    assert "Schmiede" in german and "Kovárna" in czech  # district names from the rule catalogs
    table = new_table("pl", 3)
    play(table, random.Random(1), 50)
    polish = _texts(draw("princes-of-florence", table.game.view(0), Words(table.ruleset.pack, "pl")))
    assert "Miejsce 1" in polish and "pałac" in polish


@pytest.mark.parametrize(("lang", "jester"),
                         [("de", "Gaukler"), ("cs", "Kejklíř"), ("fr", "Bouffon"), ("pl", "Błazen")])
def test_a_board_calls_the_game_s_things_what_the_rulebook_calls_them(lang: str, jester: str) -> None:
    """The nouns of a game live in its rule catalog only: the board says what the rulebook says."""
    table = new_table("pl", 3)
    board = _texts(draw("princes-of-florence", table.game.view(0), Words(table.ruleset.pack, lang)))
    assert jester in board
    assert "Narren" not in board


@pytest.mark.parametrize(("pack", "lang", "money"), [
    ("cs", "en", "3\u00a0florins"),   # the English edition's currency, as the English rulebook says it
    ("cs", "de", "3\u00a0Gulden"), ("cs", "cs", "3\u00a0guldeny"),
    ("pl", "en", "florins"), ("pl", "fr", "florins"), ("pl", "pl", "florenów")])
def test_a_board_counts_money_in_the_rulebook_s_currency(pack: str, lang: str, money: str) -> None:
    """One currency name per game and language: the board takes the money's unit from the rule catalog
    (mechanics.measures), so the English Maestro Leonardo board no longer says "guilders" where its
    rulebook says "florins"."""
    from regola.text.bind import with_unit
    from regola.text.catalog import catalog_for

    table = new_table(pack, 2)
    words = Words(table.ruleset.pack, lang)
    board = _texts(draw(table.ruleset.pack.game, table.game.view(0), words))
    assert money in board, board
    assert "guilders" not in board
    unit = table.ruleset.pack.data["mechanics"]["measures"]["money"]
    start = table.game.view(0)["players"][0]["money"]
    assert with_unit(catalog_for(words.lang, None, table.ruleset.pack.game), start, unit) in board

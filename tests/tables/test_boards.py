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
                         [("de", "Gaukler"), ("cs", "Šašek"), ("fr", "Bouffon"), ("pl", "Błazen")])
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
    unit = table.ruleset.pack.data["mechanics"]["parts"]["money"]["unit"]
    start = table.game.view(0)["players"][0]["money"]
    assert with_unit(catalog_for(words.lang, None, table.ruleset.pack.game), start, unit) in board


def _occupancy_drawn(svg: str) -> dict[str, list[list[int]]]:
    """Per district tile, the people its circles say: [seat, apprentices, master]."""
    drawn: dict[str, list[list[int]]] = {}
    for tile in ET.fromstring(svg).iter(SVG + "g"):
        if tile.get("data-district"):
            drawn[tile.get("data-district", "")] = [
                [int(c.get("data-seat", -1)), int(c.get("data-apprentices", -1)), int(c.get("data-master", -1))]
                for c in tile.iter(SVG + "circle")]
    return drawn


@pytest.mark.parametrize(("pack", "players", "variants"), [("cs", 4, ()), ("cs", 5, ("codex-leonardi-1",)),
                                                           ("pl", 4, ()), ("pl", 3, ("pf-dutch-auction",))])
def test_a_board_shows_the_whole_public_state_and_cuts_no_text(pack: str, players: int,
                                                               variants: tuple[str, ...]) -> None:
    """Issue 30 item 1: after every city action every apprentice and master stands where the view has
    them (counted against it); principalities key each piece by its letter; nothing is cut (no ellipsis,
    every word of a wrapped text kept) — in every language, the seat's board and the public one."""
    table = new_table(pack, players, variants)
    rng = random.Random(players)
    languages = languages_of(table.ruleset.pack)
    game = table.ruleset.pack.game
    while not table.is_over():
        views = [table.game.view(0), table.ruleset.definition.view(table.game.state, SPECTATOR)]
        for view in views:
            for lang in languages[:2] if rng.random() < 0.8 else languages:
                svg = draw(game, view, Words(table.ruleset.pack, lang))
                assert "…" not in svg
                if game == "maestro-leonardo":
                    drawn = _occupancy_drawn(svg)
                    for where, people in view["occupancy"].items():
                        if not where.startswith("lab"):
                            assert drawn[where] == [[s, n, int(bool(m))] for s, n, m in people], (where, lang)
                else:
                    text, words = _texts(svg), Words(table.ruleset.pack, lang)
                    for p in view["players"]:
                        for k, piece in enumerate(p["pieces"]):
                            kind = "landscapes" if piece[0] in words.catalog.names("landscapes") else "buildings"
                            assert f"{chr(65 + k)} {words.name(kind, piece[0])}" in text  # the key: letter, name
                    step = view.get("step") or {}
                    if step.get("high") is not None:
                        assert Words(table.ruleset.pack, lang).amount("money", step["price"]) in text
        play(table, rng, 7)


def test_wrapping_keeps_every_word() -> None:
    from regola.text.svg import Canvas, fits

    canvas = Canvas(360, "t", "board")
    long = "Nejdelší název vynálezu, jaký kdy kdo viděl: Automatické kladivo s parním pohonem a Blasebalgmaschine"
    canvas.lines(None, 8, 0, long, 100, "name")
    rows = [t.text or "" for t in canvas.root.iter("tspan")]
    assert len(rows) > 1 and " ".join(rows).split() == long.split()
    assert all(len(row) <= fits(100, "name") for row in rows)


@pytest.mark.parametrize(("variants", "districts"), [((), "ABCDEFGH"), (("codex-leonardi-2",), "ABCDEFGHI")])
def test_a_board_draws_only_the_districts_of_the_rules_in_play(variants: tuple[str, ...], districts: str) -> None:
    """Issue 45 item 4: the rule catalog names the marketplace (district I of Codex Leonardi II) for every
    game; a base game's board drew it too. The table's words name only what the pack in play enumerates."""
    table = new_table("cs", 4, variants)
    words = Words(table.ruleset.pack, "en")
    assert "I" in words.catalog.names("districts")  # the catalog names it whatever the rules
    svg = draw("maestro-leonardo", table.game.view(0), words)
    tiles = [g.get("data-district") for g in ET.fromstring(svg).iter(SVG + "g") if g.get("data-district")]
    assert "".join(sorted(tiles)) == districts

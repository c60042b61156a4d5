"""A card acquisition of the library's third kind (mechanics.deal, ``display``): cards laid out face up,
taken one at a time in turn from the start player, each gap filled from the pile, until each player has
taken ``kept``; the display is public, the words say it, and every bot plays it."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.mechanics.bots import every_bot_ends

from regola import paths
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.text.catalog import catalogs_for
from regola.text.diff import diff_rules

HOME = paths.home()


@pytest.fixture(scope="module")
def variant(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("display") / "pf-display.yaml"
    path.write_text("variant:\n  id: pf-display\n  base: [pl]\n  title: Display\n  changes:\n"
                    "    - {op: replace, path: /mechanics/deal, value: {kind: display, dealt: 5, kept: 3}}\n",
                    encoding="utf-8")
    return path


def test_each_takes_in_turn_from_the_display_and_the_pile_fills_it(variant: Path) -> None:
    rs = Ruleset(load_pack("pl", variants=[variant]))
    game = Game.new(rs, 4, 9, "standard")
    while game.current_player() == CHANCE:
        game.apply(game.sample_chance())
    st = game.state
    start = st.start
    assert all(p.hand == [] for p in st.players)
    seen = game.view((start + 2) % 4)["step"]
    assert len(seen["display"]) == 5 and seen["turn"] == start  # public: another seat sees the display
    order = [start, (start + 1) % 4, (start + 2) % 4, (start + 3) % 4]
    for k in range(12):
        assert game.current_player() == order[k % 4]
        display = list(game.state.step["display"])
        top = game.state.profession_deck[0]
        card = max(display)
        game.apply(("pick", card))
        if k < 11:
            assert sorted(game.state.step["display"]) == sorted([c for c in display if c != card] + [top])
    assert all(len(p.hand) == 3 for p in game.state.players)
    assert "display" not in game.state.step and len(game.state.step["returned"]) == 5


def test_every_bot_plays_it_to_the_end(variant: Path) -> None:
    every_bot_ends(Ruleset(load_pack("pl", variants=[variant])), 3, 4, "standard")


@pytest.mark.parametrize("lang", ["cs", "de", "en", "fr", "pl"])
def test_the_rulebook_says_it(variant: Path, lang: str) -> None:
    base = load_pack("pl")
    catalog, fallback = catalogs_for(lang, base.game, base.language, HOME)
    english, _ = catalogs_for("en", base.game, base.language, HOME)
    diff = diff_rules(catalog, base, load_pack("pl", variants=[variant]), fallback)
    in_english = diff_rules(english, base, load_pack("pl", variants=[variant]), fallback)
    said = [after for _, after in diff.changed]
    assert len(said) == 1 and "5" in said[0].text and "3" in said[0].text and "{" not in said[0].text
    assert lang == "en" or said[0].text != in_english.changed[0][1].text

"""The order of play as a form (mechanics.turn_order): counter-clockwise, every "in turn" of both games and
of the library follows it — who plans, places and bids next, whom the start player's marker passes to,
the tie rules — and the rulebook says so in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.mechanics.bots import every_bot_ends

from regola import paths
from regola.core.errors import PackError
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.mechanics.seating import after, in_turn_from, measured_order
from regola.mechanics.ties import preference
from regola.text.catalog import catalogs_for
from regola.text.diff import diff_rules

HOME = paths.home()


def _variant(tmp_path: Path, pack: str) -> Path:
    path = tmp_path / f"{pack}-counterclockwise.yaml"
    path.write_text(f"variant:\n  id: {pack}-counterclockwise\n  base: [{pack}]\n  title: Counter-clockwise\n"
                    "  changes:\n    - {op: replace, path: /mechanics/turn_order/kind, value: counterclockwise}\n",
                    encoding="utf-8")
    return path


def _to(game: Game, phase: str) -> Game:
    while game.state.flow_state != phase:
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[0])
    return game


def test_the_order_of_play_runs_either_way() -> None:
    assert in_turn_from(1, 4) == [1, 2, 3, 0] and in_turn_from(1, 4, "counterclockwise") == [1, 0, 3, 2]
    assert after(0, 4, "counterclockwise") == 3 and after(3, 4) == 0 and after(1, 5, "counterclockwise", 2) == 4
    assert preference("after_start_clockwise", 2, 4, "counterclockwise") == [1, 0, 3, 2]


def test_princes_of_florence_acts_and_passes_the_start_to_the_right(tmp_path: Path) -> None:
    rs = Ruleset(load_pack("pl", variants=[_variant(tmp_path, "pl")]))
    game = _to(Game.new(rs, 4, 3, "standard"), "actions")
    start = game.state.start
    assert game.state.step["order"] == [start, (start - 1) % 4, (start - 2) % 4, (start - 3) % 4]
    while game.state.round == 1:
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[-1])
    assert game.state.start == (start - 1) % 4  # the marker moved to the right


def test_maestro_leonardo_plans_from_leonardo_to_the_right(tmp_path: Path) -> None:
    rs = Ruleset(load_pack("cs", variants=[_variant(tmp_path, "cs")]))
    game = _to(Game.new(rs, 4, 3, "beginner"), "planning")
    leonardo = game.state.leonardo
    assert game.state.step["order"] == in_turn_from(leonardo, 4, "counterclockwise")
    assert game.current_player() == leonardo


@pytest.mark.parametrize(("pack", "setup"), [("cs", "beginner"), ("pl", "standard")])
def test_every_bot_plays_it_to_the_end(tmp_path: Path, pack: str, setup: str) -> None:
    every_bot_ends(Ruleset(load_pack(pack, variants=[_variant(tmp_path, pack)])), 3, 5, setup)


@pytest.mark.parametrize("lang", ["cs", "de", "en", "fr", "pl"])
def test_the_rulebook_says_which_way_play_goes(tmp_path: Path, lang: str) -> None:
    base = load_pack("pl")
    catalog, fallback = catalogs_for(lang, base.game, base.language, HOME)
    english, _ = catalogs_for("en", base.game, base.language, HOME)
    variant = _variant(tmp_path, "pl")
    diff = diff_rules(catalog, base, load_pack("pl", variants=[variant]), fallback)
    added = {rule.id: rule for rule in diff.added}
    assert "mechanics.turn_order" in added and "{" not in added["mechanics.turn_order"].text
    if lang != "en":
        in_english = diff_rules(english, base, load_pack("pl", variants=[variant]), fallback).added
        assert added["mechanics.turn_order"].text != next(r.text for r in in_english if r.id == "mechanics.turn_order")


def test_a_rounds_order_by_a_measure_is_gone_round_from_any_seat() -> None:
    order = (3, 1, 0, 2)
    assert in_turn_from(0, 4, order) == [0, 2, 3, 1]
    assert [after(s, 4, order) for s in range(4)] == [2, 0, 3, 1]
    assert after(1, 4, order, 3) == 3
    assert preference("after_start_clockwise", 3, 4, order) == [1, 0, 2, 3]  # "clockwise" reads as the order
    # the fewest first; equal values in clockwise order from the previous start player
    assert measured_order(lambda seat: [5, 1, 5, 1][seat], 4, False, 2) == (3, 1, 2, 0)
    assert measured_order(lambda seat: [5, 1, 5, 1][seat], 4, True, 2) == (2, 0, 3, 1)


@pytest.mark.parametrize(("value", "field", "says"), [
    ("{kind: fewest}", "/mechanics/turn_order", "missing required field 'by'"),
    ("{kind: most, by: dragons}", "/mechanics/turn_order/by", "unknown measure"),
    ("{kind: clockwise, by: money}", "/mechanics/turn_order/by", "kind 'clockwise' takes no field 'by'"),
])
def test_an_order_by_a_measure_names_a_measure_and_only_it_reads_one(tmp_path: Path, value: str, field: str,
                                                                     says: str) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("variant:\n  id: house\n  base: [pl]\n  title: House\n  changes:\n"
                    f"    - {{op: replace, path: /mechanics/turn_order, value: {value}}}\n", encoding="utf-8")
    with pytest.raises(PackError) as err:
        Ruleset(load_pack("pl", variants=[path]))
    assert err.value.field == field and says in str(err.value)

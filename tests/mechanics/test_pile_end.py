"""An end condition of the library's other kind (mechanics.end, ``runs_out``): the game ends after the
round in which one of its piles is empty, in both games; a pile the game cannot count or the pack does
not declare is refused at its line; the rulebook says it with the pile's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola import paths
from regola.core.errors import PackError
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.text.catalog import catalogs_for
from regola.text.diff import diff_rules

HOME = paths.home()
CASES = [("cs", "beginner", "inventions", "deck", "planning"),
         ("pl", "standard", "prestige", "prestige_deck", "auction")]


def _variant(tmp_path: Path, pack: str, change: str) -> Path:
    path = tmp_path / f"{pack}-pile.yaml"
    path.write_text(f"variant:\n  id: {pack}-pile\n  base: [{pack}]\n  title: Pile\n  changes:\n    - {change}\n",
                    encoding="utf-8")
    return path


def _runs_out(tmp_path: Path, pack: str, pile: str) -> Path:
    return _variant(tmp_path, pack, f"{{op: add, path: /mechanics/end/-, value: {{kind: runs_out, pile: {pile}}}}}")


def _play_until(game: Game, round_number: int, phase: str) -> Game:
    while not (game.state.round == round_number and game.state.flow_state == phase and game.current_player() >= 0):
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[-1])
    return game


def _last_round(game: Game) -> int:
    while not game.is_terminal():
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[-1])
    return int(game.state.round)


@pytest.mark.parametrize(("pack", "setup", "pile", "field", "phase"), CASES)
def test_the_game_ends_after_the_round_in_which_the_pile_ran_out(tmp_path: Path, pack: str, setup: str, pile: str,
                                                                 field: str, phase: str) -> None:
    rs = Ruleset(load_pack(pack, variants=[_runs_out(tmp_path, pack, pile)]))
    game = _play_until(Game.new(rs, 3, 7, setup), 2, phase)
    assert getattr(game.state, field)  # not yet empty: the game has gone on to round 2
    getattr(game.state, field).clear()
    game = Game.from_json(rs, game.to_json())
    assert _last_round(game) == 2
    printed = Game.new(Ruleset(load_pack(pack)), 3, 7, setup)
    assert _last_round(printed) == printed.ruleset.rules.rounds


@pytest.mark.parametrize(("change", "field"), [
    ("{op: add, path: /mechanics/end/-, value: {kind: runs_out, pile: market}}", "/mechanics/end/0/pile"),
    ("{op: add, path: /mechanics/piles/-, value: market}", "/mechanics/piles/3"),
])
def test_a_pile_nobody_counts_is_refused_at_its_line(tmp_path: Path, change: str, field: str) -> None:
    with pytest.raises(PackError) as err:
        Ruleset(load_pack("pl", variants=[_variant(tmp_path, "pl", change)]))
    assert err.value.field == field and "prestige" in str(err.value)


@pytest.mark.parametrize("lang", ["cs", "de", "en", "fr", "pl"])
def test_the_rulebook_names_the_pile(tmp_path: Path, lang: str) -> None:
    base = load_pack("pl")
    catalog, fallback = catalogs_for(lang, base.game, base.language, HOME)
    diff = diff_rules(catalog, base, load_pack("pl", variants=[_runs_out(tmp_path, "pl", "prestige")]), fallback)
    assert len(diff.added) == 1 and catalog.name("piles", "prestige") in diff.added[0].text

"""An end condition tested as each turn ends (mechanics.end, ``at: turn``): the game stops when the turn in
which it came true is over, the rest of that round unplayed, through the flow's ``end`` transition; the
fast flow path and the transitions machine agree; a flow without that transition is a finding at its
line, not a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.mechanics.test_house_rules import SETUP, _at_round, _edit, _finished, _neutral, _until, ruleset

from regola import paths
from regola.check import run
from regola.core.errors import PackError
from regola.core.game import CHANCE, TERMINAL, Game, Ruleset
from regola.core.pack import load_pack

HOME = paths.home()


def _reach(game: Game, field: str, value: int) -> tuple[Game, int]:
    """The game reloaded with the deciding seat at ``value`` of ``field``; and that seat."""
    seat = game.current_player()
    return _edit(game, lambda state: setattr(state.players[seat], field, value)), seat  # type: ignore[attr-defined]


def _play_out_turn(game: Game, seat: int) -> list[int]:
    """Play neutral moves until the decider changes; the seats that decided meanwhile."""
    deciders = []
    while game.current_player() == seat:
        deciders.append(seat)
        game.apply(_neutral(game))
    return deciders


def test_the_game_stops_as_the_turn_in_which_someone_reaches_it_ends() -> None:
    """Seat X reaches 40 prestige in the middle of phase B of round 2: X still finishes its turn, then the
    game is over at once (round 2, no later seat acts, no step left pending) and the standings are made."""
    game = Game.new(ruleset("pl", "pf-sudden-end-40"), 3, seed=7, setup="standard")
    _until(game, _at_round(2, "actions"))
    game, seat = _reach(game, "prestige", 40)
    played = len(game.history)
    _play_out_turn(game, seat)
    assert game.current_player() == TERMINAL
    assert game.state.round == 2 and game.state.flow_state == "game_over"
    assert {who for who, _ in game.history[played:]} == {seat}, "nobody else played after the turn"
    assert game.state.step == {}, "the unfinished phase leaves nothing pending"
    result = game.result()
    assert result is not None and result[0]["seat"] == seat and result[0]["prestige"] >= 40


def test_the_same_turn_plays_on_without_the_rule_or_one_short() -> None:
    for rs, value in ((ruleset("pl"), 40), (ruleset("pl", "pf-sudden-end-40"), 39)):
        game = Game.new(rs, 3, seed=7, setup="standard")
        _until(game, _at_round(2, "actions"))
        game, seat = _reach(game, "prestige", value)
        _play_out_turn(game, seat)
        assert game.current_player() not in (TERMINAL, CHANCE) and game.state.round == 2
        assert _finished(game).state.round == rs.rules.rounds


def test_a_turn_end_in_an_auction_stops_it_unsold() -> None:
    """Reached during phase A: the bid just made ends the turn, the lot is not sold and the game is over."""
    game = Game.new(ruleset("pl", "pf-sudden-end-40"), 3, seed=7, setup="standard")
    _until(game, _at_round(3, "auction"))
    game, seat = _reach(game, "prestige", 45)
    _play_out_turn(game, seat)
    assert game.current_player() == TERMINAL and game.state.round == 3


def test_a_condition_tested_at_turns_is_tested_at_the_round_end_too() -> None:
    """What an automatic effect fulfils (no turn of anyone ends then) still ends the game after the round."""
    rs = ruleset("pl", "pf-sudden-end-40")
    game = Game.new(rs, 3, seed=7, setup="standard")
    _until(game, _at_round(2, "auction"))
    state = game.state
    assert not rs.rules.mechanics.ended(state, 3)
    state.players[2].prestige = 40  # type: ignore[attr-defined]
    assert rs.rules.mechanics.ended(state, 3)


def _variant(tmp_path: Path, pack: str, changes: str) -> Path:
    path = tmp_path / f"{pack}-turn-end.yaml"
    path.write_text(f"variant:\n  id: {pack}-turn-end\n  base: [{pack}]\n  title: Test\n  changes:\n{changes}",
                    encoding="utf-8")
    return path


def test_maestro_leonardo_stops_mid_round_too(tmp_path: Path) -> None:
    """The Czech flow's states where players decide lead to the final scoring as well: a player whose
    placement turn ends with 60 gulden ends the game in phase B; every bot plays such a game to its end."""
    changes = "    - {op: add, path: /mechanics/end/-, value: {kind: reaches, by: money, at_least: 60, at: turn}}\n"
    rs = Ruleset(load_pack("cs", variants=[_variant(tmp_path, "cs", changes)]))
    game = Game.new(rs, 3, seed=4, setup=SETUP["cs"])
    _until(game, _at_round(2, "placement"))
    game, seat = _reach(game, "money", 60)
    _play_out_turn(game, seat)
    assert game.current_player() == TERMINAL and game.state.round == 2
    assert game.state.step == {}


def test_the_machine_and_the_fast_path_stop_alike() -> None:
    """The same game through transitions' machine and through the compiled flow stops alike."""
    rs = ruleset("pl", "pf-sudden-end-40")
    finished = []
    for use_machine in (False, True):
        game = Game.new(rs, 3, seed=7, setup="standard", use_machine=use_machine)
        _until(game, _at_round(2, "actions"))
        seat = game.current_player()
        game.state.players[seat].prestige = 40  # type: ignore[attr-defined]
        _play_out_turn(game, seat)
        assert game.is_terminal()
        finished.append((game.history, game.state.to_json()))
    assert finished[0] == finished[1]


def test_a_flow_with_no_end_transition_is_refused_at_the_line(tmp_path: Path) -> None:
    changes = ("    - {op: remove, path: /flow/transitions/9}\n"
               "    - {op: add, path: /mechanics/end/-, value: {kind: reaches, by: prestige, at_least: 40, "
               "at: turn}}\n")
    path = _variant(tmp_path, "pl", changes)
    with pytest.raises(PackError) as caught:
        Ruleset(load_pack("pl", variants=[path]))
    assert caught.value.code == "MECH_NO_STOP" and caught.value.line is not None
    findings = [f for f in run([path], HOME).findings if f.code == "MECH_NO_STOP"]
    assert findings and findings[0].severity == "error"

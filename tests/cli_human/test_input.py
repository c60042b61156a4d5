"""What a person types at a decision (regola.cli.human.Table), without a terminal: words that name
several options are answered with their numbers; a typed engine action is taken when legal."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest

from regola.cli.human import Table
from regola.core.bots import Observation
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack


def _placement_game() -> Game:
    """A 3-player game at seat 0's first placement decision (everybody passed phase 1)."""
    game = Game.new(Ruleset(load_pack("cs")), 3, 11)
    while game.state.flow_state != "placement" or game.current_player() != 0:
        if game.is_chance():
            game.apply(game.sample_chance())
        else:
            game.apply(("pass",) if ("pass",) in game.legal_actions() else game.legal_actions()[0])
    return game


def _reader(lines: list[str]) -> Callable[[str], str]:
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        line = next(feed, None)
        if line is None:
            raise EOFError  # as input() does at the end of input
        return line

    return read


def _decide(game: Game, lines: list[str]) -> tuple[tuple, str]:
    out = io.StringIO()
    table = Table(game, "de", out=out, read=_reader(lines))
    action = table.choose(game, Observation(0, game.legal_actions(), game.view))
    return action, " ".join(out.getvalue().split())  # lines wrap at the terminal's width


def test_a_word_naming_several_options_asks_for_the_number() -> None:
    game = _placement_game()
    legal = game.legal_actions()
    action, said = _decide(game, ["Meister", "place B 2"])
    assert "„Meister“ passt auf" in said and "bitte die Nummer eingeben" in said
    assert action == ("place", "B", 2) and action in legal


def test_full_words_of_one_option_choose_it() -> None:
    game = _placement_game()
    action, _ = _decide(game, ["meister nach b werkstatt setzen"])  # case and accents do not matter
    assert action == ("master", "B")


def test_end_of_input_is_one_clear_error() -> None:
    from regola.core.errors import RegolaError

    game = _placement_game()
    with pytest.raises(RegolaError, match="keine Eingabe mehr"):
        _decide(game, [])


def test_options_are_numbered_from_one_and_a_stable_id_still_works() -> None:
    """Issue 30: choices are 1…N in the order shown; '#id' names a move by its number in the pack's
    action space (the same in every turn), and a number beyond the list is refused, not guessed."""
    game = _placement_game()
    legal = game.legal_actions()
    space = game.ruleset.action_space()
    third = space.id(legal[2], game.state)
    assert _decide(game, ["3"])[0] == legal[2]
    assert _decide(game, [f"#{third}"])[0] == legal[2]
    action, said = _decide(game, [str(third), "1"])  # the stable id without '#' is no position here
    assert third > len(legal) and action == legal[0] and "gibt es jetzt nicht" in said


def test_a_place_by_its_name_or_letter_and_a_count_chooses_it() -> None:
    """Issue 45 item 6: "Schmiede 2" and "D 2" were refused; only the number or `place D 2` were taken.
    Words in any order name the option whose words and parts hold them all."""
    from regola.text.speech import speech_for

    game = _placement_game()
    legal = game.legal_actions()
    target = ("place", "D", 2)
    assert target in legal
    name = speech_for(game.ruleset.pack, "de").name("districts", "D").split()[-1]  # "D Schmiede": the word
    assert name == "Schmiede"
    assert _decide(game, [f"{name} 2"])[0] == target
    assert _decide(game, [f"2 {name.upper()}"])[0] == target
    assert _decide(game, [f"{target[1]} 2"])[0] == target
    assert _decide(game, [f"{target[1].lower()} 2"])[0] == target


def test_a_word_close_to_a_name_is_suggested() -> None:
    from regola.text.speech import speech_for

    game = _placement_game()
    name = speech_for(game.ruleset.pack, "de").name("districts", "D").split()[-1]
    typo = name[:-2] + name[-1]  # one letter dropped: "Schmide"
    action, said = _decide(game, [f"{typo} 1", "1"])
    assert "meinst du" in said.lower(), (typo, said[-200:])
    assert name.casefold() in said.casefold() and action == game.legal_actions()[0]

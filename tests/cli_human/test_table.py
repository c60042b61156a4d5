"""The game's terminal words (maestro_leonardo/table.py): private facts stay private in what others
hear, and every action of a whole game has words in every language (sentences from regola's PO
catalogs, names from the game's rule catalog)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola import paths
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.games.maestro_leonardo import table
from regola.text.speech import speech_for

LANGUAGES = ("cs", "de", "fr")
RULESET = Ruleset(load_pack("cs", variants=[str(paths.home() / "rulepacks/cs/variants/codex-leonardi-2.yaml")]))


def _until(game: Game, verb: str) -> tuple[int, tuple]:
    """Play the first legal action until ``verb`` is legal for someone; return (seat, that action)."""
    while not game.is_terminal():
        if game.is_chance():
            game.apply(game.sample_chance())
            continue
        for action in game.legal_actions():
            if action[0] == verb:
                return game.current_player(), action
        game.apply(game.legal_actions()[-1])
    raise AssertionError(f"no {verb} in the game")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_others_never_hear_the_started_invention_or_a_bid(lang: str) -> None:
    speech = speech_for(RULESET.pack, lang)
    game = Game.new(RULESET, 4, 5)
    seat, start = _until(game, "start")
    mine = table.describe(game.state, start, speech)
    heard = table.narrate(game.state, seat, start, speech)
    name = speech.name("cards", start[2])
    assert name in mine and name not in heard
    bid = ("bid", 7)  # sealed (R7): the bidder sees the amount, the others only that a bid was made
    assert table.money(speech, 7) in table.describe(game.state, bid, speech)
    assert "7" not in table.narrate(game.state, seat, bid, speech)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), lang=st.sampled_from(LANGUAGES), players=st.integers(2, 5))
def test_every_action_of_a_game_has_words(seed: int, lang: str, players: int) -> None:
    """No key falls through to the raw tuple, no placeholder is left unfilled, in any phase."""
    speech = speech_for(RULESET.pack, lang)
    game = Game.new(RULESET, players, seed, "advanced")
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
            continue
        state, seat = game.state, game.current_player()
        legal = game.legal_actions()
        for action in legal[:40]:
            raw = " ".join(str(a) for a in action)  # what an action without words would fall back to
            for text in (table.describe(state, action, speech), table.narrate(state, seat, action, speech)):
                assert "{" not in text and not text.endswith(raw), (action, text)
        for line in table.board(state, seat, speech):
            assert "{" not in line and "'" not in line, line
        game.apply(legal[(seed + len(game.history)) % len(legal)])


@pytest.mark.parametrize(("lang", "word"), [("en", "Turn"), ("cs", "Kolo"), ("de", "Runde"), ("fr", "Tour")])
def test_the_board_names_a_round_as_the_rules_in_that_language_do(lang: str, word: str) -> None:
    """Issue 47: English Maestro Leonardo said 'turn' in its rulebook and 'Round' at the terminal. The board's
    first line now uses the word of the rule catalog of that language (its round unit)."""
    game = Game.new(RULESET, 3, seed=2)
    speech = speech_for(RULESET.pack, lang)
    assert table.board(game.state, 0, speech)[0].startswith(f"{word} 1 ")
    if lang == "en":  # the English rules' own word for it
        assert speech.catalog.data["units"]["turn"]["one"] == "turn"

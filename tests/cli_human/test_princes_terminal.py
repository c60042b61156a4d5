"""Issue 22, item 6: Princes of Florence at the terminal, through a 24×80 pseudo-terminal.

A person plays a seat to the end in the pack's own language (Polish) and in German: the board of the
seat (round, phase, the lot under auction, every player's open counts, one's own hand and principality),
options in the rule catalog's words, what the bot did — with the cards it chose in secret left unnamed —,
`?` quoting the phase's rule, a typed action the rules forbid answered with the rule, and the closing
summary in the same language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .pty_session import ROWS, Session, first_key, screen_rows

PROMPT = {"pl": r"Twój wybór \(numer, słowa albo \? – pomoc\)> ",
          "de": r"Deine Wahl \(Nummer, Wort oder \? für Hilfe\)> "}
#: English words of the board and options that must not leak into another language's screen
ENGLISH = re.compile(r"\b(round|seat|florins|prestige points|hand|works|bid on|end the turn|builder|jester)\b|\{'")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"REGOLA_DAEMON": "off", "REGOLA_CACHE": str(tmp_path / "cache"), "PYTHONWARNINGS": "error"}


def _play_to_the_end(game: Session, prompt: str, first: str, limit: int = 400) -> list[str]:
    """Choose the first option shown until the game ends; every screen read on the way."""
    screens = [first]
    for _ in range(limit):
        game.send(first_key(screens[-1]))
        chunk = game.expect(f"{prompt}|\\[scoring\\.winner\\]")
        screens.append(chunk)
        if not re.search(prompt + "$", chunk):
            return screens
    raise AssertionError(f"no end after {limit} decisions")


def test_polish_game_to_the_end(env: dict[str, str]) -> None:
    game = Session("play", "--pack", "pl", "--players", "2", "--seed", "5", "--human", "2", "--bots", "greedy",
                   env=env)
    prompt = PROMPT["pl"]
    try:
        first = game.expect(prompt)
        assert "Runda 1 z 7 · " in first and "grasz jako Miejsce 2" in first
        assert re.search(r"^Miejsce 2 \(ty\): [\d\s]+florenów · 0\spunktów$", first, re.M), first
        assert "Twoja ręka: " in first and "Twoje księstwo:" in first
        assert re.search(r"^\[\d+\] oddaję kartę zawodu \S", first, re.M), first  # the catalog's words, a name
        assert not ENGLISH.search(first), first
        screens = _play_to_the_end(game, prompt, first)[1:]
    finally:
        code = game.end()
    assert code == 0, game.seen[-1500:]
    assert "Traceback" not in game.seen
    for screen in screens[:-1]:
        board = screen[screen.rfind("Runda "):]
        assert screen_rows(board) <= ROWS, board
        assert not ENGLISH.search(screen), screen
    every_phase = " ".join(screens)
    for seen in ("Faza A – licytacja", "Faza B – akcje", "licytuję ", "kończę turę"):
        assert seen in every_phase, seen
    # the options are numbered 1…N in the order shown, on every screen
    for screen in screens[:-1]:
        shown = [int(k) for k in re.findall(r"\[(\d+)\] ", screen[screen.rfind("Runda "):])]
        assert shown == list(range(1, len(shown) + 1)), shown
    # the bot's secret choices are told, its cards are not
    assert "Miejsce 1: wybiera kartę w tajemnicy" in first
    assert not re.search(r"Miejsce 1: (oddaję kartę zawodu|biorę kartę|zatrzymuję \S)", game.seen)
    assert re.search(r"(Wygrywa|wygrywa|Remis).*\n.*scoring\.winner", game.seen), game.seen[-1500:]


def test_german_help_and_a_forbidden_move(env: dict[str, str]) -> None:
    game = Session("play", "--pack", "pl", "--players", "3", "--seed", "2", "--human", "1", "--lang", "de",
                   "--bots", "greedy", env=env)
    prompt = PROMPT["de"]
    try:
        first = game.expect(prompt)
        assert "Runde 1 von 7 · " in first and "du spielst Platz 1" in first
        assert re.search(r"^Platz 2: .*Florin · 0\sPrestigepunkte · 4\sKarten auf der Hand", first, re.M), first
        assert not ENGLISH.search(first), first
        game.send("?")  # the rule of choosing profession cards, in German
        answer = game.expect(prompt)
        assert "[setup.professions]" in answer or "Berufskarte" in answer, answer
        game.send("return 999")  # the engine's own form, forbidden: the rule is quoted, nothing changes
        answer = game.expect(prompt)
        assert "Das erlauben die Regeln nicht" in answer, answer
        game.send(first_key(first))
        auction = game.expect(prompt)
        assert "Phase A – Versteigerung" in auction or "Versteigerung" in auction, auction
        assert not ENGLISH.search(auction), auction
    finally:
        game.end()
    assert "Traceback" not in game.seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_profession_card_says_what_it_wants_and_a_move_what_it_costs(lang: str) -> None:
    """Issue 45 item 3: no surface showed what a profession card asks of a work, nor what building costs.
    The options name both, from the data (professions.yaml, actions.yaml), and one's hand lists each
    card with its wants."""
    from regola.core.game import CHANCE, Game, Ruleset
    from regola.core.pack import load_pack
    from regola.games.princes_of_florence import table
    from regola.text.speech import speech_for

    ruleset = Ruleset(load_pack("pl"))
    speech = speech_for(ruleset.pack, lang)
    game = Game.new(ruleset, 3, 4, "standard")
    seen: dict[str, str] = {}
    while not game.is_terminal() and not {"work", "build"} <= set(seen):
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
            continue
        for action in game.legal_actions():
            verb = str(action[0])
            if verb in ("work", "build") and verb not in seen:
                said = table.describe(game.state, action, speech)
                seen[verb] = said
                if verb == "work":
                    wanted = ruleset.rules.professions[action[1]]
                    for category, key in (("buildings", wanted.building), ("landscapes", wanted.landscape),
                                          ("freedoms", wanted.freedom)):
                        assert speech.name(category, key) in said, said
                else:
                    seat = game.current_player()
                    price = ruleset.rules.price_of_building(game.state.players[seat].architects)
                    assert said.endswith(speech.amount(price, "floren")), said
        hand = [line for line in table.board(game.state, 0, speech) if speech.gettext("Your hand: {cards}",
                                                                                      cards="").strip() in line]
        for card in game.state.players[0].hand:
            wanted = ruleset.rules.professions[card]
            assert f"{speech.name('professions', card)} (" in hand[0] and speech.name("landscapes", wanted.landscape) \
                in hand[0]
        legal = game.legal_actions()
        game.apply(legal[len(game.history) % len(legal)])
    assert {"work", "build"} <= set(seen)

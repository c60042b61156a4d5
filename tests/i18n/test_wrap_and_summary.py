"""Text wraps by words at any terminal width (a number stays with its unit), and `regola play` closes a
game with who won and why, in the chosen language, and what to try next."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.cli.main import main
from regola.text.wrap import display_width, wrap

WORDS = st.text(alphabet=st.sampled_from("abcdeéřžß12 \u00a0·–"), min_size=0, max_size=200)


@settings(max_examples=200, deadline=None)
@given(line=WORDS, width=st.integers(1, 120))
def test_wrapping_keeps_every_word_and_fits_the_width(line: str, width: int) -> None:
    rows = wrap(line, width)
    # nothing lost, nothing split: the same words in the same order
    assert " ".join(rows).split() == line.split() or (not line.strip() and rows == [line])
    for row in rows:
        words = row.split(" ")
        # a row is too wide only when one word (a number and its unit included) is wider by itself
        assert display_width(row) <= max(width, 8) or len([w for w in words if w]) == 1, (row, width)
    assert all("\u00a0" not in row[:1] for row in rows[1:])  # no row starts inside "5 guldenů"


def test_a_number_and_its_unit_never_part() -> None:
    line = "Tvoje ruka: železo ×1 · Leonardo: žlutá · pokladna radnice 12\u00a0guldenů"
    for width in range(10, 80):
        assert any("12\u00a0guldenů" in row for row in wrap(line, width))


def test_the_terminal_game_fits_a_narrow_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from regola.cli.human import Table
    from regola.core.bots import Observation
    from regola.core.errors import RegolaError
    from regola.core.game import CHANCE, Game, Ruleset
    from regola.core.pack import load_pack

    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("LINES", "30")
    game = Game.new(Ruleset(load_pack("cs")), 4, 3)
    while game.current_player() == CHANCE:
        game.apply(game.sample_chance())
    out = io.StringIO()
    answers = iter(["?", "xyz"])

    def read(prompt: str) -> str:
        line = next(answers, None)
        if line is None:
            raise EOFError
        return line

    with pytest.raises(RegolaError):
        Table(game, "cs", out=out, read=read).choose(game, Observation(0, game.legal_actions(), game.view))
    rows = out.getvalue().splitlines()
    assert len(rows) > 10
    too_wide = [r for r in rows if display_width(r) > 40 and len(r.split()) > 1]
    assert not too_wide, too_wide


@pytest.mark.parametrize(("lang", "winner", "why", "header", "next_"), [
    ("de", r"^Blau gewinnt mit 38\xa0Gulden\.$", "Warum: Sieg — Am meisten Geld gewinnt.", "Rang", "Als Nächstes:"),
    ("cs", r"^Vítězí Modrá \(38\xa0guldenů\)\.$", "Proč: ", "pořadí", "Co dál:"),
    ("fr", r"^Bleu gagne avec 38\xa0florins\.$", "Pourquoi\u00a0: ", "rang", "Ensuite\u00a0:"),
])
def test_the_closing_summary_says_who_won_and_why(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                  lang: str, winner: str, why: str, header: str, next_: str) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    assert main(["play", "--players", "4", "--seed", "7", "--bots", "greedy", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(re.match(winner, line) for line in lines), lines
    assert any(line.startswith(why) and line.endswith("[scoring.winner]") for line in lines)
    assert any(line.split()[0] == header for line in lines if line.strip())
    # the tie between green and red on money, and what broke it, in words
    assert sum("36" in line for line in lines) >= 3
    assert lines[-1].startswith(next_) and "--human 1" in lines[-1]


def test_princes_of_florence_says_it_in_polish(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["play", "--pack", "pl", "--players", "3", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    # the words, not one game's numbers (a change to the bots' random draws plays another game)
    assert re.search(r"Wygrywa Miejsce \d \(\d+\xa0punkt(y|ów)?\)\.", out) and "Dlaczego: Zwycięzca —" in out
    # Princes of Florence has terminal play now: the closing line offers a seat against the same deal
    assert "Co dalej:" in out and "--pack pl --players 3 --seed 7 --lang pl --human 1" in out


def test_a_language_the_game_lacks_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--pack", "pl", "--players", "3", "--seed", "7", "--lang", "it"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("regola: pack 'pl' has no rule text in language 'it' (languages: "
                                   "cs (čeština), de (Deutsch), en (English), fr (français), pl (polski))")

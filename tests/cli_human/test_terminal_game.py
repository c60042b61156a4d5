"""Issue 9, item 11: a person plays seat 0 in German, French and Czech through a 24×80 pseudo-terminal.

Each decision must show the board (city with people, the price track, the display, every player's money
and labs), what the bots just did, options that fit one screen, and take numbers, shown words, `?`,
`+`/`-`; unreadable input is answered as such, never as a broken rule.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .pty_session import ROWS, Session, first_key, screen_rows

PROMPT = {"de": r"Deine Wahl \(Nummer, Wort oder \? für Hilfe\)> ",
          "fr": "Votre choix \\(numéro, mot ou «\u00a0\\?\u00a0» pour l’aide\\)> ",
          "cs": r"Tvoje volba \(číslo, slovo nebo \? pro nápovědu\)> "}
#: English words the old terminal printed among German ones (and Python's dict braces)
ENGLISH = re.compile(r"\b(round|seat|money|hand|apprentices|display|weeks|choice|enter a number|pass|"
                     r"illegal|not allowed|lab\d?)\b|\{'")
RULE_BROKEN = "Das erlauben die Regeln nicht"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"REGOLA_DAEMON": "off", "REGOLA_CACHE": str(tmp_path / "cache"), "PYTHONWARNINGS": "error"}


def _screen(chunk: str) -> str:
    """The last screen of a chunk: from the news line or the round header to the prompt."""
    starts = [m.start() for m in re.finditer(r"^(Seit deinem Zug:|Runde \d+ von)", chunk, re.M)]
    news = [s for s in starts if chunk.startswith("Seit", s)]
    header = [s for s in starts if chunk.startswith("Runde", s)]
    begin = header[-1] if header else 0
    if news and news[-1] < begin:
        begin = news[-1]
    return chunk[begin:]


def _assert_fits(screen: str) -> None:
    assert screen_rows(screen) <= ROWS, f"{screen_rows(screen)} rows:\n{screen}"


def test_german_game_through_a_pty(env: dict[str, str]) -> None:
    game = Session("play", "--human", "1", "--lang", "de", "--seed", "3", "--players", "4", env=env)
    prompt = PROMPT["de"]
    try:
        first = _screen(game.expect(prompt))
        _assert_fits(first)
        assert "Runde 1 von 9 · Phase 1: Arbeiten beginnen · du spielst Gelb" in first
        assert "Stadt (Preis je Aktion 0, 2, 3, 4\u00a0Gulden):" in first
        # one's own money; the others' gulden cards are in their hands, unseen (001 §6); everyone's labs
        assert re.search(r"^Gelb \(du\): \d+\u00a0Gulden · .*Labore: ", first, re.M), first
        for color in ("Rot:", "Grün:", "Blau:"):
            ready = rf"^{re.escape(color)} \d+\u00a0(Lehrling|Lehrlinge) bereit · Labore: "
            assert re.search(ready, first, re.M), color
        assert not re.search(r"^(Rot|Grün|Blau): .*Gulden", first, re.M), first
        assert "Ausliegende Erfindungen: Nr. " in first
        assert "Deine Hand: " in first and not ENGLISH.search(first)

        game.send("abc")  # unreadable: said so, with what to type instead
        answer = game.expect(prompt)
        assert "„abc“ verstehe ich nicht" in answer and RULE_BROKEN not in answer
        game.send("-1")  # a number out of range is not a rule either
        answer = game.expect(prompt)
        assert "Eine Wahl -1 gibt es jetzt nicht: es gelten die Nummern in Klammern" in answer
        assert RULE_BROKEN not in answer
        game.send("?")  # the rule of this phase, in German, and how to answer
        answer = game.expect(prompt)
        assert "Arbeitsbeginn: Zugfolge" in answer and "Wähle mit der Nummer in Klammern" in answer
        assert re.search(r"#1763\s+nennt\s+einen\s+Zug", answer), answer  # lines wrap on a terminal

        game.send("passen")  # the shown word
        placement = _screen(game.expect(prompt))
        _assert_fits(placement)
        assert "Phase 2: Einsetzen" in placement
        assert re.search(r"Seit deinem Zug: Rot: beginnt eine Erfindung in Labor 1", placement)
        assert "Blau: passt" in placement
        assert re.search(r"^Seite 1 von \d+: \+ blättert weiter", placement, re.M)  # 43 options: paged
        assert not ENGLISH.search(placement)

        game.send("+")
        page2 = game.expect(prompt)
        assert "Seite 2 von" in page2 and re.search(r"^[D-H] \w+:", page2, re.M) and "A Rat:" not in page2

        game.send("place A 9")  # the engine's own form, forbidden by the rules: now the rule is quoted
        answer = game.expect(prompt)
        assert RULE_BROKEN in answer and "[placement." in answer

        workshop = re.search(r"B Werkstatt:\s+\[(\d+)\] 1\u00a0Lehrling", placement)
        assert workshop, placement
        game.send(workshop.group(1))
        seen = []
        for _ in range(12):  # pass on until the workshop is resolved and offers its action to seat 0
            screen = _screen(game.expect(prompt))
            _assert_fits(screen)
            assert not ENGLISH.search(screen), screen
            seen.append(screen)
            if "Phase 3: Stadtbereich" in screen:
                break
            game.send(first_key(screen))
        district = seen[-1]
        assert re.search(r"^\s*B Werkstatt: .*Gelb 1.* · Preis \d+\u00a0Gulden", district, re.M), district
        assert re.search(r"^\[\d+\] B Werkstatt: .+ für \d+\u00a0Gulden$", district, re.M), district
        assert re.search(r"^\[\d+\] B Werkstatt: passen", district, re.M), district
        game.send(first_key(district))
        after = _screen(game.expect(prompt))
        assert re.search(r"Seit deinem Zug: .*(kauft|holt|passt|wählt)", after) or "Runde 2" in after
    finally:
        code = game.end()
    assert code != 0 and "keine Eingabe mehr" in game.seen[-200:]
    assert "Traceback" not in game.seen
    # German counts its phases 1-4 (002), in play as in the rules quoted by "?"
    assert "Phase 1" in game.seen and not re.search(r"\b[Pp]hase [A-D]\b", game.seen)


@pytest.mark.parametrize(("lang", "header", "unreadable"), [
    ("fr", "Tour 1 sur 9 · phase A\u00a0: lancer · vous jouez Jaune", "Je ne comprends pas «\u00a0xyz\u00a0»"),
    ("cs", "Kolo 1 z 9 · fáze A: zahájení práce · tvoje barva: Žlutá", "„xyz“ nerozumím"),
])
def test_other_languages_through_a_pty(env: dict[str, str], lang: str, header: str, unreadable: str) -> None:
    game = Session("play", "--human", "1", "--lang", lang, "--seed", "3", "--players", "4", env=env)
    try:
        first = _screen(game.expect(PROMPT[lang]))
        assert header in game.seen
        assert not ENGLISH.search(game.seen)
        game.send("xyz")
        assert unreadable in game.expect(PROMPT[lang])
        game.send(first_key(first))
        game.expect(PROMPT[lang])
        assert not ENGLISH.search(game.seen) and first
    finally:
        game.end()
    assert "Traceback" not in game.seen
    assert not re.search(r"\b([Pp]hase|[Ff]áze) [1-4]\b", game.seen)  # Czech and French letter them A-D

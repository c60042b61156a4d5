"""One summary for every game's result (regola.text.present.summary), shaped by each game's Standing:
the winner with the deciding score, the rule that decides, the tie-break that split two equal scores,
and the standings table."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from regola.core.game import Ruleset
from regola.core.pack import load_pack
from regola.text.present import summary
from regola.text.speech import speech_for


def _finished(pack: str, rows: list[dict[str, Any]]) -> Any:
    """A game as the summary reads it: its ruleset and a result."""
    return SimpleNamespace(ruleset=Ruleset(load_pack(pack)), result=lambda: rows)


def _standing(pack: str) -> Any:
    definition = Ruleset(load_pack(pack)).definition
    assert definition.standing is not None
    return definition.standing()


def test_a_tie_on_prestige_is_said_with_the_money_that_broke_it() -> None:
    rows = [{"seat": 2, "rank": 1, "prestige": 30, "money": 200, "prestige_cards": 1},
            {"seat": 0, "rank": 2, "prestige": 30, "money": 100, "prestige_cards": 0},
            {"seat": 1, "rank": 3, "prestige": 12, "money": 900, "prestige_cards": 0}]
    lines = [line.replace("\xa0", " ") for line in  # a number keeps its unit on its line
             summary(_finished("pl", rows), speech_for(load_pack("pl"), "en"), _standing("pl"))]
    assert lines[0] == "Seat 3 wins with 30 prestige points."  # seats named as everywhere: counted from 1
    assert lines[1].startswith("Why: ") and lines[1].endswith("[scoring.winner]")
    assert lines[2] == ("Seat 3 and Seat 1 both have 30 prestige points; Seat 3 is ahead on the tie-break: "
                        "more money (200 florins to 100 florins).")
    assert len(lines) == 3 + 1 + 3  # the sentences, the header, a row per player
    assert lines[-1].split()[:2] == ["3.", "2"]


@pytest.mark.parametrize("lang", ["cs", "de", "fr", "pl"])
def test_a_shared_win_names_every_winner_in_the_language(lang: str) -> None:
    rows = [{"seat": 0, "rank": 1, "color": "red", "money": 20, "bonus": 0, "inventions": 3, "completed": 5,
             "key": [20, 3, 1, 0, 0]},
            {"seat": 1, "rank": 1, "color": "blue", "money": 20, "bonus": 0, "inventions": 3, "completed": 4,
             "key": [20, 3, 1, 0, 0]}]
    pack = load_pack("cs")
    speech = speech_for(pack, lang)
    lines = summary(_finished("cs", rows), speech, _standing("cs"))
    english = summary(_finished("cs", rows), speech_for(pack, "en"), _standing("cs"))
    red, blue = speech.name("colors", "red"), speech.name("colors", "blue")
    assert red.lower() in lines[0].lower() and blue.lower() in lines[0].lower() and lines[0] != english[0]
    assert not any("tie-break" in line for line in lines[:3])  # equal on every key: no tie was broken


def test_the_tie_break_named_is_the_first_on_which_the_two_differ() -> None:
    rows = [{"seat": 0, "rank": 1, "color": "red", "money": 20, "bonus": 0, "inventions": 3, "completed": 5,
             "key": [20, 3, 2, 0, 0]},
            {"seat": 1, "rank": 2, "color": "blue", "money": 20, "bonus": 0, "inventions": 3, "completed": 4,
             "key": [20, 3, 1, 0, 0]}]
    lines = summary(_finished("cs", rows), speech_for(load_pack("cs"), "en"), _standing("cs"))
    broke = [line for line in lines if "tie-break" in line]
    assert len(broke) == 1 and "(2 to 1)" in broke[0] and "more inventions of tier" in broke[0]

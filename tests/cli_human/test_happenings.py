"""Issue 22, item 6: the terminal tells what the flow did by itself since a person's last decision —
an invention completed and the reward the bank paid (Maestro Leonardo), a work completed and how money
and prestige moved (Princes of Florence) — from the public view only."""

from __future__ import annotations

import io
import re

import pytest

from regola.bots.specs import make_bot
from regola.cli.common import _ruleset
from regola.cli.human import Table
from regola.core.game import Game
from regola.core.play import play


def _terminal_game(pack: str, setup: str, seed: int) -> str:
    ruleset = _ruleset(pack, ())
    game = Game.new(ruleset, 3, seed, setup)
    out = io.StringIO()
    table = Table(game, "en", out=out, read=lambda prompt: "1", setup=setup)
    bots = [make_bot("greedy", s, seed, ruleset) for s in range(3)]
    play(game, [table.choose, table.watch(1, bots[1]), table.watch(2, bots[2])])
    return out.getvalue()


def test_maestro_leonardo_tells_completions_and_their_rewards() -> None:
    text = " ".join(_terminal_game("cs", "beginner", 3).split())
    said = re.findall(r"(\w+) completes no\. (\d+) [^·]*? and receives (\d+)", text)
    assert said, text[-3000:]
    ruleset = _ruleset("cs", ())
    cards = ruleset.rules.cards
    for _, card, reward in said:  # each reward is one of the card's two (first time or later)
        assert int(reward) in (cards[int(card)].first, cards[int(card)].later)


@pytest.mark.parametrize("seed", [3])
def test_princes_of_florence_tells_works_and_pay(seed: int) -> None:
    text = " ".join(_terminal_game("pl", "standard", seed).split())
    assert re.search(r"Seat [123] completes a work: \w+", text), text[-3000:]
    assert re.search(r"Seat [123]: [+−][\d,]+ florins", text)
    assert re.search(r"Seat [123]: (?:[+−][\d,]+ florins, )?[+−]\d+ prestige points?", text)

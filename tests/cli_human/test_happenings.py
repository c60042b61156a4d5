"""Issue 22, item 6: the terminal tells what the flow did by itself since a person's last decision —
an invention completed and the reward the bank paid (Maestro Leonardo), a work completed and how money
and prestige moved (Princes of Florence) — from the public view only."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

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


def test_a_lot_won_between_two_of_your_moves_names_the_last_bidder_and_price(tmp_path: Path) -> None:
    """Issue 45 item 1: several raises between two of a person's decisions. What the flow did is told after
    each decision, so the lot's winner and price are those of the last raise (Seat 2 at 700 here), never
    those the board showed at the person's own last move (Seat 3 at 400)."""
    done = subprocess.run([sys.executable, "-m", "regola.cli.main", "play", "--pack", "pl", "--players", "3",
                           "--human", "1", "--lang", "en", "--seed", "3"], input="Historian\n4\n2\n!quit\n",
                          capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          env={**os.environ, "REGOLA_DAEMON": "off"})
    text = " ".join(done.stdout.split())
    wins = re.findall(r"(Seat \d) wins (\w+) for ([\d,]+) florins", text)
    assert wins, text[-2000:]
    for who, lot, price in wins:
        before = text[:text.index(f"{who} wins {lot} for {price}")]
        last = re.findall(rf"(Seat \d): (?:raises the bid for {lot} to|opens the auction of {lot} at) ([\d,]+)", before)
        assert last and last[-1] == (who, price), (who, lot, price, last[-3:])
    assert "Seat 2 wins Jester for 700 florins" in text
    assert not re.search(r"Seat 2: −700 florins", text)  # the price is told once, with the lot

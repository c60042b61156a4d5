"""Every invention card is in exactly one place after every move (issue 43, item 0): the pile, the
display, out of the game before play, out of the game after an auction, or in front of a player — under
the printed rules, every house rule of the corpus, and the tie rule that keeps an unsold card in the
display (R7's other reading), which once took the card out of the display and put it nowhere."""

from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from tests.random_play import random_moves

from regola import paths
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.games.maestro_leonardo.state import State

HOUSE = sorted(p.stem for p in (paths.home() / "rulepacks" / "cs" / "variants" / "house").glob("*.yaml"))


def places(state: State) -> Counter[int]:
    """How many times each card id stands somewhere in the state."""
    found: Counter[int] = Counter()
    for pile in (state.deck, state.display, state.removed, state.box_cards):
        found.update(pile)
    for player in state.players:
        found.update(player.cards)
    return found


def _stingy(game: Game, rng: random.Random) -> Any:
    """A random move, but every bid is 0: all-zero auctions happen whenever two complete one card."""
    legal = game.legal_actions()
    if legal[0][0] == "bid" and ("bid", 0) in legal:
        return ("bid", 0)
    return legal[rng.randrange(len(legal))]


def play_checking(rs: Ruleset, players: int, seed: int) -> int:
    """A random game of ``rs``, every card counted after every move; the auctions nobody paid for."""
    game = Game.new(rs, players, seed, "beginner")
    game.state.log = []
    every = set(rs.rules.cards)
    for _ in random_moves(game, random.Random(seed), _stingy):
        state: State = game.state
        if state.deck or state.display:  # dealt
            counted = places(state)
            astray = sorted(c for c in every if counted[c] != 1)
            assert not astray and set(counted) == every, (seed, state.flow_state, astray)
    return sum(1 for entry in game.state.log if entry[0] == "auction" and not any(entry[2].values()))


@functools.cache
def ruleset(*variants: str | Path) -> Ruleset:
    return Ruleset(load_pack("cs", variants=list(variants)))


@pytest.mark.rule("completion.auction")
@pytest.mark.parametrize("variant", [None, *HOUSE])
def test_every_card_is_somewhere_under_every_house_rule(variant: str | None) -> None:
    rs = ruleset() if variant is None else ruleset(variant)
    lo, hi = rs.players_range()
    for seed in range(3):
        play_checking(rs, min(hi, max(lo, 3 + seed % 2)), seed)


@pytest.mark.rule("completion.auction")
@pytest.mark.parametrize("all_zero", ["keep_in_display", "remove_card"])
def test_an_auction_nobody_pays_for_keeps_the_card_somewhere(tmp_path: Path, all_zero: str) -> None:
    path = tmp_path / "unsold.yaml"
    path.write_text("variant:\n  id: unsold\n  base: [cs]\n  title: Unsold\n  changes:\n"
                    f"    - {{op: replace, path: /completion/auction/all_zero, value: {all_zero}}}\n",
                    encoding="utf-8")
    rs = Ruleset(load_pack("cs", variants=[path]))
    unsold = sum(play_checking(rs, 4, seed) for seed in range(12))
    assert unsold > 0  # the case under test happened

"""Helpers for the game tests: the Polish pack compiled once, a game brought to a phase, a state edited
and reloaded through the public JSON round trip (so every test starts from a state the engine accepts)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.state import State


@functools.cache
def ruleset(*variants: str) -> Ruleset:
    return Ruleset(load_pack("pl", variants=list(variants)))


def start(players: int, seed: int = 1, *variants: str) -> Game:
    """A game past the deal: each player returned his lowest card; the auction of round 1 is open."""
    game = Game.new(ruleset(*variants), players, seed, "standard")
    while game.state.flow_state != "auction":
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
        else:
            game.apply(game.legal_actions()[0])
    return game


def edited(game: Game, edit: Callable[[State], Any]) -> Game:
    """The game after ``edit`` changed its state, reloaded from JSON (decision caches rebuilt)."""
    edit(game.state)
    return Game.from_json(game.ruleset, game.to_json())


def to_actions(game: Game) -> Game:
    """Every player declines the auction: the action phase begins."""
    while game.state.flow_state == "auction":
        game.apply(("decline",))
    return game


def put(state: State, seat: int, piece: str, architects: int = 2) -> None:
    """Place ``piece`` on the first spot the rules allow (with the prestige it brings), from the supply."""
    from regola.games.princes_of_florence.supply import place

    p = state.players[seat]
    spots: list[Placement] = state.rules.principality.legal_placements(p.board, piece, architects)
    assert spots, f"no room for {piece}"
    # fill from the top row down, leftmost first: packs a test principality tightly
    grid = state.rules.principality
    place(state, seat, min(spots, key=lambda s: sorted((r, c) for c, r in grid.cells(s))[::-1]))

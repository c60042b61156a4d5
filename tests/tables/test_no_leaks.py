"""Every message a seat receives holds nothing hidden from it: another hand, a sealed bid, a lab's
invention, a drawn card, the deck order.

Shown by difference: the hidden parts of the game are redrawn (Maestro Leonardo: the game's own
determinization for that seat, which redraws other hands, labs, purses, bids and the unseen deck;
Princes of Florence: other hands, bonus and prestige cards and every face-down pile shuffled among
themselves), and the seat's message must not change. The spectator's message must not change under any
seat's redraw. Events of other seats' decisions are checked to withhold the private arguments.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.tables.helpers import new_table, plain

from regola.core.game import Game
from regola.tables.hidden import hidden_for
from regola.tables.messages import Audience, message
from regola.tables.table import Table


def _redrawn_pof(game: Game, seat: int, rng: random.Random) -> Game:
    """The Princes of Florence game with everything ``seat`` cannot see shuffled: the face-down piles,
    and other players' hands, bonus and prestige cards exchanged with cards of those piles."""
    clone = Game.from_json(game.ruleset, game.to_json())  # (clone() would deep-copy the compiled rules too)
    state = clone.state
    piles = [("profession_deck", "hand"), ("bonus_deck", "bonus")]
    if state.result is None:  # at the end the prestige cards are turned up (004)
        piles.append(("prestige_deck", "prestige_cards"))
    for deck_name, field in piles:
        pool = list(getattr(state, deck_name))
        others = [p for p in state.players if p.seat != seat]
        for p in others:
            pool += getattr(p, field)
        rng.shuffle(pool)
        for p in others:
            size = len(getattr(p, field))
            setattr(p, field, sorted(pool[:size]) if field == "hand" else pool[:size])
            pool = pool[size:]
        setattr(state, deck_name, pool)
    pending = state.step.get("pending") if isinstance(state.step, dict) else None
    if pending and pending.get("seat") != seat and "cards" in pending:
        pending["cards"] = [c + 1000 for c in pending["cards"]]  # another player's drawn cards: any others
    return clone


def _redrawn(game: Game, seat: int, rng: random.Random) -> Game:
    if game.ruleset.pack.game == "maestro-leonardo":
        return game.information_state(seat).determinize(seat, rng)
    return _redrawn_pof(game, seat, rng)


def _other(table: Table, game: Game) -> Table:
    return dataclasses.replace(table, game=game)


def _check_events(table: Table, seat: int, msg: dict[str, Any]) -> None:
    text = json.dumps(msg)
    hidden = hidden_for(table.ruleset)
    for event in msg["events"]:
        assert "chance" not in event
        if event["seat"] != seat and event["action"][0] in hidden:
            public = hidden[event["action"][0]]
            assert all(arg is None for arg in event["action"][1 + public:]), event
    for line in table.lines:
        if "chance" in line and len(json.dumps(line["chance"])) > 40:
            assert json.dumps(line["chance"]) not in text  # a deck order never travels


def _check_position(table: Table, rng: random.Random) -> None:
    players = table.spec.players
    since = max(0, table.n - 30)
    for seat in range(players):
        mine = message(table, Audience("seat", seat), since)
        _check_events(table, seat, mine)
        for _ in range(2):
            other = _other(table, _redrawn(table.game, seat, rng))
            assert message(other, Audience("seat", seat), since) == mine, f"seat {seat} sees a hidden part"
            assert message(other, Audience("spectator"), since) == message(table, Audience("spectator"), since)
    public = message(table, Audience("spectator"), since)
    for entry in public["view"]["players"]:
        assert "hand" not in entry and "bonus" not in entry
    _check_events(table, -99, public)


@pytest.mark.parametrize(("pack", "players", "variants"), [
    ("cs", 3, ()), ("cs", 4, ("codex-leonardi-1",)), ("pl", 3, ()), ("pl", 4, ("muse-and-princess",)),
    ("pl", 3, ("pf-profession-draft",)), ("pl", 3, ("pf-sealed-auction",)),
])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_a_seats_messages_do_not_change_when_what_it_cannot_see_does(pack: str, players: int,
                                                                       variants: tuple[str, ...], seed: int) -> None:
    rng = random.Random(seed)
    table = new_table(pack, players, variants, secret=seed)
    while not table.is_over():
        if rng.random() < 0.08:
            _check_position(table, rng)
        table.decide(table.to_move(), plain(rng.choice(table.game.legal_actions())))
    _check_position(table, rng)

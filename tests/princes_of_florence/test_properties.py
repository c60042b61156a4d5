"""Invariants over random legal play with 2-5 players: money and pieces conserved, principalities
without overlaps or forbidden contacts, the game over after the last round, the state a JSON round trip."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from regola.core.game import CHANCE, Game
from regola.games.princes_of_florence.state import RECRUITMENT, State

from .pof import ruleset


def _conserved(state: State) -> None:
    rules = state.rules
    players = state.players
    # every florin a player holds came from the bank, the starting money included
    assert sum(p.money for p in players) + state.bank == 0
    assert all(p.money >= 0 and p.received - p.paid == p.money for p in players)
    placed = [pl.piece for p in players for pl in p.board.pieces]
    for kind in rules.building_kinds:
        assert state.buildings[kind] + placed.count(kind) == rules.buildings_per_kind
    for kind in rules.landscape_kinds:
        assert state.landscapes[kind] + placed.count(kind) == rules.landscapes_per_kind
    assert state.architects + sum(p.architects for p in players) == rules.architects
    assert state.jesters + sum(p.jesters for p in players) == rules.jesters
    assert all(p.architects <= rules.max_architects for p in players)
    recruit_cards = state.recruitment + sum(p.recruits + p.table.count(RECRUITMENT) for p in players)
    assert recruit_cards == rules.recruitment_cards
    # cards drawn and not yet kept wait in the pending decision, or in the one it leads to ("then":
    # the merchant's choice comes before the prestige cards he drew are sorted); cards going back under
    # a pile wait in the decision of their order ("under")
    drawn: dict[str, list[int]] = {}
    pending = state.step.get("pending") or None
    while pending:
        kind = pending["deck"].removesuffix("_deck") if pending.get("kind") == "under" else str(pending.get("kind"))
        drawn.setdefault(kind, []).extend(pending.get("cards", []))
        pending = pending.get("then")
    professions = state.profession_deck + [c for p in players for c in p.hand + p.table if c != RECRUITMENT]
    assert sorted(professions + drawn.get("profession", [])) == sorted(rules.professions)
    bonus = state.bonus_deck + [c for p in players for c in p.bonus + p.bonus_used]
    assert sorted(bonus + drawn.get("bonus", [])) == sorted(rules.bonus)
    prestige = state.prestige_deck + [c for p in players for c in p.prestige_cards]
    assert sorted(prestige + drawn.get("prestige", [])) == sorted(rules.prestige)


def _principality_sound(state: State) -> None:
    principality = state.rules.principality
    building = principality.class_index["building"]
    palace = principality.class_index["palace"]
    for p in state.players:
        board = p.board
        cells = sum(len(principality.cells(pl)) for pl in board.pieces)
        assert board.occupied.bit_count() == cells + principality.fixed_occupied.bit_count()  # no overlap
        buildings = [pl for pl in board.pieces if pl.piece in state.rules.building_size]
        assert len({pl.piece for pl in buildings}) == len(buildings)  # each kind once
        if p.architects < 2:  # no building touches another or the palace along a side
            for pl in buildings:
                mask = principality.grid.mask(principality.cells(pl))
                others = (board.class_masks[building] & ~mask) | board.class_masks[palace]
                assert not principality.grid.neighbours(mask) & others


@settings(max_examples=12, deadline=None)
@given(players=st.integers(min_value=2, max_value=5), seed=st.integers(min_value=0, max_value=10**6),
       variants=st.sampled_from([(), ("muse-and-princess",), ("two-player-four-freedoms",)]))
def test_random_play_keeps_the_invariants(players: int, seed: int, variants: tuple[str, ...]) -> None:
    rs = ruleset(*variants)
    game = Game.new(rs, players, seed, "standard")
    rng = random.Random(seed)
    steps = 0
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if steps % 7 == 0:
            _conserved(game.state)
        if steps % 41 == 0:
            again = Game.from_json(rs, game.to_json())
            assert again.to_json() == game.to_json()
            assert again.legal_actions() == game.legal_actions()
    _conserved(game.state)
    _principality_sound(game.state)
    assert game.state.round == rs.pack.data["rounds"]["count"]
    result = game.result()
    assert result is not None and len(result) == players
    assert sorted(r["seat"] for r in result) == list(range(players))

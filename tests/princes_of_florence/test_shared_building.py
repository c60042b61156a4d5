"""Expansion "Wspólne budowanie" (004): principalities with shared borders, building along a border
alone, building across a border with a neighbour (the seed's two examples), and random play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.placement.board import Board
from regola.games.princes_of_florence.placement.shared import borders_for, edge_mask
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps import shared
from regola.games.princes_of_florence.supply import place

from .pof import edited, ruleset, start, to_actions
from .test_properties import _conserved as _base_conserved

VARIANT = "shared-building"


def _actions(players: int = 2, *variants: str) -> Game:
    return to_actions(start(players, 1, VARIANT, *variants))


def _put_at(state: State, seat: int, piece: str, cell_test: object) -> Placement:
    """Place ``piece`` on ``seat``'s board at the first spot whose cells pass ``cell_test``."""
    principality = state.rules.principality
    spots = principality.legal_placements(state.players[seat].board, piece, 3)
    spot = next(s for s in spots if cell_test(principality.cells(s)))  # type: ignore[operator]
    place(state, seat, spot)
    return spot


def _east(cells: tuple[tuple[int, int], ...]) -> bool:
    return any(c == 6 for c, _ in cells)


def _west(cells: tuple[tuple[int, int], ...]) -> bool:
    return any(c == 0 for c, _ in cells)


@pytest.mark.rule("shared.layout")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_with_three_or_more_everyone_has_two_neighbours(players: int) -> None:
    layouts = ruleset(VARIANT).pack.data["shared_board"]["layouts"]
    borders = borders_for(layouts, players)
    for seat in range(players):
        assert len({b.other(seat) for b in borders if seat in (b.a, b.b)}) == 2
    assert len(borders_for(layouts, 2)) == 1


@pytest.mark.rule("shared.border_alone")
def test_building_alone_along_a_border_takes_an_architect() -> None:
    game = _actions(2)
    state = game.state
    state.players[0].architects = 0
    touching = [s for s in shared.solo_placements(state, 0, "workshop")
                if _east(state.rules.principality.cells(s))]
    assert touching == []
    state.players[0].architects = 1
    assert any(_east(state.rules.principality.cells(s)) for s in shared.solo_placements(state, 0, "workshop"))


@pytest.mark.rule("shared.border_alone")
def test_a_building_right_across_the_border_takes_two_architects() -> None:
    game = _actions(2)
    state = game.state
    spot = _put_at(state, 1, "library", _west)
    rows = {r for c, r in state.rules.principality.cells(spot) if c == 0}
    state.players[0].architects = 1

    def across(s: Placement) -> bool:
        return any(c == 6 and r in rows for c, r in state.rules.principality.cells(s))

    assert not any(across(s) for s in shared.solo_placements(state, 0, "workshop"))
    state.players[0].architects = 2
    assert any(across(s) for s in shared.solo_placements(state, 0, "workshop"))


def _paying(tmp_path: Path, amount: int) -> Ruleset:
    overlay = tmp_path / "pay.yaml"
    overlay.write_text(
        "variant:\n  id: pay\n  base: [pl]\n  title: pay\n  cites: ['004 Rozszerzenie Wspólne budowanie']\n"
        f"  changes:\n    - {{op: replace, path: /shared_board/joint/partner_payment, value: {amount}}}\n",
        encoding="utf-8")
    return Ruleset(load_pack("pl", variants=[VARIANT, str(overlay)]))


@pytest.mark.rule("shared.joint", "shared.joint_payment", "shared.joint_benefits")
def test_seed_example_red_with_one_architect_builds_a_workshop_with_green(tmp_path: Path) -> None:
    """Red (1 architect) builds a workshop with green (3 architects), who pays 500: red pays 300 to the
    bank and keeps 200 (004 Wspólne budowanie, the first example)."""
    rs = _paying(tmp_path, 500)
    game = Game.new(rs, 2, 1, "standard")
    while game.state.flow_state != "actions":
        game.apply(game.sample_chance() if game.current_player() == CHANCE else game.legal_actions()[-1]
                   if game.state.flow_state != "auction" else ("decline",))
    red = game.current_player()
    green = 1 - red

    game = edited(game, lambda s: None)
    state = game.state
    state.players[red].architects, state.players[green].architects = 1, 3
    money = [p.money for p in state.players]
    prestige = [p.prestige for p in state.players]
    assert ("build_with", green, "workshop") in game.legal_actions()
    game.apply(("build_with", green, "workshop"))
    options = game.legal_actions()
    assert options and all(a[0] == "place_joint" and a[2] and a[4] for a in options)  # across the border
    game.apply(options[0])
    state = game.state
    assert state.players[red].money - money[red] == 500 - 300
    assert state.players[green].money - money[green] == -500
    assert [state.players[s].prestige - prestige[s] for s in (red, green)] == [3, 3]
    for seat in (red, green):  # counts for both: works, prestige and bonus cards read board.kinds
        assert "workshop" in state.players[seat].board.kinds
        assert state.players[seat].board.count("building") == 1
    assert state.buildings["workshop"] == rs.pack.data["components"]["buildings"]["per_kind"] - 1
    assert state.step["used"][green] == {}  # not an action of the partner
    assert state.step["used"][red] == {"build": 1}


@pytest.mark.rule("shared.own_architects")
def test_seed_example_each_partner_keeps_distance_by_own_architects() -> None:
    """Red (active, 1 architect) with grey (3 architects): red's part may not touch red's buildings,
    grey's part may touch grey's (004 Wspólne budowanie, the second example)."""
    game = _actions(2)
    red = game.current_player()
    grey = 1 - red
    state = game.state
    # a building at each side of the border, on each board
    _put_at(state, red, "library", _east if red == 0 else _west)
    _put_at(state, grey, "chapel" if "chapel" in state.buildings else "theater", _west if red == 0 else _east)
    state.players[red].architects, state.players[grey].architects = 1, 3
    principality = state.rules.principality
    grid = principality.grid
    options = shared.joint_options(state, red, grey, "workshop")
    assert options
    red_buildings = state.players[red].board.cells_of("building")
    grey_buildings = state.players[grey].board.cells_of("building")

    def part(j: object, seat: int) -> int:
        return j.a_mask if j.a == seat else j.b_mask  # type: ignore[attr-defined]

    assert not any(grid.neighbours(part(j, red)) & red_buildings for j in options)
    assert any(grid.neighbours(part(j, grey)) & grey_buildings for j in options)


def test_a_board_with_shared_parts_survives_json() -> None:
    game = _actions(2)
    game.apply(("build_with", 1 - game.current_player(), "workshop"))
    game.apply(game.legal_actions()[0])
    again = Game.from_json(game.ruleset, game.to_json())
    assert again.to_json() == game.to_json()
    board = game.state.players[0].board
    assert board.shared and Board.from_json(board.to_json(), board.principality) == board
    with pytest.raises(ValueError):
        Board.from_json({"pieces": [], "shared": [["workshop", "x"]]}, board.principality)


def _conserved(state: State) -> None:
    """As in the base game, with a building laid across a border counted once (it has two parts)."""
    parts = [piece for p in state.players for piece, _ in p.board.shared]
    for kind in state.rules.building_kinds:
        assert parts.count(kind) % 2 == 0
    saved = {kind: state.buildings[kind] for kind in state.rules.building_kinds}
    for kind in saved:
        state.buildings[kind] += parts.count(kind) // 2
    try:
        _base_conserved(state)
    finally:
        state.buildings.update(saved)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(min_value=2, max_value=5), seed=st.integers(min_value=0, max_value=10**6),
       with_muse=st.booleans())
def test_random_play_with_shared_building(players: int, seed: int, with_muse: bool) -> None:
    variants = (VARIANT, "muse-and-princess") if with_muse else (VARIANT,)
    rs = ruleset(*variants)
    game = Game.new(rs, players, seed, "standard")
    rng = random.Random(seed)
    joint = 0
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
        else:
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]
            joint += action[0] == "place_joint"
            game.apply(action)
            if game.state.flow_state == "actions":  # (the deal holds cards in hand before keeping)
                _conserved(game.state)
    _conserved(game.state)
    state = game.state
    principality = state.rules.principality
    for p in state.players:  # no overlap: whole pieces plus parts fill exactly the taken cells
        cells = sum(len(principality.cells(pl)) for pl in p.board.pieces)
        cells += sum(mask.bit_count() for _, mask in p.board.shared)
        assert p.board.occupied.bit_count() == cells + principality.fixed_occupied.bit_count()
        kinds = [pl.piece for pl in p.board.pieces if pl.piece in state.buildings] + \
            [piece for piece, _ in p.board.shared]
        assert len(kinds) == len(set(kinds))  # each building kind once per principality
    assert edge_mask(principality, "east")
    assert state.round == rs.pack.data["rounds"]["count"]
    assert game.result() is not None

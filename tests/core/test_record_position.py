"""Setting up a position for analysis (issue 9, "What to build" 10): from a record prefix, from an
edited JSON state, and reading a district's ranking and price without private attributes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regola.core.errors import RecordError
from regola.core.game import CHANCE, Game, Ruleset, to_action
from regola.games.maestro_leonardo.position import district, districts

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RECORD = GOLDEN / "cs-3p-advanced.jsonl"


def _moves(path: Path) -> list[tuple[int, list[object]]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        obj = json.loads(line)
        if "chance" in obj:
            out.append((CHANCE, obj["chance"]))
        elif "action" in obj:
            out.append((obj["seat"], obj["action"]))
    return out


@pytest.mark.parametrize("k", [0, 1, 2, 37, 120])
def test_a_record_prefix_is_the_game_played_that_far(ruleset: Ruleset, k: int) -> None:
    header = json.loads(RECORD.read_text(encoding="utf-8").splitlines()[0])
    by_hand = Game.new(ruleset, header["players"], header["seed"], header["setup"])
    for _, action in _moves(RECORD)[:k]:
        by_hand.apply(to_action(action))
    position = Game.from_record(RECORD, upto=k)
    assert position.to_json()["state"] == by_hand.to_json()["state"]
    assert position.current_player() == by_hand.current_player()
    assert position.legal_actions() == by_hand.legal_actions()


def test_the_whole_record_gives_the_end(ruleset: Ruleset) -> None:
    assert Game.from_record(RECORD).is_terminal()


def test_a_prefix_past_the_end_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="fewer than upto"):
        Game.from_record(RECORD, upto=100_000)


def test_an_edited_json_state_sets_up_a_what_if(ruleset: Ruleset) -> None:
    game = Game.from_record(RECORD, upto=37)
    seat = game.current_player()
    data = json.loads(json.dumps(game.to_json()))
    data["state"]["players"][seat]["money"] += 25
    edited = Game.from_json(ruleset, data)
    assert edited.view(seat)["players"][seat]["money"] == game.view(seat)["players"][seat]["money"] + 25
    assert edited.current_player() == seat


@pytest.mark.parametrize("edit", [lambda d: d["state"].pop("players"), lambda d: d.update(rng=[3]),
                                  lambda d: d["state"].update(players=[{"seat": 0}]), lambda d: d.update(game="chess")])
def test_a_broken_edit_is_one_record_error(ruleset: Ruleset, edit: object) -> None:
    data = json.loads(json.dumps(Game.from_record(RECORD, upto=37).to_json()))
    edit(data)  # type: ignore[operator]
    with pytest.raises(RecordError) as info:
        Game.from_json(ruleset, data)
    assert "\n" not in str(info.value)


def _positions(path: Path) -> list[Game]:
    """The game at every decision of a record where a city district is being resolved."""
    game = Game.from_record(path, upto=0, accept_pack_change=True)
    out = []
    for _, action in _moves(path):
        if game.state.flow_state == "district":
            out.append(Game.from_json(game.ruleset, game.to_json()))
        game.apply(to_action(action))
    return out


def test_the_district_in_play_shows_the_price_and_ranking_the_players_see() -> None:
    positions = _positions(RECORD)
    assert positions
    priced = 0
    for game in positions:
        step = game.view(0)["step"]
        d = district(game, step["district"])
        assert d.resolving and d.kind == step["kind"]
        assert [s for s in d.ranking if s in step["rank"]] == step["rank"]  # those still to act, same order
        if "price" in step:
            priced += 1
            assert d.price == step["price"]
            assert d.price == game.ruleset.rules.cost_track[d.actions_taken]
        else:
            assert d.price is None
    assert priced > 10


def test_a_ranking_is_most_people_first_ties_to_the_earlier_arrival() -> None:
    rules_checked = 0
    for game in _positions(GOLDEN / "cs-4p-beginner-codex1.jsonl"):
        rules = game.ruleset.rules
        for d in districts(game):
            weights = [a * rules.weight_apprentice + (rules.weight_master if m else 0) for _, a, m in d.people]
            seats = [s for s, _, _ in d.people]
            assert list(d.ranking) == [seats[i] for i in sorted(range(len(seats)), key=lambda i: -weights[i])]
            rules_checked += len(set(weights)) < len(weights)  # a tie decided by arrival
    assert rules_checked > 0


def test_districts_not_in_play_cost_the_first_price(ruleset: Ruleset) -> None:
    game = Game.from_record(RECORD, upto=37)
    assert game.state.flow_state != "district"
    for d in districts(game):
        assert not d.resolving and d.actions_taken == 0
        assert d.price == (ruleset.rules.cost_track[0] if d.kind in ("workshop", "academy", "shop") else None)
    assert [d.letter for d in districts(game)] == list(ruleset.rules.district_order)


def test_an_unknown_district_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="the districts are A, B"):
        district(Game.from_record(RECORD, upto=5), "Z")

"""A table referees each seat's decision through the engine, draws chance outcomes from its secret,
and its lines are a record `regola replay` accepts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tests.tables.helpers import new_table, plain, play

from regola.core.errors import IllegalAction
from regola.core.record import replay
from regola.tables.table import Table


@pytest.mark.parametrize(("pack", "players"), [("cs", 2), ("cs", 4), ("pl", 3), ("pl", 2)])
def test_a_whole_game_is_a_record_replay_accepts(tmp_path: Path, pack: str, players: int) -> None:
    table = new_table(pack, players)
    play(table, random.Random(players))
    assert table.is_over()
    path = tmp_path / "game.jsonl"
    path.write_text(table.record(), encoding="utf-8")
    replayed = replay(path)
    assert replayed.game.is_terminal() and replayed.decisions == table.n
    assert replayed.recorded_result == table.game.result()
    assert replayed.header["seed"] is None  # the chance secret never leaves the server


def test_restoring_from_the_lines_gives_the_same_table_and_the_same_future_deals() -> None:
    table = new_table("pl", 3, secret=99)
    rng = random.Random(3)
    play(table, rng, 40)
    again = Table.restore(table.id, table.ruleset, table.spec, table.header, table.secret, table.lines)
    assert again.game.to_json()["state"] == table.game.to_json()["state"]
    # the same decisions from here deal the same cards: chance is seeded by the secret and the line number
    for _ in range(60):
        if table.is_over():
            break
        action = plain(random.Random(table.n).choice(table.game.legal_actions()))
        assert table.decide(table.to_move(), action) == again.decide(again.to_move(), action)


@pytest.mark.rule("flow.turn")
def test_out_of_turn_and_malformed_decisions_name_their_rule_and_change_nothing() -> None:
    table = new_table("cs", 3)
    play(table, random.Random(1), 5)
    before, n = table.game.to_json(), table.n
    who = table.to_move()
    other = (who + 1) % 3
    cases = [(other, plain(table.game.legal_actions()[0])), (who, "pass"), (who, []), (who, [1, 2]),
             (who, ["place", "Z", 99]), (who, ["x" * 65]), (who, ["start", [[[[1]]]]]), (who, ["bid", 2**40]),
             (who, ["pass"] + [0] * 80), (who, ["start", True])]
    for seat, raw in cases:
        with pytest.raises(IllegalAction) as refused:
            table.decide(seat, raw)
        assert refused.value.rule, raw
    assert table.game.to_json() == before and table.n == n


@pytest.mark.rule("placement.overlap")
def test_an_illegal_placement_names_the_placement_rule() -> None:
    table = new_table("pl", 2)
    rng = random.Random(5)
    while not table.is_over():  # until someone is to place a building
        legal = table.game.legal_actions()
        if legal and legal[0][0] == "place":
            break
        table.decide(table.to_move(), plain(rng.choice(legal)))
    legal = table.game.legal_actions()
    assert legal[0][0] == "place"
    before = table.game.to_json()
    piece = legal[0][1]
    with pytest.raises(IllegalAction) as refused:
        table.decide(table.to_move(), ["place", piece, 0, 0, 5])  # onto the palace's cells
    assert refused.value.rule.startswith("placement.")
    assert table.game.to_json() == before

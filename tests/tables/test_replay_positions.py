"""The replay viewer's engine side: positions at every step of a record of either game, the same
whether reached forwards, backwards or by a jump."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tests.tables.helpers import new_table, play

from regola.core.errors import RecordError
from regola.tables.replay import EVERY, Positions

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


@pytest.mark.parametrize("record", ["cs-3p-advanced.jsonl", "pl-4p-shared-muse.jsonl"])
def test_every_step_is_the_same_forwards_backwards_and_by_a_jump(record: str) -> None:
    positions = Positions(GOLDEN / record)
    total = len(positions)
    assert total > 2 * EVERY
    forwards = [positions.at(k, seat=0)["view"] for k in range(total + 1)]
    backwards = [positions.at(k, seat=0)["view"] for k in range(total, -1, -1)][::-1]
    assert forwards == backwards
    for k in random.Random(1).sample(range(total + 1), 12):
        assert positions.at(k, seat=0)["view"] == forwards[k]
    assert positions.at(total)["over"] and positions.at(total)["result"]
    assert positions.at(0)["view"]["to_move"] is not None and "action" not in positions.at(0)


def test_a_replay_of_a_table_record_and_its_public_view(tmp_path: Path) -> None:
    table = new_table("pl", 3)
    play(table, random.Random(6))
    path = tmp_path / "t.jsonl"
    path.write_text(table.record(), encoding="utf-8")
    positions = Positions(path)
    assert len(positions) == table.n
    public = positions.at(10)["view"]
    assert all("hand" not in p for p in public["players"])
    with pytest.raises(IndexError):
        positions.at(table.n + 1)


def test_a_broken_record_is_one_error_naming_its_line(tmp_path: Path) -> None:
    lines = (GOLDEN / "cs-2p-beginner.jsonl").read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5].replace('"seat":', '"seat": 9, "x":')
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as failed:
        Positions(path)
    assert ":6:" in str(failed.value)

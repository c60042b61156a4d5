"""The hall: hot-seat hand-over, the limits of a server, idle tables closed with their records kept."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from regola.core.errors import IllegalAction
from regola.tables.hall import Forbidden, Full, Hall, NotFound
from regola.tables.limits import TableLimits
from regola.tables.spec import SpecError
from regola.tables.store import open_store


def test_hot_seat_hands_over_without_showing_the_previous_hand(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"))
    made = hall.create("cs", [], 2, ["human", "human"], hot_seat=True)
    assert made.hotseat is not None
    device = made.hotseat
    rng = random.Random(2)
    for _ in range(12):
        screen = hall.message(device)  # between two players: nobody's hand
        assert screen["seat"] is None and all("hand" not in p for p in screen["view"]["players"])
        seat = screen["handover"]
        assert seat == screen["to_move"]
        with pytest.raises(Forbidden):  # the device must be handed over first
            hall.decide(device, ["pass"])
        other = hall.message(device, reveal=1 - seat)  # asking for the seat not to move shows nothing
        assert other["seat"] is None and "handover" in other
        mine = hall.message(device, reveal=seat)
        assert mine["seat"] == seat and "hand" in mine["view"]["players"][seat]
        assert "hand" not in mine["view"]["players"][1 - seat]
        hall.decide(device, rng.choice(mine["view"]["legal"]), reveal=seat)
    hall.close()


def test_the_limits_of_a_server(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"), limits=TableLimits(tables=2, bots_per_table=1))
    hall.create("cs", [], 2, ["human", "random"])
    with pytest.raises(SpecError, match="at most 1 bot"):
        hall.create("cs", [], 3, ["human", "random", "greedy"])
    with pytest.raises(SpecError, match="no bot 'clever'"):
        hall.create("cs", [], 2, ["human", "clever"])
    with pytest.raises(SpecError, match="human seat"):
        hall.create("pl", [], 2, ["random", "random"])
    with pytest.raises(IllegalAction) as refused:
        hall.create("pl", [], 9, ["human"] * 9)
    assert refused.value.rule == "game.players"
    hall.create("pl", [], 2, ["human", "human"])
    with pytest.raises(Full, match="REGOLA_TABLES_MAX"):
        hall.create("pl", [], 2, ["human", "human"])
    hall.close()


def test_limits_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_TABLES_MAX", "7")
    monkeypatch.setenv("REGOLA_BOT_SECONDS", "2.5")
    limits = TableLimits.from_env()
    assert (limits.tables, limits.bot_seconds) == (7, 2.5)
    monkeypatch.setenv("REGOLA_TABLE_RATE", "-1")
    with pytest.raises(Exception, match="REGOLA_TABLE_RATE"):
        TableLimits.from_env()


def test_an_idle_table_is_closed_and_its_links_stop_working(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"), limits=TableLimits(idle_hours=1))
    old = hall.create("cs", [], 2, ["human", "human"])
    fresh = hall.create("cs", [], 2, ["human", "human"])
    assert hall.expire_idle(time.time() + 1800) == []
    assert sorted(hall.expire_idle(time.time() + 7200)) == sorted([old.table_id, fresh.table_id])
    with pytest.raises(NotFound):
        hall.message(old.seats[0])
    assert hall.store.load(old.table_id) is not None  # the record stays in the store
    again = Hall(open_store(tmp_path / "t.db"))
    assert again.restore() == (0, [])
    hall.close()
    again.close()

"""The hall: hot-seat hand-over, the limits of a server, idle tables closed with their records kept."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from regola.core.errors import IllegalAction
from regola.tables.hall import ClientFull, Forbidden, Full, Hall, Moved, NotFound
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


def _play_once(hall: Hall, made: object) -> None:
    """One person's decision at the table, so it counts as played."""
    seats = made.seats  # type: ignore[attr-defined]
    message = hall.message(seats[0])
    mover = message["to_move"]
    mine = hall.message(seats[mover])
    hall.decide(seats[mover], mine["view"]["legal"][0], at=mine["n"])


def test_an_idle_table_is_closed_and_its_links_stop_working(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"), limits=TableLimits(idle_hours=1))
    old = hall.create("cs", [], 2, ["human", "human"])
    fresh = hall.create("cs", [], 2, ["human", "human"])
    _play_once(hall, old)
    _play_once(hall, fresh)
    assert hall.expire_idle(time.time() + 1800) == []
    assert sorted(hall.expire_idle(time.time() + 7200)) == sorted([old.table_id, fresh.table_id])
    with pytest.raises(NotFound):
        hall.message(old.seats[0])
    assert hall.store.load(old.table_id) is not None  # the record stays in the store
    table_id, text = hall.record(old.host)  # and its host still downloads it
    assert table_id == old.table_id and text.count("\n") >= 2
    with pytest.raises(NotFound):
        hall.record(old.seats[0])
    again = Hall(open_store(tmp_path / "t.db"))
    assert again.restore() == (0, [])
    hall.close()
    again.close()


def test_a_table_nobody_played_is_deleted_soon_and_frees_its_share(tmp_path: Path) -> None:
    limits = TableLimits(tables=3, tables_per_client=2, unplayed_minutes=30)
    hall = Hall(open_store(tmp_path / "t.db"), limits=limits)
    first = hall.create("cs", [], 2, ["human", "human"], owner="a")
    played = hall.create("cs", [], 2, ["human", "human"], owner="a")
    _play_once(hall, played)
    with pytest.raises(ClientFull):  # the address holds its share
        hall.create("cs", [], 2, ["human", "human"], owner="a")
    hall.create("cs", [], 2, ["human", "human"], owner="b")  # another address is not held back
    assert hall.expire_unplayed(time.time() + 1700) == []
    gone = hall.expire_unplayed(time.time() + 1900)
    assert first.table_id in gone and played.table_id not in gone
    assert hall.store.load(first.table_id) is None  # nothing of it is kept
    assert hall.store.load(played.table_id) is not None
    hall.create("cs", [], 2, ["human", "human"], owner="a")  # its share is free again
    hall.close()


def test_a_full_server_first_deletes_the_tables_nobody_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hall = Hall(open_store(tmp_path / "t.db"), limits=TableLimits(tables=2, tables_per_client=5, unplayed_minutes=1))
    hall.create("cs", [], 2, ["human", "human"], owner="a")
    hall.create("cs", [], 2, ["human", "human"], owner="a")
    with pytest.raises(Full):
        hall.create("cs", [], 2, ["human", "human"], owner="b")
    later = time.time() + 120
    monkeypatch.setattr(time, "time", lambda: later)
    hall.create("cs", [], 2, ["human", "human"], owner="b")  # the unplayed ones went first
    assert len(hall) == 1
    hall.close()


def test_a_decision_sent_twice_is_taken_once(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"))
    made = hall.create("pl", [], 2, ["human", "human"])
    mover = hall.message(made.seats[0])["to_move"]
    mine = hall.message(made.seats[mover])
    action, at = mine["view"]["legal"][0], mine["n"]
    hall.decide(made.seats[mover], action, at=at)
    after = hall.message(made.seats[mover])["n"]
    with pytest.raises(Moved):
        hall.decide(made.seats[mover], action, at=at)
    assert hall.message(made.seats[mover])["n"] == after
    hall.close()


def test_a_bot_spec_above_the_server_s_bounds_is_refused(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"), limits=TableLimits(bot_seconds=2, bot_iterations=100))
    for spec in ("mcts:time=100000", "mcts:iters=101", "mcts:time=-1", "mcts:iters=1e308", "greedy:nope=1",
                 "mcts:time=abc"):
        with pytest.raises(SpecError):
            hall.create("cs", [], 2, ["human", spec])
    hall.create("cs", [], 2, ["human", "mcts:time=2,iters=100"])
    hall.close()

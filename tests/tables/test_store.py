"""Every table and every accepted decision is stored as it happens; a new server restores them and the
game goes on. SQLite by default; the same with a real PostgreSQL server, two halls (as two server
processes would) sharing one table and hearing each other through LISTEN/NOTIFY."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from tests.tables.pg import postgres_server

from regola.core.errors import IllegalAction
from regola.core.record import replay
from regola.tables.hall import Forbidden, Hall, NotFound
from regola.tables.store import Stale, open_store


def _play_through(hall: Hall, tokens: dict[int, str], rng: random.Random, decisions: int | None = None) -> None:
    done = 0
    while decisions is None or done < decisions:
        any_token = next(iter(tokens.values()))
        msg = hall.message(any_token)
        if msg["over"]:
            return
        seat = msg["to_move"]
        legal = hall.message(tokens[seat])["view"]["legal"]
        hall.decide(tokens[seat], rng.choice(legal))
        done += 1


def test_tables_come_back_after_a_restart_and_are_finished(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    hall = Hall(open_store(db))
    made = hall.create("pl", [], 3, ["human"] * 3)
    rng = random.Random(3)
    _play_through(hall, made.seats, rng, 30)
    n = hall.message(made.spectator)["n"]
    hall.store.close()

    again = Hall(open_store(db))
    assert again.restore() == (1, [])
    assert again.message(made.spectator)["n"] == n
    _play_through(again, made.seats, rng)
    _, text = again.record(made.seats[0])  # a seat gets the record once the game is over
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    assert replay(path).game.is_terminal()
    again.close()


def test_tokens_open_only_their_own_seat(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"))
    made = hall.create("cs", [], 2, ["human", "human"])
    with pytest.raises(NotFound):
        hall.message("x" * 32)
    msg = hall.message(made.seats[0])
    assert msg["seat"] == 0 and "hand" in msg["view"]["players"][0] and "hand" not in msg["view"]["players"][1]
    seat = msg["to_move"]
    other = made.seats[1 - seat]
    with pytest.raises(IllegalAction) as refused:  # the other seat's token cannot decide for this seat
        hall.decide(other, hall.message(made.seats[seat])["view"]["legal"][0])
    assert refused.value.rule == "flow.turn"
    with pytest.raises(Forbidden):
        hall.decide(made.spectator, ["pass"])
    with pytest.raises(Forbidden):  # the record holds every hand until the game is over
        hall.record(made.seats[0])
    assert hall.record(made.host)[1].startswith('{"format":"regola-record"')
    stored = (tmp_path / "t.db").read_bytes() + (tmp_path / "t.db-wal").read_bytes()
    assert all(token.encode() not in stored for token in [*made.seats.values(), made.spectator, made.host])
    hall.close()


_KILLED = textwrap.dedent("""
    import json, random, sys
    from regola.tables.hall import Hall
    from regola.tables.store import Stale, open_store
    hall = Hall(open_store(sys.argv[1]))
    made = hall.create("cs", [], 3, ["human"] * 3)
    print(json.dumps({str(k): v for k, v in made.seats.items()}), flush=True)
    rng = random.Random(1)
    while True:
        msg = hall.message(made.seats[0])
        seat = msg["to_move"]
        reply = hall.decide(made.seats[seat], rng.choice(hall.message(made.seats[seat])["view"]["legal"]))
        print(reply["n"], flush=True)  # accepted: stored before this line is printed
""")


def test_sigkill_loses_no_accepted_decision(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    child = subprocess.Popen([sys.executable, "-c", _KILLED, str(db)], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    seats = {int(k): v for k, v in json.loads(child.stdout.readline()).items()}
    accepted = 0
    while accepted < 60:
        accepted = int(child.stdout.readline())
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=20)
    child.stdout.close()
    hall = Hall(open_store(db))
    assert hall.restore() == (1, [])
    assert hall.message(seats[0])["n"] >= accepted
    _play_through(hall, seats, random.Random(2))
    assert hall.message(seats[0])["over"]
    hall.close()


def test_two_halls_share_a_table_through_postgresql() -> None:
    with postgres_server() as url:
        heard = {"first": threading.Event(), "second": threading.Event()}
        first = Hall(open_store(url), on_change=lambda table_id: heard["first"].set())
        second = Hall(open_store(url), on_change=lambda table_id: heard["second"].set())
        try:
            first.restore()
            second.restore()
            made = first.create("cs", [], 2, ["human", "human"])
            rng = random.Random(4)
            for turn in range(40):  # the seats act through alternating halls (two processes behind a proxy)
                hall, other = (first, "second") if turn % 2 else (second, "first")
                seat = hall.message(made.seats[0])["to_move"]
                if seat < 0:
                    break
                heard[other].clear()
                hall.decide(made.seats[seat], rng.choice(hall.message(made.seats[seat])["view"]["legal"]))
                assert heard[other].wait(10), f"the {other} process did not hear the change"
            assert first.message(made.spectator) == second.message(made.spectator)
            # a line number one process stored is refused to the other, never stored twice
            taken = first.table(made.table_id).lines[-1]
            with pytest.raises(Stale):
                second.store.append(made.table_id, [taken], time.time())
        finally:
            first.close()
            second.close()
        restored = Hall(open_store(url))
        assert restored.restore()[0] == 1
        assert restored.message(made.spectator)["n"] == second.message(made.spectator)["n"]
        restored.close()

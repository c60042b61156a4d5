"""Bots think in worker processes with a time bound: a table with bot seats is played to the end by
one person, and a bot past its bound is stopped and replaced by a random legal decision."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from regola.tables.bots import BotPool, BotTask
from regola.tables.hall import Hall
from regola.tables.store import open_store


def test_a_person_plays_a_whole_game_against_bots_in_workers(tmp_path: Path) -> None:
    changed = threading.Event()
    pool = BotPool(workers=1, seconds=20)
    hall = Hall(open_store(tmp_path / "t.db"), pool, on_change=lambda table_id: changed.set())
    try:
        made = hall.create("pl", [], 3, ["human", "greedy", "random"])
        token = made.seats[0]
        rng = random.Random(5)
        deadline = time.monotonic() + 120
        while not hall.message(token)["over"]:
            assert time.monotonic() < deadline, "the bots did not answer"
            msg = hall.message(token)
            if msg["to_move"] == 0:
                hall.decide(token, rng.choice(msg["view"]["legal"]))
            else:
                changed.wait(5)
                changed.clear()
        record = hall.record(token)[1]
        assert '"player":"greedy"' in record and pool.timeouts == 0
    finally:
        hall.close()


def test_a_bot_past_its_time_bound_is_stopped_and_a_legal_random_decision_is_taken(tmp_path: Path) -> None:
    hall = Hall(open_store(tmp_path / "t.db"))
    made = hall.create("cs", [], 2, ["human", "human"])
    table = hall.table(made.table_id)
    assert table is not None
    task = BotTask(table.header, table.game.to_json(), table.to_move(), "mcts:iters=100000000,time=600",
                   "1/2/3", [list(a) for a in table.game.legal_actions()])
    pool = BotPool(workers=1, seconds=1)
    try:
        quick = BotTask(task.header, task.game, task.seat, "greedy", task.seed, task.legal)
        assert pool.ask(quick).result(timeout=60) in task.legal  # the worker is started and warm
        pool.start_grace = 1.0
        pool.think_share = 600  # let the search overrun its bound, as a bot that ignores its budget would
        started = time.monotonic()
        answer = pool.ask(task).result(timeout=60)
        assert answer in task.legal and pool.timeouts == 1
        assert time.monotonic() - started < 10
        assert pool.ask(quick).result(timeout=60) in task.legal  # a new worker took the stopped one's place
    finally:
        pool.close()
        hall.close()


def test_the_fair_queue_serves_the_table_that_used_the_least_bot_time_first() -> None:
    from regola.tables.bots import FairQueue

    fair = FairQueue(half_life=60)
    fair.charge("slow-a", 9.0)
    fair.charge("slow-b", 9.0)
    fair.put("slow-a", "a1")
    fair.put("slow-b", "b1")
    fair.put("quick", "q1")  # queued last, used nothing: goes first
    assert fair.get() == ("quick", "q1")
    fair.charge("slow-b", 5.0)  # b used more since: a goes before it
    assert [fair.get()[1] for _ in range(2)] == ["a1", "b1"]
    fair.put("x", None, first=True)  # the pool's stop signal jumps the queue
    fair.put("quick", "q2")
    assert fair.get() == ("x", None)
    used = fair.used("slow-a")
    fair.charge("other", 60.0)  # a minute of others' work halves older use
    assert abs(fair.used("slow-a") - used / 2) < 1e-9


def test_a_table_s_search_bot_searches_within_the_server_s_bound() -> None:
    from regola.tables.bots import within

    assert within("mcts:time=100000", 3.5) == "mcts:time=3.5"
    assert within("mcts:iters=50", 2) == "mcts:iters=50,time=2"
    assert within("mcts:time=1", 2) == "mcts:time=1.0"
    assert within("greedy:temp=0.5", 2) == "greedy:temp=0.5"

"""The engine's worker pool with real processes: every bound holds, and a killed job leaves nothing running.

Timing is asserted only loosely (a job bounded to 1 s must end well before the 30 s it asked for): the
machine may be loaded.
"""

from __future__ import annotations

import time
from typing import Any

import anyio
import pytest
from tests.hostile import jobs

from regola.serve.replies import Problem
from regola.serve.workers import EngineBounds, EnginePool

pytest.importorskip("starlette")


def _run(pool: EnginePool, job: Any, *args: Any, client: str = "a") -> Any:
    async def main() -> Any:
        return await pool.run(client, job, *args)

    return anyio.run(main)


@pytest.fixture(scope="module")
def pool() -> EnginePool:
    started = EnginePool(EngineBounds(workers=2, queue=1, per_client=2, seconds=1.0, memory_mib=128))
    started.start()
    return started


def test_a_job_returns_its_value(pool: EnginePool) -> None:
    assert _run(pool, jobs.double, 21) == 42


def test_a_problem_raised_in_the_job_is_the_reply(pool: EnginePool) -> None:
    with pytest.raises(Problem) as caught:
        _run(pool, jobs.refuse)
    assert caught.value.status == 422 and caught.value.extra == {"line": 3}


def test_an_engine_bug_is_a_500_never_a_dead_server(pool: EnginePool) -> None:
    with pytest.raises(Problem) as caught:
        _run(pool, jobs.fail)
    assert caught.value.status == 500


@pytest.mark.parametrize("job", [jobs.sleep, jobs.spin])
def test_a_job_past_its_time_is_killed(pool: EnginePool, job: Any) -> None:
    started = time.monotonic()
    with pytest.raises(Problem) as caught:
        _run(pool, job, 30.0)
    assert caught.value.status == 422 and "longer than 1 s" in caught.value.detail
    assert time.monotonic() - started < 20  # 30 s asked for: the bound (1 s) ended it
    assert pool.busy()["running"] == 0


def test_a_job_past_its_memory_is_refused(pool: EnginePool) -> None:
    with pytest.raises(Problem) as caught:
        _run(pool, jobs.hog, 1024)
    assert caught.value.status == 422 and "128 MiB" in caught.value.detail


def test_a_full_queue_is_503_with_retry_after(pool: EnginePool) -> None:
    async def main() -> list[int]:
        statuses: list[int] = []

        async def one(client: str) -> None:
            try:
                await pool.run(client, jobs.sleep, 0.5)
                statuses.append(200)
            except Problem as problem:
                assert problem.headers.get("Retry-After")
                statuses.append(problem.status)

        async with anyio.create_task_group() as group:
            for i in range(6):  # 2 run, 1 waits, 3 are refused: six clients, one job each
                group.start_soon(one, f"client-{i}")
        return statuses

    statuses = anyio.run(main)
    assert sorted(statuses) == [200, 200, 200, 503, 503, 503]


def test_one_client_gets_429_past_its_share(pool: EnginePool) -> None:
    async def main() -> list[int]:
        statuses: list[int] = []

        async def one() -> None:
            try:
                await pool.run("greedy", jobs.sleep, 0.5)
                statuses.append(200)
            except Problem as problem:
                statuses.append(problem.status)

        async with anyio.create_task_group() as group:
            for _ in range(3):
                group.start_soon(one)
        return statuses

    assert sorted(anyio.run(main)) == [200, 200, 429]


def test_close_kills_running_jobs_and_refuses_new_ones() -> None:
    pool = EnginePool(EngineBounds(workers=1, queue=0, seconds=60.0))
    pool.start()

    async def main() -> tuple[int, float]:
        started = time.monotonic()
        outcome: list[int] = []

        async def victim() -> None:
            try:
                await pool.run("a", jobs.sleep, 60.0)
            except Problem as problem:
                outcome.append(problem.status)

        async with anyio.create_task_group() as group:
            group.start_soon(victim)
            while not pool.busy()["running"]:
                await anyio.sleep(0.05)
            pool.close()
        return outcome[0], time.monotonic() - started

    status, seconds = anyio.run(main)
    assert status == 503 and seconds < 30
    with pytest.raises(Problem) as caught:
        _run(pool, jobs.double, 1)
    assert caught.value.status == 503

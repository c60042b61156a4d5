"""The live-update bell: a ring that comes while no stream waits (between a stream's look at the table and
its wait) is not lost. That gap once left a browser waiting for a bot's move that had already been
made, until the test gave up after 240 s."""

from __future__ import annotations

import asyncio

from regola.serve.tables.live import COUNTED_TABLES, Bell


def _bell() -> tuple[Bell, asyncio.AbstractEventLoop]:
    loop = asyncio.get_running_loop()
    bell = Bell()
    bell.attach(loop)
    return bell, loop


async def _settled() -> None:
    for _ in range(3):  # ring() schedules the wake-up on the loop: let it run
        await asyncio.sleep(0)


def test_a_ring_between_the_look_and_the_wait_wakes_the_wait_at_once() -> None:
    async def scenario() -> tuple[bool, bool]:
        bell, _ = _bell()
        seen = bell.rings("t")  # the stream notes the count, then looks at the table …
        bell.ring("t")  # … meanwhile the bot moves and rings, while nobody waits
        await _settled()
        caught = await bell.wait("t", 5.0, seen)
        quiet = await bell.wait("t", 0.05, bell.rings("t"))  # nothing since: the wait runs its time
        return caught, quiet

    assert asyncio.run(scenario()) == (True, False)


def test_another_table_does_not_wake_it_and_a_ring_while_waiting_does() -> None:
    async def scenario() -> tuple[bool, bool]:
        bell, loop = _bell()
        seen = bell.rings("t")
        bell.ring("other")
        await _settled()
        other = await bell.wait("t", 0.05, seen)
        loop.call_later(0.02, bell.ring, "t")
        woken = await bell.wait("t", 5.0, bell.rings("t"))
        return other, woken

    assert asyncio.run(scenario()) == (False, True)


def test_the_counts_stay_bounded_and_a_forgotten_count_only_looks_once_more() -> None:
    async def scenario() -> tuple[int, bool]:
        bell, _ = _bell()
        seen = bell.rings("t0")
        for i in range(COUNTED_TABLES + 5):
            bell.ring(f"t{i}")
        await _settled()
        return len(bell._rings), await bell.wait("t0", 0.05, seen)

    counted, looks = asyncio.run(scenario())
    assert counted <= COUNTED_TABLES and looks

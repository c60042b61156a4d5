"""A real `regola serve --db …` on loopback for the browser-tables tests."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.serve.conftest import Server, start_server, stop_server

httpx = pytest.importorskip("httpx")

with contextlib.suppress(pytest.skip.Exception):  # the browser tests' one Chromium, where Playwright is
    from tests.serve.test_browser import browser  # noqa: F401


@contextlib.contextmanager
def serving(folder: Path, *extra: str) -> Iterator[Server]:
    """`regola serve --db folder/tables.db …` for the block; it must stop cleanly (unless killed)."""
    running = start_server(folder, "--db", str(folder / "tables.db"), *extra)
    try:
        yield running
    finally:
        if running.process.poll() is None:
            assert stop_server(running) == 0, running.log_text()[-2000:]


@pytest.fixture()
def tables_server(tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path) as running:
        yield running


def play_to_the_end(client: Any, tokens: dict[int, str], limit: int = 3000) -> dict[str, Any]:
    """Every person's seat chooses its first legal action until the game is over; the last message.
    Each message a seat receives is checked to hold no other seat's private parts."""
    for _ in range(limit):
        messages = {seat: client.get(f"/api/v1/tables/{token}").json() for seat, token in tokens.items()}
        for seat, message in messages.items():
            assert_private(message, seat)
        first = next(iter(messages.values()))
        if first["over"]:
            return first
        mover = first["to_move"]
        if mover not in tokens:  # a bot is thinking
            time.sleep(0.01)
            continue
        if messages[mover]["to_move"] != mover:  # another process's line not heard yet there: ask again
            time.sleep(0.01)
            continue
        legal = messages[mover]["view"]["legal"]
        reply = client.post(f"/api/v1/tables/{tokens[mover]}/decisions",
                            json={"action": legal[0], "n": messages[mover]["n"]})
        assert reply.status_code in (200, 409), reply.text  # 409: a bot moved first (never here: no bots)
    raise AssertionError("the game did not end")


def assert_private(message: dict[str, Any], seat: int) -> None:
    """Nothing of another seat's hand, bid or lab target in ``seat``'s message."""
    for player in message["view"]["players"]:
        if player["seat"] == seat:
            continue
        for hidden in ("hand", "bonus", "recruits", "money_cards"):
            assert hidden not in player, (seat, player["seat"], hidden)
        if message["game"] == "maestro-leonardo":
            assert "money" not in player
            for lab in player["labs"]:
                assert "target" not in lab or lab.get("target") is None or "materials" in lab

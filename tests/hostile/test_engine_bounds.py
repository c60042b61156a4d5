"""Engine work with bounds (issue 17): numbers in valid data, many changes, endless games, big requests.

Each case once ran for minutes or ate gigabytes inside a file that passed `regola check`; now each is
refused in one line, or costs what its size says.
"""

from __future__ import annotations

import json
import os
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola import paths
from regola.bots.specs import make_bot
from regola.check import run as check
from regola.core.caps import DecisionCapReached, decision_cap
from regola.core.errors import RecordError
from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.core.play import play
from regola.core.record import replay
from regola.core.step import ActionRange
from regola.core.variant import Change, Variant, blame, last_change_over
from regola.core.yamlio import parse_pointer

GOLDEN = Path(__file__).parents[1] / "golden"


def _variant_file(tmp_path: Path, *changes: str, name: str = "hostile") -> Path:
    body = "".join(f"    - {change}\n" for change in changes)
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"variant:\n  id: {name}\n  base: cs\n  title: {name}\n  changes:\n{body}", encoding="utf-8")
    return path


def _errors(path: Path) -> list[Any]:
    return [f for f in check([path], paths.home()).findings if f.severity == "error"]


# --- numbers that leave the box -------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "pointer", "words"), [
    ("{op: replace, path: /players/max, value: 1000000}", "/players/max", "from 1 to 8"),
    ("{op: replace, path: /setup/beginner/seats/0/money, value: 10000000}", "/setup/beginner/seats/0/money",
     "from 0 to 10000"),
    ("{op: replace, path: /rounds/schedule/0/count, value: 100000000}", "/rounds/schedule/0/count", "from 0 to 20"),
    ("{op: replace, path: /components/materials/kinds, value: [a, b, c, d, e, f, g, h, i]}",
     "/components/materials/kinds", "at most 6"),
])
def test_check_refuses_a_number_past_the_box_in_one_line(tmp_path: Path, change: str, pointer: str,
                                                         words: str) -> None:
    errors = _errors(_variant_file(tmp_path, change))
    assert len(errors) == 1 and errors[0].pointer == pointer and words in errors[0].message
    assert errors[0].line == 6  # the change's own line in the variant file


def test_a_schedule_of_no_round_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _variant_file(tmp_path, "{op: replace, path: /rounds/schedule/0/count, value: 0}",
                         "{op: replace, path: /rounds/schedule/1/count, value: 0}")
    errors = _errors(path)
    assert len(errors) == 1 and errors[0].pointer == "/rounds/schedule" and "plays no round" in errors[0].message


def test_a_number_that_overflows_to_infinity_is_refused_at_its_line(tmp_path: Path) -> None:
    errors = _errors(_variant_file(tmp_path, "{op: replace, path: /setup/council_money, value: 1e400}"))
    assert len(errors) == 1 and errors[0].line == 6 and "infinite" in errors[0].message


def test_thousands_of_changes_are_refused_by_their_count(tmp_path: Path) -> None:
    changes = [f"{{op: add, path: /rules/r{i}, value: {{cites: [R1]}}}}" for i in range(1500)]
    errors = _errors(_variant_file(tmp_path, *changes))
    assert len(errors) == 1 and "at most 1000 items" in errors[0].message


# --- blame: linear, and the same answers as before -------------------------------------------------------

def _old_blame(changes: list[Change], pointer: str | None) -> Change | None:
    """What variant.blame computed before issue 17 (one pass over the changes per question)."""
    if not changes:
        return None
    tokens = parse_pointer(pointer or "") or []

    def shared(change: Change) -> int:
        count = 0
        for mine, other in zip(tokens, parse_pointer(change.pointer) or [], strict=False):
            if mine != other:
                break
            count += 1
        return count

    return max(reversed(changes), key=shared)


def _old_over(changes: list[Change], pointer: str) -> Change | None:
    """What Pack.locate searched before: the last change whose path holds the pointer."""
    for change in reversed(changes):
        if pointer == change.pointer or pointer.startswith(change.pointer + "/"):
            return change
    return None


_token = st.sampled_from(["a", "b", "c", "0", "1", "x~1y", ""])
_pointer = st.lists(_token, max_size=4).map(lambda tokens: "".join("/" + t for t in tokens))
_VARIANT = Variant("v", ("cs",), "v", (), [], None, "sha256:0")


@given(st.lists(_pointer, min_size=1, max_size=12), st.lists(_pointer, min_size=1, max_size=6))
@settings(max_examples=200, deadline=None)
def test_the_blame_index_answers_as_the_old_search(written: list[str], faults: list[str]) -> None:
    changes = [Change(pointer, _VARIANT, i, "replace") for i, pointer in enumerate(written)]
    for fault in faults:
        assert blame(changes, fault) is _old_blame(changes, fault)
        assert last_change_over(changes, fault) is _old_over(changes, fault)


# --- bids as a range -----------------------------------------------------------------------------------

@given(st.integers(0, 50), st.integers(0, 50), st.integers(1, 5), st.data())
def test_an_action_range_is_the_list_it_stands_for(start: int, size: int, step: int, data: st.DataObject) -> None:
    numbers = range(start, start + size, step)
    lazy, listed = ActionRange("bid", numbers), [("bid", k) for k in numbers]
    assert len(lazy) == len(listed) and list(lazy) == listed and lazy == listed
    assert list(reversed(lazy)) == listed[::-1] and list(lazy[1:3]) == listed[1:3]
    probe = data.draw(st.tuples(st.sampled_from(["bid", "pass"]), st.integers(-2, 60) | st.booleans()))
    assert (probe in lazy) == (probe in listed and type(probe[1]) is int)
    if listed:
        i = data.draw(st.integers(-len(listed), len(listed) - 1))
        assert lazy[i] == listed[i] and lazy.index(listed[i]) == listed.index(listed[i])


def test_a_purse_of_ten_million_bids_without_a_list() -> None:
    ruleset = Ruleset(load_pack("cs"))
    game = Game.new(ruleset, 2, 1)
    game.state.players[0].money = 10**7
    from regola.games.maestro_leonardo.steps.completion import Completion

    game.state.step = {"who": 0, "choosing": False}
    legal = Completion().legal(game.state)
    assert isinstance(legal, ActionRange) and len(legal) == 10**7 + 1 and ("bid", 9_999_999) in legal


# --- the decision cap ------------------------------------------------------------------------------------

def test_every_golden_game_is_far_below_its_cap() -> None:
    for record in sorted(GOLDEN.glob("*.jsonl")):
        done = replay(record)
        cap = decision_cap(done.game.ruleset, done.header["players"])
        assert len(done.game.history) * 4 <= cap, record.name


def test_play_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_MAX_DECISIONS", "50")
    ruleset = Ruleset(load_pack("cs"))
    game = Game.new(ruleset, 3, 5)
    with pytest.raises(DecisionCapReached, match=r"passed 50 decisions.*pack 'cs' with 3 players"):
        play(game, [make_bot("random", seat, 5, ruleset) for seat in range(3)])
    assert len(game.history) == 50


def test_replay_stops_at_the_cap_naming_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_MAX_DECISIONS", "40")
    with pytest.raises(RecordError) as caught:
        replay(GOLDEN / "cs-2p-beginner.jsonl")
    assert caught.value.line == 42 and caught.value.rule == "game.decisions" and "passed 40" in caught.value.message


def test_a_bad_cap_setting_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from regola.core.errors import RegolaError

    monkeypatch.setenv("REGOLA_MAX_DECISIONS", "lots")
    with pytest.raises(RegolaError, match="REGOLA_MAX_DECISIONS"):
        decision_cap(Ruleset(load_pack("cs")), 2)


# --- the check daemon reads a bounded request ---------------------------------------------------------------

def test_the_daemon_reads_at_most_its_request_bound(tmp_path: Path) -> None:
    from regola.cli.main import main
    from regola.daemon import server

    daemon = server.Daemon(str(tmp_path), idle=60, command=main)
    near, far = socket.socketpair()
    sent: list[int] = []

    def send() -> None:
        total = 0
        try:
            for _ in range(64):  # 64 MiB offered; the daemon stops reading after 1 MiB
                far.sendall(b"x" * (1 << 20))
                total += 1 << 20
            far.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the daemon stopped reading and closed its end: what is asked of it
        sent.append(total)

    sender = threading.Thread(target=send)
    sender.start()
    holder = type("S", (), {"daemon": daemon})()
    server._Handler(near, "test", holder)
    reply = json.loads(far.recv(1 << 16) or b"{}")
    near.close()
    sender.join(30)
    far.close()
    assert "larger than" in reply.get("retry", "") and sent[0] < 64 << 20


# --- simulate ---------------------------------------------------------------------------------------------

pytest.importorskip("pyarrow")


def test_a_second_writer_of_a_results_folder_is_refused(tmp_path: Path) -> None:
    from regola.sim.store import Store, StoreError

    manifest = {"pack": "cs", "arms": [], "players": [2], "setup": "beginner", "bots": ["random"], "seed": 0}
    first = Store.open(tmp_path / "out", manifest)
    with pytest.raises(StoreError, match="another regola run is writing"):
        Store.open(tmp_path / "out", manifest)
    del first
    Store.open(tmp_path / "out", manifest)  # the lock goes with the first run


def test_two_runs_with_other_batches_store_each_game_once(tmp_path: Path) -> None:
    from regola.cli.main import main
    from regola.sim.store import Store, read_manifest

    out = tmp_path / "results"
    base = ["simulate", "--players", "2", "--bots", "random", "--games", "24", "--jobs", "1", "--quiet",
            "--out", str(out)]
    assert main([*base, "--batch", "5"]) == 0
    assert main([*base, "--batch", "7", "--games", "30"]) == 0
    games = Store(out, read_manifest(out)).table("games").column("game").to_pylist()
    assert sorted(games) == list(range(30))


@pytest.mark.parametrize(("option", "words"), [(["--games", "99999999999999999999"], "between 1 and 1,000,000"),
                                               (["--batch", "0"], "between 1 and 100,000")])
def test_simulate_refuses_sizes_past_its_bounds(option: list[str], words: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from regola.cli.main import main

    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--out", "unused", *option])
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_simulate_refuses_more_jobs_than_cores_allow(tmp_path: Path) -> None:
    from regola.cli.main import main

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    assert main(["simulate", "--games", "2", "--jobs", str(4_000), "--out", str(tmp_path / "r")]) != 0
    assert not (tmp_path / "r").exists()
    assert cores * 4 < 4_000

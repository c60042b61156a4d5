"""The check daemon, with real processes: `regola check` served by it must answer exactly as in-process.

Each test gets its own daemon folder (XDG_RUNTIME_DIR) and cache, so it never meets the user's daemon
or another test's; every daemon a test starts is stopped when it ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import types
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from regola.cli.main import main
from regola.daemon import address, client
from regola.daemon.server import Daemon

REPO = Path(__file__).resolve().parents[2]
REGOLA = Path(sys.executable).parent / "regola"
VARIANT = REPO / "rulepacks" / "cs" / "variants" / "codex-leonardi-1.yaml"
BROKEN = sorted((REPO / "tests" / "check" / "corpus" / "variants").glob("*.yaml"))

pytestmark = pytest.mark.skipif(os.name != "posix" or not REGOLA.exists(),
                                reason="the daemon needs Unix sockets and the installed console script")


@dataclass
class Place:
    """One isolated world for daemons: its own socket folder, cache and environment."""

    env: dict[str, str]
    runtime: Path

    def regola(self, *args: str | Path, cwd: Path = REPO, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(REGOLA), *map(str, args)], cwd=cwd, env={**self.env, **env},
                              capture_output=True, text=True, timeout=120, check=False)

    def status(self) -> tuple[int, int] | None:
        """(pid, requests served) of the running daemon, or None."""
        done = self.regola("daemon", "status")
        found = re.search(r"pid (\d+), .* (\d+) request", done.stdout)
        return (int(found.group(1)), int(found.group(2))) if done.returncode == 0 and found else None

    def wait_for(self, running: bool, seconds: float = 30.0) -> tuple[int, int] | None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            status = self.status()
            if (status is not None) == running:
                return status
            time.sleep(0.1)
        raise AssertionError(f"the daemon did not {'start' if running else 'stop'} within {seconds} s")

    @property
    def socket(self) -> Path:
        return self.runtime / "regola" / Path(address.socket_path("x")).name


@pytest.fixture
def place(tmp_path: Path) -> Iterator[Place]:
    runtime = Path(tempfile.mkdtemp(prefix="rgd-", dir="/tmp"))  # short: a socket path has ~100 bytes
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env.update(REGOLA_DAEMON="on", XDG_RUNTIME_DIR=str(runtime), REGOLA_CACHE=str(tmp_path / "cache"),
               REGOLA_DAEMON_IDLE="120",  # even a daemon this file failed to stop goes away soon
               REGOLA_DAEMON_WARMUP="imports")  # each test starts a daemon; the first two below warm up
    made = Place(env, runtime)
    try:
        yield made
    finally:
        status = made.status()
        made.regola("daemon", "stop")
        if status is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(status[0], signal.SIGKILL)
        shutil.rmtree(runtime, ignore_errors=True)


def _same(served: subprocess.CompletedProcess[str], here: subprocess.CompletedProcess[str]) -> None:
    assert (served.returncode, served.stdout, served.stderr) == (here.returncode, here.stdout, here.stderr)


def test_the_first_check_starts_a_daemon_and_the_next_is_served_by_it(place: Place) -> None:
    place.env["REGOLA_DAEMON_WARMUP"] = "check"  # as a user's daemon does
    assert place.status() is None
    first = place.regola("check", VARIANT)
    assert first.returncode == 0, first.stderr
    pid, served = place.wait_for(running=True)  # type: ignore[misc]
    assert served == 0  # the first run did its own work
    second = place.regola("check", VARIANT)
    _same(second, first)
    assert place.status() == (pid, 1)


def test_served_output_and_exit_status_equal_an_in_process_run(place: Place) -> None:
    place.env["REGOLA_DAEMON_WARMUP"] = "check"  # many checks served: warm once
    assert place.regola("daemon", "start").returncode == 0
    cases: list[list[str | Path]] = [[VARIANT], [VARIANT, "--format", "json"], ["--strict"],
                                     ["rulepacks/nowhere.yaml"], ["--format", "nope"], ["--help"]]
    cases += [[path] for path in BROKEN] + [[BROKEN[0], "--format", "github"]]
    statuses = set()
    for args in cases:
        served = place.regola("check", *args)
        _same(served, place.regola("check", "--no-daemon", *args))
        statuses.add(served.returncode)
    assert statuses == {0, 1, 2}
    assert place.status()[1] == len(cases)  # type: ignore[index]


def test_clients_at_once_are_served_in_turn(place: Place) -> None:
    place.env["REGOLA_DAEMON_WARMUP"] = "check"  # many checks served: warm once
    assert place.regola("daemon", "start").returncode == 0
    args = [[VARIANT], [BROKEN[0]], [BROKEN[1], "--format", "json"]] * 4
    expected = {str(a): place.regola("check", "--no-daemon", *a) for a in args[:3]}
    with ThreadPoolExecutor(max_workers=len(args)) as pool:
        served = list(pool.map(lambda a: place.regola("check", *a), args))
    for a, done in zip(args, served, strict=True):
        _same(done, expected[str(a)])
    assert place.status()[1] == len(args)  # type: ignore[index]


def test_an_edited_file_is_checked_as_it_is_now(place: Place, tmp_path: Path) -> None:
    assert place.regola("daemon", "start").returncode == 0
    edited = tmp_path / "mine.yaml"
    shutil.copy(VARIANT, edited)
    assert place.regola("check", edited).returncode == 0
    shutil.copy(REPO / "tests" / "check" / "corpus" / "variants" / "unknown-district.yaml", edited)
    broken = place.regola("check", edited)
    assert broken.returncode == 1 and "REF_UNKNOWN_DISTRICT" in broken.stdout
    shutil.copy(VARIANT, edited)
    assert place.regola("check", edited).returncode == 0
    assert place.status()[1] == 3  # type: ignore[index]


#: (file of the home, old text, new text, a code the edit must bring): one edit per kind of input file
EDITS = [
    ("rulepacks/cs/city.yaml", "order: [A, B, C, D, E, F, G, H]", "order: [A, B, C, D, E, F, G, X]",
     "REF_UNKNOWN_DISTRICT"),
    ("schemas/text-catalog.schema.json", '"required": ["text"],', '"required": ["text", "nothing"],', "SCHEMA"),
    ("rulepacks/rulings.yaml", "\n  R6: ", "\n  R6x: ", "REF_UNKNOWN_RULING"),
    ("rulepacks/cs/text/cs.yaml", "text: Hra je pro {min} až {max}.", "text: Hra je pro {min} až {maxi}.",
     "TEXT_PLACEHOLDER"),
    ("rulepacks/cs/variants/codex-leonardi-1.yaml", "to: [B, C, D, E, F, G, H]", "to: [B, C, D, E, F, G, Z]",
     "REF_UNKNOWN_DISTRICT"),
]


def test_every_kind_of_edit_is_seen_by_a_running_daemon(place: Place, tmp_path: Path) -> None:
    """Packs, schemas, rulings, catalogs, variants: after each edit (and its undoing) the daemon's
    answer is the in-process one, in a home it has already checked."""
    home = tmp_path / "home"
    shutil.copytree(REPO / "schemas", home / "schemas")
    for pack in ("cs", "fr"):  # codex-leonardi-1 applies to both
        shutil.copytree(REPO / "rulepacks" / pack, home / "rulepacks" / pack)
    shutil.copy(REPO / "rulepacks" / "rulings.yaml", home / "rulepacks" / "rulings.yaml")
    env = {"REGOLA_HOME": str(home)}
    assert place.regola("daemon", "start").returncode == 0
    assert place.regola("check", cwd=home, **env).returncode == 0
    for file, old, new, code in EDITS:
        path = home / file
        original = path.read_text(encoding="utf-8")
        assert original.count(old) == 1, (file, old)
        path.write_text(original.replace(old, new), encoding="utf-8")
        served = place.regola("check", cwd=home, **env)
        _same(served, place.regola("check", "--no-daemon", cwd=home, **env))
        assert served.returncode == 1 and code in served.stdout, (file, served.stdout)
        path.write_text(original, encoding="utf-8")
        assert place.regola("check", cwd=home, **env).returncode == 0, file
    assert place.status()[1] == 1 + 2 * len(EDITS)  # type: ignore[index]


def test_relative_paths_are_read_from_the_clients_folder(place: Place, tmp_path: Path) -> None:
    assert place.regola("daemon", "start").returncode == 0
    shutil.copy(REPO / "tests" / "check" / "corpus" / "variants" / "weeks-order.yaml", tmp_path / "v.yaml")
    served = place.regola("check", "v.yaml", "--format", "json", cwd=tmp_path)
    _same(served, place.regola("check", "--no-daemon", "v.yaml", "--format", "json", cwd=tmp_path))
    assert served.returncode == 1 and json.loads(served.stdout)["findings"]


def _on_a_terminal(place: Place, *args: str | Path, **env: str) -> str:
    """What `regola ARGS` prints when its standard output is a terminal."""
    leader, follower = pty.openpty()
    try:
        subprocess.run([str(REGOLA), *map(str, args)], cwd=REPO, env={**place.env, **env}, stdout=follower,
                       stderr=subprocess.DEVNULL, timeout=120, check=False)
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 1 << 16)
            except OSError:  # EIO: the terminal's other side is closed and everything was read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
    return b"".join(chunks).decode()


def test_colour_follows_the_clients_terminal_and_no_color(place: Place) -> None:
    assert place.regola("daemon", "start").returncode == 0
    broken = BROKEN[0]
    served = _on_a_terminal(place, "check", broken)
    assert "\033[" in served
    assert served == _on_a_terminal(place, "check", "--no-daemon", broken)
    assert "\033[" not in _on_a_terminal(place, "check", broken, NO_COLOR="1")
    assert place.status()[1] == 2  # type: ignore[index]


def test_a_killed_daemon_is_replaced_and_the_check_still_runs(place: Place) -> None:
    assert place.regola("daemon", "start").returncode == 0
    pid, _ = place.status()  # type: ignore[misc]
    os.kill(pid, signal.SIGKILL)
    place.wait_for(running=False)
    assert place.socket.exists()  # what a crash leaves behind
    done = place.regola("check", VARIANT)
    assert done.returncode == 0 and "0 errors" in done.stdout
    new_pid, served = place.wait_for(running=True)  # type: ignore[misc]
    assert new_pid != pid and served == 0


def test_a_second_daemon_leaves_the_first_serving(place: Place) -> None:
    assert place.regola("daemon", "start").returncode == 0
    pid, _ = place.status()  # type: ignore[misc]
    second = place.regola("daemon", "run")
    assert second.returncode == 0
    assert place.status() == (pid, 0)


def test_an_idle_daemon_stops_and_removes_its_socket(place: Place) -> None:
    done = place.regola("daemon", "run", "--idle", "0.5")  # in the foreground: returns when it stops
    assert done.returncode == 0, done.stderr
    assert "serving on" in done.stderr and "stopping: idle for 0.5 s" in done.stderr
    assert not place.socket.exists() and place.status() is None


def test_stop_and_status(place: Place) -> None:
    assert place.regola("daemon", "status").returncode == 1
    started = place.regola("daemon", "start")
    assert started.returncode == 0 and "running, pid" in started.stdout
    stopped = place.regola("daemon", "stop")
    assert "stopped pid" in stopped.stdout
    assert not place.socket.exists()
    assert place.regola("daemon", "status").returncode == 1
    assert place.regola("daemon", "stop").returncode == 0  # nothing to stop is not an error


def test_off_and_ci_start_no_daemon(place: Place) -> None:
    for env in ({"REGOLA_DAEMON": "off"}, {"REGOLA_DAEMON": "", "CI": "true"}):
        assert place.regola("check", VARIANT, **env).returncode == 0
    assert place.regola("check", "--no-daemon", VARIANT).returncode == 0
    time.sleep(1.0)  # a daemon that was started would be up by now
    assert place.status() is None


def test_an_outdated_daemon_is_replaced(place: Place) -> None:
    """A daemon whose code changed answers "restart": the client runs the check and starts a fresh one."""
    place.socket.parent.mkdir(mode=0o700)
    outdated = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    outdated.bind(str(place.socket))
    outdated.listen()

    def answer_once() -> None:
        conn, _ = outdated.accept()
        with conn:
            while conn.recv(1 << 16):
                pass
            conn.sendall(json.dumps({"retry": "the daemon's code changed", "restart": True}).encode())

    thread = threading.Thread(target=answer_once)
    thread.start()
    try:
        done = place.regola("check", VARIANT)
        thread.join(timeout=30)
        assert done.returncode == 0 and "0 errors" in done.stdout
        _, served = place.wait_for(running=True)  # type: ignore[misc]
        assert served == 0
    finally:
        outdated.close()


# --- the daemon's decisions, in this process -----------------------------------------------------


def _request(**fields: object) -> bytes:
    message = {"op": "run", "argv": ["check", str(VARIANT)], "cwd": str(REPO), "env": {}, "tty": [False, False],
               "identity": address.identity()}
    return json.dumps({**message, **fields}).encode()


@pytest.mark.parametrize("raw", [
    b"not json", b"[1, 2]", _request(identity="another installation"), _request(op="reboot"),
    _request(argv=["play", "--players", "4"]), _request(argv=[]), _request(argv="check"),
    _request(env={"A": 1}), _request(tty=[True]),
])
def test_a_request_it_cannot_serve_is_handed_back(raw: bytes, tmp_path: Path) -> None:
    daemon = Daemon(str(tmp_path), 1.0, main)
    reply = daemon.answer(raw)
    assert set(reply) == {"retry"} and daemon.requests == 0 and not daemon.stopping


def test_a_daemon_whose_code_changed_stops_and_asks_for_a_fresh_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "some_module.py"
    source.write_text("value = 1\n", encoding="utf-8")
    module = types.ModuleType("regola_test_some_module")
    module.__file__ = str(source)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    daemon = Daemon(str(tmp_path), 1.0, main)
    daemon.code.add_loaded()
    assert daemon.code.changed() == []
    source.write_text("value = 22\n", encoding="utf-8")
    assert daemon.code.changed() == [str(source)]
    reply = daemon.answer(_request())
    assert reply.get("restart") is True and daemon.stopping and daemon.requests == 0


def test_a_run_restores_the_daemons_own_folder_and_environment(tmp_path: Path) -> None:
    daemon = Daemon(str(tmp_path), 1.0, main)
    before = dict(os.environ)
    cwd = os.getcwd()
    try:
        reply = daemon.answer(_request(argv=["check", VARIANT.name], cwd=str(VARIANT.parent),
                                       env={**os.environ, "REGOLA_TEST_MARK": "x"}))
        assert reply["exit"] == 0, reply
        assert os.getcwd() == cwd and os.environ == before  # the check ran in a child of its own
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize(("value", "ci", "expected"), [
    ("", "", True), ("on", "true", True), ("off", "", False), ("0", "", False), ("", "true", False),
    ("", "false", True), ("auto", "1", False),
])
def test_policy(value: str, ci: str, expected: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_DAEMON", value)
    monkeypatch.setenv("CI", ci)
    assert client.policy() is expected


def test_no_daemon_in_a_folder_others_can_enter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert address.folder() == str(tmp_path / "regola")
    assert (tmp_path / "regola").stat().st_mode & 0o777 == 0o700
    os.chmod(tmp_path / "regola", 0o755)
    assert address.folder() is None
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / ("x" * 120)))  # too long for a socket path
    assert address.folder() is None


def test_a_daemon_whose_socket_was_deleted_stops(place: Place) -> None:
    process = subprocess.Popen([str(REGOLA), "daemon", "run", "--idle", "8"], env=place.env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        place.wait_for(running=True)
        place.socket.unlink()  # what a cleaner of /tmp may do
        _, log = process.communicate(timeout=15)  # it looks every 2 s (a quarter of its idle time)
    finally:
        process.kill()
    assert process.returncode == 0 and "stopping: its socket is gone" in log


def test_a_reader_that_left_is_no_error(place: Place) -> None:
    """`regola check | head`: the pipe is closed before the output comes; exit 0, no traceback."""
    assert place.regola("daemon", "start").returncode == 0
    results = []
    for how in ((), ("--no-daemon",)):
        reader, writer = os.pipe()
        os.close(reader)
        try:
            done = subprocess.run([str(REGOLA), "check", *how, BROKEN[0]], cwd=REPO, env=place.env,
                                  stdout=writer, stderr=subprocess.PIPE, text=True, timeout=120, check=False)
        finally:
            os.close(writer)
        results.append((done.returncode, done.stderr))
    assert results[0] == results[1] == (0, "")
    assert place.status()[1] == 1  # type: ignore[index]


def test_where_no_daemon_is_possible_check_runs_in_process(place: Place, tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    (shared / "regola").mkdir(parents=True)
    os.chmod(shared / "regola", 0o777)  # others could plant a socket here: no daemon
    done = place.regola("check", VARIANT, XDG_RUNTIME_DIR=str(shared))
    assert done.returncode == 0 and "0 errors" in done.stdout
    for action in ("status", "start", "run"):
        refused = place.regola("daemon", action, XDG_RUNTIME_DIR=str(shared))
        assert refused.returncode == 1 and "not available here" in refused.stderr
    assert list((shared / "regola").iterdir()) == []


def test_an_idle_time_that_is_not_a_number_is_said(place: Place) -> None:
    process = subprocess.Popen([str(REGOLA), "daemon", "run"], env={**place.env, "REGOLA_DAEMON_IDLE": "soon"},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        place.wait_for(running=True)
        assert place.regola("daemon", "stop").returncode == 0
        _, log = process.communicate(timeout=30)
    finally:
        process.kill()
    assert "REGOLA_DAEMON_IDLE='soon' is not a positive number of seconds; using 900" in log
    assert "Traceback" not in log and process.returncode == 0


# --- a runaway request cannot take the daemon hostage (issue 9, seen 2) ------------------------------


def _runaway(tmp_path: Path) -> Path:
    """A variant that passes the schema and whose hashing expands an alias chain to 9**10 values: with the
    loader's bounds raised by the client's environment, the check in the daemon runs away."""
    lines = ["variant:", "  id: runaway", "  base: cs", "  title: Runaway", "  cites: [R1]", "  changes:",
             "    - op: add", "      path: /extra", "      value:", "        x0: &x0 [a, a, a, a, a, a, a, a, a]"]
    lines += [f"        x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 9) + "]" for i in range(1, 10)]
    path = tmp_path / "runaway.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _ask_runaway(place: Place, path: Path, box: dict[str, object]) -> None:
    env = {**place.env, "REGOLA_MAX_NODES": str(10**12), "REGOLA_MAX_YAML_ALIASES": "1000"}
    message = {"op": "run", "argv": ["check", str(path)], "cwd": str(REPO), "env": env, "tty": [False, False]}
    started = time.monotonic()
    box["reply"] = client.ask(str(place.runtime / "regola"), message, timeout=100)
    box["seconds"] = time.monotonic() - started


def _busy(place: Place, seconds: float = 30.0) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done = place.regola("daemon", "status")
        if "busy for" in done.stdout:
            return done.stdout
        time.sleep(0.1)
    raise AssertionError("the daemon never said it was busy")


def test_a_runaway_check_is_ended_and_the_next_client_still_gets_its_answer(place: Place, tmp_path: Path) -> None:
    place.env["REGOLA_DAEMON_WARMUP"] = "check"  # many checks served: warm once
    env = {"REGOLA_DAEMON_TIMEOUT": "4", "REGOLA_DAEMON_MEMORY": "700"}
    assert place.regola("daemon", "start", **env).returncode == 0
    pid = place.status()[0]  # type: ignore[index]
    box: dict[str, object] = {}
    runaway = threading.Thread(target=_ask_runaway, args=(place, _runaway(tmp_path), box))
    runaway.start()
    try:
        said = _busy(place)  # status answers while the check runs, and says what it runs
        assert f"pid {pid}" in said and "runaway.yaml" in said
        nxt = place.regola("check", VARIANT)  # served beside the runaway, not behind it
        _same(nxt, place.regola("check", "--no-daemon", VARIANT))
    finally:
        runaway.join(timeout=100)
    reply = box["reply"]
    assert isinstance(reply, dict) and set(reply) == {"retry"}, reply  # the client runs it itself
    assert box["seconds"] < 60  # type: ignore[operator]
    assert place.status() is not None and place.status()[0] == pid  # type: ignore[index]  # still serving
    log = (place.runtime / "regola" / Path(address.log_path("x")).name).read_text(encoding="utf-8")
    assert "runaway.yaml" in log and "Traceback" not in log.split("warmed up", 1)[-1].split("runaway")[0]


def test_stop_ends_a_busy_daemon(place: Place, tmp_path: Path) -> None:
    assert place.regola("daemon", "start", REGOLA_DAEMON_TIMEOUT="60", REGOLA_DAEMON_MEMORY="700").returncode == 0
    pid = place.status()[0]  # type: ignore[index]
    box: dict[str, object] = {}
    runaway = threading.Thread(target=_ask_runaway, args=(place, _runaway(tmp_path), box))
    runaway.start()
    try:
        _busy(place)
        stopped = place.regola("daemon", "stop")
        assert stopped.stdout.strip() == f"regola daemon: stopped pid {pid}"
    finally:
        runaway.join(timeout=100)
    reply = box["reply"]
    assert isinstance(reply, dict) and set(reply) == {"retry"} and place.status() is None

"""A run stopped by Ctrl-C or killed outright keeps its finished games; the same command finishes it,
with the same rows as a run never stopped."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time
from pathlib import Path

from tests.processes import descendants
from tests.sim.helpers import regola, table

from regola.cli.main import main

ARGS = ["simulate", "--players", "2", "--bots", "random", "--seed", "11", "--games", "150", "--jobs", "2",
        "--batch", "2"]  # no --quiet: stderr is not a terminal, so no progress bar either


def _run(out: Path) -> subprocess.Popen[str]:
    """The run in its own process, with Ctrl-C as a terminal gives it: a shell that starts this suite in
    the background (``pytest &`` in a script) hands every child SIGINT ignored, and Python then keeps
    ignoring it, so the run could not be interrupted at all."""
    return regola(*ARGS, "--out", str(out), preexec_fn=_ctrl_c_as_at_a_terminal)


def _ctrl_c_as_at_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _frozen(pid: int) -> None:
    """Wait until the process is really stopped (state T in /proc), not just sent SIGSTOP."""
    deadline = time.monotonic() + 10
    while Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("T", "t", "Z"):
        assert time.monotonic() < deadline, "the run did not stop within 10 s of SIGSTOP"
        time.sleep(0.001)


def _start_and_stop(out: Path, sig: int) -> tuple[int, str]:
    """Start the run and send ``sig`` once it has kept some games and not all of them.

    The games are counted only while the run is frozen (SIGSTOP), so it cannot finish between the
    count and the signal, however loaded the machine (it once did, with all 150 games): the signal
    waits while the run is stopped and is delivered as it resumes, before it runs another line. A run
    frozen after it has written its last game is past the point a signal can stop (it once exited 0
    that way): it is let finish and started again in a clean folder.
    """
    for _ in range(5):
        proc = _run(out)
        deadline = time.monotonic() + 60
        kept = 0
        while True:
            assert proc.poll() is None, proc.communicate()
            proc.send_signal(signal.SIGSTOP)
            _frozen(proc.pid)
            assert proc.poll() is None, "the run ended before any game could be counted"
            if list((out / "games").glob("*.parquet")):
                kept = table(out).num_rows
                break
            proc.send_signal(signal.SIGCONT)
            assert time.monotonic() < deadline, "no game was written within a minute"
            time.sleep(0.02)
        if kept < 150:
            proc.send_signal(sig)
            proc.send_signal(signal.SIGCONT)
            _, err = proc.communicate(timeout=60)
            return proc.returncode, err
        proc.send_signal(signal.SIGCONT)  # every game written: too late to stop it; again, from nothing
        proc.communicate(timeout=60)
        shutil.rmtree(out)
    raise AssertionError("five runs wrote every game before they could be stopped")


def test_ctrl_c_keeps_finished_games_says_how_to_resume_and_resume_equals_a_whole_run(tmp_path: Path) -> None:
    out = tmp_path / "stopped"
    code, err = _start_and_stop(out, signal.SIGINT)
    assert code == 130, err
    assert "interrupted:" in err and "run the same command again" in err
    assert len(err.strip().splitlines()) == 1, err  # one line: no traceback, no progress bar off a terminal
    kept = table(out).num_rows
    assert 0 < kept < 150 and f"{kept} of 150 games are kept" in err
    assert not list(out.rglob("*.tmp"))
    # what an outside reader sees is whole: no action rows of a game missing from the games table
    assert {p.name for p in (out / "actions").iterdir()} <= {p.name for p in (out / "games").iterdir()}

    killed = tmp_path / "killed"
    code, _ = _start_and_stop(killed, signal.SIGKILL)
    assert code == -signal.SIGKILL

    for folder in (out, killed):
        proc = _run(folder)
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    whole = tmp_path / "whole"  # never stopped; played in this process (the rows do not depend on --jobs)
    assert main([*ARGS, "--jobs", "1", "--out", str(whole)]) == 0
    assert table(out).equals(table(whole)) and table(killed).equals(table(whole))
    assert table(out, "actions").equals(table(whole, "actions"))
    assert table(killed, "actions").equals(table(whole, "actions"))


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_sigterm_ends_every_worker_at_once_and_keeps_the_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "terminated"
    proc = _run(out)
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while len(workers) < 2 or not list((out / "games").glob("*.parquet")):  # loaded: both workers busy
        assert proc.poll() is None and time.monotonic() < deadline, "the run did not start its workers"
        workers |= descendants(proc.pid)
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    ended = time.monotonic()
    assert proc.returncode == 143, err
    assert "stopped:" in err and "run the same command again" in err and "Traceback" not in err
    while any(_alive(pid) for pid in workers):
        assert time.monotonic() - ended < 1.0, [pid for pid in workers if _alive(pid)]
        time.sleep(0.01)
    assert 0 < table(out).num_rows < 150

"""`regola daemon status|start|stop|run`: the background process that makes `regola check` fast.

`regola check` starts a daemon by itself when none answers (unless REGOLA_DAEMON=off, or in CI); these
commands are for looking at it and for stopping it. See docs/CHECK.md, "The check daemon".
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from regola.cli.argtypes import real

T = TypeVar("T")

#: seconds `stop` waits for a daemon to go
WAIT = 15.0
#: seconds `start` waits for a new daemon to answer while it is alive: it checks the repository once
#: before it listens, which takes a second alone and much longer on a loaded machine
START_WAIT = 120.0



def register(sub: Any) -> None:
    p = sub.add_parser("daemon", help="the check daemon that keeps `regola check` fast",
                       description="The check daemon: a background process that has imported the checker "
                       "once, so that each `regola check` costs a few tens of milliseconds. `regola check` "
                       "starts it by itself; REGOLA_DAEMON=off (or --no-daemon) keeps it out.")
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser("status", help="whether a daemon is serving this installation (exit 1 if not)")
    actions.add_parser("start", help="start one in the background, if none is serving")
    actions.add_parser("stop", help="stop the one that is serving, if any")
    fg = actions.add_parser("run", help="serve in the foreground (what `start` runs in the background)")
    fg.add_argument("--idle", type=real(0.1, 7 * 86400), default=None, metavar="SECONDS",
                    help="stop after this long without a request (default: REGOLA_DAEMON_IDLE, else 900)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from regola.daemon import address

    base = address.folder()
    if base is None:
        print("regola daemon: not available here (no Unix sockets, or no private folder for one)",
              file=sys.stderr)
        return 1
    if args.action == "run":
        from regola.cli.main import main
        from regola.daemon import server  # Unix sockets and flock: imported only where they exist

        return server.serve(main, _warm, args.idle)
    action: Callable[[str, dict[str, Any] | None], int] = {"status": _status, "start": _start, "stop": _stop}[
        args.action]
    return action(base, _ask_status(base))


def _warm() -> None:
    """What every check the daemon serves imports, loaded once before it forks a child per request."""
    import regola.check.report
    import regola.check.runner
    import regola.cli.check  # noqa: F401


def _ask_status(base: str) -> dict[str, Any] | None:
    from regola.daemon import client

    return client.ask(base, {"op": "status"}, timeout=5.0)


def _status(base: str, status: dict[str, Any] | None) -> int:
    if status is None:
        print("regola daemon: not running")
        return 1
    print(_describe(status))
    return 0


def _start(base: str, status: dict[str, Any] | None) -> int:
    from regola.daemon import address, client

    if status is None:
        try:
            pid = client.start(base)
        except OSError as err:
            print(f"regola daemon: could not start one: {err}", file=sys.stderr)
            return 1
        status = _wait(lambda: _ask_status(base), START_WAIT, alive=lambda: _alive(pid))
        if status is None:
            print(f"regola daemon: did not start; see {address.log_path(base)}", file=sys.stderr)
            return 1
    print(_describe(status))
    return 0


def _stop(base: str, status: dict[str, Any] | None) -> int:
    from regola.daemon import address, client

    if status is None:
        print("regola daemon: not running")
        return 0
    client.ask(base, {"op": "stop"}, timeout=5.0)
    gone = _wait(lambda: None if os.path.exists(address.socket_path(base)) else True)
    print(f"regola daemon: stopped pid {status['pid']}" if gone else "regola daemon: still stopping")
    return 0


def _wait(probe: Callable[[], T | None], seconds: float = WAIT,
          alive: Callable[[], bool] = lambda: True) -> T | None:
    """The first answer of ``probe`` that is not None, polled for up to ``seconds`` while ``alive()``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = probe()
        if found is not None or not alive():
            return found if found is not None else probe()
        time.sleep(0.05)
    return None


def _alive(pid: int) -> bool:
    """Whether our child ``pid`` still runs (a daemon that found another one serving exits at once)."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False
    return done == 0


def _describe(status: dict[str, Any]) -> str:
    up = time.time() - float(status.get("started", time.time()))
    busy = status.get("busy")
    doing = ""
    if isinstance(busy, dict):
        argv = " ".join(str(a) for a in busy.get("argv", []))
        doing = f"; busy for {float(busy.get('seconds', 0)):.1f} s with `regola {argv}`"
    return (f"regola daemon: running, pid {status.get('pid')}, up {up:.0f} s, {status.get('requests')} "
            f"request(s) served, stops after {status.get('idle'):g} s idle; socket {status.get('socket')}{doing}")

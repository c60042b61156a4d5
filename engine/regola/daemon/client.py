"""Ask this installation's check daemon to run a command, or start one for the next run.

Runs before anything else is imported, so it keeps to the standard library's quick modules: the whole
client costs ~30 ms, against ~250 ms for an interpreter that imports the checker itself.
"""

from __future__ import annotations

import json
import os
import socket
import sys

from regola.daemon import address

# typing, collections.abc and contextlib would cost ~10 ms at run time, a tenth of a served check
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["ask", "policy", "run", "start"]

_OFF = frozenset({"0", "off", "no", "false"})
_ON = frozenset({"1", "on", "yes", "true"})

#: seconds to reach a daemon (a live one accepts at once; a dead one refuses at once)
CONNECT_TIMEOUT = 1.0
#: seconds to wait for an answer before running the command here after all (a whole repository takes ~0.1 s)
ANSWER_TIMEOUT = 120.0


def policy() -> bool:
    """Whether to use (and start) a daemon: REGOLA_DAEMON=on/off decides; unset, yes except in CI.

    CI runs one check per fresh machine: a daemon would only outlive the job (the CI variable is set by
    GitHub Actions, GitLab CI, pre-commit.ci and most others).
    """
    value = os.environ.get("REGOLA_DAEMON", "").strip().lower()
    if value in _OFF or value in _ON:
        return value in _ON
    ci = os.environ.get("CI", "").strip().lower()
    return not ci or ci in _OFF


def ask(base: str, message: dict[str, Any], timeout: float = ANSWER_TIMEOUT) -> dict[str, Any] | None:
    """The daemon's reply to ``message``, or None when no daemon answers (or answers nonsense)."""
    request = json.dumps({**message, "identity": address.identity()}).encode()
    chunks = []
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(CONNECT_TIMEOUT)
            conn.connect(address.socket_path(base))
            conn.settimeout(timeout)
            conn.sendall(request)
            conn.shutdown(socket.SHUT_WR)
            while chunk := conn.recv(1 << 16):
                chunks.append(chunk)
    except OSError:  # no daemon, a socket left by a dead one, a timeout
        return None
    try:
        reply = json.loads(b"".join(chunks))
    except ValueError:
        return None
    return reply if isinstance(reply, dict) else None


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    if "COLUMNS" not in env and sys.stdout.isatty():  # argparse's help is as wide as the client's terminal
        try:  # noqa: SIM105 - see the imports
            env["COLUMNS"] = str(os.get_terminal_size(sys.stdout.fileno()).columns)
        except OSError:
            pass
    return env


def run(argv: Sequence[str]) -> int | None:
    """Run ``argv`` in the daemon: its exit status, with its output written here.

    None means "run it yourself": daemons are off, none answered (one is then started for the next
    run), or the one that answered cannot serve this request.
    """
    if not policy():
        return None
    base = address.folder()
    if base is None:
        return None
    try:
        message = {"op": "run", "argv": list(argv), "cwd": os.getcwd(), "env": _environment(),
                   "tty": [sys.stdout.isatty(), sys.stderr.isatty()]}
    except OSError:  # the working folder is gone
        return None
    reply = ask(base, message)
    if reply is None or reply.get("restart"):
        try:  # noqa: SIM105 - see the imports
            start(base)
        except OSError:  # no daemon this time; the command still runs
            pass
        return None
    status, out, err = reply.get("exit"), reply.get("out"), reply.get("err")
    if not (isinstance(status, int) and isinstance(out, str) and isinstance(err, str)):
        return None
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
        sys.stderr.write(err)
    except BrokenPipeError:  # `regola check | head`: as in-process, the reader's leaving is no error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush at exit
        return 0
    return status


def start(base: str) -> int:
    """Start a daemon in the background, in a session of its own (no terminal, no signals of ours); its pid.

    It does not wait: the daemon needs ~0.5 s to import everything, and this run goes on without it.
    posix_spawn rather than subprocess: no Popen left to warn that its child outlives it, and ~10 ms
    less to import on the run that starts it.
    """
    log = address.log_path(base)
    actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 1, log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600),
               (os.POSIX_SPAWN_DUP2, 1, 2)]
    args = [sys.executable, "-m", "regola.cli.main", "daemon", "run"]
    try:
        return os.posix_spawn(sys.executable, args, os.environ, file_actions=actions, setsid=True)
    except NotImplementedError:  # a libc without POSIX_SPAWN_SETSID: a process group of its own
        return os.posix_spawn(sys.executable, args, os.environ, file_actions=actions, setpgroup=0)

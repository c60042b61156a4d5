"""The check daemon's loop: requests on a Unix socket, one check at a time, until idle, stopped or outdated.

A request runs the command the daemon was handed (``regola daemon run`` hands it the console
script's ``regola.cli.main.main``: the daemon imports no command itself) with the client's arguments,
working folder, environment and terminal flags, its output captured; the reply carries the output and
the exit status. Whatever goes wrong inside the daemon becomes a ``retry`` reply, and the client runs
the command itself: a daemon can make a check faster, never different.

What a long life must not get wrong:
- data files: every in-process cache of packs, schemas and catalogs is keyed by the stamps of the
  files it was built from, as for a single run;
- its own code: the files of every loaded module are stamped; after any change the daemon answers
  ``restart`` and stops, and the client starts a fresh one;
- memory: those caches keep one entry per file, and the daemon stops after MAX_REQUESTS anyway.

What a hostile or runaway request must not do (issue 9): hold the daemon hostage. Each request has
a thread of its own, so ``status`` and ``stop`` are answered at any time, and each check runs in a
child forked from the daemon (which has imported everything and warmed its caches on the
repository), with a memory bound (RLIMIT_AS) and a time bound. A check that passes either is killed
and its client gets a ``retry``: it runs the check in its own process, under the loader's bounds. At
most CHILDREN checks run at once, so one runaway never blocks the next. A forked child, not a
thread: a check stuck in C code (a JSON dump of a huge value) holds the interpreter lock and would
freeze every thread of the daemon, its watchdog too.
"""

from __future__ import annotations

import contextlib
import fcntl
import io
import json
import os
import resource
import select
import signal
import socketserver
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from typing import IO, Any

from regola.daemon import address, client

__all__ = ["COMMANDS", "IDLE_SECONDS", "CodeStamps", "Daemon", "serve"]

#: the commands a daemon runs (a game or a server stays in its own process)
COMMANDS = frozenset({"check"})
#: seconds without a request before the daemon stops (REGOLA_DAEMON_IDLE overrides)
IDLE_SECONDS = 900.0
#: at most this many seconds (and a quarter of the idle time) between looks at whether the daemon is
#: idle, stopping, and its socket still there (requests are served in threads: the loop only accepts)
WAKE_SECONDS = 0.25
#: requests served before the daemon stops and leaves its place to a fresh one
MAX_REQUESTS = 1000
#: seconds a new daemon waits for the lock of one that is stopping and no longer answers (code change)
LOCK_WAIT = 3.0
#: the log is emptied by the next daemon once it grows past this
MAX_LOG_BYTES = 1 << 20
#: seconds a connected client has to send its whole request
REQUEST_TIMEOUT = 10.0
#: bytes a request may have (its argv, working folder and environment; a shell's are a few KiB)
MAX_REQUEST_BYTES = 1 << 20
#: checks that run at once, each in its own child process
CHILDREN = 2
#: seconds a check may wait for a free child slot; then its client runs it itself
BUSY_WAIT = 15.0
#: seconds one check may run before its child is killed (REGOLA_DAEMON_TIMEOUT overrides)
RUN_SECONDS = 30.0
#: memory (MiB) a check may add to the daemon's before its child fails (REGOLA_DAEMON_MEMORY overrides)
MEMORY_MIB = 1024.0


def log(message: str) -> None:
    """One line in the daemon's log (its own stderr, never a client's captured output)."""
    stream = sys.__stderr__
    if stream is not None:
        print(f"regola daemon: pid {os.getpid()} {message}", file=stream, flush=True)


def _bound_memory(extra_mib: float) -> None:
    """In a child: let its address space grow by at most ``extra_mib`` beyond what it inherited."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            inherited = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return  # no /proc (macOS, where RLIMIT_AS is not enforced anyway): the time bound still holds
    limit = inherited + int(extra_mib * 1024 * 1024)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class CodeStamps:
    """The file of every loaded module with its (mtime, size): the code this daemon is running."""

    def __init__(self) -> None:
        self._stamps: dict[str, tuple[int, int] | None] = {}

    def add_loaded(self) -> None:
        """Stamp the modules imported since the last call (a check imports some only when needed)."""
        for module in list(sys.modules.values()):
            path = getattr(module, "__file__", None)
            if isinstance(path, str) and path not in self._stamps:
                self._stamps[path] = _stamp(path)

    def changed(self) -> list[str]:
        """The stamped files that changed or went away since they were stamped."""
        return [path for path, stamp in self._stamps.items() if _stamp(path) != stamp]

    def __len__(self) -> int:
        return len(self._stamps)


class _Captured(io.StringIO):
    """A captured stdout/stderr that answers isatty() as the client's own stream would (colour)."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


@contextlib.contextmanager
def _as_client(cwd: str, env: dict[str, str]) -> Iterator[None]:
    """The client's working folder and environment for the length of one request."""
    own = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        os.chdir(cwd)
        yield
    finally:
        os.environ.clear()
        os.environ.update(own)
        os.chdir("/")


def _valid_run(message: dict[str, Any]) -> str | None:
    """Why a run request cannot be served, or None."""
    argv, cwd, env, tty = (message.get(k) for k in ("argv", "cwd", "env", "tty"))
    if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv)):
        return "argv is not a list of strings"
    if argv[0] not in COMMANDS:
        return f"the daemon does not run '{argv[0]}'"
    if not isinstance(cwd, str) or not isinstance(env, dict):
        return "cwd or env missing"
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
        return "env is not a mapping of strings"
    if not (isinstance(tty, list) and len(tty) == 2 and all(isinstance(t, bool) for t in tty)):
        return "tty is not two booleans"
    return None


class Daemon:
    """What one daemon knows: when it started, what it has served, whether it must stop."""

    def __init__(self, base: str, idle: float, command: Callable[[list[str]], int],
                 run_seconds: float = RUN_SECONDS, memory_mib: float = MEMORY_MIB) -> None:
        self.base = base
        self.command = command
        self.idle = idle
        self.run_seconds = run_seconds
        self.memory_mib = memory_mib
        self.started = time.time()
        self.last_request = time.monotonic()
        self.requests = 0
        self.stopping = False
        self.code = CodeStamps()
        self.slots = threading.BoundedSemaphore(CHILDREN)
        self.running: dict[int, tuple[list[str], float]] = {}  # child pid -> (argv, monotonic start)

    def stop(self, why: str) -> None:
        """Stop after the requests being served (if any), saying why in the log."""
        self.stopping = True
        log(f"stopping: {why}")

    def kill_children(self) -> None:
        for pid in list(self.running):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    def answer(self, raw: bytes) -> dict[str, Any]:
        """The reply to one request (never raises: a failure is a ``retry``)."""
        try:
            message = json.loads(raw)
        except ValueError:
            return {"retry": "the request is not JSON"}
        if not isinstance(message, dict):
            return {"retry": "the request is not a JSON object"}
        if message.get("identity") != address.identity():
            return {"retry": "this daemon serves another installation or protocol"}
        op = message.get("op")
        if op == "status":
            return self.status()
        if op == "stop":
            self.stop("asked to")
            return {"stopping": True, "pid": os.getpid()}
        if op != "run":
            return {"retry": f"unknown request '{op}'"}
        problem = _valid_run(message)
        if problem:
            return {"retry": problem}
        if not self.slots.acquire(timeout=BUSY_WAIT):
            return {"retry": f"{CHILDREN} checks have been running for more than {BUSY_WAIT:g} s"}
        try:
            if self.stopping:
                return {"retry": "the daemon is stopping"}
            changed = self.code.changed()
            if changed:
                self.stop(f"its code changed ({changed[0]})")
                return {"retry": "the daemon's code changed", "restart": True}
            self.requests += 1
            if self.requests >= MAX_REQUESTS:
                self.stop(f"{MAX_REQUESTS} requests served; the next client starts a fresh daemon")
            return self.run_in_child(message["argv"], message["cwd"], message["env"], message["tty"])
        finally:
            self.slots.release()

    def run_in_child(self, argv: list[str], cwd: str, env: dict[str, str], tty: list[bool]) -> dict[str, Any]:
        """``run`` in a forked child, under the memory and time bounds; a ``retry`` when it passes one."""
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: run, write the reply, leave without running the daemon's exit code
            status = 0
            try:
                os.close(reader)
                _bound_memory(self.memory_mib)
                reply: Any
                try:
                    reply = self.run(argv, cwd, env, tty)
                except MemoryError:
                    reply = {"retry": f"the check needed more than {self.memory_mib:g} MiB"}
                data = json.dumps(reply).encode()
                with os.fdopen(writer, "wb") as pipe:
                    pipe.write(data)
            except BaseException:
                status = 1
            finally:
                os._exit(status)
        os.close(writer)
        self.running[pid] = (argv, time.monotonic())
        try:
            data, timed_out = _read_until(reader, time.monotonic() + self.run_seconds)
        finally:
            os.close(reader)
        if timed_out:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        self.running.pop(pid, None)
        if timed_out:
            log(f"killed a check that ran longer than {self.run_seconds:g} s: regola {' '.join(argv)}")
            return {"retry": f"the check ran longer than {self.run_seconds:g} s in the daemon"}
        try:
            reply = json.loads(data)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            log(f"a check ended without a reply (killed, or out of memory): regola {' '.join(argv)}")
            return {"retry": "the check ended without a reply in the daemon"}
        if "retry" in reply:
            log(f"handed back: {reply['retry']}: regola {' '.join(argv)}")
        return reply

    def run(self, argv: list[str], cwd: str, env: dict[str, str], tty: list[bool]) -> dict[str, Any]:
        """One command, as the client would have run it in its own process."""
        out, err = _Captured(tty[0]), _Captured(tty[1])
        try:
            with _as_client(cwd, env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = self.command(argv)
                except SystemExit as stop:  # argparse: usage errors (2) and --help (0)
                    status = _exit_status(stop.code, err)
        except Exception as exc:  # the client runs it itself and shows the real error there
            traceback.print_exc(file=sys.stderr)
            return {"retry": f"the daemon failed: {type(exc).__name__}: {exc}"}
        return {"exit": status, "out": out.getvalue(), "err": err.getvalue()}

    def status(self) -> dict[str, Any]:
        now = time.monotonic()
        running = list(self.running.values())
        busy = None if not running else {"argv": running[0][0], "seconds": now - running[0][1],
                                         "checks": len(running)}
        return {"pid": os.getpid(), "started": self.started, "requests": self.requests, "idle": self.idle,
                "socket": address.socket_path(self.base), "modules": len(self.code), "busy": busy,
                "bounds": {"seconds": self.run_seconds, "memory_mib": self.memory_mib}}


def _read_until(fd: int, deadline: float) -> tuple[bytes, bool]:
    """Everything a child writes to ``fd`` until it closes it; (what came, whether the deadline passed)."""
    chunks: list[bytes] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return b"".join(chunks), True
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks), False
        chunks.append(chunk)


def _exit_status(code: object, err: IO[str]) -> int:
    """What the interpreter would exit with for SystemExit(code)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=err)
    return 1


class _Handler(socketserver.StreamRequestHandler):
    timeout = REQUEST_TIMEOUT

    def handle(self) -> None:
        daemon: Daemon = self.server.daemon  # type: ignore[attr-defined]
        raw = self.rfile.read(MAX_REQUEST_BYTES + 1)  # never more: a request is argv, a folder and an environment
        if len(raw) > MAX_REQUEST_BYTES:
            reply: dict[str, Any] = {"retry": f"the request is larger than {MAX_REQUEST_BYTES} bytes"}
        else:
            reply = daemon.answer(raw)
        self.wfile.write(json.dumps(reply).encode())
        self.wfile.flush()
        daemon.last_request = time.monotonic()
        if reply.get("stopping"):
            daemon.kill_children()  # their clients get a retry and run the checks themselves


class _Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True  # a request thread never keeps a stopping daemon alive
    daemon: Daemon
    request_queue_size = 64  # clients wait their turn (a pre-commit run may start several at once)

    def handle_timeout(self) -> None:
        daemon = self.daemon
        if time.monotonic() - daemon.last_request >= daemon.idle:
            daemon.stop(f"idle for {daemon.idle:g} s")
        elif not os.path.exists(self.server_address):  # type: ignore[arg-type]
            daemon.stop("its socket is gone")  # deleted (a cleaner of /tmp): nobody can reach it any more

    def handle_error(self, request: Any, client_address: Any) -> None:
        # e.g. a client that went away (Ctrl-C) before its reply: one line, and serve the next
        log(f"a request failed: {sys.exc_info()[1]!r}")


def _lock(base: str) -> IO[str] | None:
    """The daemon lock, held until this process ends; None if another daemon keeps it."""
    handle = open(address.lock_path(base), "a")  # noqa: SIM115 - held for the daemon's whole life
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return handle
        except OSError:
            if time.monotonic() >= deadline or client.ask(base, {"op": "status"}, timeout=1.0) is not None:
                handle.close()  # the holder is serving (or will not let go): leave it be
                return None
            time.sleep(0.05)


def _preload(daemon: Daemon, warm: Callable[[], None]) -> None:
    """Import what a check needs now (``warm``), and check the repository once, so that every child
    forked for a request starts with the schemas compiled and the packs loaded (each child's own work is
    lost with it). REGOLA_DAEMON_WARMUP=imports stops after the imports: the daemon listens a few
    seconds sooner and each check it serves loads its packs itself (the daemon tests, which start a
    daemon each)."""
    warm()
    if os.environ.get("REGOLA_DAEMON_WARMUP", "").strip().lower() == "imports":
        log("warmed up: imports only (REGOLA_DAEMON_WARMUP=imports)")
        return
    started = time.monotonic()
    reply = daemon.run(["check"], "/", dict(os.environ), [False, False])
    log(f"warmed up in {time.monotonic() - started:.2f} s (exit {reply.get('exit', reply.get('retry'))})")


def _number_from_environment(name: str, default: float, unit: str) -> float:
    value = os.environ.get(name, "")
    try:
        number = float(value) if value.strip() else default
    except ValueError:
        number = -1.0
    if number > 0:
        return number
    print(f"regola daemon: {name}={value!r} is not a positive number of {unit}; using {default:g}",
          file=sys.stderr, flush=True)
    return default


def _idle_from_environment() -> float:
    return _number_from_environment("REGOLA_DAEMON_IDLE", IDLE_SECONDS, "seconds")


def serve(command: Callable[[list[str]], int], warm: Callable[[], None], idle: float | None = None) -> int:
    """Serve until idle, stopped, outdated or signalled; 0, also when another daemon is already serving.
    Each request runs ``command`` (the console script's, handed in by ``regola daemon run``: the daemon
    knows no command itself) on its arguments in a forked child; ``warm`` imports what it needs first."""
    base = address.folder()
    if base is None:
        print("regola daemon: no safe folder for the socket on this system", file=sys.stderr)
        return 1
    lock = _lock(base)
    if lock is None:
        return 0  # another daemon serves this installation
    os.chdir("/")  # hold no folder of the user's open
    with contextlib.suppress(OSError):
        if os.path.getsize(address.log_path(base)) > MAX_LOG_BYTES:
            os.truncate(address.log_path(base), 0)
    idle = idle if idle is not None else _idle_from_environment()
    daemon = Daemon(base, idle, command,
                    _number_from_environment("REGOLA_DAEMON_TIMEOUT", RUN_SECONDS, "seconds"),
                    _number_from_environment("REGOLA_DAEMON_MEMORY", MEMORY_MIB, "MiB"))
    _preload(daemon, warm)
    daemon.code.add_loaded()
    path = address.socket_path(base)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)  # left by a daemon that died: we hold the lock, so it is nobody's now
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    previous = os.umask(0o177)  # the socket is born 0600
    try:
        server = _Server(path, _Handler)
    finally:
        os.umask(previous)
    server.daemon = daemon
    server.timeout = min(idle / 4, WAKE_SECONDS)
    print(f"regola daemon: pid {os.getpid()} serving on {path}", file=sys.stderr, flush=True)
    try:
        while not daemon.stopping:
            server.handle_request()
            daemon.code.add_loaded()
        deadline = time.monotonic() + daemon.run_seconds
        while daemon.running and time.monotonic() < deadline:  # let the checks being served reply
            time.sleep(0.05)
    finally:
        server.server_close()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        lock.close()
    return 0

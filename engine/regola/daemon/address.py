"""Where the check daemon of this installation listens, and whether this machine allows one.

One daemon per Python environment and regola installation. Its socket lives in a folder that only the
user can enter ($XDG_RUNTIME_DIR/regola, else $TMPDIR/regola-<uid>), so file permissions decide who
may talk to it, as for ssh-agent. The client imports this module, so it uses only modules the
interpreter has loaded at start (``tempfile`` alone would cost ~20 ms, more than a whole client run).
"""

from __future__ import annotations

import os
import stat
import sys
import zlib

__all__ = ["PROTOCOL", "folder", "identity", "lock_path", "log_path", "socket_path"]

#: bumped when a request or reply changes shape: a client never talks to a daemon of another protocol
PROTOCOL = 1

#: AF_UNIX paths are limited to 108 bytes on Linux and 104 on macOS
_MAX_SOCKET_PATH = 100

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def identity() -> str:
    """What a daemon must share with a client to answer it: environment, interpreter, regola, protocol.

    The interpreter by its real path: `python`, `python3` and the console script's shebang of one
    environment are the same interpreter, and share one daemon.
    """
    return f"{sys.prefix}\n{os.path.realpath(sys.executable)}\n{_PACKAGE}\n{PROTOCOL}"


def folder() -> str | None:
    """The daemon folder (created, mode 0700), or None where a daemon is not possible or not safe.

    None on a system without Unix sockets, when the folder cannot be made, and when it exists but is
    not a folder of this user's that only this user can enter.
    """
    if os.name != "posix":
        return None
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime:
        base = os.path.join(runtime, "regola")
    else:
        base = os.path.join(os.environ.get("TMPDIR") or "/tmp", f"regola-{os.getuid()}")
    try:
        os.mkdir(base, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    try:
        info = os.lstat(base)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None
    if len(os.fsencode(socket_path(base))) > _MAX_SOCKET_PATH:
        return None
    return base


def _name() -> str:
    return f"{zlib.crc32(identity().encode()):08x}"


def socket_path(base: str) -> str:
    return os.path.join(base, _name() + ".sock")


def lock_path(base: str) -> str:
    """Held (flock) by the running daemon for its whole life: two daemons never serve one socket."""
    return os.path.join(base, _name() + ".lock")


def log_path(base: str) -> str:
    """The daemon's own output: start-up failures and requests that failed inside it."""
    return os.path.join(base, _name() + ".log")

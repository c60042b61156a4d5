"""A throwaway PostgreSQL server for the tests: Debian's binaries (initdb, pg_ctl) in a temporary folder,
listening only on a Unix socket there (no network). Skips cleanly where the binaries or psycopg are
missing. As root (CI), the server runs as the 'postgres' user (or 'nobody'), since PostgreSQL refuses root."""

from __future__ import annotations

import functools
import glob
import os
import pwd
import random
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _become(uid: int, gid: int) -> None:
    os.setgid(gid)
    os.setuid(uid)


def _demote() -> tuple[Callable[[], None] | None, int | None]:
    if os.geteuid() != 0:
        return None, None
    for name in ("postgres", "nobody"):
        try:
            user = pwd.getpwnam(name)
        except KeyError:
            continue
        return functools.partial(_become, user.pw_uid, user.pw_gid), user.pw_uid
    pytest.skip("running as root and no 'postgres' or 'nobody' user to run PostgreSQL as")
    raise AssertionError  # unreachable


@contextmanager
def postgres_server() -> Iterator[str]:
    """The URL of a fresh server; stopped (and its folder removed) afterwards."""
    pytest.importorskip("psycopg")
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("no PostgreSQL binaries here (apt-get install postgresql)")
    become, uid = _demote()
    folder = Path(tempfile.mkdtemp(prefix="regola-pg-"))
    folder.chmod(0o755)
    data, sockets = folder / "data", folder / "sockets"
    sockets.mkdir()
    if uid is not None:
        os.chown(folder, uid, -1)
        os.chown(sockets, uid, -1)
    port = random.randint(20_000, 40_000)
    env = {**os.environ, "LC_ALL": "C"}
    try:
        subprocess.run([initdb, "-D", str(data), "-A", "trust", "-U", "regola", "--no-sync", "-E", "UTF8"],
                       check=True, capture_output=True, preexec_fn=become, env=env, cwd=folder)
        options = f"-k {sockets} -c listen_addresses='' -p {port} -c fsync=off"
        subprocess.run([pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "-t", "60", "start"],
                       check=True, capture_output=True, preexec_fn=become, env=env, cwd=folder)
        yield f"postgresql://regola@/postgres?host={sockets}&port={port}"
    finally:
        subprocess.run([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"], capture_output=True,
                       preexec_fn=become, env=env, cwd=folder)
        shutil.rmtree(folder, ignore_errors=True)

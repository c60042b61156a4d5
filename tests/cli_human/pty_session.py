"""`regola play --human` driven through a real pseudo-terminal of a fixed size (standard library only)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROWS, COLUMNS = 24, 80


class Session:
    """One `regola play` in a 24×80 pseudo-terminal; ``expect`` reads until a pattern shows up."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "LANG", "LC_ALL")}
        environment.update(env or {})
        self.proc = subprocess.Popen([sys.executable, "-m", "regola.cli.entry", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=environment, close_fds=True,
                                     cwd=Path(__file__).resolve().parents[2])
        os.close(slave)
        self.fd = master
        self.seen = ""  # everything printed so far
        self.mark = 0  # where the last expect() stopped

    def expect(self, pattern: str, timeout: float = 30.0) -> str:
        """Read until ``pattern`` (a regex) appears after the last match; return the text read up to it."""
        wanted = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            found = wanted.search(self.seen, self.mark)
            if found:
                chunk = self.seen[self.mark:found.end()]
                self.mark = found.end()
                return chunk
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {pattern!r}; last output:\n{self.seen[-2000:]}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:  # the child closed the terminal
                    data = b""
                if not data:
                    raise AssertionError(f"the game ended while waiting for {pattern!r}:\n{self.seen[-2000:]}")
                self.seen += data.decode("utf-8", "replace").replace("\r\n", "\n")

    def send(self, line: str) -> None:
        os.write(self.fd, line.encode("utf-8") + b"\n")

    def end(self) -> int:
        os.write(self.fd, b"\x04")  # Ctrl-D: end of input
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:  # read what the game says last, until it closes the terminal
                ready, _, _ = select.select([self.fd], [], [], 1)
                if ready:
                    try:
                        data = os.read(self.fd, 65536)
                    except OSError:
                        break
                    if not data:
                        break
                    self.seen += data.decode("utf-8", "replace").replace("\r\n", "\n")
                elif self.proc.poll() is not None:
                    break
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.fd)


def screen_rows(text: str, width: int = COLUMNS) -> int:
    """Terminal rows the text takes (long lines wrap)."""
    return sum(max(1, -(-len(line) // width)) for line in text.split("\n"))


def first_key(screen: str) -> str:
    """The key of the first option shown on a screen (options are numbered 1…N in the order shown)."""
    found = re.search(r"\[(\d+)\] ", screen)
    if found is None:
        raise AssertionError(f"no option on this screen:\n{screen}")
    return found.group(1)

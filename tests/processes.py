"""The process tree, read from /proc: what a test checks is gone when a command or server stops."""

from __future__ import annotations

from pathlib import Path

__all__ = ["descendants"]


def descendants(pid: int) -> set[int]:
    """Every live process descended from ``pid`` (the fork server and the workers it forked)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":  # a zombie is dead, only not yet reaped
                parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for child, its_parent in parents.items():
            if its_parent == parent and child not in found:
                found.add(child)
                frontier.append(child)
    return found

"""The `regola` console script: `check` is first offered to the check daemon (see regola.daemon).

Only this module and the daemon's client are imported before the daemon answers; everything else is
imported by `regola.cli.main` when the command runs in this process.
"""

from __future__ import annotations

import sys


def main() -> int:
    argv = sys.argv[1:]
    one_shot_collector()
    if argv[:1] == ["check"] and "--no-daemon" not in argv:
        from regola.daemon.client import run as run_in_daemon

        status = run_in_daemon(argv)
        if status is not None:
            return status
    from regola.cli.main import main as run_here

    try:
        return run_here(argv)
    finally:
        quick_exit()


def one_shot_collector() -> None:
    """A command runs once and ends: the cycle collector may run less often than in a long-lived
    process. Its default (a pass every 700 new objects) walked a 1 MiB file's million objects again and
    again while a check worded its findings (a wide mapping: 1.03 s, 0.83 s with this; a long list of
    changes 1.33 s, 0.97 s). Never called by the server or the daemon, which live on."""
    import gc

    gc.set_threshold(50_000, 20, 100)


def quick_exit() -> None:
    """Spare the exit its last walk over every object: a command that read a 1 MiB file holds a
    million of them, and the cycle collector's pass at shutdown took 1.1 s of a 2.4 s check. Frozen
    objects are left out of that pass; everything is still freed and every cleanup still runs."""
    import gc

    gc.freeze()


if __name__ == "__main__":
    sys.exit(main())

"""The `regola` console script: `check` is first offered to the check daemon (see regola.daemon).

Only this module and the daemon's client are imported before the daemon answers; everything else is
imported by `regola.cli.main` when the command runs in this process.
"""

from __future__ import annotations

import sys


def main() -> int:
    argv = sys.argv[1:]
    if argv[:1] == ["check"] and "--no-daemon" not in argv:
        from regola.daemon.client import run as run_in_daemon

        status = run_in_daemon(argv)
        if status is not None:
            return status
    from regola.cli.main import main as run_here

    return run_here(argv)


if __name__ == "__main__":
    sys.exit(main())

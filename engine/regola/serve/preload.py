"""Imported once by the engine's fork server (``workers.PRELOAD``), before it forks any worker.

Importing the checker, the record referee and the rulebook builder here, and loading the packs of
``REGOLA_HOME`` once, means every worker forked later starts with them in memory: a job pays for its
own work only. This module exists for that side effect and nothing imports it otherwise. A failure
here only makes workers start cold; it never stops the fork server.
"""

from __future__ import annotations

import contextlib


def _warm() -> None:
    import regola.check.report
    import regola.check.runner
    import regola.core.record
    import regola.serve.jobs
    import regola.text.render  # noqa: F401
    from regola import paths
    from regola.core.pack import available_packs, load_pack

    home = paths.home()
    for pack_id in available_packs(home):
        with contextlib.suppress(Exception):
            load_pack(pack_id, home=home)


with contextlib.suppress(Exception):
    _warm()

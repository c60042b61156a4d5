"""Tables over HTTP, mounted into `regola serve` (docs/TABLES.md, "In the browser").

``api.py`` is the JSON API (create a table, a seat's message, decide, take back, the record), ``live.py``
the live updates (server-sent events, resumed from the last line a client saw), ``pages.py`` the
server-rendered pages (create, seat, spectator, hot-seat hand-over) that work without JavaScript,
``replays.py`` the replay viewer of any record; ``static/tables.js`` only subscribes to the live updates
and reloads the page when the table moves. The hall (``tables.hall``) does the refereeing, storing and
bots; nothing here reads a game's state beyond a message's view, except the words of the legal actions
of the seat that holds the token.
"""

from __future__ import annotations

from starlette.routing import BaseRoute

__all__ = ["routes"]


def routes() -> list[BaseRoute]:
    from regola.serve.tables import api, pages, replays

    return [*api.routes(), *pages.routes(), *replays.routes()]

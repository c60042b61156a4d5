"""`regola serve` with one more route, /slow, whose engine job sleeps a minute: a long check on demand.

The shutdown test runs this as its own process (``python -m tests.hostile.slow_serve --port 0 …``), so
the server, its signal handling and its worker pool are the real ones; only the job is made long.
"""

from __future__ import annotations

import sys

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from tests.hostile import jobs

from regola.cli.main import main
from regola.serve import api
from regola.serve.context import client_of, engine_of


async def slow(request: Request) -> Response:
    said = await engine_of(request).run(client_of(request), jobs.sleep, 60.0)
    return Response(said)


_routes = api.routes
api.routes = lambda: [*_routes(), Route("/slow", slow, methods=["GET"])]

if __name__ == "__main__":
    sys.exit(main(["serve", *sys.argv[1:]]))

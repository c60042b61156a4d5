"""The application factory: routes, error replies, gzip, the access log, the guards every request
passes (security headers, a per-client bound), the engine's worker pool, start and shutdown."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response

from regola.core.errors import RegolaError
from regola.serve import api, assets, pages, workshop
from regola.serve.accesslog import AccessLog
from regola.serve.guards import ClientBound, SecurityHeaders
from regola.serve.jobs import JobBoard
from regola.serve.library import Library, NotFound
from regola.serve.replies import Problem, problem
from regola.serve.workers import EngineBounds, EnginePool
from regola.serve.workspace import Workspace
from regola.tables.hall import Hall

__all__ = ["create_app"]

_TITLES = {400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
           413: "Content Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
           429: "Too Many Requests", 503: "Service Unavailable"}


async def _problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    return problem(exc.status, exc.title, exc.detail, request.url.path, headers=exc.headers, **exc.extra)


async def _not_found(request: Request, exc: Exception) -> Response:
    return problem(404, "Not Found", str(exc), request.url.path)


async def _regola_error(request: Request, exc: Exception) -> Response:
    # the engine refused what the request named (a broken posted variant, an unknown language, …)
    return problem(422, "Unprocessable Content", str(exc).splitlines()[0], request.url.path)


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    detail = {404: f"nothing at {request.url.path}",
              405: f"{request.method} is not allowed on {request.url.path}"}.get(exc.status_code, str(exc.detail))
    reply = problem(exc.status_code, _TITLES.get(exc.status_code, "Error"), detail, request.url.path)
    if exc.headers:
        reply.headers.update(exc.headers)  # Allow on a 405
    return reply


async def _bad_value(request: Request, exc: Exception) -> Response:
    # what a request carries that does not parse (a number of 5000 digits, a malformed header value):
    # the client's mistake, answered as one; never a traceback and a dropped connection
    text = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    return problem(400, "Bad Request", f"the request holds a value that cannot be read ({text})", request.url.path)


async def _crash(request: Request, exc: Exception) -> Response:
    logging.getLogger("regola.serve").error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return problem(500, "Internal Server Error", "the server failed; the access log has the request",
                   request.url.path)


def create_app(home: Path, variant_dirs: list[Path] | None = None, library: Library | None = None,
               engine: EngineBounds | None = None, per_client: int = 16, tables: Hall | None = None,
               per_client_streams: int = 64, jobs: JobBoard | None = None) -> Starlette:
    """The ASGI application over the packs of ``home`` (plus variant files from ``variant_dirs``).

    ``engine`` bounds the worker processes that check, replay and build posted rulebooks;
    ``per_client`` is how many requests one client may have under way at once (429 past it), and
    ``per_client_streams`` how many tables' live streams, counted apart;
    ``tables`` is the hall of the tables this server hosts (``regola.serve.tables``), None for none;
    ``jobs`` the workshop's job board (``serve.jobs``), None for none.
    """
    loaded = library if library is not None else Library(home, variant_dirs)
    workspace = Workspace()
    pool = EnginePool(engine or EngineBounds())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        import anyio

        await anyio.to_thread.run_sync(pool.start)
        sweeping = None
        if tables is not None:
            import asyncio

            from regola.serve.tables.live import sweep

            bell.attach(asyncio.get_running_loop())
            tables.on_change = bell.ring
            _, failed = await anyio.to_thread.run_sync(tables.restore)
            for line in failed:
                logging.getLogger("regola.tables").warning("%s", line)
            sweeping = asyncio.get_running_loop().create_task(sweep(tables))
        running_jobs = None
        if jobs is not None:
            import asyncio

            running_jobs = asyncio.get_running_loop().create_task(jobs.run())
        try:
            yield
        finally:
            if running_jobs is not None:
                running_jobs.cancel()
                with contextlib.suppress(BaseException):
                    await running_jobs
                if jobs is not None:
                    jobs.close()
            pool.close()  # SIGTERM never waits for a runaway job
            workspace.close()
            if sweeping is not None:
                sweeping.cancel()
            if tables is not None:
                tables.close()

    from regola.serve.tables import routes as table_routes
    from regola.serve.tables.live import Bell

    bell = Bell()
    app = Starlette(
        routes=[*api.routes(), *assets.routes(), *table_routes(), *workshop.routes(), *pages.routes()],
        middleware=[Middleware(AccessLog), Middleware(SecurityHeaders),
                    Middleware(ClientBound, limit=per_client, streams=per_client_streams),
                    Middleware(GZipMiddleware, minimum_size=1024)],
        exception_handlers={Problem: _problem, NotFound: _not_found, RegolaError: _regola_error,
                            HTTPException: _http, ValueError: _bad_value, Exception: _crash},
        lifespan=lifespan,
    )
    app.state.library = loaded
    app.state.workspace = workspace
    app.state.engine = pool
    app.state.hall = tables
    app.state.jobs = jobs
    app.state.bell = bell
    return app

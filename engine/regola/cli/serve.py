"""`regola serve`: the rule reference over HTTP (JSON API + web rulebook), run by uvicorn."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from regola.cli.argtypes import real, whole
from regola.core.errors import RegolaError


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve the rules over HTTP: a JSON API and a web rulebook",
                       description="Serve every pack and variant over HTTP: a JSON API under /api/v1 "
                       "(OpenAPI at /api/v1/openapi.json) and a web rulebook at /. Stop with Ctrl-C.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=whole(0, 65535), default=8000, help="port (default: 8000; 0 picks a free one)")
    p.add_argument("--packs", type=Path, default=None, metavar="DIR",
                   help="the folder holding rulepacks/ (default: REGOLA_HOME, else the project here, else the "
                   "packs bundled with regola)")
    p.add_argument("--variants", type=Path, action="append", default=[], metavar="DIR",
                   help="a folder of extra variant files (house rules) to offer; repeatable")
    p.add_argument("--root-path", default="", metavar="PATH",
                   help="the path prefix a reverse proxy serves this under, e.g. /rules")
    p.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="IPS",
                   help="proxies whose X-Forwarded-* headers are trusted (default: 127.0.0.1)")
    p.add_argument("--no-access-log", action="store_true", help="do not log one JSON line per request")
    p.add_argument("--tables", action="store_true",
                   help="host tables people play in the browser (docs/TABLES.md), stored in SQLite at "
                   "$XDG_STATE_HOME/regola/tables.db unless --db says where")
    p.add_argument("--db", default=None, metavar="WHERE",
                   help="where the tables live: a SQLite file, or postgresql://… for several server processes "
                   "(implies --tables)")
    p.add_argument("--workshop-jobs", type=Path, default=None, metavar="DIR",
                   help="let the workshop run comparisons of a house rule for its visitors, kept in DIR (off "
                   "unless given; docs/SERVE.md)")
    bounds = p.add_argument_group("bounds (docs/SERVE.md, \"What a stranger cannot do\")")
    bounds.add_argument("--job-games", type=_count(1, 100_000), default=500, metavar="N",
                        help="games per arm and lineup a workshop job may play (default: 500)")
    bounds.add_argument("--client-jobs", type=_count(1, 64), default=1, metavar="N",
                        help="workshop jobs one client may have queued or running (default: 1)")
    bounds.add_argument("--jobs-at-once", type=_count(1, 64), default=1, metavar="N",
                        help="workshop jobs the server runs at the same time (default: 1)")
    bounds.add_argument("--engine-workers", type=_count(1, 64), default=2, metavar="N",
                        help="checks, replays and posted rulebooks built at once, each in its own process (default: 2)")
    bounds.add_argument("--engine-queue", type=_count(0, 1024), default=8, metavar="N",
                        help="engine jobs that may wait for a worker; past that 503 + Retry-After (default: 8)")
    bounds.add_argument("--engine-seconds", type=_seconds, default=10.0, metavar="S",
                        help="time one engine job may take before its process is killed (default: 10)")
    bounds.add_argument("--engine-memory", type=_count(64, 1 << 20), default=512, metavar="MIB",
                        help="memory one engine job may add, in MiB (default: 512)")
    bounds.add_argument("--client-requests", type=_count(1, 1 << 16), default=16, metavar="N",
                        help="requests one client may have under way at once; past that 429 (default: 16)")
    bounds.add_argument("--client-streams", type=_count(1, 1 << 16), default=64, metavar="N",
                        help="live table streams one client may hold open at once, counted apart from its "
                        "requests (default: 64; raise it behind a proxy that hides client addresses)")
    bounds.add_argument("--client-engine-jobs", type=_count(1, 1024), default=2, metavar="N",
                        help="engine jobs one client may have running or waiting; past that 429 (default: 2)")
    bounds.add_argument("--max-connections", type=_count(8, 1 << 20), default=1024, metavar="N",
                        help="open connections (or requests under way) in all; past that 503 (default: 1024)")
    bounds.add_argument("--header-timeout", type=_seconds, default=10.0, metavar="S",
                        help="time a client has to send its request headers (default: 10)")
    bounds.add_argument("--body-timeout", type=_seconds, default=30.0, metavar="S",
                        help="time a client has to send a request body once its headers are in (default: 30)")
    p.set_defaults(run=run)


#: how long SIGTERM waits for requests under way before it ends them (engine jobs are killed then)
GRACE_SECONDS = 5


_count = whole  # bounded whole numbers (cli/argtypes)
_seconds = real(0.1, 3600)


def _home(packs: Path | None) -> Path:
    from regola.core.home import current

    home = packs.resolve() if packs is not None else current().root
    if not (home / "rulepacks").is_dir() and home.name == "rulepacks":
        home = home.parent  # the rulepacks folder itself was given
    if not (home / "rulepacks").is_dir():
        raise RegolaError(f"{home}: no rulepacks/ folder here (--packs names the folder holding it)")
    return home


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from regola.serve.app import create_app
        from regola.serve.deadlines import protocol_with
        from regola.serve.library import Library
        from regola.serve.workers import EngineBounds
    except ImportError as exc:
        raise RegolaError(f"`regola serve` needs the serve extra: pip install 'regola[serve]' ({exc.name} "
                          "is missing)") from None
    home = _home(args.packs)
    os.environ["REGOLA_HOME"] = str(home)  # every loader of this process reads the same packs
    for folder in args.variants:
        if not folder.is_dir():
            raise RegolaError(f"--variants {folder}: not a folder")
    started = time.perf_counter()
    library = Library(home, list(args.variants))
    library.report()
    if not library.packs:
        raise RegolaError(f"{home / 'rulepacks'}: no pack loads, nothing to serve")
    engine = EngineBounds(workers=args.engine_workers, queue=args.engine_queue, per_client=args.client_engine_jobs,
                          seconds=args.engine_seconds, memory_mib=args.engine_memory)
    hall = _hall(args, home)
    jobs = None
    if args.workshop_jobs is not None:
        from regola.serve.jobs import JobBoard, JobBounds

        jobs = JobBoard(args.workshop_jobs.resolve(), home, JobBounds(games=args.job_games, per_client=args.client_jobs,
                                                                      at_once=args.jobs_at_once))
        print(f"regola serve: workshop jobs kept in {args.workshop_jobs}", file=sys.stderr)
    app = create_app(home, library=library, engine=engine, per_client=args.client_requests, tables=hall,
                     per_client_streams=args.client_streams, jobs=jobs)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    logging.getLogger("regola.serve.access").setLevel(logging.WARNING if args.no_access_log else logging.INFO)
    config = uvicorn.Config(app, host=args.host, port=args.port, root_path=args.root_path, proxy_headers=True,
                            forwarded_allow_ips=args.forwarded_allow_ips, access_log=False, log_level="warning",
                            timeout_graceful_shutdown=GRACE_SECONDS, server_header=False,
                            http=protocol_with(args.header_timeout, args.body_timeout),
                            limit_concurrency=args.max_connections)
    server = uvicorn.Server(config)
    variants = sum(len(v) for v in library.variants.values())
    print(f"regola serve: {len(library.packs)} pack(s), {variants} variant(s), languages "
          f"{' '.join(library.languages)}, loaded in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    _announce(server, args)
    _stop_engine_in_time(server, app.state.engine)
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again once its own handler is
    # gone: answer that one quietly, so a stop from a service manager ends with status 0
    signal.signal(signal.SIGTERM, lambda _signum, _frame: None)
    server.run()
    return 0


def _stop_engine_in_time(server: Any, engine: Any) -> None:
    """On SIGTERM or Ctrl-C, engine jobs under way get a second less than the grace period to finish; then
    they are killed and their requests answered 503, so the graceful shutdown never has to cancel one."""
    import threading

    original = server.handle_exit

    def handle_exit(signum: int, frame: Any) -> None:
        original(signum, frame)
        bell = getattr(server.config.app.state, "bell", None)  # the tables' live streams end at once
        if bell is not None:
            bell.shut()
        stopper = threading.Timer(max(0.0, GRACE_SECONDS - 1.0), engine.close)
        stopper.daemon = True
        stopper.start()

    server.handle_exit = handle_exit


def _hall(args: argparse.Namespace, home: Path) -> Any:
    """The tables this server hosts (``--tables``/``--db``), or None."""
    if args.db is None and not args.tables:
        return None
    from regola.tables.bots import BotPool
    from regola.tables.hall import Hall
    from regola.tables.limits import TableLimits
    from regola.tables.store import open_store

    where = args.db or str(_state_home() / "tables.db")
    if not where.startswith(("postgresql://", "postgres://")):
        Path(where).parent.mkdir(parents=True, exist_ok=True)
    limits = TableLimits.from_env()
    store = open_store(where)
    shown = where.split("@")[-1] if "://" in where else where  # never a password in the log
    print(f"regola serve: tables stored in {shown}", file=sys.stderr)
    return Hall(store, BotPool(seconds=limits.bot_seconds), limits, home)


def _state_home() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "regola"


def _announce(server: Any, args: argparse.Namespace) -> None:
    """Print the address once uvicorn is listening (the real port when --port 0 was given)."""
    original = server.startup

    async def startup(sockets: Any = None) -> None:
        await original(sockets=sockets)
        for srv in getattr(server, "servers", []):
            for sock in srv.sockets:
                host, port = sock.getsockname()[:2]
                print(f"regola serve: listening on http://{host}:{port}{args.root_path}/", file=sys.stderr,
                      flush=True)

    server.startup = startup

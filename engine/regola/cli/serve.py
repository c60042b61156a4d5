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

from regola.core.errors import RegolaError


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve the rules over HTTP: a JSON API and a web rulebook",
                       description="Serve every pack and variant over HTTP: a JSON API under /api/v1 "
                       "(OpenAPI at /api/v1/openapi.json) and a web rulebook at /. Stop with Ctrl-C.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000; 0 picks a free one)")
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
    p.set_defaults(run=run)


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
        from regola.serve.library import Library
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
    app = create_app(home, library=library)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    logging.getLogger("regola.serve.access").setLevel(logging.WARNING if args.no_access_log else logging.INFO)
    config = uvicorn.Config(app, host=args.host, port=args.port, root_path=args.root_path, proxy_headers=True,
                            forwarded_allow_ips=args.forwarded_allow_ips, access_log=False, log_level="warning",
                            timeout_graceful_shutdown=10, server_header=False)
    server = uvicorn.Server(config)
    variants = sum(len(v) for v in library.variants.values())
    print(f"regola serve: {len(library.packs)} pack(s), {variants} variant(s), languages "
          f"{' '.join(library.languages)}, loaded in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    _announce(server, args)
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again once its own handler is
    # gone: answer that one quietly, so a stop from a service manager ends with status 0
    signal.signal(signal.SIGTERM, lambda _signum, _frame: None)
    server.run()
    return 0


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

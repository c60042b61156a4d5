"""The workshop's jobs, run by the server for a club member who never opened a terminal: a comparison of a
posted house rule against its pack (`regola compare`), or a search that evens out its seats (`regola tune
--goal fair-seats`, starting from the house rule). Off unless `regola serve --workshop-jobs DIR` turns them
on.

A job is `regola compare` or `regola tune` in a child process (its own bounded process: a job cannot take the engine
workers that answer pages), in a folder of its own under DIR, with its games, its report and its log.
The board keeps every job in SQLite (DIR/jobs.db), so a job outlives the browser that started it (the
page can be closed and opened again) and the server knows after a restart what ran: a job that was
queued or running when the server stopped is marked **failed** ("the server stopped while it ran"),
never silently resumed or lost; its games stay in its folder.

Bounds: the games a job may play (per arm and lineup), the jobs one client may have queued or running,
the jobs one network (an IPv4 /24, an IPv6 /64: a few addresses of one place) may have, the jobs the
server runs at once, and the jobs it queues; past a bound the request is refused (429 for the client's
and the network's, 503 for the server's), never queued without end. The queue is served fairly: the
next job is the one whose network has waited longest since its last job started (then the oldest), so
one network's jobs never hold the line for the others, and a waiting job's page says how many are
ahead of it. Progress is read from the job's result files (Parquet row counts), not from its output, so
a child process cannot feed the page anything but numbers.

A comparison is judged by compare's own default lineups (``DEFAULT_LINEUPS``: the rule-agnostic ``probe``
included, so a move the club adds is played); a search for fair seats by its goal's (goals.yaml). The
job's page names them.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import secrets
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regola.sim.plan import DEFAULT_LINEUPS

__all__ = ["Job", "JobBoard", "JobBounds", "JobsFull", "network_of"]

#: the bot lineups a comparison is judged by: compare's defaults, the rule-agnostic bot among them
LINEUPS = ";".join(DEFAULT_LINEUPS)
#: a search for fair seats plays its goal's lineups (goals.yaml, fair-seats)
TUNE_LINEUPS = "greedy:temp=0.5;greedy"
#: a tune job's stages and confirmation (games per lineup): smaller than the terminal's, to end in minutes
TUNE_STAGES = "50,200"
TUNE_CONFIRM = 200
KINDS = ("compare", "tune")


class JobsFull(Exception):
    """A bound on jobs is reached: ``status`` 429 (this client's) or 503 (the server's)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class JobBounds:
    games: int = 500  # games per arm and lineup a comparison may play
    tune_games: int = 20_000  # games a tune job's search may play
    per_client: int = 1  # jobs one client may have queued or running
    per_network: int = 2  # jobs one network (IPv4 /24, IPv6 /64) may have queued or running
    at_once: int = 1  # jobs the server runs at the same time
    queued: int = 8  # jobs waiting, server-wide
    seconds: float = 1800.0  # a job running longer is stopped and marked failed


@dataclass
class Job:
    id: str
    client: str
    pack: str
    lang: str
    games: int
    state: str  # queued, running, done, failed
    reason: str
    created: float
    folder: Path
    kind: str = "compare"

    @property
    def lineups(self) -> str:
        """The bot lineups that judge this job (its page names them)."""
        return TUNE_LINEUPS if self.kind == "tune" else LINEUPS

    @property
    def total(self) -> int:
        lineups = len(self.lineups.split(";"))
        if self.kind == "tune":  # the search's budget, then the confirmation (two arms under each lineup)
            return self.games + 2 * TUNE_CONFIRM * lineups
        return 2 * self.games * lineups

    def played(self) -> int:
        """Games on disk so far (Parquet footers and the search's own count: cheap, and nothing the child
        writes but numbers)."""
        import json

        import pyarrow.parquet as pq

        count = 0
        pattern = "tune/confirm-games/*/games/*.parquet" if self.kind == "tune" else "games/*/games/*.parquet"
        for part in self.folder.glob(pattern):
            with contextlib.suppress(OSError, ValueError):
                count += pq.ParquetFile(part).metadata.num_rows
        if self.kind == "tune":
            with contextlib.suppress(OSError, ValueError, TypeError, KeyError):
                count += min(self.games, int(json.loads((self.folder / "tune" / "tune.json").read_text())["played"]))
        return min(count, self.total)

    @property
    def report(self) -> Path:
        if self.kind == "tune":
            return self.folder / "tune" / "confirm" / "report.html"
        return self.folder / "report" / "report.html"

    @property
    def variant(self) -> Path | None:
        """The variant a tune job wrote (None for a comparison, or before it is written)."""
        path = self.folder / "tuned.yaml"
        return path if self.kind == "tune" and path.is_file() else None


_SCHEMA = """CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY, client TEXT NOT NULL, pack TEXT NOT NULL, lang TEXT NOT NULL, games INTEGER NOT NULL,
  state TEXT NOT NULL, reason TEXT NOT NULL DEFAULT '', created REAL NOT NULL,
  kind TEXT NOT NULL DEFAULT 'compare')"""
#: columns added since the first board (an older jobs.db gains them when the server opens it)
_ADDED = (("network", "TEXT NOT NULL DEFAULT ''"), ("started", "REAL NOT NULL DEFAULT 0"))
_COLUMNS = "id, client, pack, lang, games, state, reason, created, kind"


def network_of(client: str) -> str:
    """The network a client's address belongs to, for the bound on one place's jobs: an IPv4 address's
    /24, an IPv6 address's /64; anything else (a name, "unknown") is its own."""
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return client[:64]
    prefix = 24 if address.version == 4 else 64
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))


class JobBoard:
    def __init__(self, folder: Path, home: Path, bounds: JobBounds | None = None) -> None:
        self.folder, self.home, self.bounds = folder, home, bounds or JobBounds()
        folder.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(folder / "jobs.db"), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._processes: dict[str, asyncio.subprocess.Process] = {}
        self._wake: asyncio.Event | None = None
        with self._lock:
            self._db.execute(_SCHEMA)
            have = {row[1] for row in self._db.execute("PRAGMA table_info(jobs)")}
            for column, kind in _ADDED:
                if column not in have:
                    self._db.execute(f"ALTER TABLE jobs ADD COLUMN {column} {kind}")
            # what ran when the server stopped did not finish: say so (its games stay in its folder)
            self._db.execute("UPDATE jobs SET state = 'failed', reason = 'the server stopped while it ran' "
                             "WHERE state IN ('queued', 'running')")

    # -- the board --------------------------------------------------------------------------------------
    def _row(self, row: tuple[Any, ...]) -> Job:
        job_id, client, pack, lang, games, state, reason, created, kind = row
        return Job(job_id, client, pack, lang, games, state, reason, created, self.folder / job_id, kind)

    def get(self, job_id: str) -> Job | None:
        if not (len(job_id) == 32 and all(c in "0123456789abcdef" for c in job_id)):
            return None  # a job id is 32 hex digits: anything else is no job, and never a path
        with self._lock:
            row = self._db.execute(f"SELECT {_COLUMNS} FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return self._row(row) if row else None

    def _line(self) -> list[tuple[Any, ...]]:
        """The queued jobs in the order they will run: first the job whose network has waited longest
        since its last job started (a network with a job running waits behind those without), then the
        oldest. Called under the lock."""
        last = dict(self._db.execute("SELECT network, max(started) FROM jobs GROUP BY network").fetchall())
        busy = {row[0] for row in self._db.execute("SELECT network FROM jobs WHERE state = 'running'")}
        queued = self._db.execute(f"SELECT {_COLUMNS}, network FROM jobs WHERE state = 'queued'").fetchall()
        queued.sort(key=lambda row: (row[-1] in busy, last.get(row[-1]) or 0.0, row[7]))
        return [row[:-1] for row in queued]

    def ahead(self, job_id: str) -> int | None:
        """How many queued jobs will run before this one (None: it is not waiting)."""
        with self._lock:
            ids = [row[0] for row in self._line()]
        return ids.index(job_id) if job_id in ids else None

    def submit(self, client: str, pack: str, lang: str, variant_yaml: str, games: int, kind: str = "compare") -> Job:
        """A new job: ``games`` per arm and lineup for a comparison, the search's budget for a tune job."""
        most = self.bounds.tune_games if kind == "tune" else self.bounds.games
        if kind not in KINDS:
            raise JobsFull(f"a job compares or tunes, not {kind[:20]!r}", 422)
        if not 1 <= games <= most:
            raise JobsFull(f"this job plays 1 to {most} games", 422)
        with self._lock:
            mine = self._db.execute("SELECT count(*) FROM jobs WHERE client = ? AND state IN ('queued', 'running')",
                                    (client,)).fetchone()[0]
            if mine >= self.bounds.per_client:
                raise JobsFull(f"you have {mine} job(s) under way; wait for it to end", 429)
            network = network_of(client)
            near = self._db.execute("SELECT count(*) FROM jobs WHERE network = ? AND state IN ('queued', 'running')",
                                    (network,)).fetchone()[0]
            if near >= self.bounds.per_network:
                raise JobsFull(f"your network has {near} jobs under way, as many as it may; wait for one to end",
                               429)
            waiting = self._db.execute("SELECT count(*) FROM jobs WHERE state = 'queued'").fetchone()[0]
            if waiting >= self.bounds.queued:
                raise JobsFull("the server has as many jobs waiting as it takes; try again later", 503)
            job = Job(secrets.token_hex(16), client, pack, lang, games, "queued", "", time.time(), Path(), kind)
            job.folder = self.folder / job.id
            job.folder.mkdir()
            (job.folder / "variant.yaml").write_text(variant_yaml, encoding="utf-8")
            self._db.execute(f"INSERT INTO jobs ({_COLUMNS}, network) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (job.id, client, pack, lang, games, "queued", "", job.created, kind, network))
        if self._wake is not None:
            self._wake.set()
        return job

    def _set(self, job_id: str, state: str, reason: str = "") -> None:
        with self._lock:
            self._db.execute("UPDATE jobs SET state = ?, reason = ? WHERE id = ?", (state, reason, job_id))

    # -- running ----------------------------------------------------------------------------------------
    async def run(self) -> None:
        """Runs queued jobs, ``at_once`` at a time, until cancelled (the server's lifespan)."""
        self._wake = asyncio.Event()
        running: set[asyncio.Task[None]] = set()
        try:
            while True:
                with self._lock:
                    rows = self._line()[:max(0, self.bounds.at_once - len(running))]
                for row in rows:
                    job = self._row(row)
                    with self._lock:
                        self._db.execute("UPDATE jobs SET state = 'running', started = ? WHERE id = ?",
                                         (time.time(), job.id))
                    task = asyncio.get_running_loop().create_task(self._one(job))
                    running.add(task)
                    task.add_done_callback(running.discard)
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=1.0)
        finally:
            for process in list(self._processes.values()):
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
            for task in running:
                task.cancel()

    @staticmethod
    def argv(job: Job) -> list[str]:
        """The command a job runs (a child process: its own bounds, never the engine workers)."""
        if job.kind == "tune":
            return [sys.executable, "-m", "regola.cli.main", "tune", "--pack", job.pack, "--variant",
                    str(job.folder / "variant.yaml"), "--goal", "fair-seats", "--budget", str(job.games),
                    "--stages", TUNE_STAGES, "--confirm", str(TUNE_CONFIRM), "--lineups", job.lineups,
                    "--out", str(job.folder / "tuned.yaml"), "--work", str(job.folder / "tune"), "--jobs", "1",
                    "--quiet", "--lang", job.lang]
        return [sys.executable, "-m", "regola.cli.main", "compare", str(job.folder / "variant.yaml"),
                "--pack", job.pack, "--lineups", job.lineups, "--games", str(job.games), "--jobs", "1",
                "--out", str(job.folder / "games"), "--report", str(job.folder / "report"), "--quiet",
                "--lang", job.lang]

    async def _one(self, job: Job) -> None:
        argv = self.argv(job)
        env = {**os.environ, "REGOLA_HOME": str(self.home)}
        try:
            with open(job.folder / "log.txt", "wb") as log:
                process = await asyncio.create_subprocess_exec(*argv, stdout=log, stderr=log, env=env,
                                                               stdin=asyncio.subprocess.DEVNULL)
                self._processes[job.id] = process
                try:
                    code = await asyncio.wait_for(process.wait(), timeout=self.bounds.seconds)
                except TimeoutError:
                    process.kill()
                    await process.wait()
                    self._set(job.id, "failed", f"stopped after {self.bounds.seconds:.0f} s")
                    return
            # tune ends with 1 when the goal is not met: its variant and report are still its answer
            if job.report.is_file() and (code == 0 or (job.kind == "tune" and code == 1)):
                self._set(job.id, "done", "" if code == 0 else "the goal was not met on fresh seeds")
            else:
                # the child's own words stay in its log (they may name the server's folders)
                self._set(job.id, "failed", f"ended with status {code}; the job's log.txt has the details")
        except asyncio.CancelledError:
            self._set(job.id, "failed", "the server stopped while it ran")
            raise
        except OSError as exc:
            self._set(job.id, "failed", f"could not start ({exc.strerror})")
        finally:
            self._processes.pop(job.id, None)

    def close(self) -> None:
        with self._lock:
            self._db.close()


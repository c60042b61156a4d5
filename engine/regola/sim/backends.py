"""Where batches are played: in this process, in a pool of local processes, or on a Ray cluster.

Every backend yields finished batches as they come (in no particular order); the rows of a game do
not depend on where it was played.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from regola.core.errors import RegolaError
from regola.core.pack import Pack
from regola.sim import worker
from regola.sim.worker import Batch, BatchResult


class Backend(Protocol):
    def run(self, batches: Sequence[Batch]) -> Iterator[BatchResult]: ...

    def stop(self) -> None:
        """Stop at once (Ctrl-C): batches in flight are dropped."""

    def close(self) -> None: ...


class InProcess:
    """--jobs 1: no pool, no pickling."""

    def __init__(self, packs: Mapping[str, Pack]) -> None:
        self.packs = packs

    def run(self, batches: Sequence[Batch]) -> Iterator[BatchResult]:
        for batch in batches:
            yield worker.play_batch(batch, self.packs)

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class ProcessPool:
    """Local worker processes. They are forked from a fork server that has imported the engine once,
    receive the packs once (initializer), and ignore Ctrl-C so the parent can stop them cleanly."""

    def __init__(self, packs: Mapping[str, Pack], jobs: int) -> None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["regola.sim.worker"])
        self.pool = context.Pool(jobs, initializer=worker.init_worker, initargs=(dict(packs),))

    def run(self, batches: Sequence[Batch]) -> Iterator[BatchResult]:
        yield from self.pool.imap_unordered(worker.play_batch, batches)

    def stop(self) -> None:
        self.pool.terminate()
        self.pool.join()

    def close(self) -> None:
        self.pool.close()
        self.pool.join()


def _ray_play(packs: Mapping[str, Pack], batch: Batch) -> BatchResult:
    return worker.play_batch(batch, packs)


class RayBackend:
    """Batches as Ray tasks. With no address a private local Ray starts for this run (and stops at the
    end): its workers talk to each other over 127.0.0.1, but Ray's GCS, raylet and workers listen on
    every interface (Ray offers no option to bind them to loopback); with Ray's token authentication,
    which Ray turns on for such a cluster, nobody without the run's token can use them. With
    ``--address`` the tasks go to that cluster, whose workers must have regola installed."""

    def __init__(self, packs: Mapping[str, Pack], jobs: int, address: str | None) -> None:
        try:
            import ray
        except ImportError:
            raise RegolaError("--backend ray needs the 'ray' extra: pip install 'regola[ray]'") from None
        self.ray = ray
        self.owned = not ray.is_initialized()
        if self.owned:
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "configure_logging": False}
            if address:
                reachable(address)
                options["address"] = address
            else:
                # "local": always a new cluster of our own, never one a `ray start` left on this machine
                options.update(address="local", num_cpus=jobs, _node_ip_address="127.0.0.1",
                               object_store_memory=96 * 1024 * 1024)
            os.environ.setdefault("RAY_BACKEND_LOG_LEVEL", "error")  # our one line, not Ray's retries
            try:
                ray.init(**options)
            except Exception as exc:  # Ray raises ConnectionError, RuntimeError, its own AuthenticationError, …
                raise RegolaError(ray_failure(address, exc)) from None
        self.in_flight = max(2, 2 * int(ray.cluster_resources().get("CPU", jobs)))
        self.packs: Any = ray.put(dict(packs))  # an object reference the workers resolve
        self.task = ray.remote(max_retries=1)(_ray_play)
        self.pending: list[Any] = []

    def run(self, batches: Sequence[Batch]) -> Iterator[BatchResult]:
        ray = self.ray
        todo = list(batches)[::-1]
        while todo or self.pending:
            while todo and len(self.pending) < self.in_flight:
                self.pending.append(self.task.remote(self.packs, todo.pop()))
            done, self.pending = ray.wait(self.pending, num_returns=1)
            result: BatchResult = ray.get(done[0])
            yield result

    def stop(self) -> None:
        for ref in self.pending:
            self.ray.cancel(ref, force=True)
        self.pending = []
        self.close()

    def close(self) -> None:
        if self.owned and self.ray.is_initialized():
            self.ray.shutdown()


def _has_ray_token() -> bool:
    """Whether this client holds a Ray token (Ray's token authentication: variable, file or default file)."""
    if os.environ.get("RAY_AUTH_TOKEN"):
        return True
    path = os.environ.get("RAY_AUTH_TOKEN_PATH") or os.path.join(os.path.expanduser("~"), ".ray", "auth_token")
    return os.path.isfile(path)


def ray_failure(address: str | None, exc: BaseException) -> str:
    """One line for a Ray that would not start or answer, with the likely cause where we can tell it."""
    where = f" at {address}" if address else ""
    first = (str(exc).splitlines() or [type(exc).__name__])[0]
    text = f"{type(exc).__name__} {exc}".lower()
    if "token" in text or "unauthenticated" in text or (address and not _has_ray_token()):
        return (f"cannot connect to Ray{where}: the cluster refused this client or did not answer; if it uses "
                "token authentication, give this client its token (RAY_AUTH_TOKEN, RAY_AUTH_TOKEN_PATH or "
                f"~/.ray/auth_token) [{first}]")
    return f"cannot start or reach Ray{where}: {first}"


def reachable(address: str, timeout: float = 5.0) -> None:
    """Refuses at once an address nothing listens on (Ray itself would retry for minutes)."""
    if address in ("auto", "local"):
        return
    rest = address.split("://", 1)[-1]
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        return  # a form Ray understands and we do not parse: let Ray say
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise RegolaError(f"cannot reach Ray at {address}: {exc.strerror or exc} (is the head running there?)"
                          ) from None


def backend_for(name: str, packs: Mapping[str, Pack], jobs: int, address: str | None = None) -> Backend:
    if name == "ray":
        return RayBackend(packs, jobs, address)
    if address:
        raise RegolaError("--address is for --backend ray")
    if jobs <= 1:
        return InProcess(packs)
    return ProcessPool(packs, jobs)

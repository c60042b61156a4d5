"""How long `regola check` takes as a command (a script, not a test): python tools/bench_check.py [RUNS].

Each figure is the wall time of the console command in a fresh interpreter, imports included, as a
pre-commit hook or CI pays it; min and median of RUNS runs (default 15) after one warm-up run. Targets
(issue 4): the whole repository <= 2 s, a single variant file <= 300 ms.

Each scenario runs twice: served by the check daemon (what a developer's `regola check` does from
its second run on) and in-process with REGOLA_DAEMON=off (CI, or the run that starts the daemon).
The daemon is this script's own (its own socket folder and cache) and is stopped at the end.

Scenarios:
- whole repository, nothing changed since the last run (the caches are warm);
- whole repository with an empty cache folder (a fresh checkout or CI; in-process only);
- one variant file, unchanged;
- one variant file just edited (a copy gets a new comment line before every run, so it is never in
  the parse cache): what an editor or pre-commit hook sees after a change.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VARIANT = REPO / "rulepacks" / "cs" / "variants" / "codex-leonardi-1.yaml"
REGOLA = Path(sys.executable).parent / "regola"


def timed(args: list[str], env: dict[str, str], before: Callable[[int], None], runs: int) -> tuple[float, float]:
    """(min, median) in ms of ``regola check ARGS``; ``before(i)`` runs ahead of run i, untimed."""
    command = [str(REGOLA), "check", *args]  # the console script: it is what talks to the daemon
    times = []
    for index in range(runs + 1):
        before(index)
        start = time.perf_counter()
        done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"regola check {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
        if index:  # the first run only warms the caches (bytecode, parse cache)
            times.append(elapsed)
    return 1000 * min(times), 1000 * statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    if not REGOLA.exists():
        sys.exit(f"no console script at {REGOLA}: install regola in this environment (pip install -e .)")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "CI")}  # as installed
    with tempfile.TemporaryDirectory(prefix="bench-", dir="/tmp") as scratch:  # short: a socket path is short
        cache = Path(scratch) / "cache"
        common = {**env, "REGOLA_CACHE": str(cache), "XDG_RUNTIME_DIR": str(Path(scratch) / "run")}
        (Path(scratch) / "run").mkdir(mode=0o700)
        served_env, here_env = {**common, "REGOLA_DAEMON": "on"}, {**common, "REGOLA_DAEMON": "off"}
        edited = Path(scratch) / "edited-variant.yaml"  # outside the repository: a full check never sees it
        text = VARIANT.read_text(encoding="utf-8")

        def edit(index: int) -> None:
            edited.write_text(text + f"# edit {time.time_ns()} {index}\n", encoding="utf-8")

        def empty_cache(index: int) -> None:
            shutil.rmtree(cache, ignore_errors=True)

        def nothing(index: int) -> None:
            pass

        scenarios = [
            ("whole repository", [], nothing),
            ("whole repository, empty cache", [], empty_cache),
            ("one variant file", [str(VARIANT)], nothing),
            ("one variant file, just edited", [str(edited)], edit),
        ]
        daemon = [str(REGOLA), "daemon"]
        subprocess.run([*daemon, "start"], env=served_env, check=True, capture_output=True)
        try:
            for name, args, before in scenarios:
                for how, run_env in (("daemon", served_env), ("in-process", here_env)):
                    if before is empty_cache and how == "daemon":
                        continue  # the daemon's own memory is warm whatever the cache folder holds
                    low, middle = timed(args, run_env, before, runs)
                    print(f"{name:30s} {how:10s} min {low:5.0f} ms   median {middle:5.0f} ms   ({runs} runs)")
            status = subprocess.run([*daemon, "status"], env=served_env, capture_output=True, text=True)
            print(status.stdout.strip())  # proof that the daemon served the runs counted as served
        finally:
            subprocess.run([*daemon, "stop"], env=served_env, check=False, capture_output=True)


if __name__ == "__main__":
    main()

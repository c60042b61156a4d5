"""How long `regola check` takes as a command (a script, not a test): python tools/bench_check.py [RUNS].

Each figure is the wall time of the console command in a fresh interpreter, imports included, as a
pre-commit hook or CI pays it; min and median of RUNS runs (default 15) after one warm-up run. Targets
(issue 4): the whole repository <= 2 s, a single variant file <= 300 ms.

Scenarios:
- whole repository, nothing changed since the last run (the parse cache is warm);
- whole repository with an empty cache folder (a fresh checkout or CI);
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
    command = [str(REGOLA), "check", *args] if REGOLA.exists() else [sys.executable, "-m", "regola.cli.main",
                                                                      "check", *args]
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
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as an installed tool runs
    with tempfile.TemporaryDirectory() as scratch:
        cache = Path(scratch) / "cache"
        warm_env = {**env, "REGOLA_CACHE": str(cache)}
        edited = Path(scratch) / "edited-variant.yaml"  # outside the repository: a full check never sees it
        text = VARIANT.read_text(encoding="utf-8")

        def edit(index: int) -> None:
            edited.write_text(text + f"# edit {time.time_ns()} {index}\n", encoding="utf-8")

        def empty_cache(index: int) -> None:
            shutil.rmtree(cache, ignore_errors=True)

        def nothing(index: int) -> None:
            pass

        scenarios = [
            ("whole repository", [], warm_env, nothing),
            ("whole repository, empty cache", [], warm_env, empty_cache),
            ("one variant file", [str(VARIANT)], warm_env, nothing),
            ("one variant file, just edited", [str(edited)], warm_env, edit),
        ]
        for name, args, run_env, before in scenarios:
            low, middle = timed(args, run_env, before, runs)
            print(f"{name:32s} min {low:5.0f} ms   median {middle:5.0f} ms   ({runs} runs)")


if __name__ == "__main__":
    main()

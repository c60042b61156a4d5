"""How long `regola check` takes (a script, not a test): python tests/check/bench_check.py [RUNS].

Prints the median wall time of the console command in a fresh interpreter (what pre-commit and CI
pay, imports included) and of the check alone in a warm interpreter, for the whole repository and
for a single variant file. Targets: whole repository <= 2 s, one variant <= 300 ms.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VARIANT = REPO / "rulepacks" / "cs" / "variants" / "codex-leonardi-2.yaml"


def cold(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "regola.cli.main", "check", *args], cwd=REPO,
                       capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def warm(args: list[str], runs: int) -> tuple[float, float]:
    """(first run in this interpreter after imports, median of the following runs)."""
    from regola.check import run
    from regola.core import pack

    times = []
    for _ in range(runs + 1):
        pack._cache.clear()  # every run loads its packs again, as a fresh process would
        start = time.perf_counter()
        run(args, REPO)
        times.append(time.perf_counter() - start)
    return times[0], statistics.median(times[1:])


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    start = time.perf_counter()
    import regola.check  # noqa: F401

    print(f"import regola.check: {1000 * (time.perf_counter() - start):.0f} ms")
    for name, args in (("whole repository", []), ("one variant file", [str(VARIANT)])):
        first, again = warm(args, runs)
        print(f"{name}: cold command {1000 * cold(args, runs):.0f} ms; in process first {1000 * first:.0f} ms, "
              f"then {1000 * again:.0f} ms (median of {runs})")


if __name__ == "__main__":
    main()

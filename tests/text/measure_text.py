"""Timings of the text layer (run by hand, not a test): rulebook rendering and `regola rules show`.

    python tests/text/measure_text.py
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def main() -> None:
    from regola.core.pack import load_pack
    from regola.text.catalog import catalog_for
    from regola.text.render import render

    started = time.perf_counter()
    pack = load_pack("cs")
    catalogs = {lang: catalog_for(lang) for lang in ("cs", "de", "fr")}
    print(f"load cs pack + 3 catalogs (cold, in-process): {1000 * (time.perf_counter() - started):.0f} ms")
    for lang, catalog in catalogs.items():
        for fmt in ("md", "html"):
            first = time.perf_counter()
            render(catalog, pack, fmt)
            cold = time.perf_counter() - first
            runs = []
            for _ in range(5):
                t = time.perf_counter()
                render(catalog, pack, fmt)
                runs.append(time.perf_counter() - t)
            median = 1000 * statistics.median(runs)
            print(f"render {lang} {fmt}: first {1000 * cold:.0f} ms, then median {median:.0f} ms")
    cache = tempfile.mkdtemp(prefix="regola-cache-")
    env = dict(os.environ, REGOLA_CACHE=cache)
    regola = shutil.which("regola", path=os.path.dirname(sys.executable)) or "regola"
    commands = {
        "regola rules show": [regola, "rules", "show", "district.cost_track", "--lang", "de"],
        "rules module only": [sys.executable, "-c", "import argparse;from regola.cli import rules;"
                              "p=argparse.ArgumentParser();s=p.add_subparsers();rules.register(s);"
                              "a=p.parse_args(['rules','show','district.cost_track','--lang','de']);a.run(a)"],
    }
    for name, argv in commands.items():
        times = []
        for _ in range(6):
            t = time.perf_counter()
            subprocess.run(argv, env=env, check=True, capture_output=True)
            times.append(time.perf_counter() - t)
        warm = 1000 * statistics.median(times[1:])
        print(f"{name}: first (cache cold) {1000 * times[0]:.0f} ms, warm median {warm:.0f} ms")
    shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()

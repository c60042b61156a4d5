"""Refresh constraints.txt: the exact versions a fresh `pip install -e '.[test]'` gets today.

CI and the README's commands install with `-c constraints.txt`, so an upstream release cannot break
them overnight (PyYAML 6.0.4 once did). This script installs the test extra into a new virtualenv
with no constraint of ours, freezes it, and rewrites constraints.txt; run the suite on the result
(`.ci/newest` does both and runs the tests), then commit the file if it passes.

    python3 tools/lock.py            # rewrite constraints.txt
    python3 tools/lock.py --check    # exit 1 if a fresh install would get other versions (no rewrite)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "constraints.txt"
HEADER = """\
# Exact versions for CI and the README's commands: pip install -e '.[test]' -c constraints.txt
# A pip constraints file: it pins what gets installed without asking for anything by itself, so the
# core install (-e .) takes the same file and installs only what it needs.
# Made by tools/lock.py from a fresh install of the test extra; refresh it with that script, run the
# suite (.ci/newest does both), and commit it when the suite passes.
"""


def frozen(venv: Path) -> list[str]:
    """The pinned lines of a fresh install of the test extra, newest releases, sorted by name."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip"]
    subprocess.run([*pip, "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "install", "-q", "-e", f"{ROOT}[test]"], check=True)
    out = subprocess.run([*pip, "freeze", "--all", "--exclude-editable"], check=True, capture_output=True,
                         text=True).stdout
    lines = [line for line in out.splitlines() if "==" in line and not line.lower().startswith("pip==")]
    return sorted(lines, key=str.lower)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with constraints.txt, write nothing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="regola-lock-") as folder:
        lines = frozen(Path(folder) / "venv")
    text = HEADER + "\n".join(lines) + "\n"
    if args.check:
        old = {line for line in LOCK.read_text(encoding="utf-8").splitlines() if "==" in line}
        newer = sorted(set(lines) - old)
        for line in newer:
            print(f"lock: a fresh install now gets {line}")
        return 1 if newer else 0
    LOCK.write_text(text, encoding="utf-8")
    print(f"lock: {len(lines)} packages pinned in {LOCK.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

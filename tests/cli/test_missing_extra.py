"""A command that needs an optional extra says which, in one line, never a ModuleNotFoundError."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from regola.extras import extra_for

HIDE = "import sys\nfor name in {hidden!r}:\n    sys.modules[name] = None\n"
RUN = "from regola.cli.main import main\nsys.exit(main({argv!r}))\n"


def _run(hidden: list[str], argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    code = HIDE.format(hidden=hidden) + RUN.format(argv=argv)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_the_extras_come_from_the_package_metadata() -> None:
    assert extra_for("pyarrow") == "sim"
    assert extra_for("uvicorn") == "serve"
    assert extra_for("pyspiel") == "openspiel"
    assert extra_for("ray") == "ray"
    assert extra_for("no_such_module") is None


@pytest.mark.parametrize(("hidden", "argv", "extra"), [
    (["pyarrow", "numpy"], ["simulate", "--games", "2", "--out", "r.parquet"], "sim"),
    (["numpy", "scipy"], ["compare", "codex-leonardi-1", "--games", "2", "--report", "rep"], "sim"),
    (["uvicorn"], ["serve", "--port", "0"], "serve"),
])
def test_a_missing_extra_is_one_line(hidden: list[str], argv: list[str], extra: str, tmp_path: Path) -> None:
    done = _run(hidden, argv, tmp_path)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if not line.startswith("regola: packs from")]
    assert len(lines) == 1, done.stderr
    assert f"pip install 'regola[{extra}]'" in lines[0]
    assert "Traceback" not in done.stderr

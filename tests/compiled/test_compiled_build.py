"""The mypyc build (setup.py, regola.compiled): the wheel builds, carries the packs, has every hot module
compiled, and the compiled engine passes the rule, record and search tests the pure-Python one passes.

The build takes about a minute (mypyc type-checks, gcc compiles the hot modules at -O0), so it is done
once per run, from a copy of the sources, and its wheel is unpacked into a folder that the child
processes put first on their path.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypyc", reason="the compile extra (mypy) is not installed")

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "engine", "rulepacks", "schemas")
# the tests that pin the rules, the records and the copies search relies on
# (not the command-line tests: they test the faces, which the compiled build does not change)
SUITE = ("tests/test_golden.py", "tests/maestro_leonardo", "tests/princes_of_florence", "tests/bots",
         "tests/core/test_flow.py", "tests/core/test_record_reader.py", "tests/core/test_actionspace.py",
         "tests/core/test_chance_draws.py")


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("compiled-build")
    src = work / "src"
    src.mkdir()
    for name in SOURCES:
        origin = ROOT / name
        if origin.is_dir():
            shutil.copytree(origin, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so"))
        else:
            shutil.copy2(origin, src / name)
    env = {**os.environ, "REGOLA_COMPILE": "1", "REGOLA_COMPILE_OPT": "0"}  # same code, a third of gcc's time
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q",
                            "-w", str(work / "dist"), str(src)], env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    wheels = list((work / "dist").glob("regola-*.whl"))
    assert len(wheels) == 1 and "py3-none-any" not in wheels[0].name, wheels  # a platform wheel: compiled
    site = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheels[0])],
                   check=True, capture_output=True)
    return site


def _child_env(site: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "REGOLA_HOME"}
    env["PYTHONPATH"] = str(site)
    return env


def test_every_hot_module_is_compiled_and_the_wheel_finds_its_packs(compiled_site: Path) -> None:
    probe = ("import json, regola.paths as p; from regola.compiled import HOT_MODULES, compiled_modules; "
             "from regola.core.pack import load_pack; "
             "print(json.dumps([list(HOT_MODULES), compiled_modules(), str(p.home()), load_pack('cs').meta['id']]))")
    out = subprocess.run([sys.executable, "-c", probe], env=_child_env(compiled_site), cwd=compiled_site,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    hot, compiled, home, pack_id = json.loads(out.stdout)
    assert hot and compiled == hot
    assert Path(home) == compiled_site / "regola" / "data"  # the packs came in the wheel, not from the checkout
    assert pack_id == "cs"


def test_the_compiled_engine_passes_the_rule_record_and_search_tests(compiled_site: Path) -> None:
    # the plugin makes the child refuse to run unless every hot module is the compiled one
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-n", "0", "-p", "tests.compiled.expect_compiled", *SUITE]
    ran = subprocess.run(command, env=_child_env(compiled_site), cwd=ROOT, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]

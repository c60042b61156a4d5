"""Build hooks that pyproject.toml cannot declare: the optional mypyc build, and the data in a wheel.

* ``pip install -e .`` and a plain ``pip wheel .`` are pure Python, as always.
* With ``REGOLA_COMPILE=1`` the engine's hot modules (``regola.compiled.HOT_MODULES``) are compiled with mypyc:
  the same source, type-checked and turned into C extensions, which plays the same games about 1.8x
  faster (docs/SPEED.md). It needs mypy in the build environment, so build without isolation from a
  venv that has the ``compile`` extra::

      pip install -e '.[compile]'
      REGOLA_COMPILE=1 pip wheel --no-build-isolation --no-deps -w dist .

* A wheel (compiled or not) carries ``rulepacks/`` and ``schemas/`` as ``regola/data/``, so an
  installed regola finds its packs without a checkout (``regola.paths.home``).
"""

from __future__ import annotations

import os
import runpy
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

# The modules to compile are named where the running engine can see them too (regola.compiled).
COMPILED = [f"engine/{name.replace('.', '/')}.py"
            for name in runpy.run_path(str(ROOT / "engine/regola/compiled.py"))["HOT_MODULES"]]

DATA = ("rulepacks", "schemas")


class BuildWithData(build_py):
    """build_py that also copies the rule packs and schemas into the wheel (not for editable installs,
    which read them from the checkout)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "regola" / "data"
        for name in DATA:
            shutil.copytree(ROOT / name, target / name, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


def ext_modules() -> list:
    if os.environ.get("REGOLA_COMPILE", "") not in ("1", "true", "yes"):
        return []
    from mypyc.build import mypycify  # the `compile` extra

    # REGOLA_COMPILE_OPT: the C compiler's optimisation level ("3" for a wheel to ship; the build test
    # takes "0", the same code at a third of the compile time)
    level = os.environ.get("REGOLA_COMPILE_OPT", "3")
    if level not in ("0", "1", "2", "3"):
        raise SystemExit(f"REGOLA_COMPILE_OPT must be 0, 1, 2 or 3, not {level!r}")
    return mypycify(["--config-file", str(ROOT / "pyproject.toml"), *COMPILED], opt_level=level)


setup(cmdclass={"build_py": BuildWithData}, ext_modules=ext_modules())

"""A pytest plugin for the nested run of tests/compiled: refuse to run unless the engine is the compiled one,
so a passing run proves something about the mypyc build (not about the checkout's Python files)."""

from __future__ import annotations

import pytest


def pytest_sessionstart(session: pytest.Session) -> None:
    from regola.compiled import HOT_MODULES, compiled_modules

    missing = sorted(set(HOT_MODULES) - set(compiled_modules()))
    if missing:
        raise pytest.UsageError(f"expected the compiled engine; these run as Python: {', '.join(missing)}")

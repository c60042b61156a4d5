"""Shared fixtures: the Czech rule pack compiled once per session (a pack is immutable once built)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from regola.core.game import Ruleset
from regola.core.pack import Pack, load_pack


@pytest.fixture(scope="session", autouse=True)
def _session_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The run's own cache folder (parsed YAML, bound texts): tests never touch the user's cache.

    No `regola check` run by a test starts a check daemon; tests/daemon turns it on where it is tested.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REGOLA_CACHE", str(tmp_path_factory.mktemp("regola-cache")))
        patch.setenv("REGOLA_DAEMON", "off")
        yield


@pytest.fixture(scope="session")
def pack() -> Pack:
    return load_pack("cs")


@pytest.fixture(scope="session")
def ruleset(pack: Pack) -> Ruleset:
    return Ruleset(pack)


@pytest.fixture(scope="session")
def doc(pack: Pack) -> dict[str, Any]:
    """The pack document (the union of its data files), for reading the numbers a test checks."""
    data: dict[str, Any] = pack.data
    return data


@pytest.fixture(scope="session")
def codex1(pack: Pack) -> Ruleset:
    """The pack with the official variant Codex Leonardi I (the powerful council)."""
    return Ruleset(load_pack("cs", variants=["codex-leonardi-1"]))

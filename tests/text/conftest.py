"""Fixtures for the text layer: the three packs, the official variants, the three catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola import paths
from regola.core.pack import Pack, load_pack
from regola.text.catalog import Catalog, available_languages, catalog_for

LANGUAGES = ("cs", "de", "fr")
PACKS = ("cs", "de", "fr")


def cs_variant_files() -> list[Path]:
    return sorted((paths.home() / "rulepacks" / "cs" / "variants").glob("*.yaml"))


@pytest.fixture(scope="session")
def catalogs() -> dict[str, Catalog]:
    assert set(LANGUAGES) <= set(available_languages())
    return {lang: catalog_for(lang) for lang in LANGUAGES}


@pytest.fixture(scope="session")
def packs() -> dict[str, Pack]:
    return {pack_id: load_pack(pack_id) for pack_id in PACKS}


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """CLI tests must not read or write the user's cache, nor depend on the caller's LANG."""
    monkeypatch.setenv("REGOLA_CACHE", str(tmp_path_factory.getbasetemp() / "regola-cache"))
    monkeypatch.delenv("LANG", raising=False)

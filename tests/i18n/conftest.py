"""Shared facts of the i18n tests: the five languages, the ten (game × language) rule catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola import paths

LANGUAGES = ("cs", "de", "en", "fr", "pl")
GAMES = ("maestro-leonardo", "princes-of-florence")
#: the catalogs issue 19 adds (the `translate` branch): once any is there, all ten must be
TRANSLATED = ("rulepacks/cs/text/pl.yaml", "rulepacks/cs/text/en.yaml", "rulepacks/pl/text/cs.yaml",
              "rulepacks/pl/text/de.yaml", "rulepacks/pl/text/fr.yaml", "rulepacks/pl/text/en.yaml")
#: the numbers every plural form is exercised with (Czech and Polish few/many, French one for 0 and 1)
COUNTS = (0, 1, 2, 5, 21, 22)


def translations_landed() -> bool:
    return any((paths.home() / name).is_file() for name in TRANSLATED)


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's cache, nor depends on the caller's LANG or COLUMNS."""
    monkeypatch.setenv("REGOLA_CACHE", str(tmp_path_factory.getbasetemp() / "regola-cache"))
    monkeypatch.setenv("REGOLA_DAEMON", "off")
    for name in ("LANG", "LC_ALL", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)


def home_copy(tmp_path: Path) -> Path:
    """A private copy of the packs and schemas, to edit."""
    import shutil

    home = tmp_path / "home"
    shutil.copytree(paths.home() / "schemas", home / "schemas")
    shutil.copytree(paths.home() / "rulepacks", home / "rulepacks")
    return home

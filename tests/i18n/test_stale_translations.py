"""Every shipped translation records what it translates (issue 31, item 2): rewording a source text flags
each translation of it as stale in `regola check`, as the rewording of Polish setup.freedoms should have."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from tests.tool_modules import load_tool

from regola import paths
from regola.check import run
from regola.text.entries import digest, lookup, translatable

HOME = paths.home()
TRANSLATIONS = [path for path in sorted((HOME / "rulepacks").glob("*/text/*.yaml"))
                if "source" in yaml.safe_load(path.read_text(encoding="utf-8"))["text"]]


def test_the_translations_are_the_ones_that_say_so() -> None:
    """en and pl of Maestro Leonardo (from cs), cs, de, fr and en of Princes of Florence (from pl)."""
    assert sorted(f"{p.parent.parent.name}/{p.stem}" for p in TRANSLATIONS) == [
        "cs/en", "cs/pl", "pl/cs", "pl/de", "pl/en", "pl/fr"]


@pytest.mark.parametrize("path", TRANSLATIONS, ids=[f"{p.parent.parent.name}-{p.stem}" for p in TRANSLATIONS])
def test_every_text_a_translation_shares_with_its_source_has_its_digest(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))["text"]
    source_language = data["source"]["language"]
    source = yaml.safe_load((path.parent / f"{source_language}.yaml").read_text(encoding="utf-8"))["text"]
    shared = {p: digest(text) for p, _ in translatable(data) if (text := lookup(source, p)) is not None}
    assert data["source"]["digests"] == shared


def _home_copy(root: Path) -> Path:
    import shutil

    shutil.copytree(HOME / "schemas", root / "schemas")
    shutil.copytree(HOME / "rulepacks", root / "rulepacks")
    return root


def test_rewording_a_source_text_flags_every_translation_of_it(tmp_path: Path) -> None:
    home = _home_copy(tmp_path / "home")
    assert not [f for f in run([home / "rulepacks" / "pl"], home).findings if f.code == "TEXT_STALE"]
    source = home / "rulepacks" / "pl" / "text" / "pl.yaml"
    text = source.read_text(encoding="utf-8")
    data = yaml.safe_load(text)["text"]
    before = data["rules"]["setup.freedoms"]["text"]
    source.write_text(text.replace(before.split(" ", 3)[2], before.split(" ", 3)[2] + " zawsze", 1), encoding="utf-8")
    stale = [f for f in run([home / "rulepacks" / "pl"], home).findings if f.code == "TEXT_STALE"]
    assert sorted(f.file.rsplit("/", 1)[-1] for f in stale) == ["cs.yaml", "de.yaml", "en.yaml", "fr.yaml"]
    assert all("/rules/setup.freedoms/text" in f.message for f in stale)
    # the translator rewords the four translations, then stamps them: nothing is stale any more
    stamp = load_tool("stamp_translations").stamp
    for language in ("cs", "de", "en", "fr"):
        assert stamp(home / "rulepacks" / "pl" / "text" / f"{language}.yaml") > 400
    assert not [f for f in run([home / "rulepacks" / "pl"], home).findings if f.code == "TEXT_STALE"]

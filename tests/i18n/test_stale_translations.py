"""Every shipped translation records what it translates (issue 31, item 2): rewording a source text flags
each translation of it as stale in `regola check`, as the rewording of Polish setup.freedoms should have."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.tool_modules import load_tool

from regola import paths
from regola.check import run
from regola.text.entries import digest, source_text, translatable

HOME = paths.home()
TRANSLATIONS = [path for path in sorted((HOME / "rulepacks").glob("*/text/*.yaml"))
                if "source" in yaml.safe_load(path.read_text(encoding="utf-8"))["text"]]


def test_the_translations_are_the_ones_that_say_so() -> None:
    """en and pl of Maestro Leonardo (from cs), and its German and French packs' catalogs (they borrow from
    the Czech pack and share its rules); cs, de, fr and en of Princes of Florence (from pl)."""
    assert sorted(f"{p.parent.parent.name}/{p.stem}" for p in TRANSLATIONS) == [
        "cs/en", "cs/pl", "de/de", "fr/fr", "pl/cs", "pl/de", "pl/en", "pl/fr"]


@pytest.mark.parametrize("path", TRANSLATIONS, ids=[f"{p.parent.parent.name}-{p.stem}" for p in TRANSLATIONS])
def test_every_text_a_translation_shares_with_its_source_has_its_digest(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))["text"]
    source_language = data["source"]["language"]
    origin = load_tool("stamp_translations")._source_folder(path.parent.parent)  # the pack it borrows from
    source = yaml.safe_load((origin / "text" / f"{source_language}.yaml").read_text(encoding="utf-8"))["text"]
    # a unit's plural form is matched to the source's form for the same numbers (source_text)
    shared = {p: digest(text) for p, _ in translatable(data)
              if (text := source_text(source, p, source_language, data["language"])) is not None}
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


def _to_translate(tmp_path: Path, pack: str, language: str, home: Path = HOME) -> list[str]:
    from babel.messages.pofile import read_po

    from regola.cli.main import main

    out = tmp_path / f"{pack}-{language}.po"
    assert main(["text", "export", "--pack", str(home / "rulepacks" / pack), "--lang", language, "-o", str(out)]) == 0
    with out.open("rb") as handle:
        return [str(m.context) for m in read_po(handle) if m.id and not m.string]


@pytest.mark.parametrize(("pack", "language"), [("cs", "en"), ("cs", "pl"), ("pl", "cs"), ("pl", "de"), ("pl", "fr")])
def test_export_and_check_agree_on_what_is_left_to_translate(tmp_path: Path, pack: str, language: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation that counts with units of its own (Czech 'učně' after a verb is English 'apprentices')
    has nothing left to translate, for the export as for the check; a text it lacks is missing for both."""
    assert _to_translate(tmp_path, pack, language) == []
    home = _home_copy(tmp_path / "home")
    catalog = home / "rulepacks" / pack / "text" / f"{language}.yaml"
    data = yaml.safe_load(catalog.read_text(encoding="utf-8"))
    title = next(iter(data["text"]["rules"]))
    del data["text"]["rules"][title]
    from regola.text.po import dump

    catalog.write_text(dump(data["text"], catalog), encoding="utf-8")  # digests stay quoted strings
    monkeypatch.setenv("REGOLA_HOME", str(home))
    left = _to_translate(tmp_path, pack, language, home)
    # the rule, and the source's units its source text counts with (an import takes the source's args)
    source = yaml.safe_load((catalog.parent / f"{data['text']['source']['language']}.yaml").read_text(encoding="utf-8"))
    units = {spec["unit"] for spec in source["text"]["rules"][title].get("args", {}).values() if "unit" in spec}
    assert {f"/rules/{title}/title", f"/rules/{title}/text"} <= set(left)
    assert all(p.startswith("/rules/") or p.split("/")[2] in units for p in left), left
    untranslated = [f for f in run([home / "rulepacks" / pack], home).findings if f.code == "TEXT_UNTRANSLATED"]
    assert any(title in f.message and f.file.endswith(f"/{language}.yaml") for f in untranslated)


def test_a_new_language_is_offered_the_sources_own_units(tmp_path: Path) -> None:
    """Italian starts from the Czech rules, which count with Czech grammar units: it gets them all."""
    left = _to_translate(tmp_path, "cs", "it")
    assert "/units/apprentice_acc/one" in left and "/units/gulden/other" in left


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_a_digest_reads_back_as_text_whoever_writes_the_yaml(text: str) -> None:
    """A translation's digests survive any YAML writer: plain, they never read as numbers (a digest like
    '4e1431317237' once did, after a tool re-wrote a catalog with yaml.safe_dump)."""
    from regola.core.yamlio import parse_text

    value = digest(text)
    dumped = yaml.safe_dump({"digests": {"/rules/x/text": value}}, default_style=None)
    assert parse_text(f"d: {value}\n", "digest")["d"] == value
    assert parse_text(dumped, "digest")["digests"]["/rules/x/text"] == value

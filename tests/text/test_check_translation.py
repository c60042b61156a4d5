"""tools/check_translation.py: the shipped translations pass, and each kind of drift from the source
catalog (a lost placeholder, another pointer, a plural form the language lacks or needs, a missing key,
other citations, the wrong game) is one error naming its field."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("check_translation_tool", ROOT / "tools" / "check_translation.py")
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
sys.modules["check_translation_tool"] = tool
_spec.loader.exec_module(tool)


def test_every_shipped_translation_matches_its_source() -> None:
    files = list(tool.translations(ROOT))
    assert {f"{p.parent.parent.name}/{p.stem}" for p in files} >= {"cs/en", "cs/pl", "pl/cs", "pl/de", "pl/fr", "pl/en"}
    for path in files:
        report = tool.check(path, tool.source_of(path))
        assert report.errors == [], report.errors


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the schemas and of the cs pack's header and catalogs, to break one thing at a time."""
    shutil.copytree(ROOT / "schemas", tmp_path / "schemas")
    text = tmp_path / "rulepacks" / "cs" / "text"
    text.mkdir(parents=True)
    shutil.copy(ROOT / "rulepacks" / "cs" / "pack.yaml", text.parent / "pack.yaml")
    for name in ("cs.yaml", "en.yaml", "pl.yaml"):
        shutil.copy(ROOT / "rulepacks" / "cs" / "text" / name, text / name)
    return tmp_path


def _broken(project: Path, language: str, change: object) -> list[str]:
    path = project / "rulepacks" / "cs" / "text" / f"{language}.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc["text"])  # type: ignore[operator]
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    report = tool.check(path, tool.source_of(path), project)
    return report.errors


def test_an_intact_copy_passes(project: Path) -> None:
    assert _broken(project, "en", lambda text: None) == []


@pytest.mark.parametrize(("language", "change", "expected"), [
    ("en", lambda t: t["rules"]["council.spaces"].update(text="The Council has four spaces."),
     "/text/rules/council.spaces/text: placeholders [] here, ['count'] in the source"),
    ("en", lambda t: t["rules"]["district.order"]["args"]["order"].update(path="/city/orders"),
     "/text/rules/district.order/args/order/path: path is '/city/orders' here, '/city/order' in the source"),
    ("en", lambda t: t["units"]["week"].update(few="weeks"), "en has no plural category 'few'"),
    ("pl", lambda t: t["units"]["gulden"].pop("many"), "unit 'gulden' lacks the plural category 'many'"),
    ("en", lambda t: t["chrome"].pop("seats"), "/text/chrome: 'seats' of the source is missing"),
    ("en", lambda t: t["names"]["cards"].pop("7"), "/text/names/cards: '7' of the source is missing"),
    ("pl", lambda t: t["rules"]["labs.work"].update(cites=["001 §9"]), "/text/rules/labs.work/cites: cites"),
    ("pl", lambda t: t["rules"]["council.leonardo"]["args"]["who"]["cases"].pop("false"),
     "/text/rules/council.leonardo/args/who/cases: 'false' of the source is missing"),
    ("en", lambda t: t.update(game="princes-of-florence"), "/text/game: is 'princes-of-florence'"),
    ("en", lambda t: t.update(language="de"), "/text/language: says 'de'"),
])
def test_each_kind_of_drift_is_an_error_naming_its_field(project: Path, language: str, change: object,
                                                         expected: str) -> None:
    errors = _broken(project, language, change)
    assert any(expected in e for e in errors), errors


def test_a_number_written_into_a_rule_text_is_a_warning(project: Path) -> None:
    path = project / "rulepacks" / "cs" / "text" / "en.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["text"]["rules"]["council.spaces"]["text"] += " All 4 are free at first."
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    report = tool.check(path, tool.source_of(path), project)
    assert report.errors == []
    assert any("council.spaces/text: writes 4" in w for w in report.warnings), report.warnings


def test_the_command_exits_1_on_an_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _broken(project, "en", lambda t: t["chrome"].pop("seats"))
    path = project / "rulepacks" / "cs" / "text" / "en.yaml"
    assert tool.main([str(path), "--root", str(project)]) == 1
    assert "'seats' of the source is missing" in capsys.readouterr().out

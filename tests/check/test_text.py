"""Text catalog checks, on a copy of the Czech catalog with one defect each (changed as data)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from check_helpers import added, findings, make_home

from regola.core.yamlio import locate

CATALOG = Path("rulepacks/cs/text/cs.yaml")


def _first_rule_with_args(text: dict[str, Any]) -> str:
    return next(rule_id for rule_id, entry in text["rules"].items() if entry.get("args"))


def _missing_rule(text: dict[str, Any]) -> str:
    del text["rules"]["rounds.research"]  # its unit stays in use (the research placement says it too)
    return "/text/rules"


def _missing_name(text: dict[str, Any]) -> str:
    del text["names"]["materials"]["iron"]
    return "/text/names/materials"


def _unbound_placeholder(text: dict[str, Any]) -> str:
    rule_id = _first_rule_with_args(text)
    text["rules"][rule_id]["text"] += " {ghost}"
    return f"/text/rules/{rule_id}/text"


def _unresolved_path(text: dict[str, Any]) -> str:
    rule_id = _first_rule_with_args(text)
    name = next(iter(text["rules"][rule_id]["args"]))
    text["rules"][rule_id]["args"][name]["path"] = "/city/nowhere"
    return f"/text/rules/{rule_id}/args/{name}/path"


def _plural_missing(text: dict[str, Any]) -> str:
    unit = next(u for u, forms in text["units"].items() if "few" in forms)
    del text["units"][unit]["few"]
    return f"/text/units/{unit}"


def _plural_foreign(text: dict[str, Any]) -> str:
    unit = next(iter(text["units"]))
    text["units"][unit]["two"] = "dva"
    return f"/text/units/{unit}/two"


def _unworded_case(text: dict[str, Any]) -> str:
    """A select text that words only some of the values the schema admits: a variant choosing another
    would leave the rule without words (issue 43: the all-zero auction's 'keep_in_display')."""
    del text["rules"]["completion.auction"]["args"]["zero"]["cases"]["keep_in_display"]
    return "/text/rules/completion.auction/args/zero/path"


def _unused_name(text: dict[str, Any]) -> str:
    text["names"]["materials"]["unobtainium"] = "neexistium"
    return "/text/names/materials/unobtainium"


def _unknown_rule(text: dict[str, Any]) -> str:
    text["rules"]["nothing.here"] = {"title": "Nic", "text": "Nic.", "cites": ["001 §1"]}
    return "/text/rules/nothing.here"


def _bare_number(text: dict[str, Any]) -> str:
    entry = text["rules"]["district.cost_track"]  # its placeholders and units stay: only the number is new
    entry["text"] = "Nejvýše 4 akce. " + entry["text"]
    return "/text/rules/district.cost_track/text"


CASES: dict[str, tuple[str, Callable[[dict[str, Any]], str]]] = {
    "missing-rule": ("TEXT_MISSING", _missing_rule),
    "missing-name": ("TEXT_MISSING", _missing_name),
    "unbound-placeholder": ("TEXT_PLACEHOLDER", _unbound_placeholder),
    "unresolved-path": ("TEXT_PLACEHOLDER", _unresolved_path),
    "unworded-case": ("TEXT_PLACEHOLDER", _unworded_case),
    "plural-missing": ("TEXT_PLURAL", _plural_missing),
    "plural-foreign": ("TEXT_PLURAL", _plural_foreign),
    "unused-name": ("TEXT_UNUSED_KEY", _unused_name),
    "unknown-rule": ("REF_UNKNOWN_RULE", _unknown_rule),
    "bare-number": ("TEXT_BARE_NUMBER", _bare_number),
}


def _write(path: Path, content: Any) -> None:
    path.write_text(yaml.safe_dump(content, allow_unicode=True, sort_keys=False, width=1000), encoding="utf-8")


def _source_only(root: Path) -> Path:
    """A home whose cs pack holds its own catalog only: the translations beside it are compared with
    it, so a defect planted in the source would show in each of them as well."""
    home = make_home(root)
    for translation in (home / CATALOG).parent.glob("*.yaml"):
        if translation.name != CATALOG.name:
            translation.unlink()
    return home


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[Any]]:
    home = _source_only(tmp_path_factory.mktemp("text"))
    content = yaml.safe_load((home / CATALOG).read_text(encoding="utf-8"))
    _write(home / CATALOG, content)  # the same catalog, re-written the way the cases write theirs
    return content, findings([home / "rulepacks" / "cs"], home)


@pytest.mark.parametrize("name", CASES)
def test_broken_catalog(name: str, tmp_path: Path, pristine: tuple[Any, list[Any]]) -> None:
    code, mutate = CASES[name]
    home = _source_only(tmp_path)
    content = yaml.safe_load(yaml.safe_dump(pristine[0]))
    pointer = mutate(content["text"])
    _write(home / CATALOG, content)
    new = added(pristine[1], findings([home / "rulepacks" / "cs"], home))
    line, _ = locate(home / CATALOG, pointer)
    assert [(f.code, f.file, f.line) for f in new] == [(code, CATALOG.as_posix(), line)], new

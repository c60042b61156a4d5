"""The corpus of broken packs and variants: each defect gives exactly its one finding, at its line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from check_helpers import CORPUS, added, findings, line_of, make_home, replace_once

PACK_CASES: list[dict[str, Any]] = yaml.safe_load((CORPUS / "packs.yaml").read_text(encoding="utf-8"))["cases"]
VARIANTS = sorted((CORPUS / "variants").glob("*.yaml"))
EXPECT = re.compile(r"#\s*expect:\s*([A-Z_]+)")


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    """The findings of an untouched copy of cs: the cases are judged by what they add to these."""
    home = make_home(tmp_path_factory.mktemp("pristine"), text=False)
    return findings([home / "rulepacks" / "cs"], home)


@pytest.mark.parametrize("case", PACK_CASES, ids=[c["name"] for c in PACK_CASES])
def test_broken_pack(case: dict[str, Any], tmp_path: Path, pristine: list[Any]) -> None:
    home = make_home(tmp_path, text=False)
    target = home / "rulepacks" / "cs" / case["file"]
    for change in case["changes"]:
        replace_once(target, change["old"], change["new"])
    line = line_of(target, case.get("line_of", case["changes"][0]["new"]))
    new = added(pristine, findings([home / "rulepacks" / "cs"], home))
    assert [(f.code, f.file, f.line) for f in new] == [(case["code"], f"rulepacks/cs/{case['file']}", line)], new


@pytest.mark.parametrize("path", VARIANTS, ids=[p.stem for p in VARIANTS])
def test_broken_variant(path: Path, tmp_path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    expected = [(m.group(1), number) for number, text in enumerate(lines, 1) if (m := EXPECT.search(text))]
    assert len(expected) == 1, "a corpus variant marks exactly one line with '# expect: CODE'"
    home = make_home(tmp_path, text=False)
    found = findings([path], home)
    assert [(f.code, Path(f.file or "").name, f.line) for f in found] == [(expected[0][0], path.name,
                                                                            expected[0][1])], found


def test_every_corpus_variant_applies_to_cs_only(tmp_path: Path) -> None:
    """The variant corpus stands beside the packs: nothing in it may leak into a default run."""
    home = make_home(tmp_path, text=False)
    assert not any("corpus" in (f.file or "") for f in findings([], home))


def test_a_malformed_ruling_id_is_reported_and_citing_it_fails(tmp_path: Path) -> None:
    """rulings.yaml with `R6x` for `R6`: a SCHEMA finding on its line, and every citation of R6 is
    unknown; the text check that lists rulings without text must not trip over the bad ID."""
    home = make_home(tmp_path)
    rulings = home / "rulepacks" / "rulings.yaml"
    replace_once(rulings, "\n  R6: ", "\n  R6x: ")
    found = findings([], home)
    assert ("SCHEMA", "rulepacks/rulings.yaml", line_of(rulings, "R6x")) in {(f.code, f.file, f.line) for f in found}
    assert any(f.code == "REF_UNKNOWN_RULING" and "R6" in f.message for f in found)

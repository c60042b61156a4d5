"""`regola check` on broken files, as a new user makes them (issue 9, seen 4, 6, 7, 9 and 10).

Every PATH gets located findings in the chosen format; one broken file never hides the others; a
load error is reported once, without knock-on findings; a variant's fault is said at its change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from check_helpers import REPO, findings, line_of, make_home, replace_once

from regola.check import run
from regola.check.report import exit_status
from regola.cli.main import main
from regola.core.errors import PackError
from regola.core.pack import available_variants, load_pack

GOOD = """variant:
  id: mine
  base: cs
  title: Mine
  cites: [R1]
  changes:
    - op: replace
      path: /city/cost_track
      value: [0, 1, 2, 3]
"""

#: name -> (content, line the finding must name): each is a variant outside rulepacks/
BROKEN = {
    "syntax": (GOOD.replace("[0, 1, 2, 3]", "[0, 1, 2, 3"), 10),
    "twice": (GOOD.replace("  title: Mine\n", "  title: Mine\n  title: Again\n"), 5),
    "tab": (GOOD.replace("  cites: [R1]", "\tcites: [R1]"), 5),
    "empty": ("", None),
    "no-variant": ("something: 1\n", 1),
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    made = make_home(tmp_path / "home", ("cs", "de", "fr"))
    monkeypatch.setenv("REGOLA_HOME", str(made))
    monkeypatch.chdir(made)
    return made


def _write(folder: Path, name: str, content: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_variant_outside_rulepacks_gets_a_located_finding(name: str, home: Path, tmp_path: Path) -> None:
    content, line = BROKEN[name]
    path = _write(tmp_path, name, content)
    found = [f for f in findings([path], home) if f.level == "error"]
    assert found and all(f.file == str(path) or (f.file or "").endswith(f"{name}.yaml") for f in found), found
    if line is not None:
        assert found[0].line == line, found


@pytest.mark.parametrize("fmt", ["json", "github", "text"])
def test_every_path_is_checked_and_one_broken_file_hides_none(fmt: str, home: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    paths = [_write(tmp_path, name, BROKEN[name][0]) for name in sorted(BROKEN)]
    good = _write(tmp_path, "good", GOOD)
    assert main(["check", "--format", fmt, *map(str, paths), str(good), "no/such.yaml"]) == 2
    out, err = capsys.readouterr()
    assert "no/such.yaml: no such file or folder" in err
    if fmt == "json":
        data = json.loads(out)  # one JSON document, every path in it
        named = {Path(f["file"]).name for f in data["findings"] if f["file"]}
        assert {p.name for p in paths} | {"such.yaml"} <= named
        assert "good.yaml" not in named
    elif fmt == "github":
        for path in paths:
            assert f"file={path}" in out
        assert all(line.startswith("::") for line in out.splitlines())
    else:
        for path in paths:
            assert str(path) in out


def test_a_load_error_is_reported_once_without_knock_on_findings(home: Path) -> None:
    """Seen 7: a missing `]` in cs/city.yaml gave 241 findings (the error three times, then every text)."""
    city = home / "rulepacks" / "cs" / "city.yaml"
    replace_once(city, "order: [A, B, C, D, E, F, G, H]", "order: [A, B, C, D, E, F, G, H")
    found = findings([], home)
    problems = [f for f in found if f.level != "info"]
    assert len(problems) == 1, "\n".join(f"{f.file}:{f.line} {f.code} {f.message}" for f in problems)
    assert (problems[0].code, problems[0].file) == ("LOAD", "rulepacks/cs/city.yaml")
    assert problems[0].line == line_of(city, "districts:")  # libyaml notices at the next line


def test_a_variant_that_breaks_its_base_is_named_with_its_change(home: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Seen 6: removing district A was reported at rulepacks/cs/city.yaml:4:11 only."""
    path = _write(tmp_path, "no-a", GOOD.replace("""    - op: replace
      path: /city/cost_track
      value: [0, 1, 2, 3]
""", """    - op: test
      path: /city/order/0
      value: A
    - op: remove
      path: /city/districts/A
"""))
    found = [f for f in findings([path], home) if f.level == "error"]
    assert found and all(f.file == str(path) and f.line == 10 for f in found), found
    assert all("change 2 (remove /city/districts/A)" in f.message and "rulepacks/cs/city.yaml:" in f.message
               for f in found)
    assert main(["play", "--players", "2", "--seed", "1", "--variant", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:10:" in err and "change 2" in err and "rulepacks/cs/city.yaml:4:11" in err


def test_a_base_pack_fault_stays_the_base_packs(home: Path) -> None:
    """The other way round: a fault the base has alone is not blamed on a variant that applies to it."""
    replace_once(home / "rulepacks" / "cs" / "city.yaml", "order: [A, B, C, D, E, F, G, H]",
                 "order: [A, B, C, D, E, F, G, X]")
    found = [f for f in findings([], home) if f.code == "REF_UNKNOWN_DISTRICT"]
    assert found and {f.file for f in found} == {"rulepacks/cs/city.yaml"}
    assert not any("variant '" in f.message for f in found)


def test_an_undeclared_source_difference_fails(home: Path) -> None:
    """Seen 9: the German cost track changed alone, against 002 and the Czech pack."""
    city = home / "rulepacks" / "de" / "city.yaml"
    replace_once(city, "cost_track: [0, 2, 3, 4]", "cost_track: [0, 2, 3, 5]")
    for paths in ([], [home / "rulepacks" / "de"], [city]):
        found = [f for f in findings(paths, home) if f.code == "SRC_DIFF_UNDECLARED"]
        assert [(f.file, f.line, f.pointer) for f in found] == [
            ("rulepacks/de/city.yaml", line_of(city, "cost_track:"), "/city/cost_track")], paths
        assert exit_status(findings(paths, home), strict=False) == 1


def test_a_declared_divergence_that_no_longer_differs_is_a_warning(home: Path) -> None:
    rounds = home / "rulepacks" / "de" / "rounds.yaml"
    text = rounds.read_text(encoding="utf-8")
    assert '"2": 2' in text
    rounds.write_text(text.replace('"2": 2', '"2": 3', 1), encoding="utf-8")
    found = findings([], home)
    unused = [f for f in found if f.code == "SRC_DIVERGENCE_UNUSED"]
    assert len(unused) == 1 and "/rounds/display_size/2" in unused[0].message
    assert exit_status(found, strict=False) == 0 and exit_status(found, strict=True) == 1


def test_a_variant_of_another_pack_that_lists_this_pack_is_found_by_name() -> None:
    """Seen 10: `--pack fr --variant codex-leonardi-1` said 'available: none'."""
    assert "codex-leonardi-1" in available_variants("fr")
    pack = load_pack("fr", variants=["codex-leonardi-1"])
    assert [v.id for v in pack.variants] == ["codex-leonardi-1"]
    assert "codex-leonardi-2" not in available_variants("fr")  # it names cs alone
    with pytest.raises(PackError) as caught:
        load_pack("de", variants=["codex-leonardi-1"])
    assert "no variant 'codex-leonardi-1'" in caught.value.message and "'de'" in caught.value.message


def test_shipped_packs_still_pass_strict() -> None:
    assert exit_status(run([], REPO).findings, strict=True) == 0

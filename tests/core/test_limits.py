"""Bounds on what a file may cost (issue 9, seen 1 and 3): refused at parse time, with the file and line.

The hostile files run in a child process with a memory and time bound: before the bounds existed they
took minutes and gigabytes, so a regression fails here instead of hanging the test run.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from regola.core.errors import PackError, RegolaError
from regola.core.limits import DEFAULT, Limits, current
from regola.core.schemas import bounded, schema_id, schema_set
from regola.core.variant import load_variant
from regola.core.yamlio import load_yaml, parse_text

REPO = Path(__file__).resolve().parents[2]


def alias_chain(levels: int = 10, width: int = 9, indent: str = "") -> list[str]:
    """Anchors x0…x(levels-1), each a list of ``width`` of the previous: width**levels values once expanded."""
    lines = [f"{indent}x0: &x0 [" + ", ".join(["a"] * width) + "]"]
    lines += [f"{indent}x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * width) + "]" for i in range(1, levels)]
    return lines


def bomb_variant(tmp_path: Path) -> Path:
    """The 600-byte variant of the issue: the chain inside `variant:`, used as its title."""
    lines = ["variant:", "  id: bomb", "  base: cs", "  cites: [R1]", "  changes: []", *alias_chain(indent="  "),
             "  title: *x9"]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.stat().st_size < 700
    return path


def _bounded_child() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # 1 GB: the unbounded loads took 5-7 GB


def run_bounded(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """`regola ARGS` in a child of at most 1 GB and 120 s (the issue's hangs ran for minutes)."""
    env = {**os.environ, "REGOLA_DAEMON": "off", "REGOLA_HOME": str(REPO)}
    return subprocess.run([sys.executable, "-m", "regola.cli.main", *args], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=120, preexec_fn=_bounded_child, check=False)


def test_alias_bomb_in_a_variant_is_refused_at_its_line(tmp_path: Path) -> None:
    path = bomb_variant(tmp_path)
    with pytest.raises(PackError) as caught:
        load_variant(path, REPO)
    err = caught.value
    assert err.code == "limit" and err.file is not None and err.file.endswith("bomb.yaml")
    assert err.line is not None and 2 <= err.line <= 16 and "REGOLA_MAX_NODES" in err.message


@pytest.mark.parametrize("command", [["check", "--format", "github"],
                                     ["play", "--players", "2", "--seed", "1", "--variant"],
                                     ["rules", "show", "district.cost_track", "--variant"]])
def test_alias_bomb_ends_every_command_quickly_with_one_line(tmp_path: Path, command: list[str]) -> None:
    path = bomb_variant(tmp_path)
    done = run_bounded(*command, str(path))
    assert done.returncode in (1, 2), done.stderr
    out = done.stdout + done.stderr
    assert "Traceback" not in out and "MemoryError" not in out
    assert re.search(r"bomb\.yaml(:\d+:\d+|,line=\d+,col=\d+)", out), out


def test_deep_nesting_is_refused_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 150_000 + "]" * 150_000, encoding="utf-8")  # libyaml's own composer segfaults
    done = run_bounded("check", str(path))
    assert done.returncode in (1, 2) and "Traceback" not in done.stdout + done.stderr
    with pytest.raises(PackError) as caught:
        load_yaml(path)
    assert (caught.value.line, caught.value.column) == (1, DEFAULT.depth + 1)
    assert "REGOLA_MAX_DEPTH" in caught.value.message


def test_a_loop_of_aliases_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PackError) as caught:
        parse_text("a: &a\n  b: [1, *a]\n", "loop.yaml")
    assert caught.value.line == 2 and "loop" in caught.value.message


def test_alias_count_and_depth_bounds_are_exact() -> None:
    few = Limits(yaml_aliases=3, depth=3)
    assert parse_text("a: &a 1\nb: [*a, *a, *a]\n", "ok.yaml", few) == {"a": 1, "b": [1, 1, 1]}
    with pytest.raises(PackError, match="more than 3 times"):
        parse_text("a: &a 1\nb: [*a, *a, *a, *a]\n", "many.yaml", few)
    assert parse_text("a: {b: [1]}", "three.yaml", few) == {"a": {"b": [1]}}
    with pytest.raises(PackError, match="deeper than 3"):
        parse_text("a: {b: [[1]]}", "four.yaml", few)
    with pytest.raises(PackError, match="once the alias"):  # an alias brings its own depth along
        parse_text("x: &x [[1]]\na: {b: *x}", "aliased.yaml", few)


def test_node_bound_counts_aliases_expanded() -> None:
    text = "\n".join(alias_chain(levels=3, width=4)) + "\n"  # x2 alone is 1 + 4 * (1 + 4 * 5) = 85 values
    assert parse_text(text, "small.yaml")["x2"][3][3] == ["a"] * 4
    with pytest.raises(PackError, match="more than 50 values"):
        parse_text(text, "small.yaml", Limits(nodes=50))


def test_a_large_variant_is_refused_by_size_and_loads_when_the_bound_is_raised(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = (REPO / "rulepacks" / "cs" / "variants" / "codex-leonardi-1.yaml").read_text(encoding="utf-8")
    path = tmp_path / "large.yaml"
    path.write_text(source + ("# padding to make the file large\n" * 40_000), encoding="utf-8")
    assert path.stat().st_size > DEFAULT.file_bytes
    with pytest.raises(PackError) as caught:
        load_variant(path, REPO)
    assert caught.value.file is not None and caught.value.file.endswith("large.yaml")
    assert "REGOLA_MAX_FILE_BYTES" in caught.value.message
    monkeypatch.setenv("REGOLA_MAX_FILE_BYTES", str(4 * DEFAULT.file_bytes))
    assert load_variant(path, REPO).id == "codex-leonardi-1"


def test_the_parse_cache_never_lets_a_file_past_lowered_bounds(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "aliases.yaml"
    path.write_text("a: &a 1\nb: [" + ", ".join(["*a"] * 10) + "]\n", encoding="utf-8")
    assert len(load_yaml(path)["b"]) == 10  # parsed and cached under the defaults
    monkeypatch.setenv("REGOLA_MAX_YAML_ALIASES", "5")
    with pytest.raises(PackError, match="more than 5 times"):
        load_yaml(path)
    monkeypatch.setenv("REGOLA_MAX_FILE_BYTES", "10")
    with pytest.raises(PackError, match="larger than 10 bytes"):
        load_yaml(path)


def test_environment_overrides_and_rejects_nonsense() -> None:
    assert current({"REGOLA_MAX_DEPTH": "9"}).depth == 9
    assert current({}) == DEFAULT
    with pytest.raises(RegolaError, match="REGOLA_MAX_NODES"):
        current({"REGOLA_MAX_NODES": "lots"})


def test_parse_text_reads_json_and_yaml_and_locates_errors() -> None:
    assert parse_text('{"variant": {"id": "x", "n": [1, 2.5, null, true]}}', "body") == {
        "variant": {"id": "x", "n": [1, 2.5, None, True]}}
    assert parse_text(b"\xef\xbb\xbfa: 1\n", "bom.yaml") == {"a": 1}
    with pytest.raises(PackError) as caught:
        parse_text('{"a": [1,\n  2}', "body")
    assert (caught.value.file, caught.value.line) == ("body", 2)
    with pytest.raises(PackError) as caught:
        parse_text(b"a: 1\nb: \xff\n", "body")
    assert (caught.value.line, caught.value.column) == (2, 4)
    with pytest.raises(PackError, match="larger than 8 bytes"):
        parse_text("a: 123456789", "body", Limits(file_bytes=8))


def test_schema_messages_never_show_a_whole_large_value() -> None:
    schemas = schema_set(REPO / "schemas")
    title = [f"word {i}" for i in range(50_000)]
    content = {"variant": {"id": "big", "base": "cs", "title": title, "cites": ["R1"], "changes": []}}
    findings = schemas.validate(content, schema_id("variant"))
    assert findings and all(len(f.message) < 300 for f in findings)
    assert any(f.pointer == "/variant/title" for f in findings)


def test_bounded_copy_keeps_types_values_and_sharing() -> None:
    shared = {"k": "v" * 500}
    value = {"a": [shared, shared, 1, None, True], "b": "short"}
    copy = bounded(value)
    assert copy == value and isinstance(copy, dict) and isinstance(copy["a"], list)
    assert copy["a"][0] is copy["a"][1] and len(repr(copy)) < 100
    assert len(repr(copy["a"][0]["k"])) <= 60


def test_project_files_load_within_the_defaults() -> None:
    for path in sorted((REPO / "rulepacks").rglob("*.yaml")):
        load_yaml(path, limits=DEFAULT)
        assert path.stat().st_size * 8 < DEFAULT.file_bytes, f"{path} is near the default bound"


def test_bomb_at_the_top_level_is_refused_too(tmp_path: Path) -> None:
    path = tmp_path / "top.yaml"
    path.write_text("\n".join([*alias_chain(), "variant: *x9"]) + "\n", encoding="utf-8")
    with pytest.raises(PackError, match="REGOLA_MAX_NODES"):
        load_yaml(path)

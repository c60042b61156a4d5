"""The YAML loaders against random input: random bytes, random YAML structures (aliases among them),
mutated real pack files and variants. Whatever comes in, the answer is a value within the bounds or a
PackError naming the input, never another exception. (Worst times and memory: tools/fuzz_loaders.py.)
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regola.core.errors import PackError
from regola.core.limits import Limits
from regola.core.variant import load_variant
from regola.core.yaml_loader import JsonLoader
from regola.core.yamlio import load_yaml, parse_text

REPO = Path(__file__).resolve().parents[2]
REAL = sorted((REPO / "rulepacks").rglob("*.yaml"))
VARIANTS = sorted((REPO / "rulepacks").glob("*/variants/*.yaml"))
SMALL = Limits(file_bytes=64 * 1024, yaml_aliases=32, depth=16, nodes=2_000)

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def expanded(value: Any) -> tuple[int, int]:
    """(values, depth) of parsed data, counting a shared (aliased) part at every use."""
    if isinstance(value, dict):
        parts = [expanded(v) for v in value.values()]
    elif isinstance(value, list):
        parts = [expanded(v) for v in value]
    else:
        return 1, 0
    keys = len(parts) if isinstance(value, dict) else 0
    return 1 + keys + sum(n for n, _ in parts), 1 + max((d for _, d in parts), default=0)


def parse_or_refuse(text: str | bytes, limits: Limits = SMALL) -> Any:
    try:
        value = parse_text(text, "fuzz.yaml", limits)
    except PackError as err:
        assert err.file == "fuzz.yaml" and str(err).startswith("fuzz.yaml")
        assert "\n" not in err.message or "YAML syntax" in err.message
        return None
    nodes, depth = expanded(value)
    assert depth <= limits.depth
    assert nodes <= limits.nodes * 2  # mapping keys are values too: the bound counts each key and value
    return value


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes(raw: bytes) -> None:
    parse_or_refuse(raw)


@FUZZ
@given(st.lists(st.sampled_from([*"[]{}:,-&*!|>'\"#?%@`\n\t abcx0123.", "&a ", "*a", "<<: ", "  "]),
                max_size=200))
def test_random_yaml_punctuation(pieces: list[str]) -> None:
    parse_or_refuse("".join(pieces))


_names = st.text(alphabet="abcdefghij_", min_size=1, max_size=6)
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                     st.floats(allow_nan=False, allow_infinity=False, width=32),
                     st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                         st.dictionaries(_names, inner, max_size=5)),
                       max_leaves=40)


class _Core12Dumper(yaml.SafeDumper):
    """PyYAML's writer, quoting what YAML 1.2's core schema (the loader's) reads as other than text: PyYAML
    alone writes the text '0E0' plain, a float in 1.2 though not in 1.1."""


_Core12Dumper.yaml_implicit_resolvers = JsonLoader.yaml_implicit_resolvers


@FUZZ
@given(_values, st.booleans())
def test_random_structures_round_trip(value: Any, flow: bool) -> None:
    """What PyYAML writes from JSON-shaped data reads back as the same data (or is refused whole)."""
    text = yaml.dump({"root": value}, Dumper=_Core12Dumper, default_flow_style=flow, allow_unicode=True)
    parsed = parse_or_refuse(text, Limits())
    if parsed is not None:
        assert _same(parsed["root"], value)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, int | float) and isinstance(b, int | float) and math.isclose(a, b, rel_tol=1e-6)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


@st.composite
def alias_documents(draw: st.DrawFn) -> str:
    """Documents of anchors that reuse earlier ones, as wide and as deep as hypothesis likes."""
    lines = []
    for index in range(draw(st.integers(1, 12))):
        width = draw(st.integers(1, 12))
        items = [f"*a{draw(st.integers(0, index - 1))}" if index and draw(st.booleans()) else "x"
                 for _ in range(width)]
        lines.append(f"a{index}: &a{index} [" + ", ".join(items) + "]")
    if draw(st.booleans()):
        lines.append("loop: &z [*z]" if draw(st.booleans()) else f"last: *a{len(lines) - 1}")
    return "\n".join(lines) + "\n"


@FUZZ
@given(alias_documents())
def test_alias_structures_stay_within_the_bounds(text: str) -> None:
    parse_or_refuse(text)


def _mutate(raw: bytes, data: st.DataObject) -> bytes:
    out = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(out)))
        kind = data.draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        span = data.draw(st.integers(1, 40))
        if kind == "delete":
            del out[at:at + span]
        elif kind == "insert":
            out[at:at] = data.draw(st.binary(min_size=1, max_size=span))
        elif kind == "replace":
            out[at:at + span] = data.draw(st.sampled_from([b"&a", b"*a", b"[", b"]", b"{", b": ", b"\t",
                                                           b"- ", b"\n", b"\xff", b"'", b"!!set", b"<<: *a"]))
        else:
            out[at:at] = out[at:at + span * 20]
    return bytes(out)


@FUZZ
@given(st.sampled_from(REAL), st.data())
def test_mutated_pack_files(path: Path, data: st.DataObject) -> None:
    parse_or_refuse(_mutate(path.read_bytes(), data), Limits())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(VARIANTS), data=st.data())
def test_mutated_variants_load_or_say_where(path: Path, data: st.DataObject,
                                            tmp_path_factory: pytest.TempPathFactory) -> None:
    """A mutated variant, loaded as `--variant` would: a Variant, or one PackError naming the file."""
    target = tmp_path_factory.mktemp("mutant") / "mutant.yaml"
    target.write_bytes(_mutate(path.read_bytes(), data))
    try:
        variant = load_variant(target, REPO)
    except PackError as err:
        assert err.file is not None and err.file.endswith("mutant.yaml")
        return
    assert variant.path == target.resolve()


def test_the_cache_returns_what_the_parse_gave(tmp_path: Path) -> None:
    """The fuzzed function (parse_text) and the file loader (load_yaml, cached) read alike."""
    for path in REAL[:5]:
        assert load_yaml(path) == parse_text(path.read_bytes(), str(path)) == load_yaml(path)


@pytest.mark.parametrize("text", ["", "# only a comment\n", "---\n", "~"])
def test_empty_documents_are_null(text: str) -> None:
    assert parse_text(text, "empty.yaml") is None

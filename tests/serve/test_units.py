"""The pure parts of the server, property-tested: language preferences and the JSON depth bound."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette")

from regola.serve.bodies import max_depth
from regola.serve.lru import Bounded
from regola.serve.negotiate import choose, preferences

LANGS = ["cs", "de", "fr"]
tags = st.sampled_from(["cs", "de", "fr", "en", "de-AT", "fr-CA", "cs-CZ", "pl", "*"])
qualities = st.sampled_from([None, "1", "0.9", "0.5", "0.1", "0", "0.001"])


def _header(items: list[tuple[str, str | None]]) -> str:
    return ", ".join(tag if q is None else f"{tag};q={q}" for tag, q in items)


@given(st.lists(st.tuples(tags, qualities), max_size=6))
def test_the_choice_is_the_most_wanted_available_language(items: list[tuple[str, str | None]]) -> None:
    chosen = choose(_header(items), LANGS, "cs")
    assert chosen in LANGS
    wanted = [(float(q) if q is not None else 1.0, tag.split("-")[0]) for tag, q in items if tag != "*"]
    usable = [(q, lang) for q, lang in wanted if q > 0 and lang in LANGS]
    if usable:
        best = max(q for q, _ in usable)
        assert chosen in {lang for q, lang in usable if q == best}
    else:
        assert chosen == "cs"


def test_quality_orders_and_zero_excludes() -> None:
    assert preferences("fr;q=0.5, de;q=0.9, en") == ["en", "de", "fr"]
    assert preferences("de;q=0, fr") == ["fr"]
    assert preferences("de;q=2, x y z, fr;q=abc, cs") == ["cs"]  # malformed items are skipped


json_values = st.recursive(st.none() | st.integers() | st.text(alphabet="[]{}\"\\ab", max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                        max_size=3), max_leaves=20)


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


@given(json_values)
def test_max_depth_measures_json_as_the_parser_would(value: object) -> None:
    assert max_depth(json.dumps(value).encode()) == _depth(value)


@given(st.lists(st.integers(0, 20), max_size=60), st.integers(1, 5))
def test_the_bounded_cache_never_grows_past_its_size(keys: list[int], size: int) -> None:
    evicted: list[int] = []
    cache: Bounded[int, int] = Bounded(size, lambda k, _v: evicted.append(k))
    for key in keys:
        cache.get_or_make(key, lambda key=key: key * 2)  # type: ignore[misc]
        assert len(cache) <= size
        assert cache.get(key) == key * 2
    assert len(set(keys)) - len(cache) <= len(evicted)

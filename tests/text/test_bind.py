"""arg_problem (what the checker asks) and format_arg (what a rulebook writes) agree on every value.

The checker judges placeholders without formatting them, so that it needs no locale data. That is
only sound if arg_problem says "no problem" exactly when format_arg succeeds.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from regola.text.bind import arg_problem, format_arg
from regola.text.catalog import Catalog, catalog_for

CATALOGS = {language: catalog_for(language) for language in ("cs", "de", "fr")}

FORMATS = ["number", "count", "max", "min", "sum", "list", "name", "names", "select", "nonsense"]
LEAVES = st.none() | st.booleans() | st.integers(-5, 2000) | st.floats(-10, 10, allow_nan=False) | st.sampled_from(
    ["", "iron", "A", "Yes", "3"])
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["id", "weeks", "x"]), inner, max_size=3), max_leaves=6)
SPECS = st.fixed_dictionaries(
    {"path": st.just("/x"), "format": st.sampled_from(FORMATS)},
    optional={"unit": st.sampled_from(["gulden", "week", "furlong"]), "key": st.sampled_from(["weeks", "id"]),
              "names": st.sampled_from(["materials", "cards"]), "cases": st.just({"yes": "ano", "3": "tři"})},
)


def _outcome(catalog: Catalog, spec: dict[str, Any], value: Any) -> tuple[bool, str]:
    try:
        return True, format_arg(catalog, spec, value)
    except (ValueError, TypeError, KeyError) as exc:
        return False, str(exc)


@settings(max_examples=400, deadline=None)
@given(spec=SPECS, value=VALUES, language=st.sampled_from(["cs", "de", "fr"]))
def test_the_checker_objects_exactly_when_formatting_fails(spec: dict[str, Any], value: Any, language: str) -> None:
    catalog = CATALOGS[language]
    formats, text = _outcome(catalog, spec, value)
    problem = arg_problem(catalog, spec, value)
    assert (problem is None) == formats, f"{spec} / {value!r}: format_arg -> {text!r}, arg_problem -> {problem!r}"


def test_problems_say_what_was_found() -> None:
    cs = CATALOGS["cs"]
    assert arg_problem(cs, {"path": "/x"}, "five") == "expected a number, found 'five'"
    assert arg_problem(cs, {"path": "/x", "format": "list"}, []) == "expected a non-empty list, found []"
    assert arg_problem(cs, {"path": "/x", "unit": "furlong"}, 3) == "the catalog has no unit 'furlong'"
    assert arg_problem(cs, {"path": "/x", "format": "select", "cases": {"own": "vlastní"}}, "any") == (
        "no case for the value 'any' (cases: own)")
    assert arg_problem(cs, {"path": "/x", "format": "max"}, []) == "expected a non-empty list, found []"
    assert arg_problem(cs, {"path": "/x", "format": "count", "unit": "gulden"}, [1, 2]) is None

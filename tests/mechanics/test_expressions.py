"""The safe expressions of scoring and catch-up terms (regola.mechanics.expressions): what they admit,
what they refuse with a reason, and that evaluating one never fails and stays within its bound."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.mechanics.expressions import LIMIT, MAX_LENGTH, Expression, ExpressionError

MEASURES = {"money": None, "upgrades": None, "freedoms": None}


@pytest.mark.parametrize(("source", "values", "expected"), [
    ("2 * upgrades", {"upgrades": 3}, 6),
    (200, {}, 200),
    ("max(0, 10 - money) // 2", {"money": 3}, 3),
    ("3 if freedoms >= 2 else 0", {"freedoms": 2}, 3),
    ("3 if freedoms >= 2 else 0", {"freedoms": 1}, 0),
    ("-money", {"money": 4}, -4),
    ("abs(money - 10) % 3", {"money": 2}, 2),
    ("money > 5 and upgrades < 2", {"money": 6, "upgrades": 1}, 1),
    ("not freedoms", {"freedoms": 0}, 1),
])
def test_admitted_terms_give_whole_numbers(source: object, values: dict[str, int], expected: int) -> None:
    term = Expression.compile(source, MEASURES)
    assert term.value(values) == expected
    assert set(term.names) == set(values)


@pytest.mark.parametrize(("source", "reason"), [
    ("__import__('os')", "the only functions are min, max and abs"),
    ("upgrades.__class__", "not allowed"),
    ("[1, 2][0]", "not allowed"),
    ("'a' * 3", "whole number"),
    ("2 ** 100", "not allowed"),
    ("(lambda: 1)()", "the only functions"),
    ("1.5 * money", "whole number"),
    ("prestige", "unknown measure 'prestige' (measures: freedoms, money, upgrades)"),
    ("len(money)", "the only functions are min, max and abs"),
    ("min(a=1)", "the only functions"),
    ("money +", "not an expression"),
    ("", "empty"),
    ("1 + " * 60 + "1", f"longer than {MAX_LENGTH}"),
    (f"{LIMIT + 1} * money", "within"),
    (True, "expected a whole number"),
    ([1], "expected a whole number"),
    ("[x for x in range(10**9)]", "not allowed"),
])
def test_refused_terms_say_why(source: object, reason: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        Expression.compile(source, MEASURES)
    assert reason in str(caught.value)


def test_division_by_zero_counts_zero_and_results_are_bounded() -> None:
    assert Expression.compile("100 // upgrades", MEASURES).value({"upgrades": 0}) == 0
    assert Expression.compile("100 % upgrades", MEASURES).value({"upgrades": 0}) == 0
    huge = Expression.compile(" * ".join(["money"] * 20), MEASURES)
    assert huge.value({"money": 10**6}) == LIMIT
    assert Expression.compile("-" + " * ".join(["money"] * 3), MEASURES).value({"money": 10**6}) == -LIMIT


_NAMES = st.sampled_from(sorted(MEASURES))
_LEAVES = st.one_of(st.integers(-1000, 1000).map(str), _NAMES)


def _extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%", "<", ">=", "==", "and", "or"]), inner)
    return st.one_of(
        binary.map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        inner.map(lambda e: f"abs({e})"),
        inner.map(lambda e: f"(-{e})"),
        st.tuples(inner, inner, inner).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
    )


@settings(max_examples=300, deadline=None)
@given(source=st.recursive(_LEAVES, _extend, max_leaves=24),
       values=st.fixed_dictionaries({name: st.integers(-10**6, 10**6) for name in MEASURES}))
def test_any_admitted_term_evaluates_within_its_bound(source: str, values: dict[str, int]) -> None:
    if len(source) > MAX_LENGTH:
        with pytest.raises(ExpressionError):
            Expression.compile(source, MEASURES)
        return
    value = Expression.compile(source, MEASURES).value(values)
    assert type(value) is int and -LIMIT <= value <= LIMIT

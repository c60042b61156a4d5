"""Numbers the reader's way, CLDR's minimum grouping digits included (issue 31): Polish writes 2500 and
25 000; Czech 2 500; Babel alone groups every Polish number of four digits."""

from __future__ import annotations

import pytest

from regola.i18n.numbers import format_number

NB = "\u00a0"


@pytest.mark.parametrize(("language", "value", "shown"), [
    ("pl", 999, "999"), ("pl", 2500, "2500"), ("pl", 9999, "9999"), ("pl", -2500, "-2500"),
    ("pl", 10000, f"10{NB}000"), ("pl", 1234567, f"1{NB}234{NB}567"), ("pl", 2500.5, "2500,5"),
    ("cs", 2500, f"2{NB}500"), ("de", 2500, "2.500"), ("en", 2500, "2,500"), ("fr", 2500, f"2{NB}500"),
])
def test_numbers_are_grouped_as_cldr_says(language: str, value: float, shown: str) -> None:
    assert format_number(language, value).replace("\u202f", NB) == shown

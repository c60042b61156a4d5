"""Numbers and lists the reader's way, through Babel's CLDR data: one parsed Locale per language.

``1500`` is ``1 500`` in Polish and Czech, ``1.500`` in German, ``1,500`` in English; a list is
``a, b a c`` in Czech. The pseudo-locale formats as English.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

__all__ = ["babel_locale", "format_items", "format_number", "plural_category"]


@lru_cache(maxsize=32)
def babel_locale(language: str) -> Locale:
    from babel import Locale

    from regola.i18n.pseudo import PSEUDO

    return Locale.parse("en" if language == PSEUDO else language)


#: CLDR's minimumGroupingDigits where it is not 1 (cldr-json numbers.json): a number is grouped only when
#: its integer part has at least this many digits more than one group, so Polish writes 2500 but 25 000.
#: Babel 2.19 reads the other number data from CLDR but not this value, hence this small table.
MIN_GROUPING_DIGITS = {"pl": 2, "es": 2, "pt_PT": 2}


# A rulebook shows a few dozen distinct numbers hundreds of times; Babel takes ~0.1 ms for each.
# typed: 2 and 2.0 are kept apart, as Babel may write them differently.
@lru_cache(maxsize=4096, typed=True)
def format_number(language: str, value: int | float) -> str:
    from babel.numbers import format_decimal

    # a parsed Locale, not its name: Babel would parse the name again on every call (~0.2 ms each)
    locale = babel_locale(language)
    least = MIN_GROUPING_DIGITS.get(str(locale), MIN_GROUPING_DIGITS.get(locale.language, 1))
    grouped = least <= 1 or abs(int(value)) >= 10 ** (2 + least)  # groups of three: 4 + least - 1 digits
    return str(format_decimal(value, locale=locale, group_separator=grouped))


@lru_cache(maxsize=4096, typed=True)
def plural_category(language: str, number: int | float) -> str:
    """The CLDR plural category of ``number`` in the language: one, few, many, other…"""
    return str(babel_locale(language).plural_form(abs(number)))


def format_items(language: str, items: list[str], style: str = "standard") -> str:
    """'a, b and c' ('a, b or c' with style 'or') by the locale's CLDR list patterns."""
    from babel.lists import format_list

    from regola.i18n.pseudo import PSEUDO, pseudo

    if not items:
        return "—"
    if language == PSEUDO:  # CLDR's English "and" would pass as a word no catalog gave
        last = pseudo("or" if style == "or" else "and")
        return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"
    return str(format_list(items, style=style, locale=babel_locale(language)))  # type: ignore[arg-type]

"""Which language a request reads: ``?lang=`` when given, else ``Accept-Language``, else the pack's.

Accept-Language is parsed as RFC 9110 says (quality values, ``q=0`` meaning "not this one", ``*``)
and matched with Babel's ``negotiate_locale``, so ``de-AT, fr;q=0.8`` finds the German catalog.
"""

from __future__ import annotations

import re

from babel.core import negotiate_locale

__all__ = ["choose", "preferences"]

_ITEM = re.compile(r"^\s*([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]+)\s*)?$")
_MAX_ITEMS = 32  # a header longer than any browser sends is read no further


def preferences(header: str | None) -> list[str]:
    """The header's language tags, most wanted first (ties keep their order); malformed items skipped."""
    if not header:
        return []
    weighted: list[tuple[float, int, str]] = []
    for index, item in enumerate(header.split(",")[:_MAX_ITEMS]):
        match = _ITEM.match(item)
        if match is None:
            continue
        try:
            q = float(match.group(2)) if match.group(2) is not None else 1.0
        except ValueError:
            continue
        if 0 < q <= 1:
            weighted.append((-q, index, match.group(1).replace("_", "-")))
    return [tag for _q, _i, tag in sorted(weighted)]


def choose(header: str | None, available: list[str], default: str) -> str:
    """The catalog language for an Accept-Language header: Babel's pick among ``available``, else default."""
    wanted = [tag for tag in preferences(header) if tag != "*"]
    found = negotiate_locale(wanted, available, sep="-", aliases={}) if wanted else None
    return found.split("-")[0].lower() if found else default

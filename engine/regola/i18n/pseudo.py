"""The pseudo-locale ``en_XA``: every word from a catalog comes out accented, 30 % longer and in
brackets (``Search`` → ``⟦Šéåŕçĥ··⟧``), so a string that skipped the catalogs stands out on any page,
screen or report as plain ASCII. Numbers are formatted as in English; ``{placeholders}`` are kept.

Interface words come from ``PseudoTranslations`` (any domain); rule text from
``regola.text.catalog.pseudo_catalog``, which transforms a real rule catalog of the game. Ask for it
explicitly (``--lang en-XA``, the URL ``/cs/en_XA/``); it is listed nowhere.
"""

from __future__ import annotations

import re
from gettext import NullTranslations

__all__ = ["CLOSE", "OPEN", "PSEUDO", "PseudoTranslations", "pseudo", "unwrapped"]

PSEUDO = "en_XA"
OPEN, CLOSE = "⟦", "⟧"
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
_PLACEHOLDER = re.compile(r"(\{[a-z_][a-z0-9_]*(?::[a-z]{3})?\})")
_INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def pseudo(text: str) -> str:
    """``text`` accented (placeholders kept), padded to 130 % and bracketed."""
    parts = _PLACEHOLDER.split(text)
    shown = "".join(p if _PLACEHOLDER.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    visible = sum(len(p) for p in parts if not _PLACEHOLDER.fullmatch(p))
    return f"{OPEN}{shown}{'·' * max(1, round(visible * 0.3))}{CLOSE}"


def unwrapped(text: str) -> str:
    """What is left of ``text`` once every pseudo-translated segment (nested ones too) is removed."""
    previous = None
    while previous != text:
        previous, text = text, _INNERMOST.sub(" ", text)
    return text


class PseudoTranslations(NullTranslations):
    """gettext that answers every message with its pseudo form (English plural rule)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

"""The pseudo-locale ``en_XA``: every word from a catalog comes out accented, 30 % longer and in
brackets (``Search`` → ``⟦Šéåŕçĥ··⟧``), so a string that skipped the catalogs stands out on any page,
screen or report as plain ASCII. Numbers are formatted as in English; ``{placeholders}`` are kept.

Interface words come from ``PseudoTranslations`` (any domain); rule text from ``pseudo_catalog``,
which transforms a real rule catalog of the game. Ask for it explicitly (``--lang en-XA``, the URL
``/cs/en_XA/``); it is listed nowhere.
"""

from __future__ import annotations

import re
from gettext import NullTranslations
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regola.text.catalog import Catalog

__all__ = ["CLOSE", "OPEN", "PSEUDO", "PseudoTranslations", "pseudo", "pseudo_catalog", "unwrapped"]

PSEUDO = "en_XA"
OPEN, CLOSE = "⟦", "⟧"
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
_PLACEHOLDER = re.compile(r"(\{[a-z_][a-z0-9_]*\})")
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


def _names(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: (dict(v, name=pseudo(v["name"])) if isinstance(v, dict) and "name" in v else _names(v))
                for k, v in value.items()}
    return pseudo(str(value))


def _rule(entry: dict[str, Any]) -> dict[str, Any]:
    out = dict(entry, title=pseudo(entry["title"]), text=pseudo(entry["text"]))
    if "args" in entry:
        out["args"] = {name: (dict(spec, cases={k: pseudo(v) for k, v in spec["cases"].items()})
                              if "cases" in spec else spec) for name, spec in entry["args"].items()}
    return out


def pseudo_catalog(base: Catalog) -> Catalog:
    """A rule catalog in the pseudo-locale, made from ``base`` (same rules, args and citations)."""
    from regola.text.catalog import Catalog

    data = base.data
    units = {unit: {"one": pseudo(forms.get("one", forms["other"])), "other": pseudo(forms["other"])}
             for unit, forms in data["units"].items()}
    made = dict(data, language=PSEUDO, units=units,
                names={category: _names(names) for category, names in data["names"].items()},
                rules={rule_id: _rule(entry) for rule_id, entry in data["rules"].items()},
                rulings={r: {"title": pseudo(e["title"]), "text": pseudo(e["text"])}
                         for r, e in data["rulings"].items()},
                chrome={key: pseudo(str(value)) for key, value in data.get("chrome", {}).items()})
    made.pop("source", None)
    return Catalog(PSEUDO, base.path, f"{base.file} ({PSEUDO})", made)

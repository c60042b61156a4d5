"""Check translated rule catalogs against the catalog they translate, before any engine code reads them.

    python tools/check_translation.py                      # every translation in rulepacks/*/text/
    python tools/check_translation.py rulepacks/pl/text/de.yaml [--source rulepacks/pl/text/pl.yaml]

A pack's own catalog (``text/<pack language>.yaml``) is the source; every other catalog in the same
folder translates it. A translation must have the source's sections and keys, the same ``{placeholders}``
in every string (chrome, terminal, names, rule titles, texts and select cases), the same arguments (path,
format, names, key, style, select values) and citations, every plural category its locale has (Babel's
CLDR data) and no other, ``language`` equal to the file name and ``game`` equal to the pack's game. It
must also pass ``schemas/text-catalog.schema.json`` (``game`` and ``source`` set aside while the schema
does not know them). Warnings: digits a rule text writes that its source does not (a number the data holds
belongs in a placeholder) and long texts left identical to the source. Exit 1 when anything is an error.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.core.errors import PackError
from regola.core.schemas import escape_token, schema_id, schema_set
from regola.core.yamlio import display_path, load_yaml, locate
from regola.i18n.forms import FORMS

ROOT = Path(__file__).resolve().parents[1]
#: any {name} in a string: rule placeholders ({money}) and the positional ones of action templates ({1})
PLACEHOLDER = re.compile(r"\{([^{}\s:]+)(?::[a-z]{3})?\}")  # the key; a form after a colon is the language's own
DIGITS = re.compile(r"(?<![\w{])\d+(?![\w}])")
#: keys a translation has that its source need not: the game it words, what it was translated from
TRANSLATION_KEYS = ("game", "source")
#: sections whose keys are free-form and must match the source one for one
KEYED_SECTIONS = ("chrome", "terminal", "rulings")
#: an argument's fields that say what it shows; ``unit`` is the language's own grammar and may differ
ARG_FIELDS = ("path", "format", "names", "key", "style")
#: a text with this many words of its own that equals its source was probably not translated
UNTRANSLATED_WORDS = 3


@dataclass
class Report:
    """Findings of one translation, each as 'file:line: pointer: message'."""

    path: Path
    shown: str
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def _line(self, pointer: str, message: str) -> str:
        line = locate(self.path, pointer)[0] if pointer else None
        return f"{self.shown}:{line or 1}: {pointer or '/'}: {message}"

    def error(self, pointer: str, message: str) -> None:
        self.errors.append(self._line(pointer, message))

    def warn(self, pointer: str, message: str) -> None:
        self.warnings.append(self._line(pointer, message))


def ptr(*tokens: str | int) -> str:
    return "".join("/" + escape_token(t) for t in tokens)


def placeholders(value: Any) -> set[str]:
    return set(PLACEHOLDER.findall(value)) if isinstance(value, str) else set()


def plural_categories(language: str) -> set[str] | None:
    """The CLDR plural categories of a locale ('other' always), or None when Babel does not know it."""
    from babel import Locale, UnknownLocaleError

    try:
        return set(Locale.parse(language).plural_form.tags) | {"other"}
    except (UnknownLocaleError, ValueError):
        return None


def pack_meta(folder: Path) -> dict[str, Any]:
    meta: dict[str, Any] = load_yaml(folder / "pack.yaml")["pack"]
    return meta


def source_of(path: Path) -> Path:
    """The catalog a translation translates: its pack's own-language catalog."""
    folder = path.resolve().parent.parent
    return folder / "text" / f"{pack_meta(folder)['language'].split('-')[0]}.yaml"


def translations(root: Path) -> Iterator[Path]:
    """Every catalog in rulepacks/*/text/ that is not its pack's own language."""
    for pack in sorted((root / "rulepacks").iterdir()):
        if not (pack / "pack.yaml").is_file() or not (pack / "text").is_dir():
            continue
        own = source_of(pack / "text" / "x.yaml")
        yield from (p for p in sorted((pack / "text").glob("*.yaml")) if p.resolve() != own.resolve())


def check(path: Path, source_path: Path, root: Path = ROOT) -> Report:
    """All findings of the translation at ``path`` against ``source_path``."""
    report = Report(path, display_path(path, root))
    try:
        mine_doc = load_yaml(path, name=report.shown)
        source = load_yaml(source_path, name=display_path(source_path, root))["text"]
    except PackError as err:
        report.errors.append(str(err))
        return report
    mine = mine_doc.get("text") if isinstance(mine_doc, dict) else None
    if not isinstance(mine, dict):
        report.error("", "no 'text' mapping")
        return report
    _header(report, mine, path)
    _schema(report, mine_doc, root)
    _sections(report, mine, source)
    _units(report, mine, source)
    _strings(report, mine, source)
    _rules(report, mine, source)
    _cards(report, mine, source)
    return report


def _header(report: Report, mine: dict[str, Any], path: Path) -> None:
    if mine.get("language") != path.stem:
        report.error("/text/language", f"says {mine.get('language')!r}, the file name says {path.stem!r}")
    game = pack_meta(path.resolve().parent.parent).get("game")
    if mine.get("game") != game:
        report.error("/text/game", f"is {mine.get('game')!r}; the catalogs of this pack speak for {game!r}")


def _schema(report: Report, doc: dict[str, Any], root: Path) -> None:
    """The text-catalog schema. A translation's own keys (``game``, ``source``) are set aside while the
    schema does not know them yet, so the words can be checked before the multilingual loader lands."""
    schemas = root / "schemas"
    known = load_yaml(schemas / "text-catalog.schema.json")["$defs"]["catalog"]["properties"]
    aside = {key for key in TRANSLATION_KEYS if key not in known}
    bare = {**doc, "text": {k: v for k, v in doc["text"].items() if k not in aside}}
    for finding in schema_set(schemas).validate(bare, schema_id("text-catalog")):
        report.error(finding.pointer, f"schema: {finding.message}")


def _sections(report: Report, mine: dict[str, Any], source: dict[str, Any]) -> None:
    for section in sorted(set(source) - set(mine) - {"language", *TRANSLATION_KEYS}):
        report.error("/text", f"section '{section}' of the source is missing")
    for section in sorted(set(mine) - set(source) - set(TRANSLATION_KEYS)):
        report.error(ptr("text", section), f"section '{section}' is not in the source")
    for section in KEYED_SECTIONS:
        _same_keys(report, mine.get(section, {}), source.get(section, {}), ("text", section))
    names, source_names = mine.get("names", {}), source.get("names", {})
    _same_keys(report, names, source_names, ("text", "names"))
    for category in sorted(set(names) & set(source_names)):
        _same_keys(report, names[category], source_names[category], ("text", "names", category))
    _same_keys(report, mine.get("rules", {}), source.get("rules", {}), ("text", "rules"))


def _same_keys(report: Report, mine: Any, source: Any, at: tuple[str, ...]) -> None:
    if not isinstance(mine, dict) or not isinstance(source, dict):
        return
    for key in sorted(set(source) - set(mine), key=str):
        report.error(ptr(*at), f"'{key}' of the source is missing")
    for key in sorted(set(mine) - set(source), key=str):
        report.error(ptr(*at, key), f"'{key}' is not in the source")


def _units(report: Report, mine: dict[str, Any], source: dict[str, Any]) -> None:
    """Every plural category of the locale, and only those; a source unit may be left out only where the
    translation binds another unit in its place (a grammatical case the language does not need)."""
    units = mine.get("units", {})
    used_here = {spec.get("unit") for entry in mine.get("rules", {}).values()
                 for spec in entry.get("args", {}).values()} - {None}
    used_there = {spec.get("unit") for entry in source.get("rules", {}).values()
                  for spec in entry.get("args", {}).values()} - {None}
    for unit in sorted(set(source.get("units", {})) - set(units)):
        if unit not in used_there or unit in used_here:
            report.error("/text/units", f"unit '{unit}' of the source is missing")
    for unit in sorted(set(units) - set(source.get("units", {})) - used_here):
        report.error(ptr("text", "units", unit), f"unit '{unit}' is neither in the source nor used here")
    categories = plural_categories(str(mine.get("language", "")))
    if categories is None:
        report.error("/text/language", f"Babel knows no locale {mine.get('language')!r}")
        return
    for unit, entry in units.items():
        if not isinstance(entry, dict):
            continue
        forms = {k: v for k, v in entry.items() if k not in FORMS}  # a case's forms are the language's own
        for category in sorted(categories - set(forms)):
            report.error(ptr("text", "units", unit), f"unit '{unit}' lacks the plural category '{category}'")
        for category in sorted(set(forms) - categories):
            report.error(ptr("text", "units", unit, category),
                         f"{mine['language']} has no plural category '{category}' ({', '.join(sorted(categories))})")


def _strings(report: Report, mine: dict[str, Any], source: dict[str, Any]) -> None:
    """Chrome, terminal and names: the same placeholders as the source, and words of their own."""
    for section in ("chrome", "terminal"):
        for key, value in mine.get(section, {}).items():
            _compare(report, value, source.get(section, {}).get(key), ("text", section, key))
    for category, entries in mine.get("names", {}).items():
        there = source.get("names", {}).get(category, {})
        for key, value in entries.items():
            other = there.get(key)
            if isinstance(value, dict):  # a card: {name, provenance}
                value, other = value.get("name"), other.get("name") if isinstance(other, dict) else None
            _compare(report, value, other, ("text", "names", category, str(key)), copy_ok=True)


def _compare(report: Report, value: Any, other: Any, at: tuple[str, ...], copy_ok: bool = False) -> None:
    if other is None or not isinstance(value, str):
        return
    here, there = placeholders(value), placeholders(other)
    if here != there:
        report.error(ptr(*at), f"placeholders {sorted(here)} here, {sorted(there)} in the source")
    # three words of its own at least: '{district}: {upgrade} za {price}' is the same in Czech and Polish
    words = re.findall(r"[^\W\d_]{2,}", PLACEHOLDER.sub("", value))
    if not copy_ok and len(words) >= UNTRANSLATED_WORDS and value == other:
        report.warn(ptr(*at), "identical to the source: not translated?")


def _rules(report: Report, mine: dict[str, Any], source: dict[str, Any]) -> None:
    units = mine.get("units", {})
    for rule_id, entry in mine.get("rules", {}).items():
        theirs = source.get("rules", {}).get(rule_id)
        if not isinstance(theirs, dict) or not isinstance(entry, dict):
            continue
        at = ("text", "rules", rule_id)
        for part in ("title", "text"):
            _compare(report, entry.get(part), theirs.get(part), (*at, part))
            written = set(DIGITS.findall(PLACEHOLDER.sub(" ", str(entry.get(part, "")))))
            new = written - set(DIGITS.findall(PLACEHOLDER.sub(" ", str(theirs.get(part, "")))))
            if new:
                report.warn(ptr(*at, part), f"writes {', '.join(sorted(new))}, which the source does not; "
                            "a number the data holds belongs in a placeholder")
        if entry.get("cites") != theirs.get("cites"):
            report.error(ptr(*at, "cites"), f"cites {entry.get('cites')} here, {theirs.get('cites')} in the source")
        args, their_args = entry.get("args", {}), theirs.get("args", {})
        _same_keys(report, args, their_args, (*at, "args"))
        for name in sorted(set(args) & set(their_args)):
            _arg(report, args[name], their_args[name], (*at, "args", name), units)


def _arg(report: Report, spec: dict[str, Any], theirs: dict[str, Any], at: tuple[str, ...],
         units: dict[str, Any]) -> None:
    for name in ARG_FIELDS:
        if spec.get(name) != theirs.get(name):
            report.error(ptr(*at, name), f"{name} is {spec.get(name)!r} here, {theirs.get(name)!r} in the source")
    unit = spec.get("unit")
    if unit is not None and unit not in units:
        report.error(ptr(*at, "unit"), f"unit '{unit}' is not among this catalog's units")
    cases, their_cases = spec.get("cases", {}), theirs.get("cases", {})
    _same_keys(report, cases, their_cases, (*at, "cases"))
    for value in sorted(set(cases) & set(their_cases)):
        _compare(report, cases[value], their_cases[value], (*at, "cases", value))


def _cards(report: Report, mine: dict[str, Any], source: dict[str, Any]) -> None:
    """A card's provenance: 'translated', or the source section its name comes from (as the source marks)."""
    cards = mine.get("names", {}).get("cards", {})
    for card_id, card in cards.items():
        if isinstance(card, dict) and card.get("provenance") not in (None, "translated") and not re.fullmatch(
                r"[0-9]{3}( .+)?", str(card.get("provenance"))):
            report.error(ptr("text", "names", "cards", card_id, "provenance"), "neither 'translated' nor a source")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="translations (default: every one in rulepacks/)")
    parser.add_argument("--source", type=Path, help="the catalog they translate (default: their pack's own)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project folder (schemas, rulepacks)")
    args = parser.parse_args(argv)
    files = args.files or list(translations(args.root))
    errors = warnings = 0
    for path in files:
        report = check(path, args.source or source_of(path), args.root)
        for line in report.errors:
            print(f"error: {line}")
        for line in report.warnings:
            print(f"warning: {line}")
        errors += len(report.errors)
        warnings += len(report.warnings)
        print(f"{report.shown}: {len(report.errors)} error(s), {len(report.warnings)} warning(s)", file=sys.stderr)
    print(f"checked {len(files)} translation(s): {errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

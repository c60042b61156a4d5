"""A rule catalog as a gettext PO file for translators, and back (``regola text export|import``).

Export: one message per translatable text of the game's catalog in the pack's own language (the
source), its ``msgctxt`` the text's JSON pointer in the catalog (``/rules/district.cost_track/text``),
its ``msgid`` the source text, its ``msgstr`` the translation there is so far. Each message tells the
translator what they need (``#.`` comments): the rule and its citation, each placeholder with the
pointer it binds and the value it has in the pack, which numbers a plural form is for, where a
name comes from. A translation whose source text changed since it was made is exported ``fuzzy``.

Import: every translated message is checked — the same ``{placeholders}`` as the source, a known
pointer, a unit's plural forms exactly the ones the language's CLDR rules need — and any problem is
one line ``FILE:LINE: …``, nothing written. What passes is merged into the language's catalog (a new
one is made for a new language: args and citations from the source, names marked ``translated``),
with the digest of each source text translated (``text.source``), so the check can tell when a source
text changes later. Fuzzy and empty messages leave the catalog's text as it is.
"""

from __future__ import annotations

import copy
import functools
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regola.core.errors import Problems
from regola.core.pointers import MISSING, resolve
from regola.i18n.forms import KEYS
from regola.text.catalog import PLACEHOLDER, Catalog
from regola.text.entries import SHOWN, digest, escape, lookup, put, source_text, translatable, unescape

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog as PoCatalog

    from regola.core.pack import Pack

__all__ = ["Imported", "PoImportError", "export_catalog", "import_catalog", "plural_categories"]

HEADER_KEYS = ("game", "pack", "source language", "language")


class PoImportError(Problems):
    """A PO file that cannot be imported: one line per problem."""


def plural_categories(language: str) -> tuple[list[str], list[str]]:
    """(every plural category the language has, those the integers 0-1000 need), CLDR's order."""
    from regola.i18n.numbers import babel_locale, plural_category

    order = ["zero", "one", "two", "few", "many", "other"]
    has = set(babel_locale(language).plural_form.tags) | {"other"}
    needed = {plural_category(language, n) for n in SHOWN} | {"other"}
    return [c for c in order if c in has], [c for c in order if c in needed]


def _examples(language: str, category: str) -> str:
    from regola.i18n.numbers import plural_category

    found = [n for n in SHOWN if plural_category(language, n) == category][:6]
    if not found:
        return "fractions such as 1.5"
    return ", ".join(map(str, found)) + (" …" if len(found) == 6 else "")


def _compact(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= 100 else text[:97] + "…"


def _context(source: Catalog, pack: Pack, pointer: str, language: str) -> list[str]:
    """The ``#.`` comments of one message: what the text is and what it binds."""
    parts = [unescape(p) for p in pointer.split("/")[1:]]
    head = parts[0]
    if head == "rules":
        rule_id = parts[1]
        entry = source.rules[rule_id]
        pack_rule = pack.data.get("rules", {}).get(rule_id, {})
        cites = ", ".join(pack_rule.get("cites", entry.get("cites", [])))
        lines = [f"rule {rule_id} ({parts[2]}) · cites {cites}"]
        if parts[2] in ("text", "title", "args"):
            lines += [_binding(name, spec, pack) for name, spec in entry.get("args", {}).items()]
        return lines
    if head == "units":
        return [f"unit {parts[1]}, plural form '{parts[2]}' in {language}: for {_examples(language, parts[2])}"]
    if head == "names":
        if parts[1] == "cards" and len(parts) > 3:
            card = source.names("cards").get(parts[2], {})
            return [f"name of invention card {parts[2]} (in the source: {card.get('provenance', '—')})"]
        return [f"name of {parts[1]} '{parts[2]}'"]
    if head == "rulings":
        return [f"ruling {parts[1]} ({parts[2]}), rulepacks/rulings.yaml"]
    if head == "chrome":
        return [f"rulebook heading '{parts[1]}'"]
    return []


def _binding(name: str, spec: dict[str, Any], pack: Pack) -> str:
    """'{costs} = 0, 2, 3, 4 (list of /city/cost_track, unit gulden)': what a placeholder shows in the pack."""
    from regola.text.bind import shown_value

    value = resolve(pack.data, spec["path"])
    how = spec.get("format", "number")
    extra = "".join(f", {k} {spec[k]}" for k in ("unit", "names", "style") if k in spec)
    source = f"{how} of {spec['path']}" if how != "number" else spec["path"]
    if value is MISSING:
        return f"{{{name}}} = nothing in pack {pack.id} ({source}{extra})"
    try:
        shown = shown_value(spec, value)
    except (ValueError, TypeError, KeyError):
        shown = _compact(value)
    return f"{{{name}}} = {shown} in pack {pack.id} ({source}{extra})"


def export_catalog(source: Catalog, target: Catalog | None, language: str, pack: Pack) -> PoCatalog:
    """The PO catalog a translator of ``language`` works on (``target``: the translation so far)."""
    from babel.messages.catalog import Catalog as PoCatalog

    from regola.i18n.numbers import babel_locale
    from regola.i18n.tooling import STAMP

    game = source.game
    header = (f"# The rules of {game} in {language}: one message per text of regola's rule catalog.\n"
              "# msgid is the source text, msgctxt where the text lives; keep every {placeholder}.\n"
              "# Import with `regola text import FILE`.\n"
              f"# game: {game}\n# pack: {pack.id}\n# source language: {source.language}\n# language: {language}")
    # a fixed date in the header (as the interface catalogs'): the same catalogs export the same bytes, so an
    # export committed by a translator diffs only where a text changed (and exporting twice never differs)
    po = PoCatalog(locale=str(babel_locale(language)), domain=f"rules-{game}", project=f"regola rules of {game}",
                   header_comment=header, fuzzy=False, creation_date=STAMP, revision_date=STAMP)
    theirs = target.data if target is not None else {}
    digests = (theirs.get("source") or {}).get("digests", {})
    _, needed = plural_categories(language)
    has, _ = plural_categories(language)
    categories = tuple(c for c in has if c in needed or any(c in forms for forms in theirs.get("units", {}).values()))
    replaced = _replaced_units(source.data, theirs)
    pointers = [p for p, _ in translatable(source.data, categories)
                if not (p.startswith("/units/") and p.split("/")[2] in replaced)]
    for pointer in dict.fromkeys(pointers):
        msgid = source_text(source.data, pointer, source.language, language)
        if msgid is None:
            continue
        msgstr = lookup(theirs, pointer) or (theirs.get("partial") or {}).get(pointer) or ""
        flags = {"python-brace-format"} if PLACEHOLDER.search(msgid) else set()
        recorded = digests.get(pointer)
        if msgstr and recorded is not None and recorded != digest(msgid):
            flags.add("fuzzy")
        po.add(msgid, msgstr, context=pointer, auto_comments=_context(source, pack, pointer, language), flags=flags)
    return po


def _units_of(entry: dict[str, Any]) -> set[str]:
    return {str(spec["unit"]) for spec in entry.get("args", {}).values() if isinstance(spec, dict) and "unit" in spec}


def _replaced_units(source: dict[str, Any], target: dict[str, Any]) -> set[str]:
    """The source's units a translation has no use for: each rule that counts with it is translated with
    units of the translation's own (Czech 'učně' after a verb, 'apprentice' in English), and the
    translation has no such unit. A fresh translation takes the source's rules, so it needs them all."""
    theirs = target.get("rules", {})
    used_by: dict[str, list[str]] = {}
    for rule_id, entry in source.get("rules", {}).items():
        for unit in _units_of(entry):
            used_by.setdefault(unit, []).append(rule_id)
    return {unit for unit, rules in used_by.items()
            if unit not in target.get("units", {})
            and all(rule_id in theirs and unit not in _units_of(theirs[rule_id]) for rule_id in rules)}


def po_bytes(po: PoCatalog) -> bytes:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, po, width=100, omit_header=False)
    return buffer.getvalue()


@dataclass
class Imported:
    """What an import made: the catalog data, and what was left out (one line each)."""

    data: dict[str, Any]
    game: str
    language: str
    translated: int = 0
    left_out: list[str] = field(default_factory=list)


def read_header(po: PoCatalog) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in str(po.header_comment or "").splitlines():
        key, sep, value = line.lstrip("# ").partition(": ")
        if sep and key in HEADER_KEYS:
            found[key] = value.strip()
    return found


def import_catalog(po: PoCatalog, shown: str, source: Catalog, target: Catalog | None,
                   language: str) -> Imported:
    """The merged catalog data, or PoImportError listing every problem (``shown`` names the file)."""
    problems: list[str] = []
    base: dict[str, Any] = copy.deepcopy(target.data) if target is not None else {
        "language": language, "game": source.game, "units": {}, "chrome": {}, "names": {}, "rules": {},
        "rulings": {}}
    base["language"], base["game"] = language, source.game
    has, needed = plural_categories(language)
    known = {p for p, _ in translatable(source.data, tuple(has))}
    taken: dict[str, tuple[str, str]] = {}  # pointer -> (translation, the source text it translates)
    unit_lines: dict[str, int] = {}  # a unit -> the line of its first message (a missing form is said there)
    for message in po:
        if not message.id:
            continue
        where = f"{shown}:{message.lineno}: {message.context or '(no msgctxt)'}"
        pointer = str(message.context or "")
        if pointer.startswith("/units/") and pointer.count("/") == 3:
            unit_lines.setdefault(unescape(pointer.split("/")[2]), message.lineno or 1)
        if pointer not in known:
            problems.append(f"{where}: not a text of the {source.language} catalog of {source.game}")
            continue
        text = message.string if isinstance(message.string, str) else ""
        if not text or "fuzzy" in message.flags:
            continue
        stray = _stray_brace(text)
        if stray is not None:
            problems.append(f"{where}: the translation has {stray!r}, which is not a {{placeholder}} of the "
                            "source text (a brace is only ever part of one)")
            continue
        wanted, found = set(_ANY_PLACEHOLDER.findall(str(message.id))), set(_ANY_PLACEHOLDER.findall(text))
        if wanted != found:
            said = [f"lacks {{{name}}}" for name in sorted(wanted - found)]
            said += [f"has {{{name}}}, which the source text has not" for name in sorted(found - wanted)]
            problems.append(f"{where}: the translation {'; '.join(said)}")
            continue
        taken[pointer] = (text, str(message.id))
    units: dict[str, dict[str, str]] = {}
    for pointer, (text, _) in taken.items():
        if pointer.startswith("/units/"):
            _, _, unit, category = pointer.split("/")
            units.setdefault(unescape(unit), {})[unescape(category)] = text
    for unit, forms in units.items():
        merged = {**base["units"].get(unit, {}), **forms}
        lacking = [c for c in needed if c not in merged]
        if lacking:
            problems.append(f"{shown}:{unit_lines.get(unit, 1)}: unit {unit}: {language} numbers need the plural forms "
                            f"{', '.join(needed)} (missing: {', '.join(lacking)})")
    if problems:
        raise PoImportError(problems)
    result = Imported(base, source.game, language, translated=len(taken))
    _merge(result, source, taken)
    return result


#: a named placeholder, or a positional one ({1}: an action label's argument, in names/actions)
_ANY_PLACEHOLDER = KEYS  # a named or positional placeholder, with or without a form (forms.py)


def _stray_brace(text: str) -> str | None:
    """The first brace of ``text`` that is not part of a ``{name}`` placeholder (with what follows it),
    e.g. ``{0.__class__}``; None when every brace belongs to one."""
    rest = _ANY_PLACEHOLDER.sub("", text)
    at = min((i for i in (rest.find("{"), rest.find("}")) if i >= 0), default=-1)
    return None if at < 0 else rest[at:at + 20]


def _merge(result: Imported, source: Catalog, taken: dict[str, tuple[str, str]]) -> None:
    data = result.data
    rules_done: dict[str, dict[str, str]] = {}
    for pointer, (text, _) in taken.items():
        parts = [unescape(p) for p in pointer.split("/")[1:]]
        if parts[0] == "rules" and parts[1] not in data["rules"]:
            rules_done.setdefault(parts[1], {})[pointer] = text  # a new rule: whole or not at all
            continue
        if parts[0] == "names" and parts[1] == "cards" and parts[2] not in data["names"].get("cards", {}):
            data["names"].setdefault("cards", {})[parts[2]] = {"name": text, "provenance": "translated"}
            continue
        if parts[0] == "rulings" and parts[1] not in data["rulings"]:
            rules_done.setdefault("\0" + parts[1], {})[pointer] = text
            continue
        put(data, pointer, text)
    # parts of new rules translated before their other parts (``partial``): joined by the import that
    # completes them, kept aside until then, never lost
    partial: dict[str, str] = dict(data.pop("partial", None) or {})
    for key, texts in rules_done.items():
        prefix = f"/rulings/{escape(key[1:])}/" if key.startswith("\0") else f"/rules/{escape(key)}/"
        texts = {**{p: t for p, t in partial.items() if p.startswith(prefix)}, **texts}
        if key.startswith("\0"):
            ruling = key[1:]
            found = {part: texts.get(f"{prefix}{part}") for part in ("title", "text")}
            if None in found.values():
                partial.update(texts)
                result.left_out.append(f"ruling {ruling}: only partly translated, kept aside until it is whole")
                continue
            data["rulings"][ruling] = found
        else:
            entry = copy.deepcopy(source.rules[key])
            for pointer, text in texts.items():
                put({"rules": {key: entry}}, pointer, text)
            missing = [p for p, _ in translatable({"rules": {key: source.rules[key]}}) if p not in texts]
            if missing:
                partial.update(texts)
                result.left_out.append(f"rule {key}: {', '.join(m.rsplit('/', 1)[-1] for m in missing)} not "
                                       "translated yet; the parts translated are kept aside until it is whole")
                continue
            data["rules"][key] = entry
        partial = {p: t for p, t in partial.items() if not p.startswith(prefix)}
    if partial:
        data["partial"] = dict(sorted(partial.items()))
    if source.language == result.language:
        return
    stamp = data.setdefault("source", {"language": source.language, "digests": {}})
    if stamp.get("language") != source.language:
        stamp.update(language=source.language, digests={})
    for pointer, (_, msgid) in taken.items():
        if lookup(data, pointer) is not None:
            stamp["digests"][pointer] = digest(msgid)
    stamp["digests"] = dict(sorted(stamp["digests"].items()))
    data["source"] = data.pop("source")  # last in the file: the texts come first


_NUMBER = re.compile(r"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$")


@functools.cache
def _dumper() -> type:
    import yaml

    class Dumper(yaml.SafeDumper):
        """Quotes every string a JSON-minded loader would read as a number ('958916517e44', a digest)."""

    def text(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
        style = "'" if _NUMBER.match(value) else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return Dumper


def dump(data: dict[str, Any], previous: Path | None) -> str:
    """The catalog as YAML. Over a file it replaces, only the lines of what changed (regola.text.yamlpatch:
    an import of one message is a diff of one line or two, comments kept); where the change is not one a
    patch makes, the whole catalog, keeping the file's leading comments."""
    import yaml

    from regola.text.yamlpatch import patched

    head = []
    if previous is not None and previous.is_file():
        before = previous.read_text(encoding="utf-8")
        try:
            held = yaml.safe_load(before)
        except yaml.YAMLError:
            held = None
        if isinstance(held, dict):
            edited = patched(before, held, {**held, "text": data}, _dumper())
            if edited is not None:
                return edited
        for line in before.splitlines():
            if not line.startswith("#"):
                break
            head.append(line)
    else:
        head = ["# yaml-language-server: $schema=../../../schemas/text-catalog.schema.json"]
    body = yaml.dump({"text": data}, Dumper=_dumper(), allow_unicode=True, sort_keys=False, width=110)
    return "\n".join(head) + ("\n" if head else "") + body

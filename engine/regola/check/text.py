"""Rule catalogs: every rule and name has words in every language, and the words fit the data.

Catalogs are keyed by (game, language). Any catalog renders over any pack of its game (and any
variant), so each catalog is checked against every document of the run: rule IDs and names covered,
placeholders bound alike in all languages and resolvable in each document, plural forms as the
locale's CLDR rules need, no keys nobody uses, and no number typed into a text where the data holds
it (the text would go stale when a variant changes the number).

What a pack needs in its own language is an error when missing (nothing to fall back on); what a
translation into another language lacks is a warning per pack and language (``TEXT_UNTRANSLATED``: the
page shows the pack's own words there until it is translated), and so is a translation whose source
text changed since it was translated (``TEXT_STALE``); ``--strict`` makes both errors.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regola.check.findings import Finding
from regola.check.refs import cite_problem, pack_sources, rulings_findings
from regola.check.subject import MISSING, Subject, pointer, resolve
from regola.core.errors import PackError
from regola.core.game import definition_for
from regola.core.pointers import named_ids
from regola.core.schemas import admitted_values, schema_id, schema_set
from regola.core.yamlio import display_path, load_yaml, locate
from regola.i18n.forms import FORMS, NAMED, unknown_forms
from regola.mechanics.parts import units
from regola.text.catalog import falls_back
from regola.text.entries import SHOWN
from regola.text.mechanics import form_changed

if TYPE_CHECKING:
    from regola.text.catalog import Catalog as TextCatalog

__all__ = ["Catalog", "check_catalogs", "check_coverage", "load_catalogs", "names_needed"]

PLACEHOLDER = NAMED  # {name} or {name:form} (regola.i18n.forms)
NUMBER = re.compile(r"(?<![\w.,])\d+(?![\w])")

@dataclass
class Catalog:
    """One catalog file as the checker sees it: its data (None when unreadable) and its pack."""

    path: Path
    shown: str
    pack: Path
    language: str
    data: dict[str, Any] | None
    findings: list[Finding] = field(default_factory=list)
    _text: TextCatalog | None = field(default=None, repr=False)
    #: the game of its pack: a catalog speaks for the packs of that game only
    game: str = ""

    def at(self, code: str, message: str, ptr: str) -> Finding:
        return Finding(code, message, self.shown, *locate(self.path, ptr), ptr)

    def as_text(self) -> TextCatalog:
        """The same catalog as the text layer reads it (built once)."""
        assert self.data is not None
        if self._text is None:
            from regola.text.catalog import Catalog as TextCatalog

            self._text = TextCatalog(self.language, self.path, self.shown, self.data)
        return self._text


def load_catalogs(pack_folders: Iterable[Path], home: Path, validate: Iterable[Path] = ()) -> list[Catalog]:
    """Every ``text/*.yaml`` of the given packs; those of the packs in ``validate`` schema-checked (each
    finding, not just the first). The others only need the shape the coverage checks read."""
    validate = set(validate)
    schemas = schema_set(home / "schemas")
    catalogs = []
    for folder in pack_folders:
        for path in sorted((folder / "text").glob("*.y*ml")) if (folder / "text").is_dir() else []:
            shown = display_path(path, home)
            catalog = Catalog(path.resolve(), shown, folder, path.stem, None, game=_pack_game(folder))
            catalogs.append(catalog)
            try:
                content = load_yaml(path, name=shown)
            except PackError as err:
                catalog.findings.append(Finding("LOAD", err.message, err.file, err.line, err.column))
                continue
            if folder not in validate:
                if _readable(content):
                    catalog.data = content["text"]
                continue
            if schemas.has(schema_id("text-catalog")):
                found = schemas.validate(content, schema_id("text-catalog"))
                catalog.findings += [catalog.at("SCHEMA", f.message, f.pointer) for f in found]
                if found:
                    continue
            catalog.data = content["text"]
            _language(catalog, home)
    _duplicates(catalogs)
    return catalogs


def _duplicates(catalogs: list[Catalog]) -> None:
    """Two catalogs of one game in one language: the one in the pack of that language is used (else
    the first), the other is reported where it lies."""
    from regola.text.catalog import catalog_files

    seen: dict[tuple[str, str], list[Catalog]] = {}
    for catalog in catalogs:
        if catalog.game:
            seen.setdefault((catalog.game, catalog.language), []).append(catalog)
    for (game, language), found in seen.items():
        if len(found) < 2:
            continue
        used = catalog_files(found[0].pack.parent.parent).get((game, language))
        for catalog in found:
            if used is None or catalog.path != used.resolve():
                catalog.findings.append(catalog.at(
                    "TEXT_DUPLICATE", f"a second {language} catalog of {game}: "
                    f"{display_path(used, found[0].pack.parent.parent) if used else 'another'} is the one used",
                    "/text/language"))


def _pack_game(folder: Path) -> str:
    """The game of the pack in ``folder`` ('' when its header cannot be read: the pack check says why)."""
    try:
        game = load_yaml(folder / "pack.yaml")["pack"]["game"]
    except (PackError, KeyError, TypeError):
        return ""
    return game if isinstance(game, str) else ""


def _readable(content: Any) -> bool:
    """Enough of a catalog's shape for the coverage checks (its own run validates it fully)."""
    text = content.get("text") if isinstance(content, dict) else None
    return isinstance(text, dict) and all(isinstance(text.get(k), dict) for k in ("rules", "names", "units"))


def _language(catalog: Catalog, home: Path) -> None:
    assert catalog.data is not None
    said = catalog.data.get("language")
    if said != catalog.language:
        catalog.findings.append(catalog.at("SCHEMA", f"the catalog {catalog.path.name} says it is in {said!r}",
                                           "/text/language"))
    game = catalog.data.get("game")
    if catalog.game and game != catalog.game:
        catalog.findings.append(catalog.at(
            "SCHEMA", f"the catalog says it words {game!r}, but it lives in a pack of {catalog.game!r}; a catalog "
            "belongs in a pack folder of its game", "/text/game"))


def names_needed(subject: Subject, optional: bool = False) -> Iterator[tuple[str, str]]:
    """(category, id) of every name the document needs; with ``optional``, also those it may have."""
    definition = definition_for(subject.pack.game)
    tables = [definition.names, definition.optional_names] if optional else [definition.names]
    for table in tables:
        for category, spec in table.items():
            for name_id in named_ids(subject.doc, spec):
                yield category, name_id


def _usable(catalogs: list[Catalog]) -> list[Catalog]:
    return [c for c in catalogs if c.data is not None]


# --- per document: coverage, bindings, bare numbers ----------------------------------------------


def _official(subject: Subject) -> str | None:
    """The id of an official variant (a file under ``rulepacks/*/variants/``): it has a title in every
    language; a house rule checked from elsewhere need not."""
    variant = subject.variant
    if variant is None or variant.path is None:
        return None
    try:
        Path(variant.path).resolve().relative_to((subject.home / "rulepacks").resolve())
    except ValueError:
        return None
    return variant.id


def _titled(subject: Subject, catalog: Any) -> bool:
    """Whether the variant's own file titles it in the catalog's language (``titles``, or ``title`` in the
    pack's language): a house rule that carries its words needs no line in every catalog."""
    variant = subject.variant
    if variant is None:
        return False
    return catalog.language in variant.titles or catalog.language == subject.pack.language


def _mechanic_units(subject: Subject) -> list[str]:
    """The units the words of the pack's mechanics count in (the units of ``mechanics.parts``:
    regola.text.mechanics)."""
    return list(dict.fromkeys(units(subject.doc.get("mechanics") or {}).values()))


def _chrome_needed(subject: Subject) -> Iterator[str]:
    """The rulebook headings a pack needs in every language: its own title and each source's."""
    yield f"pack_title_{subject.pack.id}"
    for key in subject.pack.meta.get("sources", {}) or {}:
        yield f"source_{key}"


def check_coverage(subjects: list[Subject], catalogs: list[Catalog]) -> list[Finding]:
    """Each document's rules, names and headings in every language; each binding resolves in each document.

    Missing in the catalog of the pack's own language (or in any, when that language has none): an
    error. Missing in a translation: a warning, once per catalog and text, naming the packs it lacks for.
    """
    missing: dict[tuple[int, str], tuple[Catalog, str, list[str], bool]] = {}
    bare: dict[tuple[int, str, str], tuple[Catalog, set[int], list[str]]] = {}
    findings: list[Finding] = []
    for subject in subjects:
        rules = subject.doc.get("rules", {})
        numbers = {rule_id: _numbers_at(subject.doc, rule.get("data", [])) for rule_id, rule in rules.items()}
        values: dict[str, Any] = {}
        ours = [c for c in _usable(catalogs) if c.game == subject.pack.game]
        own = any(c.language == subject.pack.language for c in ours)
        for catalog in ours:
            # an error where nothing can stand in: the pack's own language, or any when it has no catalog
            error = not own or catalog.language == subject.pack.language

            def lacks(what: str, ptr: str, catalog: Catalog = catalog, error: bool = error,
                      label: str = subject.label) -> None:
                entry = missing.setdefault((id(catalog), what), (catalog, ptr, [], False))
                entry[2].append(label)
                if error and not entry[3]:
                    missing[(id(catalog), what)] = (catalog, ptr, entry[2], True)

            assert catalog.data is not None
            for rule_id in rules:
                entry = catalog.data["rules"].get(rule_id)
                if entry is None:
                    lacks(f"rule {rule_id}", "/text/rules")
                    continue
                if form_changed(subject.doc, rule_id):
                    continue  # the library's words for the chosen form stand in for this text
                findings += _bindings(subject, catalog, rule_id, entry, values)
                _bare_numbers(subject, catalog, rule_id, entry, numbers[rule_id], bare)
            names = catalog.data["names"]
            for category, name_id in names_needed(subject):
                if name_id not in names.get(category, {}):
                    lacks(f"name of {category} {name_id!r}", pointer("text", "names", category))
            for unit in _mechanic_units(subject):
                if unit not in catalog.data["units"]:
                    lacks(f"unit {unit!r} (mechanics.parts)", pointer("text", "units"))
            for key in _chrome_needed(subject):
                if key not in catalog.data.get("chrome", {}):
                    lacks(f"heading chrome.{key}", pointer("text", "chrome"))
            official = _official(subject)
            if official is not None and official not in names.get("variants", {}) and not _titled(subject, catalog):
                lacks(f"title of the variant {official!r}", pointer("text", "names", "variants"))
    findings += _bare_findings(bare)
    for (_, what), (catalog, ptr, labels, error) in missing.items():
        needed = ", ".join(dict.fromkeys(labels))
        if error:
            findings.append(catalog.at("TEXT_MISSING", f"no {catalog.language} text for the {what} "
                                       f"(needed by {needed})", ptr))
        else:
            findings.append(catalog.at("TEXT_UNTRANSLATED", f"the {catalog.language} translation lacks the {what} "
                                       f"(needed by {needed}; shown in the pack's own language until translated)",
                                       ptr))
    return findings


def _bindings(subject: Subject, catalog: Catalog, rule_id: str, entry: dict[str, Any],
              values: dict[str, Any]) -> list[Finding]:
    """Each placeholder of one rule entry against the document; ``values`` memoises pointer -> value."""
    findings = []
    for name, spec in entry.get("args", {}).items():
        path = spec["path"]
        if path not in values:
            values[path] = resolve(subject.doc, path)
        value = values[path]
        if value is MISSING:
            problem = f"{{{name}}} is bound to {path}, which {subject.label} does not have"
        elif (why := _format_problem(catalog, spec, value)) is not None:
            problem = f"{{{name}}} cannot show {path} of {subject.label}: {why}"
        elif (unworded := _unworded_cases(subject, spec)):
            problem = (f"{{{name}}} has no words for {', '.join(map(repr, unworded))}, which a variant may set at "
                       f"{path} (the schema admits it)")
        else:
            continue
        ptr = pointer("text", "rules", rule_id, "args", name, "path")
        findings.append(catalog.at("TEXT_PLACEHOLDER", f"rule {rule_id}: {problem}", ptr))
    return findings


def _unworded_cases(subject: Subject, spec: dict[str, Any]) -> list[str]:
    """The values the game's schema admits at a ``select`` placeholder's path that have no case: a
    variant setting one would leave the rule without words (``rules diff`` could not say it)."""
    if spec.get("format") != "select":
        return []
    admitted = admitted_values(schema_set(subject.home / "schemas"), schema_id(subject.pack.game), spec["path"])
    cases = spec.get("cases", {})
    return [str(v).lower() for v in admitted or () if str(v).lower() not in cases]


def _format_problem(catalog: Catalog, spec: dict[str, Any], value: Any) -> str | None:
    """Why the text layer could not format ``value`` as ``spec`` asks, or None (nothing is formatted)."""
    from regola.text.bind import arg_problem

    return arg_problem(catalog.as_text(), spec, value)


def _numbers_at(doc: dict[str, Any], pointers: Iterable[str]) -> set[int]:
    """The integers a rule's data holds. Ids and booleans are names, not quantities; and a number that
    is also a key there (a player count, as in display_size "2": 3) is a label a text may well write."""
    found: set[int] = set()
    labels: set[int] = set()

    def visit(node: Any, key: str) -> None:
        if isinstance(node, dict):
            for name, value in node.items():
                if name.isdigit():
                    labels.add(int(name))
                visit(value, name)
        elif isinstance(node, list):
            for value in node:
                visit(value, "")
        elif isinstance(node, int) and not isinstance(node, bool) and key != "id":
            found.add(node)

    for ptr in pointers:
        value = resolve(doc, ptr)
        if value is not MISSING:
            visit(value, ptr.rsplit("/", 1)[-1])
    return found - labels


def _bare_numbers(subject: Subject, catalog: Catalog, rule_id: str, entry: dict[str, Any], values: set[int],
                  hits: dict[tuple[int, str, str], tuple[Catalog, set[int], list[str]]]) -> None:
    """Collect, per catalog, rule and part, the numbers written that ``values`` (the rule's data) holds."""
    if not values:
        return
    data = subject.doc["rules"][rule_id].get("data", [])
    for part in ("title", "text"):
        written = {int(m) for m in NUMBER.findall(PLACEHOLDER.sub(" ", entry[part]))} & values
        if written:
            entry_hits = hits.setdefault((id(catalog), rule_id, part), (catalog, set(), list(data)))
            entry_hits[1].update(written)


def _bare_findings(hits: dict[tuple[int, str, str], tuple[Catalog, set[int], list[str]]]) -> list[Finding]:
    return [catalog.at("TEXT_BARE_NUMBER", f"rule {rule_id}: the {part} writes {', '.join(map(str, sorted(nums)))}, "
                       f"which its data ({', '.join(data)}) holds; bind a placeholder so a variant's change shows",
                       pointer("text", "rules", rule_id, part))
            for (_, rule_id, part), (catalog, nums, data) in hits.items()]


# --- per catalog: placeholders, plurals, unused keys, citations --------------------------------------


@lru_cache(maxsize=32)
def _plural_categories(language: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(categories the locale has, categories shown integers fall in), or None for an unknown locale."""
    try:
        from babel import Locale

        plural = Locale.parse(language).plural_form
    except Exception:
        return None
    return frozenset(plural.tags) | {"other"}, frozenset(plural(n) for n in SHOWN) | {"other"}


def check_catalogs(catalogs: list[Catalog], targets: list[Catalog], universe: list[Subject] | None,
                   home: Path) -> list[Finding]:
    """Catalog-level checks for ``targets``; unused keys only when ``universe`` (every document) is known."""
    findings: list[Finding] = []
    usable = _usable(catalogs)
    # per game: rule id -> (catalog, args) of the first language that has it
    references: dict[str, dict[str, tuple[Catalog, dict[str, Any]]]] = {}
    for catalog in sorted(usable, key=lambda c: c.language):
        assert catalog.data is not None
        reference = references.setdefault(catalog.game, {})
        for rule_id, entry in catalog.data["rules"].items():
            reference.setdefault(rule_id, (catalog, entry.get("args", {})))
    rulings, _ = rulings_findings(home)
    for catalog in targets:
        findings += catalog.findings
        if catalog.data is None:
            continue
        findings += _placeholders(catalog, references.get(catalog.game, {}))
        findings += _parity(catalog, [c for c in usable if c.game == catalog.game])
        findings += _stale(catalog, [c for c in usable if c.game == catalog.game])
        findings += _plurals(catalog)
        findings += _citations(catalog, rulings, home)
        if universe is not None:
            findings += _unused(catalog, [s for s in universe if s.pack.game == catalog.game], rulings)
    return findings


def _placeholders(catalog: Catalog, reference: dict[str, tuple[Catalog, dict[str, Any]]]) -> list[Finding]:
    assert catalog.data is not None
    findings = []
    units = catalog.data["units"]
    translation = falls_back(catalog.data)
    lacking: set[tuple[str, str]] = set()
    for rule_id, entry in catalog.data["rules"].items():
        at = ("text", "rules", rule_id)
        args = entry.get("args", {})
        used = set(PLACEHOLDER.findall(entry["text"])) | set(PLACEHOLDER.findall(entry["title"]))
        for name in sorted(used - set(args)):
            findings.append(catalog.at("TEXT_PLACEHOLDER", f"rule {rule_id}: {{{name}}} has no entry in args",
                                       pointer(*at, "text")))
        for form in unknown_forms(entry["text"]) + unknown_forms(entry["title"]):
            findings.append(catalog.at("TEXT_PLACEHOLDER", f"rule {rule_id}: the form ':{form}' is none a catalog "
                                       f"gives ({', '.join(FORMS)})", pointer(*at, "text")))
        for name in sorted(set(args) - used):
            findings.append(catalog.at("TEXT_PLACEHOLDER", f"rule {rule_id}: the arg '{name}' is not used in "
                                       "the title or text", pointer(*at, "args", name)))
        for name, spec in args.items():
            for key, section, what in (("unit", units, "unit"), ("names", catalog.data["names"], "name category")):
                wanted = spec.get(key)
                if wanted is None or wanted in section:
                    continue
                where = pointer(*at, "args", name, key)
                if translation:  # a translation in progress: the fallback's words stand in, said once
                    if (key, wanted) not in lacking:
                        lacking.add((key, wanted))
                        findings.append(catalog.at("TEXT_UNTRANSLATED", f"the {catalog.language} translation "
                                                   f"lacks the {what} {wanted!r} (shown in the pack's own "
                                                   "language until translated)", where))
                    continue
                findings.append(catalog.at("TEXT_PLACEHOLDER", f"rule {rule_id}: unknown {what} {wanted!r}", where))
        other, other_args = reference[rule_id]
        if other is catalog:
            continue
        mine = {name: spec["path"] for name, spec in args.items()}
        theirs = {name: spec["path"] for name, spec in other_args.items()}
        if mine != theirs:
            diff = [f"{{{n}}}: {mine.get(n, 'absent')} here, {theirs.get(n, 'absent')} in {other.language}"
                    for n in sorted(set(mine) | set(theirs)) if mine.get(n) != theirs.get(n)]
            findings.append(catalog.at("TEXT_PLACEHOLDER", f"rule {rule_id}: placeholders differ from the "
                                       f"{other.language} catalog ({'; '.join(diff)})",
                                       pointer(*at, "args") if args else pointer(*at, "text")))
    return findings


#: catalog sections of free-form keys (the game's rulebook headings): every language of a game has every key
#: parts of a catalog every language of the game has whole: headings, and the labels of data fields
#: (names.fields: what a form or a variant's change shows above a value)
PARITY_SECTIONS = (("chrome",), ("names", "fields"))


def _part(data: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    node: Any = data
    for step in path:
        node = node.get(step, {}) if isinstance(node, dict) else {}
    return node if isinstance(node, dict) else {}


def _parity(catalog: Catalog, usable: list[Catalog]) -> list[Finding]:
    assert catalog.data is not None
    findings = []
    for path in PARITY_SECTIONS:
        section = ".".join(path)
        mine = _part(catalog.data, path)
        said: set[str] = set()
        for other in sorted(usable, key=lambda c: c.language):
            assert other.data is not None
            if other is catalog or other.language == catalog.language:
                continue
            theirs = _part(other.data, path)
            for key in sorted(set(theirs) - set(mine) - said):
                said.add(key)
                findings.append(catalog.at("TEXT_UNTRANSLATED", f"no {catalog.language} text for {section}.{key} "
                                           f"(the {other.language} catalog has it)", pointer("text", *path)))
    return findings


def _stale(catalog: Catalog, usable: list[Catalog]) -> list[Finding]:
    """A translation's texts whose source text changed since they were translated (``text.source``)."""
    from regola.text.entries import digest, lookup, source_text

    assert catalog.data is not None
    source = catalog.data.get("source")
    if not source:
        return []
    original = next((c for c in usable if c.language == source["language"] and c is not catalog), None)
    if original is None or original.data is None:
        return [catalog.at("TEXT_STALE", f"translated from {source['language']}, but the game has no "
                           f"{source['language']} catalog to compare with", "/text/source/language")]
    findings = []
    for ptr, recorded in source["digests"].items():
        now = source_text(original.data, ptr, original.language, catalog.language)
        mine = lookup(catalog.data, ptr)
        if mine is None:
            continue  # not translated: the coverage check says so
        if now is None:
            findings.append(catalog.at("TEXT_STALE", f"{ptr}: the {source['language']} text it translates is gone "
                                       "(remove the entry or its digest)", pointer("text", "source", "digests", ptr)))
        elif digest(now) != recorded:
            findings.append(catalog.at("TEXT_STALE", f"{ptr}: the {source['language']} text changed since this "
                                       f"translation; now: {now[:80]!r}", "/text" + ptr))
    return findings


def _plurals(catalog: Catalog) -> list[Finding]:
    assert catalog.data is not None
    categories = _plural_categories(catalog.language)
    if categories is None:
        return [catalog.at("TEXT_PLURAL", f"Babel knows no locale {catalog.language!r}", "/text/language")]
    has, needed = categories
    findings = []
    for unit, entry in catalog.data["units"].items():
        # the plural forms, and those of each case the unit gives ({count:gen}: i18n/forms.py)
        plain = {k: v for k, v in entry.items() if k not in FORMS}
        tables: list[tuple[tuple[str, ...], dict[str, Any]]] = [((), plain)]
        tables += [((case,), table) for case, table in entry.items() if case in FORMS and isinstance(table, dict)]
        for where, forms in tables:
            ptr = pointer("text", "units", unit, *where)
            said = f"unit {unit}" + (f", case {where[0]}" if where else "")
            for name in sorted(set(forms) - has):
                findings.append(catalog.at("TEXT_PLURAL", f"{said}: {catalog.language} has no plural "
                                           f"category '{name}' (it has {', '.join(sorted(has))})",
                                           pointer("text", "units", unit, *where, name)))
            lacking = sorted(needed - set(forms))
            if lacking:
                findings.append(catalog.at("TEXT_PLURAL", f"{said}: {catalog.language} numbers need the "
                                           f"form(s) {', '.join(lacking)}", ptr))
    return findings


def _citations(catalog: Catalog, rulings: frozenset[str], home: Path) -> list[Finding]:
    assert catalog.data is not None
    try:
        meta = load_yaml(catalog.pack / "pack.yaml")["pack"]
    except (PackError, KeyError, TypeError):
        return []
    sources = pack_sources(meta, home)
    findings = []
    for rule_id, entry in catalog.data["rules"].items():
        for index, cite in enumerate(entry.get("cites", [])):
            problem = cite_problem(cite, sources, rulings, f"the {catalog.language} text of rule {rule_id}")
            if problem:
                findings.append(catalog.at(problem[0], problem[1], pointer("text", "rules", rule_id, "cites", index)))
    for card_id, card in catalog.data["names"].get("cards", {}).items():
        problem = cite_problem(card["provenance"], sources, rulings, f"the {catalog.language} name of card {card_id}")
        if problem:
            findings.append(catalog.at(problem[0], problem[1], pointer("text", "names", "cards", card_id,
                                                                        "provenance")))
    return findings


def _unused(catalog: Catalog, universe: list[Subject], rulings: frozenset[str]) -> list[Finding]:
    assert catalog.data is not None
    findings = []
    rule_ids = {rule_id for s in universe for rule_id in s.doc.get("rules", {})}
    for rule_id in catalog.data["rules"]:
        if rule_id not in rule_ids:
            findings.append(catalog.at("REF_UNKNOWN_RULE", f"rule {rule_id} has text, but no pack or variant "
                                       "defines it", pointer("text", "rules", rule_id)))
    known: dict[str, set[str]] = {"variants": set()}
    for subject in universe:
        for category, name_id in names_needed(subject, optional=True):
            known.setdefault(category, set()).add(name_id)
        if subject.variant is not None:
            known["variants"].add(subject.variant.id)
    for category, names in catalog.data["names"].items():
        if category not in known:
            continue  # a category the data does not enumerate (components)
        for name_id in names:
            if name_id not in known[category]:
                findings.append(catalog.at("TEXT_UNUSED_KEY", f"no pack or variant has the {category} "
                                           f"{name_id!r}", pointer("text", "names", category, name_id)))
    used_units = {spec.get("unit") for entry in catalog.data["rules"].values()
                  for spec in entry.get("args", {}).values()}
    used_units |= {unit for subject in universe if subject.pack.game == catalog.game  # the mechanics' nouns
                   for unit in _mechanic_units(subject)}
    for unit in catalog.data["units"]:
        if unit not in used_units:
            findings.append(catalog.at("TEXT_UNUSED_KEY", f"no rule text uses the unit {unit!r}",
                                       pointer("text", "units", unit)))
    for ruling in catalog.data.get("rulings", {}):
        if ruling not in rulings:
            findings.append(catalog.at("TEXT_UNUSED_KEY", f"ruling {ruling} is not in rulepacks/rulings.yaml",
                                       pointer("text", "rulings", ruling)))
    # a catalog words the rulings its game's packs and variants cite (rulings.yaml serves every game)
    cited = {cite for s in universe for rule in s.doc.get("rules", {}).values() if isinstance(rule, dict)
             for cite in rule.get("cites", []) if cite in rulings}
    # missing in the language of one of the game's packs: an error; in a translation: a warning
    own = catalog.language in {s.pack.language for s in universe}
    for ruling in sorted(cited - set(catalog.data.get("rulings", {})), key=lambda r: int(r[1:])):
        if own:
            findings.append(catalog.at("TEXT_MISSING", f"no {catalog.language} text for ruling {ruling}",
                                       "/text/rulings"))
        else:
            findings.append(catalog.at("TEXT_UNTRANSLATED", f"the {catalog.language} translation lacks ruling "
                                       f"{ruling} (shown in the pack's own language until translated)",
                                       "/text/rulings"))
    return findings

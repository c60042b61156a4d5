"""Every value a variant changes, or may change, can be said to a reader (``VALUE_UNSAID``).

``rules diff`` and the variant pages say a changed value through the rule text that shows it, a
rulebook table, or the catalog's labels for the fields above it (``names.fields``, a name, a heading);
the workshop's form labels each value a house rule may change the same way. A data key that no catalog
of the game has words for would reach every reader raw (``max_per_round``, ``a_edge``): this check
finds each one, once, at the variant's change or at the pack's value. A key some catalog has words for
but another lacks is that translation's gap, reported by the text checks (TEXT_MISSING,
TEXT_UNTRANSLATED), not again here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from regola.check.findings import Finding
from regola.check.subject import Subject
from regola.check.text import names_needed
from regola.core.errors import PackError
from regola.core.pack import Pack, load_pack
from regola.mechanics.editable import fields
from regola.text.catalog import Catalog, catalogs_for, languages_of
from regola.text.diff import diff_rules, unsaid_keys

__all__ = ["check_fields_said", "check_unsaid"]


Keys = dict[str, set[str]]  # pointer -> data keys on the way to it


def _unsaid_everywhere(subject: Subject, home: Path, keys_of: Callable[[Catalog], Keys]) -> Keys:
    """pointer -> the keys no catalog of the game has words for (``keys_of``: pointer -> keys, per catalog),
    leaving out the ids the names check wants named (a missing name is its TEXT_MISSING, not a second
    finding here)."""
    pack = subject.pack
    named = {name_id for _, name_id in names_needed(subject, optional=True)}
    everywhere: Keys | None = None
    for language in languages_of(pack.game, home):
        catalog, _ = catalogs_for(language, pack.game, pack.language, home)
        mine = keys_of(catalog)
        if everywhere is None:
            everywhere = {p: k - named for p, k in mine.items()}
        else:
            everywhere = {p: k & mine.get(p, set()) for p, k in everywhere.items()}
        everywhere = {p: k for p, k in everywhere.items() if k}
        if not everywhere:
            return {}  # some language words them all: the others need not be asked (the common case)
    return everywhere or {}


def _finding(subject: Subject, pointer: str, keys: set[str], what: str) -> Finding:
    named = ("key " if len(keys) == 1 else "keys ") + ", ".join(sorted(keys))
    return subject.at("VALUE_UNSAID", f"{what} {pointer} would show the data's own {named}: no catalog of the "
                      "game has words for it (names.fields, or a name)", pointer)


def check_unsaid(subjects: list[Subject], home: Path) -> list[Finding]:
    """One finding per variant and changed value whose words would show a data key in every language."""
    findings: list[Finding] = []
    bases: dict[str, Pack] = {}
    for subject in subjects:
        if subject.variant is None:
            continue
        pack = subject.pack
        try:
            base = bases.get(pack.id) or load_pack(pack.root, home=home)
            bases[pack.id] = base

            def changed(catalog: Catalog, pack: Pack = pack, base: Pack = base) -> Keys:
                fallback = catalog.fallback
                return {c.pointer: set(c.unsaid) for c in diff_rules(catalog, base, pack, fallback).values if c.unsaid}

            missing = _unsaid_everywhere(subject, home, changed)
        except PackError:  # a pack or catalog that does not load is reported by its own check
            continue
        findings += [_finding(subject, pointer, keys, "the words for the change of")
                     for pointer, keys in missing.items()]
    return findings


def check_fields_said(subjects: list[Subject], home: Path) -> list[Finding]:
    """One finding per pack and data key above a value a house rule may change that no catalog words."""
    findings: list[Finding] = []
    for subject in subjects:
        if subject.variant is not None:
            continue
        pack = subject.pack
        try:  # a pack the game cannot compile offers no fields: its own check reports why
            # the same fields in every language; a form's parameters are labelled by the library, in gettext
            pointers = [f.pointer for f in fields(pack) if f.of is None]

            def offered(catalog: Catalog, pack: Pack = pack, pointers: list[str] = pointers) -> Keys:
                return {pointer: set(unsaid_keys(catalog, pack, pointer)) for pointer in pointers}

            missing = _unsaid_everywhere(subject, home, offered)
        except PackError:
            continue
        first: dict[str, str] = {}  # each key once, at the first value it stands above
        for pointer, keys in missing.items():
            for key in keys:
                first.setdefault(key, pointer)
        findings += [_finding(subject, pointer, {key}, "the workshop's label of") for key, pointer in first.items()]
    return findings

"""References any pack has, whatever its game: rule data pointers and citations.

A rule entry's ``data`` pointers say which numbers the rule governs (texts bind them, tests trace
them), so a pointer to nothing is a broken promise. A citation names a source the pack declares in
``pack.sources`` (or one a pack it borrows from declares) or a ruling listed in rulepacks/rulings.yaml.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from regola.check.findings import Finding
from regola.check.subject import MISSING, Subject, pointer, resolve
from regola.core.errors import PackError
from regola.core.pack import load_pack
from regola.core.yamlio import display_path, load_yaml, locate

__all__ = ["RULINGS_FILE", "check_refs", "cite_problem", "load_rulings", "pack_sources", "rulings_findings"]

RULINGS_FILE = Path("rulepacks") / "rulings.yaml"
_RULING = re.compile(r"^R[0-9]+$")
_SOURCE = re.compile(r"^([0-9]{3})(?: .+)?$")


def load_rulings(home: Path) -> tuple[frozenset[str], list[Finding]]:
    """The ruling IDs (R1, R2, …) of ``rulepacks/rulings.yaml``, and what is wrong with that file."""
    path = home / RULINGS_FILE
    shown = display_path(path, home)
    try:
        content = load_yaml(path, name=shown)
    except PackError as err:
        return frozenset(), [Finding("LOAD", err.message, err.file, err.line, err.column)]
    table = content.get("rulings") if isinstance(content, dict) else None
    if not isinstance(table, dict):
        return frozenset(), [Finding("SCHEMA", "expected a mapping 'rulings: {R1: summary, …}'", shown,
                                     *locate(path, ""), "")]
    findings = []
    ids = set()
    for key, value in table.items():
        ptr = pointer("rulings", str(key))
        well_formed = isinstance(key, str) and _RULING.match(key) is not None
        if well_formed:
            ids.add(key)  # a ruling with a bad summary still exists; a bad ID is not one (citing it fails)
        problem = None if well_formed else f"a ruling id is R<number>, not {key!r}"
        problem = problem or _ruling_problem(value)
        if problem:
            findings.append(Finding("SCHEMA", f"ruling {key}: {problem}", shown, *locate(path, ptr), ptr))
    return frozenset(ids), findings


#: the shared form of a ruling written in full (a one-line summary is the older form)
RULING_FIELDS = {"question": True, "reading": True, "why": True, "cites": False}


def _ruling_problem(value: object) -> str | None:
    """What is wrong with one ruling: a one-line summary, or {question, reading, why, cites?}."""
    if isinstance(value, str):
        return None if value.strip() else "the summary is empty"
    if not isinstance(value, dict):
        return "expected a one-line summary or a mapping {question, reading, why, cites}"
    for name, required in RULING_FIELDS.items():
        if required and not (isinstance(value.get(name), str) and value[name].strip()):
            return f"'{name}' is missing or empty (a ruling says the question, the reading and why)"
    unknown = sorted(set(value) - set(RULING_FIELDS))
    if unknown:
        return f"unknown field '{unknown[0]}' (fields: {', '.join(RULING_FIELDS)})"
    cites = value.get("cites", [])
    if not isinstance(cites, list) or not all(isinstance(c, str) and c for c in cites):
        return "'cites' is a list of source sections, like [\"004 Karty Prestiżu\"]"
    return None


@lru_cache(maxsize=64)
def _rulings_cached(home: Path, stamp: tuple[int, int]) -> tuple[frozenset[str], tuple[Finding, ...]]:
    ids, findings = load_rulings(home)
    return ids, tuple(findings)


def rulings_findings(home: Path) -> tuple[frozenset[str], list[Finding]]:
    """load_rulings, read once per run (and again only when the file changes)."""
    path = home / RULINGS_FILE
    try:
        info = path.stat()
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = (-1, -1)
    ids, findings = _rulings_cached(home, stamp)
    return ids, list(findings)


def pack_sources(subject_meta: dict[str, Any], home: Path) -> frozenset[str] | None:
    """The source ids a pack may cite: its own, and those of every pack it borrows from.

    None when a lender does not load: its sources are unknown (its own check reports why), and a
    citation of one of them must not be called unknown.
    """
    ids = set(subject_meta.get("sources", {}))
    for entry in subject_meta.get("borrows", []):
        try:
            lender = load_pack(entry["from"], home=home)
        except PackError:
            return None
        lent = pack_sources(lender.meta, home)
        if lent is None:
            return None
        ids |= lent
    return frozenset(ids)


def cite_problem(cite: str, sources: frozenset[str] | None, rulings: frozenset[str],
                 what: str) -> tuple[str, str] | None:
    """(code, message) if ``cite`` names an unknown ruling or source; None when it is fine (or when the
    sources are not known: ``sources`` None)."""
    if _RULING.match(cite):
        if cite not in rulings:
            return "REF_UNKNOWN_RULING", f"{what} cites ruling {cite}, which rulepacks/rulings.yaml does not list"
        return None
    match = _SOURCE.match(cite)
    if match and sources is not None and match.group(1) not in sources:
        known = ", ".join(sorted(sources)) or "none"
        return ("REF_UNKNOWN_SOURCE", f"{what} cites source {match.group(1)} ('{cite}'), which the pack does not "
                f"declare in pack.sources (declared: {known})")
    return None


def _citations(subject: Subject) -> Iterator[tuple[str, str, str]]:
    """(pointer, citation, what cites it) for every citation in the document and its pack header."""
    for rule_id, entry in subject.doc.get("rules", {}).items():
        for index, cite in enumerate(entry.get("cites", [])):
            yield pointer("rules", rule_id, "cites", index), cite, f"rule {rule_id}"
    for index, card in enumerate(subject.doc.get("inventions", {}).get("cards", [])):
        for field, cite in card.get("provenance", {}).items():
            if cite != "reconstructed":
                yield pointer("inventions", "cards", index, "provenance", field), cite, f"card {card.get('id')}"
    for index, entry in enumerate(subject.pack.meta.get("constraints", []) or []):
        for number, cite in enumerate(entry.get("cites", []) if isinstance(entry, dict) else []):
            yield pointer("pack", "constraints", index, "cites", number), cite, "a constraint"
    for index, entry in enumerate(subject.pack.meta.get("divergences", []) or []):
        for number, cite in enumerate(entry.get("cites", []) if isinstance(entry, dict) else []):
            yield pointer("pack", "divergences", index, "cites", number), cite, "a divergence"


def check_refs(subject: Subject) -> list[Finding]:
    """Rule data pointers that point at nothing, and citations of unknown rulings or sources."""
    doc = subject.doc
    findings = []
    for rule_id, entry in doc.get("rules", {}).items():
        for index, target in enumerate(entry.get("data", [])):
            if resolve(doc, target) is MISSING:
                findings.append(subject.at("REF_POINTER", f"rule {rule_id}: {target} points at nothing in the "
                                           "document", pointer("rules", rule_id, "data", index)))
        switch = entry.get("switch")
        if switch is not None and resolve(doc, switch) is MISSING:
            findings.append(subject.at("REF_POINTER", f"rule {rule_id}: its switch {switch} points at nothing",
                                       pointer("rules", rule_id, "switch")))
    rulings, _ = rulings_findings(subject.home)
    sources = pack_sources(subject.pack.meta, subject.home)
    borrowed = [p for entry in subject.pack.meta.get("borrows", []) for p in entry.get("paths", [])]
    for ptr, cite, what in _citations(subject):
        if any(ptr == b or ptr.startswith(b + "/") for b in borrowed):
            continue  # the lender's own check judges its citations, against its own sources
        problem = cite_problem(cite, sources, rulings, what)
        if problem:
            findings.append(subject.at(problem[0], problem[1], ptr))
    return findings


def check_variant_cites(subjects: list[Subject]) -> list[Finding]:
    """A variant's own ``cites``, against the sources of all its base packs together."""
    if not subjects or subjects[0].variant is None:
        return []
    variant = subjects[0].variant
    home = subjects[0].home
    each = [pack_sources(s.pack.meta, home) for s in subjects]
    sources = None if None in each else frozenset[str]().union(*(ids for ids in each if ids is not None))
    rulings, _ = rulings_findings(home)
    findings = []
    for index, cite in enumerate(variant.cites):
        problem = cite_problem(cite, sources, rulings, f"variant {variant.id}")
        if problem:
            ptr = f"/variant/cites/{index}"
            findings.append(Finding(problem[0], problem[1], *variant.where(ptr), ptr))
    return findings

"""One `regola check` run: plan the targets, load them, run each check family, collect findings.

Every check gets already-loaded Subjects, so a file is read once per run, and one broken target never
stops the others from being checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from regola.check.compiled import check_compiles
from regola.check.constraints import check_constraints, check_tuning
from regola.check.dead import check_unread
from regola.check.findings import Finding, dedupe
from regola.check.flowcheck import check_flow
from regola.check.load import Plan, home_packs, load_pack_subject, load_variant_subjects, plan
from regola.check.refs import check_refs, check_variant_cites, rulings_findings
from regola.check.sources import check_reconstructed, check_sources
from regola.check.subject import Subject
from regola.check.text import check_catalogs, check_coverage, load_catalogs
from regola.check.unsaid import check_fields_said, check_unsaid
from regola.core.errors import PackError
from regola.core.game import definition_for
from regola.core.pack import Pack, home_variant_files
from regola.core.variant import Variant, blamed

__all__ = ["Result", "check_document", "run"]

Check = Callable[[Subject], list[Finding]]

#: the checks of every document, whatever its game; a game adds its own (GameDefinition.pack_checks)
DOCUMENT_CHECKS: tuple[Check, ...] = (check_refs, check_flow, check_constraints, check_tuning)


@dataclass
class Result:
    """What a run found, and what it looked at (for the summary line)."""

    findings: list[Finding] = field(default_factory=list)
    unusable: list[Finding] = field(default_factory=list)  # PATHs that are no pack, variant or YAML file
    packs: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    catalogs: list[str] = field(default_factory=list)


def _guarded(check: Check, subject: Subject) -> list[Finding]:
    """A check that crashes on odd data reports that as a finding instead of ending the run."""
    try:
        return check(subject)
    except Exception as exc:  # a pack must never crash the checker
        return [subject.at("COMPILE", f"{check.__name__} could not read this document "
                           f"({type(exc).__name__}: {exc})", "")]


def _check_document(subject: Subject) -> list[Finding]:
    findings: list[Finding] = []
    for check in DOCUMENT_CHECKS + tuple(definition_for(subject.pack.game).pack_checks):
        findings += _guarded(check, subject)
    if not any(f.level == "error" for f in findings):
        findings += _guarded(check_compiles, subject)
    if not any(f.level == "error" for f in findings):
        findings += _guarded(check_unread, subject)
    return subject.adopt(findings)


def check_document(pack: Pack, variant: Variant | None, home: Path) -> list[Finding]:
    """The findings of one loaded document (a pack with ``variant`` applied, or alone) by the document
    checks of `regola check` (references, flow, constraints, the game's invariants, compilation, unread
    data); no catalogs and no other packs. For a variant made without a file (the OpenSpiel bridge's
    rule parameters)."""
    return _check_document(Subject(pack, variant, home))


def _key(finding: Finding) -> tuple[object, ...]:
    # Without the message: a base fault may read differently in the patched pack ("known: A-H" / "A-I").
    return finding.code, finding.file, finding.line, finding.column, finding.pointer


def _blame_variant(subject: Subject, findings: list[Finding], base: set[tuple[object, ...]]) -> list[Finding]:
    """Findings of a variant document placed in its base's files, that the base alone does not have:
    the variant caused them, so they are said at the change behind them, the base's place as context."""
    assert subject.variant is not None
    out = []
    for finding in findings:
        change = None if finding.about is None or _key(finding) in base else subject.pack.change_at(finding.pointer)
        if change is None or change.variant.source != subject.variant.source:
            out.append(finding)
            continue
        said = blamed(PackError(finding.message, finding.file, finding.line, finding.column, finding.pointer), change)
        out.append(Finding(finding.code, said.message, said.file, said.line, said.column, finding.pointer,
                           finding.severity))
    return out


def run(paths: Sequence[str | Path], home: Path) -> Result:
    """Check ``paths`` (default: every pack and variant under ``<home>/rulepacks``).

    A PATH that is no pack, variant or YAML file is a finding in ``unusable`` (and among the findings);
    the other paths are checked all the same.
    """
    home = home.resolve()
    targets: Plan = plan(paths, home)
    result = Result(packs=[p.name for p in targets.packs], variants=[p.name for p in targets.variants],
                    unusable=targets.unusable)
    findings: list[Finding] = list(targets.unusable)
    if targets.full or targets.packs:
        findings += rulings_findings(home)[1]

    loaded: dict[Path, Subject] = {}
    own: dict[Path, set[tuple[object, ...]]] = {}  # per base pack: its own findings, to tell a variant's from them
    failed: list[Path] = []
    for folder in targets.packs:
        subject, problems = load_pack_subject(folder, home)
        findings += problems
        if subject is None:
            failed.append(folder)
            continue
        loaded[folder] = subject
        checked = _check_document(subject)
        own[folder] = {_key(f) for f in checked}
        findings += checked + check_reconstructed(subject)
    variant_subjects: list[Subject] = []
    for path in targets.variants:
        subjects, problems = load_variant_subjects(path, home)
        findings += problems + check_variant_cites(subjects)
        for subject in subjects:
            root = subject.pack.root
            if root not in own:
                base, _ = load_pack_subject(root, home)
                own[root] = {_key(f) for f in _check_document(base)} if base is not None else set()
            findings += _blame_variant(subject, _check_document(subject), own[root])
        variant_subjects += subjects

    # texts and sources look across packs: the repository's packs are the other side
    universe: list[Subject] | None = None
    others: list[Subject] = list(loaded.values())
    if targets.packs:
        for folder in home_packs(home):
            if folder not in loaded and folder not in failed:
                subject, _ = load_pack_subject(folder, home)  # its own run reports its faults
                if subject is not None:
                    others.append(subject)
                else:
                    failed.append(folder)
        universe = others + variant_subjects
        if not targets.full:
            for path in home_variant_files(home):
                if path.resolve() not in targets.variants:
                    universe += load_variant_subjects(path.resolve(), home)[0]
    catalog_packs = list(dict.fromkeys([*home_packs(home), *targets.packs]))
    catalogs = load_catalogs(catalog_packs, home, validate=targets.packs)
    target_catalogs = [c for c in catalogs if c.pack in targets.packs]
    result.catalogs = [c.shown for c in target_catalogs]
    findings += check_coverage(list(loaded.values()) + variant_subjects, catalogs)
    findings += check_unsaid(variant_subjects, home) + check_fields_said(list(loaded.values()), home)
    if failed:
        # What a pack that does not load holds (rules, names, sources) is unknown: checks across packs
        # would call every text of it unused. Its load error alone is reported; they run once it loads.
        universe = None
    findings += check_catalogs(catalogs, target_catalogs, universe, home)
    if targets.packs and not failed:
        findings += check_sources(others, {s.pack.id for s in loaded.values()})
    result.findings = dedupe(findings)
    return result

"""Findings of `regola check`: one stable code each, so CI logs, docs and tests can name them.

Every code has one severity and a one-line meaning here; docs/CHECK.md explains each at length and a
test keeps the two lists equal, so a new code cannot ship undocumented.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

__all__ = ["CODES", "Finding", "Severity", "dedupe", "sort_key"]

Severity = Literal["error", "warning", "info"]

#: code -> (severity, what it means). Grouped by check family, in the order docs/CHECK.md lists them.
CODES: dict[str, tuple[Severity, str]] = {
    # loading and schemas
    "SCHEMA": ("error", "a file does not match its JSON Schema"),
    "LOAD": ("error", "a pack, variant or catalog cannot be read, merged or borrowed from"),
    "VARIANT_APPLY": ("error", "a variant change cannot be applied to one of its base packs"),
    "VARIANT_BASE_UNKNOWN": ("error", "a variant names a base pack that does not exist"),
    "COMPILE": ("error", "the game rejects the pack data (a fault no finer check names)"),
    # references
    "REF_UNKNOWN_MATERIAL": ("error", "a material that components.materials.kinds does not list"),
    "REF_UNKNOWN_TIER": ("error", "an invention tier that inventions.tiers does not list"),
    "REF_UNKNOWN_TYPE": ("error", "an invention type that inventions.types does not list"),
    "REF_UNKNOWN_CARD": ("error", "an invention card id that inventions.cards does not hold"),
    "REF_DUPLICATE_ID": ("error", "an id (card, tier, favor, upgrade, council space) given twice"),
    "REF_UNKNOWN_DISTRICT": ("error", "a district letter that city.districts does not define"),
    "REF_UNKNOWN_UPGRADE": ("error", "a favor names an upgrade the workshop does not offer"),
    "REF_UNKNOWN_LAB": ("error", "a lab kind or side that components.labs does not define"),
    "REF_UNKNOWN_COLOR": ("error", "a seat colour that components.colors does not list"),
    "REF_UNKNOWN_ROUND_KIND": ("error", "a round kind in the schedule that rounds.kinds does not define"),
    "REF_FLOW_NAME": ("error", "a flow names a guard, effect, step or state that does not exist"),
    "REF_POINTER": ("error", "a rule's data pointer (or switch) points at nothing in the document"),
    "REF_UNKNOWN_RULE": ("error", "a rule ID that the pack's rules do not define"),
    "REF_UNKNOWN_RULING": ("error", "a citation names a ruling R<n> that rulepacks/rulings.yaml lacks"),
    "REF_UNKNOWN_SOURCE": ("error", "a citation names a source id the pack (or a lender) does not declare"),
    # constraints as data (check/constraints.py)
    "CONSTRAINT": ("error", "a value breaks a constraint its pack declares (pack.constraints, with the source)"),
    # the mechanics library's forms (check/compiled.py)
    "MECH_UNREACHABLE": ("error", "an end condition nobody can meet: its threshold is above the most the game allows"),
    "MECH_NO_STOP": ("error", "an end tested as a turn ends, in a flow with no 'end' transition to stop there"),
    "VERB_UNCITED": ("error", "a move the game offers under this pack cites a rule the pack does not have"),
    # dead data (check/dead.py)
    "DATA_UNREAD": ("warning", "a value no code reads: changing it changes nothing in play"),
    "DATA_UNREAD_DECLARED": ("warning", "pack.unread declares a value that is read after all, or is not there"),
    # game invariants
    "INV_PLAYERS": ("error", "the player range does not fit the colours in the box"),
    "INV_MATERIAL_TOTALS": ("error", "more material cards handed out at the start than the box holds"),
    "INV_CARDS_PER_TIER": ("error", "a tier without cards, or a card whose component count is not its tier's"),
    "INV_DECK_INFEASIBLE": ("error", "the deck cannot be built for some player count and setup"),
    "INV_DISPLAY_SIZE": ("error", "a display size is missing or cannot be filled from deck + display"),
    "INV_DISPLAY_START": ("warning", "the beginner display does not hold display_size cards"),
    "INV_WEEKS_ORDER": ("error", "weeks do not rise strictly with the tier"),
    "INV_SETUP_TABLE": ("error", "the beginner seat table misses seats or goes negative"),
    "INV_FAVORS": ("error", "favors per player are not defined for some player count"),
    # flow graph (codes of Flow.check_graph)
    "FLOW_MALFORMED": ("error", "the flow data has a shape Flow.build cannot read"),
    "FLOW_UNREACHABLE": ("error", "a flow state cannot be reached from the initial state"),
    "FLOW_NO_EXIT": ("error", "no final state can be reached from a flow state"),
    "FLOW_DEAD_END": ("error", "a flow state that is not final has no transition out"),
    "FLOW_NO_FINAL": ("error", "the flow has no final state"),
    "FLOW_FINAL_EXIT": ("error", "a final state has outgoing transitions"),
    "FLOW_SHADOWED": ("warning", "a transition can never fire: an unguarded one before it wins"),
    # text catalogs
    "TEXT_MISSING": ("error", "a rule ID or a name has no text in one of the languages"),
    "TEXT_PLACEHOLDER": ("error", "placeholders differ across languages, are unbound, or do not resolve"),
    "TEXT_PLURAL": ("error", "plural forms do not match the locale's CLDR plural categories"),
    "TEXT_UNUSED_KEY": ("warning", "a catalog entry that no pack or variant uses"),
    "TEXT_BARE_NUMBER": ("warning", "a rule text writes a number its rule's data holds (use a placeholder)"),
    "TEXT_UNTRANSLATED": ("warning", "a translation lacks a text the pack needs (shown in the pack's language)"),
    "TEXT_STALE": ("warning", "a translation whose source text changed after it was translated"),
    "TEXT_DUPLICATE": ("error", "two catalogs of one game in one language"),
    "VALUE_UNSAID": ("warning", "a value a variant changes (or may change) that no rule text or catalog label names"),
    # sources
    "SRC_DIFF_UNDECLARED": ("error", "two packs differ in data and neither declares the divergence"),
    "SRC_DIVERGENCE_DECLARED": ("info", "a declared divergence between packs (with its citation)"),
    "SRC_DIVERGENCE_UNUSED": ("warning", "a declared divergence where the packs do not differ"),
    "SRC_RECONSTRUCTED": ("info", "how many fields of a pack are reconstructed (no source states them)"),
}


@dataclass(frozen=True)
class Finding:
    """One thing `regola check` reports: where (file, line, column, JSON pointer) and what."""

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    pointer: str | None = None
    severity: Severity | None = None  # None: the code's own severity
    about: str | None = field(default=None, compare=False)  # the document, when the file is another's

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown finding code {self.code!r}")
        if self.severity is None:
            object.__setattr__(self, "severity", CODES[self.code][0])

    @property
    def level(self) -> Severity:
        return self.severity or CODES[self.code][0]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def sort_key(finding: Finding) -> tuple[str, int, int, str, str]:
    return (finding.file or "", finding.line or 0, finding.column or 0, finding.code, finding.message)


def dedupe(findings: Iterable[Finding]) -> list[Finding]:
    """Each finding once, sorted. A pack and the packs borrowing from it (or a variant of it) see the
    same fault in the same file: keep the one that is about the file's own pack when there is one."""
    kept: dict[Finding, Finding] = {}
    for finding in findings:
        first = kept.get(finding)
        if first is None or (first.about is not None and finding.about is None):
            kept[finding] = finding
    own = {_place(f) for f in kept.values() if f.about is None}
    return sorted((f for f in kept.values() if f.about is None or _place(f) not in own), key=sort_key)


def _place(finding: Finding) -> tuple[object, ...]:
    return finding.code, finding.file, finding.line, finding.column, finding.pointer

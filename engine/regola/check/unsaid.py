"""Every value a variant changes can be said to a reader (``VALUE_UNSAID``).

``rules diff`` and the variant pages say a changed value through the rule text that shows it, a
rulebook table, or the catalog's labels for the fields above it (``names.fields``, a name, a heading).
A data key or an id that no catalog of the game has words for would reach the reader raw
(``max_per_round``, ``a_edge``): this check finds each one, per language, at the variant's change.
"""

from __future__ import annotations

from pathlib import Path

from regola.check.findings import Finding
from regola.check.subject import Subject
from regola.core.errors import PackError
from regola.core.pack import load_pack
from regola.text.catalog import catalogs_for, languages_of
from regola.text.diff import diff_rules

__all__ = ["check_unsaid"]


def check_unsaid(subjects: list[Subject], home: Path) -> list[Finding]:
    """One finding per variant, changed value and language whose words would show a data key."""
    findings: list[Finding] = []
    bases: dict[str, object] = {}
    for subject in subjects:
        if subject.variant is None:
            continue
        pack = subject.pack
        try:
            base = bases.get(pack.id) or load_pack(pack.root, home=home)
            bases[pack.id] = base
            for language in languages_of(pack.game, home):
                catalog, fallback = catalogs_for(language, pack.game, pack.language, home)
                for change in diff_rules(catalog, base, pack, fallback).values:  # type: ignore[arg-type]
                    if change.unsaid:
                        keys = ", ".join(change.unsaid)
                        findings.append(subject.at(
                            "VALUE_UNSAID", f"the {language} words for {change.pointer} would show the data's own "
                            f"{'key' if len(change.unsaid) == 1 else 'keys'} {keys}: no rule text shows the value "
                            f"and the catalog has no label for it (names.fields, or a name)", change.pointer))
        except PackError:  # a pack or catalog that does not load is reported by its own check
            continue
    return findings

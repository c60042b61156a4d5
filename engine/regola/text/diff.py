"""What a variant changes, as a house-ruler would send it to the table: every rule whose text differs
between the pack and the pack with the variant, bound in one language — added, removed, or reworded
(a changed number shows up because the text is bound to the data)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from regola.text.bind import BoundRule, bind_all
from regola.text.catalog import Catalog

if TYPE_CHECKING:
    from regola.core.pack import Pack

__all__ = ["RuleDiff", "diff_rules"]


@dataclass
class RuleDiff:
    changed: list[tuple[BoundRule, BoundRule]] = field(default_factory=list)  # (before, after)
    added: list[BoundRule] = field(default_factory=list)
    removed: list[BoundRule] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed)

    def to_json(self) -> dict[str, Any]:
        return {"changed": [{"id": b.id, "before": b.to_json(), "after": a.to_json()} for b, a in self.changed],
                "added": [r.to_json() for r in self.added], "removed": [r.to_json() for r in self.removed]}

    def lines(self, catalog: Catalog, variants: list[str]) -> list[str]:
        """The diff as text in the catalog's language."""
        chrome = catalog.chrome
        out = [f"{chrome('diff_changes')} {', '.join(variants)}"]
        if not self:
            return [*out, chrome("diff_none")]
        for before, after in self.changed:
            out += ["", f"{after.id} — {after.title}", f"  {chrome('diff_before')} {before.text}",
                    f"  {chrome('diff_after')} {after.text}", f"  [{', '.join(after.cites)}]"]
        for rule in self.added:
            out += ["", f"{rule.id} — {rule.title} ({chrome('diff_added')})", f"  {chrome('diff_after')} {rule.text}",
                    f"  [{', '.join(rule.cites)}]"]
        for rule in self.removed:
            out += ["", f"{rule.id} — {rule.title} ({chrome('diff_removed')})",
                    f"  {chrome('diff_before')} {rule.text}"]
        return out


def diff_rules(catalog: Catalog, base: Pack, changed: Pack) -> RuleDiff:
    """Rules of ``changed`` (pack + variants) against ``base``, both bound with ``catalog``."""
    before, after = bind_all(catalog, base), bind_all(catalog, changed)
    diff = RuleDiff()
    for rule_id, rule in after.items():
        old = before.get(rule_id)
        if old is None:
            diff.added.append(rule)
        elif (old.title, old.text) != (rule.title, rule.text):
            diff.changed.append((old, rule))
    diff.removed = [rule for rule_id, rule in before.items() if rule_id not in after]
    return diff

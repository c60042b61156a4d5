"""What a variant changes, as a house-ruler would send it to the table: every rule whose text differs
between the pack and the pack with the variant (added, removed or reworded), and every value the
variant changes, in words and numbers, before → after.

A value shows where a reader meets it: in a rule's text (a placeholder bound to it, shown with the
rule's own words and units), in a rulebook table (a setup seat's money: the table's row and column,
as the rulebook prints them), or else by the rule whose data holds it and the names of its fields.
So no change goes unsaid, not even one that no sentence mentions (the money of one beginner seat).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from regola.core.pointers import MISSING, resolve
from regola.i18n import words
from regola.text.bind import BoundRule, bind_all, number
from regola.text.catalog import Catalog

if TYPE_CHECKING:
    from regola.core.pack import Pack
    from regola.core.variant import Variant

__all__ = ["Change", "RuleDiff", "diff_rules", "field_name", "field_words", "variant_title"]

#: parts of a pack document that are not rules a reader plays by
SKIPPED = frozenset({"rules", "text", "provenance", "note", "doc", "rulebook"})


@dataclass(frozen=True)
class Change:
    """One value a variant changes, in the catalog's words (``pointer`` for programs)."""

    rule: str | None  # the rule that states it (None: no rule's data holds it)
    where: str  # what the value is: a placeholder's rule, a table cell, or the data's field names
    before: str  # '—' where the pack has nothing
    after: str  # '—' where the variant removes it
    pointer: str
    kind: str = "data"  # "text": a value the rule's text shows; "table": a rulebook table's cell; "data"

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "kind": self.kind, "where": self.where, "before": self.before,
                "after": self.after, "pointer": self.pointer}

    def said(self, language: str) -> str:
        """'where: before → after' in the language's punctuation."""
        return words(language).gettext("{where}: {before} → {after}", where=self.where, before=self.before,
                                       after=self.after)


@dataclass
class RuleDiff:
    changed: list[tuple[BoundRule, BoundRule]] = field(default_factory=list)  # (before, after)
    added: list[BoundRule] = field(default_factory=list)
    removed: list[BoundRule] = field(default_factory=list)
    values: list[Change] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)  # the variants, by their titles in the catalog's language

    def __bool__(self) -> bool:
        return bool(self.changed or self.added or self.removed or self.values)

    def of_rule(self, rule_id: str, text: bool = True) -> list[Change]:
        """The values of one rule the variant changes (``text=False``: not those its text shows)."""
        return [c for c in self.values if c.rule == rule_id and (text or c.kind != "text")]

    def to_json(self) -> dict[str, Any]:
        return {"titles": self.titles,
                "changed": [{"id": b.id, "before": b.to_json(), "after": a.to_json()} for b, a in self.changed],
                "added": [r.to_json() for r in self.added], "removed": [r.to_json() for r in self.removed],
                "values": [c.to_json() for c in self.values]}

    def lines(self, catalog: Catalog, variants: list[str]) -> list[str]:
        """The diff as text in the catalog's language."""
        w = words(catalog.language)
        named = w.join(w.gettext("“{title}”", title=t) for t in (self.titles or variants))
        out = [w.ngettext("What the variant {names} changes:", "What the variants {names} change:", len(variants),
                          names=named)]
        if not self:
            return [*out, w.gettext("The variant changes no rule and no value.")]
        shown: set[str] = set()
        new_rule, rule_removed = w.gettext("new rule"), w.gettext("rule removed")
        for before, after in self.changed:
            shown.add(after.id)
            out += ["", f"{after.id} — {after.title}", "  " + w.gettext("before: {text}", text=before.text),
                    "  " + w.gettext("after: {text}", text=after.text)]
            out += [f"  · {c.said(catalog.language)}" for c in self.of_rule(after.id, text=False)]
            out += [f"  [{', '.join(after.cites)}]"] if after.cites else []  # a house rule cites nothing
        for rule in self.added:
            shown.add(rule.id)
            out += ["", f"{rule.id} — {rule.title} ({new_rule})",
                    "  " + w.gettext("after: {text}", text=rule.text)]
            out += [f"  [{', '.join(rule.cites)}]"] if rule.cites else []
        for rule in self.removed:
            shown.add(rule.id)
            out += ["", f"{rule.id} — {rule.title} ({rule_removed})",
                    "  " + w.gettext("before: {text}", text=rule.text)]
        rest = [c for c in self.values if c.rule not in shown]
        if rest:
            out += ["", w.gettext("Values that no rule text shows:")]
            out += [f"  · {c.said(catalog.language)}" + (f"  [{c.rule}]" if c.rule else "") for c in rest]
        return out


def variant_title(catalog: Catalog, variant: Variant, pack: Pack | None = None) -> str:
    """A variant by its title in the catalog's language (``names.variants``: every official variant has
    one in every language), else the title its author gave it (a house rule)."""
    return str(catalog.names("variants").get(variant.id) or variant.title)


# --- values ------------------------------------------------------------------------------------------


def _leaves(before: Any, after: Any, pointer: str, out: list[tuple[str, Any, Any]]) -> None:
    """Every place the two documents differ: mappings key by key, lists of mappings item by item; a
    list of plain values is one value (a price track reads as one)."""
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            if key in SKIPPED:
                continue
            _leaves(before.get(key, MISSING), after.get(key, MISSING), f"{pointer}/{_escape(key)}", out)
        return
    if (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)
            and any(isinstance(x, dict | list) for x in [*before, *after])):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            _leaves(b, a, f"{pointer}/{i}", out)
        return
    out.append((pointer, before, after))


def _escape(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _under(pointer: str, prefix: str) -> bool:
    return pointer == prefix or pointer.startswith(prefix.rstrip("/") + "/")


def _name_anywhere(catalog: Catalog, key: str) -> str | None:
    """A data key or id by its name in the catalog (a material, a district, a colour…), or None."""
    for names in catalog.data["names"].values():
        value = names.get(key) if isinstance(names, dict) else None
        if isinstance(value, str):
            return value
        if isinstance(value, dict) and "name" in value:
            return str(value["name"])
    return None


def field_name(catalog: Catalog, key: str) -> str:
    """A field of the data in words: a rulebook column heading, a name, else the key itself."""
    chrome = catalog.data.get("chrome", {})
    return str(chrome.get(key) or _name_anywhere(catalog, key) or catalog.names("fields").get(key) or key)


def _value(catalog: Catalog, value: Any) -> str:
    w = words(catalog.language)
    if value is MISSING or value is None:
        return "—"
    if isinstance(value, bool):
        return w.gettext("yes") if value else w.gettext("no")
    if isinstance(value, int | float):
        return number(catalog, value)
    if isinstance(value, str):
        return _name_anywhere(catalog, value) or value
    if isinstance(value, list):
        return w.join([_value(catalog, v) for v in value]) if value else "—"
    if isinstance(value, dict):
        return "; ".join(f"{field_name(catalog, str(k))}: {_value(catalog, v)}" for k, v in value.items())
    return str(value)


def _owner(pack: Pack, pointer: str) -> tuple[str | None, str]:
    """The rule whose data holds ``pointer`` (the longest data pointer above it) and that pointer."""
    best: tuple[str | None, str] = (None, "")
    for rule_id, rule in pack.data.get("rules", {}).items():
        for data in rule.get("data", []) if isinstance(rule, dict) else []:
            if _under(pointer, data) and len(data) > len(best[1]):
                best = (rule_id, data)
    return best


def _where(catalog: Catalog, pack: Pack, pointer: str, titles: dict[str, str]) -> tuple[str | None, str]:
    rule_id, parts = _place(catalog, pack, pointer)
    if rule_id:
        parts = [titles.get(rule_id, rule_id), *parts]
    return rule_id, " · ".join(parts) or pointer


def field_words(catalog: Catalog, pack: Pack, pointer: str) -> str:
    """A value's place under the rule that governs it, in the catalog's words (``a) yellow · Gulden``):
    what a form labels a field with, below the rule's title."""
    return " · ".join(_place(catalog, pack, pointer)[1]) or pointer.rsplit("/", 1)[-1]


def _place(catalog: Catalog, pack: Pack, pointer: str) -> tuple[str | None, list[str]]:
    """The rule whose data holds ``pointer``, and the pointer's steps below that data in words."""
    rule_id, data = _owner(pack, pointer)
    rest = [s.replace("~1", "/").replace("~0", "~") for s in pointer[len(data):].split("/") if s]
    parts: list[str] = []
    doc: Any = resolve(pack.data, data) if data else pack.data
    for segment in rest:
        if isinstance(doc, list) and segment.isdigit():
            item = doc[int(segment)] if int(segment) < len(doc) else None
            parts.append(_value(catalog, item["id"]) if isinstance(item, dict) and "id" in item
                         else number(catalog, int(segment) + 1) + ".")
            doc = item
        else:
            parts.append(field_name(catalog, segment))
            doc = doc.get(segment) if isinstance(doc, dict) else None
    return rule_id, parts


def _table_changes(catalog: Catalog, base: Pack, changed: Pack) -> tuple[list[Change], list[str]]:
    """Changed cells of the rulebook's tables (setup seats, inventions), as the tables print them; and
    the data each table shows, so its values are not said twice."""
    from regola.text.render import tables_of

    out: list[Change] = []
    roots: list[str] = []
    before = {caption: (root, table) for _, caption, root, table in tables_of(catalog, base)}
    for _, caption, root, table in tables_of(catalog, changed):
        roots.append(root)
        old = before.get(caption)
        if old is None:
            continue
        rule_id = _owner(changed, root)[0]
        rows = max(len(old[1].rows), len(table.rows))
        for r in range(rows):
            was = old[1].rows[r] if r < len(old[1].rows) else None
            now = table.rows[r] if r < len(table.rows) else None
            label = " ".join((now or was or [])[:2])
            for c, header in enumerate(table.headers):
                a = was[c] if was is not None else "—"
                b = now[c] if now is not None else "—"
                if a != b:
                    out.append(Change(rule_id, f"{caption} · {label} · {header}", a, b, f"{root}/{r}", "table"))
    return out, roots


def diff_rules(catalog: Catalog, base: Pack, changed: Pack, fallback: Catalog | None = None) -> RuleDiff:
    """Rules and values of ``changed`` (pack + variants) against ``base``, both bound with ``catalog``."""
    before, after = bind_all(catalog, base, fallback), bind_all(catalog, changed, fallback)
    diff = RuleDiff(titles=[variant_title(catalog, v, changed) for v in changed.variants])
    titles = {rule_id: rule.title for rule_id, rule in {**before, **after}.items()}
    shown: list[str] = []  # data a changed placeholder already shows
    for rule_id, rule in after.items():
        old = before.get(rule_id)
        shown.extend(rule.covers)  # a mechanic's words say its form whole: no value of it is left unsaid
        if old is None:
            diff.added.append(rule)
            continue
        if (old.title, old.text) == (rule.title, rule.text):
            continue
        diff.changed.append((old, rule))
        if rule.covers and old.template != rule.template:
            continue  # another form: the sentences before and after say it, not a value of one of them
        args = (catalog.rules.get(rule_id) or (fallback.rules.get(rule_id, {}) if fallback else {})).get("args", {})
        for name, text in rule.values:
            if old.value(name) != text:
                path = args[name]["path"] if name in args else (rule.covers or ("",))[0]
                shown.append(path)
                diff.values.append(Change(rule_id, rule.title, old.value(name), text, path, "text"))
    diff.removed = [rule for rule_id, rule in before.items() if rule_id not in after]
    shown.extend(pointer for rule in diff.removed for pointer in rule.covers)
    cells, tables = _table_changes(catalog, base, changed)
    diff.values += cells
    leaves: list[tuple[str, Any, Any]] = []
    _leaves(base.data, changed.data, "", leaves)
    for pointer, old_value, new_value in leaves:
        if any(_under(pointer, p) for p in [*shown, *tables]):
            continue
        rule_id, where = _where(catalog, changed if new_value is not MISSING else base, pointer, titles)
        diff.values.append(Change(rule_id, where, _value(catalog, old_value), _value(catalog, new_value), pointer))
    return diff

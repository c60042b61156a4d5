"""What a variant changes, as a house-ruler would send it to the table: every rule whose text differs
between the pack and the pack with the variant (added, removed or reworded), and every value the
variant changes, in words and numbers, before → after.

A value shows where a reader meets it: in a rule's text (a placeholder bound to it, shown with the
rule's own words and units), in a rulebook table (a setup seat's money: the table's row and column,
as the rulebook prints them), or else by the rule whose data holds it and the names of its fields.
So no change goes unsaid, not even one that no sentence mentions (the money of one beginner seat).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from regola.core.pointers import MISSING, resolve
from regola.core.schemas import escape_token
from regola.core.yamlio import parse_pointer
from regola.i18n import words
from regola.text.bind import BoundRule, bind_all, number
from regola.text.catalog import Catalog

if TYPE_CHECKING:
    from regola.core.pack import Pack
    from regola.core.variant import Variant

__all__ = ["Change", "RuleDiff", "diff_rules", "field_name", "field_words", "unsaid_keys", "variant_title"]

#: parts of a pack document that are not rules a reader plays by
SKIPPED = frozenset({"rules", "text", "provenance", "note", "doc", "rulebook", "cites"})


@dataclass(frozen=True)
class Change:
    """One value a variant changes, in the catalog's words (``pointer`` for programs)."""

    rule: str | None  # the rule that states it (None: no rule's data holds it)
    where: str  # what the value is: a placeholder's rule, a table cell, or the data's field names
    before: str  # '—' where the pack has nothing
    after: str  # '—' where the variant removes it
    pointer: str
    kind: str = "data"  # "text": a value the rule's text shows; "table": a rulebook table's cell; "data"
    unsaid: tuple[str, ...] = ()  # data keys and values the catalog has no words for (``check``: VALUE_UNSAID)

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

    def unowned(self, rules: Iterable[str]) -> list[Change]:
        """The values no rule among ``rules`` shows (a changed order of the phases, a removed rule's data):
        a page that shows values rule by rule says these on their own."""
        known = set(rules)
        return [c for c in self.values if c.rule is None or c.rule not in known]

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
    """A variant by its title in the catalog's language (``names.variants``), else the one its own file
    gives in that language (``titles``: a house rule that carries its words), else the title its author
    gave it."""
    return str(catalog.names("variants").get(variant.id) or variant.titles.get(catalog.language) or variant.title)


# --- values ------------------------------------------------------------------------------------------


def _leaves(before: Any, after: Any, pointer: str, out: list[tuple[str, Any, Any]],
            split: Callable[[str], bool] = lambda _: False) -> None:
    """Every place the two documents differ: mappings key by key, lists of mappings item by item; a
    list of plain values is one value (a price track reads as one). A mapping added or removed whole is
    one value, unless ``split(pointer)``: then each of its parts is (several rules say them)."""
    if before == after:
        return
    whole = MISSING in (before, after) and isinstance(after if before is MISSING else before, dict)
    if (isinstance(before, dict) and isinstance(after, dict)) or (whole and split(pointer)):
        old = before if isinstance(before, dict) else {}
        new = after if isinstance(after, dict) else {}
        for key in [*old, *(k for k in new if k not in old)]:
            if key in SKIPPED:
                continue
            _leaves(old.get(key, MISSING), new.get(key, MISSING), f"{pointer}/{escape_token(key)}", out, split)
        return
    if (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)
            and any(isinstance(x, dict | list) for x in [*before, *after])):
        for i, (b, a) in enumerate(zip(before, after, strict=True)):
            _leaves(b, a, f"{pointer}/{i}", out, split)
        return
    out.append((pointer, before, after))


def _under(pointer: str, prefix: str) -> bool:
    return pointer == prefix or pointer.startswith(prefix.rstrip("/") + "/")


def _name_anywhere(catalog: Catalog, key: str) -> str | None:
    """A data key or id by its name in the catalog (a material, a district, a colour…), or None. A
    number-like id is never looked up this way: '2' is a player count as often as a profession."""
    if key.isdigit():
        return None
    for names in catalog.data["names"].values():
        value = names.get(key) if isinstance(names, dict) else None
        if isinstance(value, str) and "{" not in value:  # a phrase to fill ('build {1}') names nothing
            return value
        if isinstance(value, dict) and "name" in value:
            return str(value["name"])
    return None


def _name_near(catalog: Catalog, steps: list[str], key: str, anywhere: bool = True) -> str | None:
    """An id by its name in the category its collection is called after (``/bonus_cards/3`` is a bonus
    card, not the third profession), else (``anywhere``) in any category that has it."""
    for step in reversed(steps):
        found = catalog.names(step).get(key)
        if isinstance(found, dict) or (isinstance(found, str) and "{" not in found):
            return catalog.name(step, key)
    return _name_anywhere(catalog, key) if anywhere else None


def _label(catalog: Catalog, key: str) -> str | None:
    """A field of the data in words (a rulebook column heading, a field label, a name), or None."""
    chrome = catalog.data.get("chrome", {})
    found = chrome.get(key) or catalog.names("fields").get(key) or _name_anywhere(catalog, key)
    if found is None and catalog.fallback is not None:
        return _label(catalog.fallback, key)
    return str(found) if found is not None else None


def field_name(catalog: Catalog, key: str) -> str:
    """A field of the data in words; the key itself where the catalog has none (``regola check`` reports
    every such key a variant changes: VALUE_UNSAID)."""
    return _label(catalog, key) or key


class _Words:
    """Values and places in a catalog's words, remembering every data key it had no words for."""

    def __init__(self, catalog: Catalog, players: range = range(0)) -> None:
        self.catalog = catalog
        self.players = players  # the player counts the pack allows: a table keyed by them is 'with 5 players'
        self.unsaid: list[str] = []

    def field(self, key: str, siblings: Iterable[str] = ()) -> str:
        """A key of a mapping in words; ``siblings``: the mapping's keys (a table by player count has only
        player counts)."""
        found = _label(self.catalog, key)
        if found is None and _small_number(key):  # a longer run of digits is a key like any other
            keys = [str(k) for k in siblings] or [key]
            if all(_small_number(k) and int(k) in self.players for k in keys):
                return words(self.catalog.language).ngettext("with {n} player", "with {n} players", int(key))
            return number(self.catalog, int(key))  # a number that keys a table (a coin's value) says itself
        if found is None:
            self.unsaid.append(key)
        return found or key

    def value(self, value: Any, steps: list[str]) -> str:
        catalog, w = self.catalog, words(self.catalog.language)
        if value is MISSING or value is None:
            return "—"
        if isinstance(value, bool):
            return w.gettext("yes") if value else w.gettext("no")
        if isinstance(value, int | float):
            return number(catalog, value)
        if isinstance(value, str):
            found = _name_near(catalog, steps, value)
            if found is None and not value.isdigit():
                self.unsaid.append(value)
            return found or value
        if isinstance(value, list):
            if value and all(isinstance(v, dict) and "id" in v for v in value):  # a list of things: their names
                return w.join([self.value(str(v["id"]), steps) for v in value])
            if value and all(_pair(v) for v in value):  # places on a grid: column·row, as the boards say them
                return w.join([f"{number(catalog, v[0])}·{number(catalog, v[1])}" for v in value])
            return w.join([self.value(v, steps) for v in value]) if value else "—"
        if isinstance(value, dict):
            if steps and _name_near(catalog, steps[:-1], steps[-1]) is not None:
                return w.gettext("in the game")  # a named thing comes or goes whole: its name says it
            return "; ".join(f"{self.field(str(k), value)}: {self.value(v, [*steps, str(k)])}"
                             for k, v in value.items() if k not in SKIPPED)
        return str(value)

    def place(self, pack: Pack, pointer: str) -> tuple[str | None, list[str]]:
        """The rule whose data holds ``pointer``, and the pointer's steps below that data in words."""
        rule_id, data = _owner(pack, pointer)
        steps = _steps(pointer)
        parts: list[str] = []
        doc: Any = resolve(pack.data, data) if data else pack.data
        above = _steps(data)
        for segment in steps[len(above):]:
            if isinstance(doc, list) and segment.isdigit():
                item = doc[int(segment)] if int(segment) < len(doc) else None
                parts.append(self.value(str(item["id"]), above) if isinstance(item, dict) and "id" in item
                             else number(self.catalog, int(segment) + 1) + ".")
                doc = item
            else:
                named = _name_near(self.catalog, above, segment, anywhere=False) if isinstance(doc, dict) else None
                parts.append(named or self.field(segment, doc if isinstance(doc, dict) else ()))
                doc = doc.get(segment) if isinstance(doc, dict) else None
            above.append(segment)
        return rule_id, parts


def _small_number(key: str) -> bool:
    """A key that reads as a number without unbounded work (Python refuses int() of 4,300+ digits)."""
    return key.isdigit() and len(key) <= 9


def _players(pack: Pack) -> range:
    players = pack.data.get("players")
    if isinstance(players, dict) and isinstance(players.get("min"), int) and isinstance(players.get("max"), int):
        return range(players["min"], players["max"] + 1)
    return range(0)


def _pair(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in value))


def _steps(pointer: str) -> list[str]:
    return parse_pointer(pointer) or []


@functools.lru_cache(maxsize=64)
def _rule_data(pack: Pack) -> tuple[tuple[str, str], ...]:
    """(data pointer, rule id) of every rule's data, longest pointer first: a pack is read-only, so its
    index is built once (the check and the workshop label hundreds of values per pack)."""
    pairs = [(data, rule_id) for rule_id, rule in pack.data.get("rules", {}).items() if isinstance(rule, dict)
             for data in rule.get("data", [])]
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


def _owner(pack: Pack, pointer: str) -> tuple[str | None, str]:
    """The rule whose data holds ``pointer`` (the longest data pointer above it) and that pointer."""
    return next(((rule_id, data) for data, rule_id in _rule_data(pack) if _under(pointer, data)), (None, ""))


def _owned_below(pack: Pack, pointer: str) -> bool:
    """Whether some rule's data lies strictly below ``pointer`` (its parts are said by several rules)."""
    return any(_under(data, pointer) and data != pointer for data, _ in _rule_data(pack))


def field_words(catalog: Catalog, pack: Pack, pointer: str) -> str:
    """A value's place under the rule that governs it, in the catalog's words (``a) yellow · Gulden``):
    what a form labels a field with, below the rule's title."""
    # a value that is the rule's data itself has no place below it: it is said by its own name
    return " · ".join(_Words(catalog, _players(pack)).place(pack, pointer)[1]) \
        or field_name(catalog, pointer.rsplit("/", 1)[-1])


def unsaid_keys(catalog: Catalog, pack: Pack, pointer: str) -> tuple[str, ...]:
    """The data keys on the way to ``pointer`` that the catalog has no words for (``regola check``)."""
    say = _Words(catalog, _players(pack))
    say.place(pack, pointer)
    return tuple(dict.fromkeys(say.unsaid))


def _phase_order(catalog: Catalog, flow: Any, say: _Words) -> list[str]:
    """The phases in the order play meets them: from the first state, each step along the first
    transition to a phase not met yet (a round's loop back is the order's repeat, not a new phase)."""
    if not isinstance(flow, dict):
        return []
    states = [s for s in flow.get("states", []) if isinstance(s, dict) and "name" in s]
    moves = [t for t in flow.get("transitions", []) if isinstance(t, dict)]
    order: list[str] = []
    here = str(states[0]["name"]) if states else None
    while here is not None and here not in order:
        order.append(here)
        here = next((str(t["dest"]) for t in moves if str(t.get("source")) == here
                     and str(t.get("dest")) not in order), None)
    return [_phase(catalog, say, state) for state in order]


def _phase(catalog: Catalog, say: _Words, state: str) -> str:
    named = state in catalog.names("phases") or (catalog.fallback and state in catalog.fallback.names("phases"))
    return catalog.name("phases", state) if named else say.field(state)


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
        # rows by their first cell (a card's number, a seat's letter): a row left out or added is said once
        # for the table, as the list of what it holds before and after; a row in both, cell by cell
        was_rows = {row[0]: row for row in old[1].rows}
        if set(was_rows) != {row[0] for row in table.rows}:
            out.append(Change(rule_id, caption, ", ".join(row[1] for row in old[1].rows) or "—",
                              ", ".join(row[1] for row in table.rows) or "—", root, "table"))
        for r, now in enumerate(table.rows):
            was = was_rows.get(now[0])
            if was is None:
                continue
            label = " ".join(now[:2])
            for c, header in enumerate(table.headers):
                if was[c] != now[c]:
                    out.append(Change(rule_id, f"{caption} · {label} · {header}", was[c], now[c], f"{root}/{r}",
                                      "table"))
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
    fresh = {rule.id for rule in diff.added}
    shown.extend(pointer for rule in diff.removed for pointer in rule.covers)
    cells, tables = _table_changes(catalog, base, changed)
    diff.values += cells
    say = _Words(catalog, _players(changed))
    flow = [_phase_order(catalog, p.data.get("flow"), say) for p in (base, changed)]
    if flow[0] != flow[1]:  # the order of play, by the phases' names: never states and transitions
        diff.values.append(Change(_owner(changed, "/flow")[0], words(catalog.language).gettext("Order of the phases"),
                                  " → ".join(flow[0]) or "—", " → ".join(flow[1]) or "—", "/flow",
                                  unsaid=tuple(dict.fromkeys(say.unsaid))))
        shown.append("/flow")
    leaves: list[tuple[str, Any, Any]] = []
    _leaves(base.data, changed.data, "", leaves, lambda at: _owned_below(changed, at) or _owned_below(base, at))
    for pointer, old_value, new_value in leaves:
        if any(_under(pointer, p) for p in [*shown, *tables]):
            continue
        owner = _owner(changed, pointer)[0]
        if owner is not None and owner in fresh:
            continue  # a new rule's text says what its data holds
        say = _Words(catalog, _players(changed))
        pack = changed if new_value is not MISSING else base
        holder, parts = say.place(pack, pointer)
        where = " · ".join(([titles.get(holder, holder)] if holder else []) + parts)
        steps = _steps(pointer)
        old_text, new_text = say.value(old_value, steps), say.value(new_value, steps)
        diff.values.append(Change(holder, where or pointer, old_text, new_text, pointer,
                                  unsaid=tuple(dict.fromkeys(say.unsaid))))
    return diff

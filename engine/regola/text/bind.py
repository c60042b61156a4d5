"""Binding a catalog's placeholders to a pack's data and formatting them for the catalog's locale.

Numbers go through ``babel.numbers.format_decimal``, lists through ``babel.lists.format_list``, and a
unit takes the plural form that ``Locale.plural_form`` picks for the number (Czech: 1 gulden,
2 guldeny, 5 guldenů). A pointer the pack lacks is a PackError naming catalog, rule and pointer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regola.core.errors import PackError
from regola.core.pointers import MISSING, resolve
from regola.i18n.forms import FORMS, Inflected
from regola.i18n.forms import fill as fill_forms
from regola.i18n.numbers import format_items, format_number, plural_category
from regola.mechanics.parts import units as part_units
from regola.mechanics.ranking import fewer, tie_break_name
from regola.text.catalog import Catalog, falls_back

if TYPE_CHECKING:
    from regola.core.pack import Pack

__all__ = ["BoundRule", "arg_problem", "bind_all", "bind_rule", "fill", "format_arg", "plural", "resolve",
           "shown_value", "with_unit"]

@dataclass(frozen=True)
class BoundRule:
    """A rule entry with every placeholder filled in."""

    id: str
    title: str
    text: str
    cites: tuple[str, ...]  # what the pack's rule entry cites (the data's sources)
    text_cites: tuple[str, ...]  # what the catalog entry cites (the wording's sources)
    language: str  # the catalog's; the pack's own language where a translation lacks the rule
    template: str = ""  # the text with its {placeholders}, so a change can be shown value by value
    values: tuple[tuple[str, str], ...] = ()  # each placeholder's text, in the template's order
    covers: tuple[str, ...] = ()  # data its words show whole (a mechanic's form: regola.text.mechanics)

    def value(self, name: str) -> str:
        return dict(self.values).get(name, "")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "language": self.language, "title": self.title, "text": self.text,
                "cites": list(self.cites), "text_cites": list(self.text_cites)}


def plural(catalog: Catalog, unit: str, number: int | float) -> str:
    """The form of ``unit`` that goes with ``number`` in the catalog's language."""
    forms, language = catalog.unit(unit)  # a translation in progress borrows its fallback's forms
    return forms.get(plural_category(language, number), forms["other"])


def number(catalog: Catalog, value: int | float) -> str:
    return format_number(catalog.language, value)


def with_unit(catalog: Catalog, value: int | float, unit: str | None) -> str:
    """'5 guldenů', '1 Woche', '0 florin' (French 0 is singular): number and plural form together, with the
    cases the catalog gives the unit ('mit 34 Prestigepunkten' where a message asks for {score:dat})."""
    text = number(catalog, value)
    if not unit:
        return text
    forms, language = catalog.unit(unit)
    category = plural_category(language, value)
    tables: dict[str, Any] = {k: v for k, v in forms.items() if k in FORMS and isinstance(v, dict)}
    cased = {case: f"{text}\u00a0{table.get(category, table['other'])}" for case, table in tables.items()}
    return Inflected(f"{text}\u00a0{plural(catalog, unit, value)}", cased)


def _list(catalog: Catalog, items: list[str], style: str = "standard") -> str:
    return format_items(catalog.language, items, style)


def _item_id(item: Any) -> str:
    return str(item["id"]) if isinstance(item, dict) and "id" in item else str(item)


def _number(value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"expected a number, found {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class _Shown:
    """What a placeholder shows, checked against its spec but not yet written in any language."""

    kind: str  # "number", "list", "name", "names" or "text"
    numbers: tuple[int | float, ...] = ()
    ids: tuple[str, ...] = ()
    text: str = ""


def _shown(spec: dict[str, Any], value: Any) -> _Shown:
    """The value as its placeholder's spec reads it. Raises ValueError when the value does not fit."""
    kind = spec.get("format", "number")
    if kind == "number":
        return _Shown("number", (_number(value),))
    if kind in ("count", "max", "min", "sum"):
        if not isinstance(value, list | dict):
            raise ValueError(f"expected a list or mapping, found {value!r}")
        items = list(value.values()) if isinstance(value, dict) else list(value)
        if kind == "count":
            return _Shown("number", (len(items),))
        if kind == "sum":
            key = spec.get("key")
            return _Shown("number", (sum(int(i[key]) if key else int(i) for i in items),))
        numbers = [int(i) for i in items]
        if not numbers:
            raise ValueError(f"expected a non-empty list, found {value!r}")
        return _Shown("number", (max(numbers) if kind == "max" else min(numbers),))
    if kind == "list":
        if not isinstance(value, list) or not value:
            raise ValueError(f"expected a non-empty list, found {value!r}")
        return _Shown("list", tuple(_number(v) for v in value))
    if kind in ("name", "names") and "names" not in spec:
        raise ValueError("a name placeholder needs 'names', the category its names come from")
    if kind == "name":
        return _Shown("name", (), (str(value),))
    if kind == "names":
        items = list(value) if isinstance(value, list | dict) else [value]
        return _Shown("names", (), tuple(_item_id(i) for i in items))
    if kind == "measures":  # a list of measures (tie-breaks), each 'more <noun>' unless a case words it
        if not isinstance(value, list):
            raise ValueError(f"expected a list, found {value!r}")
        measures = tuple(tie_break_name(v) for v in value[int(spec.get("skip", 0)):])
        if not measures:
            raise ValueError(f"expected more than {spec.get('skip', 0)} items, found {value!r}")
        return _Shown("measures", (), measures)
    if kind == "select":
        cases: dict[str, str] = spec.get("cases", {})
        key = str(value).lower()
        if key not in cases:
            raise ValueError(f"no case for the value {value!r} (cases: {', '.join(cases)})")
        return _Shown("text", text=cases[key])
    raise ValueError(f"unknown format '{kind}'")


def shown_value(spec: dict[str, Any], value: Any) -> str:
    """What a placeholder shows, as plain data (numbers, ids, the case's text): for translators' notes."""
    shown = _shown(spec, value)
    if shown.kind == "text":
        return repr(shown.text)
    return ", ".join(str(x) for x in (shown.numbers or shown.ids))


def arg_problem(catalog: Catalog, spec: dict[str, Any], value: Any) -> str | None:
    """Why ``format_arg`` would fail on ``value``, or None; without formatting (Babel is not needed)."""
    try:
        shown = _shown(spec, value)
    except (ValueError, TypeError, KeyError) as exc:
        return str(exc)
    unit = spec.get("unit")
    # a translation in progress may lack the unit: the fallback's forms stand in (the check's parity
    # finding reports it untranslated); a catalog that translates nothing must have it
    if unit and shown.kind in ("number", "list") and unit not in catalog.data["units"] \
            and not falls_back(catalog.data):
        return f"the catalog has no unit '{unit}'"
    return None


def format_arg(catalog: Catalog, spec: dict[str, Any], value: Any, units: Mapping[str, str] | None = None) -> str:
    """One placeholder's text. Raises ValueError when the value does not fit the format. ``units`` (measure ->
    unit, the pack's parts) words a ``measures`` item that has no case."""
    shown = _shown(spec, value)
    if shown.kind == "measures":  # in order: 'more inventions, then more jesters'
        from regola.i18n import words

        said = [_measure_words(catalog, spec, units or {}, item) for item in shown.ids]
        text = said[0]
        for later in said[1:]:
            # TRANSLATORS: tie-breaks in order: what decides first, then what decides next
            text = words(catalog.language).gettext("{before}, then {next}", before=text, next=later)
        return text
    unit = spec.get("unit")
    if shown.kind == "number":
        return with_unit(catalog, shown.numbers[0], unit)
    if shown.kind == "list":
        parts = [number(catalog, v) for v in shown.numbers]
        if unit:  # the unit follows the last number and agrees with it: "0, 2, 3 a 4 guldeny"
            parts[-1] = with_unit(catalog, shown.numbers[-1], unit)
        return _list(catalog, parts, spec.get("style", "standard"))
    if shown.kind == "name":
        return catalog.name(spec["names"], shown.ids[0])
    if shown.kind == "names":
        return _list(catalog, [catalog.name(spec["names"], i) for i in shown.ids], spec.get("style", "standard"))
    return shown.text


def _measure_words(catalog: Catalog, spec: dict[str, Any], units: Mapping[str, str], item: str) -> str:
    """A tie-break in words: the catalog's case for it, else the library's 'more <noun>' with the noun of
    the measure's unit in the form that counts many."""
    from regola.i18n import words

    case = spec.get("cases", {}).get(item)
    if case is not None:
        return str(case)
    least, measure = fewer(item)
    if measure not in units:
        raise ValueError(f"no case for {measure!r} and no measure of that name among the pack's parts")
    said = words(catalog.language)
    noun = plural(catalog, units[measure], 5)
    return said.gettext("fewer {measure}", measure=noun) if least else said.gettext("more {measure}", measure=noun)


def fill(template: str, values: Mapping[str, str]) -> str:
    """A rule's text with its values, each in the form the text asks for ({count:gen}: forms.py)."""
    return fill_forms(template, values.get)


def bind_rule(catalog: Catalog, pack: Pack, rule_id: str, fallback: Catalog | None = None) -> BoundRule:
    """One rule entry of the catalog filled from the pack; a rule the catalog lacks is taken from
    ``fallback`` (the pack's own language) when given. Unknown rule or missing data: PackError."""
    from regola.text.mechanics import form_rule, mechanic_rules

    worded = form_rule(catalog, pack, rule_id)  # a text written for another form than the pack chooses
    if worded is not None:
        return worded
    if rule_id.startswith("mechanics.") and rule_id not in pack.data.get("rules", {}):
        made = next((r for r in mechanic_rules(catalog, pack) if r.id == rule_id), None)
        if made is not None:
            return made
    entry = catalog.rules.get(rule_id)
    rules = pack.data.get("rules", {})
    if entry is None and fallback is not None and rule_id in fallback.rules:
        return bind_rule(fallback, pack, rule_id)
    if entry is None:
        raise PackError(f"the catalog has no text for rule '{rule_id}'", file=catalog.file,
                        field=f"/text/rules/{rule_id}")
    values: dict[str, str] = {}
    for name, spec in entry.get("args", {}).items():
        value = resolve(pack.data, spec["path"])
        where = f"rule {rule_id}, placeholder {{{name}}}"
        if value is MISSING:
            raise PackError(f"{where}: pack '{pack.id}' has nothing at {spec['path']}", file=catalog.file,
                            field=spec["path"], code="text")
        try:
            values[name] = format_arg(catalog, spec, value, part_units(pack.data.get("mechanics") or {}))
        except (ValueError, TypeError, KeyError) as exc:
            raise PackError(f"{where}: {exc}", file=catalog.file, field=spec["path"], code="text") from None
    pack_entry = rules.get(rule_id, {})
    return BoundRule(
        id=rule_id,
        title=fill(entry["title"], values),
        text=fill(entry["text"], values),
        cites=tuple(str(c) for c in pack_entry.get("cites", ())),
        text_cites=tuple(str(c) for c in entry["cites"]),
        language=catalog.language,
        template=entry["text"],
        values=tuple(values.items()),
    )


def bind_all(catalog: Catalog, pack: Pack, fallback: Catalog | None = None) -> dict[str, BoundRule]:
    """Every rule of the pack (in the pack's order), bound. A rule without text (in the catalog, or in
    ``fallback``, the pack's own language, for a translation still in progress) is a PackError."""
    from regola.text.mechanics import forms_dropped, mechanic_rules

    bound: dict[str, BoundRule] = {}
    dropped = forms_dropped(pack.data)  # written for a form not chosen; an earlier rule says the chosen one
    for rule_id in pack.data.get("rules", {}):
        if rule_id in dropped:
            continue
        if rule_id not in catalog.rules and (fallback is None or rule_id not in fallback.rules):
            raise PackError(f"the catalog has no text for rule '{rule_id}' of pack '{pack.id}'",
                            file=catalog.file, field=f"/text/rules/{rule_id}", code="text")
        bound[rule_id] = bind_rule(catalog, pack, rule_id, fallback)
    for rule in mechanic_rules(catalog, pack):  # the forms' own rules: a house award, an end condition
        bound.setdefault(rule.id, rule)
    return bound

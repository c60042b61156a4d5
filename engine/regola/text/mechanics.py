"""The words of the mechanics library's forms (regola.mechanics), in the reader's language.

A variant that changes the form of a mechanic writes no text: what a form says comes from its record
(``Form.says``, regola.mechanics.forms), filled here with the pack's numbers and the game's nouns; the
awards, end conditions and visibility are worded here. The sentences are interface messages (gettext, this package's
``regola`` domain, translated in every shipped language); the nouns are the units of the game's rule
catalog, named by the pack's ``mechanics.parts``. Two forms of a unit carry every case the
sentences need: the form for 2 (the plural a verb takes: "receive gulden", Czech and Polish
nominative/accusative) and the form for 5 (what "the fewest …" counts: Czech and Polish genitive).

Rules the pack's index does not hold become rules of their own: ``mechanics.visibility.<part>``,
``mechanics.awards.<i>``, ``mechanics.end.<i>``, ``mechanics.start_player`` when the pack's own
rules do not say who starts, and ``mechanics.turn_order`` when play goes counter-clockwise.
A rule of the index whose text was written for one form (``form: rotate``) takes these words instead
when the pack with its variants chooses another.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from regola.core.game import definition_for
from regola.i18n import N_, words
from regola.mechanics.forms import Mechanic, Value
from regola.mechanics.moves import MOVE_RULE
from regola.mechanics.parts import units as part_units
from regola.mechanics.schema import CLAIMABLE, FORMED
from regola.text.bind import BoundRule, plural, with_unit
from regola.text.catalog import Catalog
from regola.text.declared import kept_rule, move_rule

if TYPE_CHECKING:
    from regola.core.pack import Pack

__all__ = ["claimed_forms", "form_changed", "form_rule", "forms_dropped", "mechanic_rules"]

_NAME = re.compile(r"\b([a-z][a-z0-9_]*)\b")
_FUNCTIONS = frozenset({"min", "max", "abs", "if", "else", "and", "or", "not"})


def _noun(catalog: Catalog, units: Mapping[str, str], measure: str, count: int) -> str:
    unit = units.get(measure, measure)
    try:
        return plural(catalog, unit, count)
    except KeyError:  # the check reports the missing unit (TEXT_UNTRANSLATED); the reader sees the id
        return measure


def measure_names(catalog: Catalog, pack: Pack) -> dict[str, str]:
    """Each measure a form may count (a part with a unit: money, prestige, freedoms…) in the catalog's
    words, as the rule texts name it: its unit's plural (its id where the catalog lacks the unit, which the
    check reports)."""
    mechanics = pack.data.get("mechanics")
    units = part_units(mechanics) if isinstance(mechanics, dict) else {}
    return {measure: _noun(catalog, units, measure, 5) for measure in units}


def _count(catalog: Catalog, units: Mapping[str, str], measure: str, count: int) -> str:
    """'6 inventions': the number with its unit, or with the measure's id where the catalog lacks the unit."""
    try:
        return with_unit(catalog, count, units.get(measure))
    except KeyError:
        return f"{with_unit(catalog, count, None)} {measure}"


def _when(lang: str, moment: str) -> str:
    w = words(lang)
    if moment == "round_start":
        return w.pgettext("moment", "At the start of each round")
    if moment == "round_end":
        return w.pgettext("moment", "At the end of each round")
    return w.pgettext("moment", "At the end of the game")


def _amount(catalog: Catalog, units: Mapping[str, str], gain: str, amount: Any) -> str:
    """'200 florins', or 'gulden equal to 2 × upgrades' for an amount that counts something."""
    if isinstance(amount, int):
        return _count(catalog, units, gain, amount)
    text = str(amount).strip()
    if re.fullmatch(r"-?\d+", text):
        return _count(catalog, units, gain, int(text))
    formula = _NAME.sub(lambda m: m.group(1) if m.group(1) in _FUNCTIONS else _noun(catalog, units, m.group(1), 2),
                        text).replace(" * ", " × ").replace("*", " × ")
    return words(catalog.language).gettext("{resource} equal to {formula}", resource=_noun(catalog, units, gain, 2),
                                          formula=formula)


def _taken(amount: Any) -> Any:
    """The amount an award takes, as a positive amount, when it only ever takes (a negative whole number,
    or an expression under a leading minus); else None: it gives, or its sign depends on the game."""
    text = str(amount).strip()
    if re.fullmatch(r"-\d+", text):
        return int(text[1:]) or None
    if text.startswith("-(") and text.endswith(")") and text.count("(") == 1:
        return text[2:-1].strip()
    return None


def _award(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str, dict[str, str]]:
    """An award worded as what it does: a gift is received, a negative one is paid (as far as the player
    can: never below zero)."""
    lang = catalog.language
    w = words(lang)
    taken = _taken(item["amount"])
    values = {"when": _when(lang, item["when"]),
              "amount": _amount(catalog, units, item["gain"], item["amount"] if taken is None else taken),
              "measure": _noun(catalog, units, str(item.get("by", "")), 5)}
    if taken is not None:
        if item["to"] == "fewest":
            template = w.templates.gettext("{when}, the player or players with the fewest {measure} pay {amount} "
                                           "(all they have, if less).")
        elif item["to"] == "most":
            template = w.templates.gettext("{when}, the player or players with the most {measure} pay {amount} "
                                           "(all they have, if less).")
        else:
            template = w.templates.gettext("{when}, each player pays {amount} (all they have, if less).")
    elif item["to"] == "fewest":
        template = w.templates.gettext("{when}, the player or players with the fewest {measure} receive {amount}.")
    elif item["to"] == "most":
        template = w.templates.gettext("{when}, the player or players with the most {measure} receive {amount}.")
    else:
        template = w.templates.gettext("{when}, each player receives {amount}.")
    via = item.get("via")
    if via is not None:  # whom it moves between, instead of the bank or the part's own supply
        if via == "others":
            moved = (w.templates.gettext("They pay it to each other player, not to the bank.") if taken is not None
                     else w.templates.gettext("Each other player pays it to them, as far as they can, not the bank."))
        else:
            values["place"] = catalog.name("places", via)
            moved = (w.templates.gettext("{place} receives what they pay.") if taken is not None
                     else w.templates.gettext("{place} pays it, as far as it holds."))
        template = f"{template} {moved}"
    said = w.fill(template, **values)
    return w.gettext("Award"), template, " ".join(s[:1].upper() + s[1:] for s in _sentences(said)), values


def _sentences(text: str) -> list[str]:
    """A text cut after each full stop that ends a sentence (so each may begin with a capital letter)."""
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


#: the words of an end by its kind and when it is tested (marked for extraction, translated when said)
_END_WORDS = {
    ("runs_out", "round"): N_("The game ends after the round in which a pile runs out ({pile}); it ends after the "
                              "last round at the latest."),
    ("runs_out", "turn"): N_("The game ends at the end of the turn (or of the round) in which a pile runs out "
                             "({pile}); the rest of the round is not played. It ends after the last round at the "
                             "latest."),
    ("reaches", "round"): N_("The game ends after the round in which a player has at least {threshold}; it ends "
                             "after the last round at the latest."),
    ("reaches", "turn"): N_("The game ends at the end of the turn (or of the round) in which a player has at least "
                            "{threshold}; the rest of the round is not played. It ends after the last round at the "
                            "latest."),
}


def _end(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str, dict[str, str]]:
    w = words(catalog.language)
    if item["kind"] == "runs_out":
        values = {"pile": catalog.name("piles", item["pile"])}
    else:
        values = {"threshold": _count(catalog, units, str(item["by"]), int(item["at_least"]))}
    template = w.templates.gettext(_END_WORDS[(item["kind"], item.get("at", "round"))])
    return w.gettext("End of the game"), template, w.fill(template, **values), values


def _visibility(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str,
                                                                                       dict[str, str]]:
    w = words(catalog.language)
    if item.get("pile"):  # one of the game's piles: face down as printed, or face up
        values = {"pile": catalog.name("piles", item["part"])}
        if isinstance(item["to"], Mapping):  # {top: N}
            top = int(item["to"]["top"])
            values["top"] = w.number(top)
            template = w.templates.ngettext("The top {top} card lies face up, for everyone to see; the rest "
                                            "of the pile lies face down.",
                                            "The top {top} cards lie face up, in order, for everyone to see; the "
                                            "rest of the pile lies face down.", top)
        elif item["to"] == "public":
            template = w.templates.gettext("The pile lies face up, and everyone sees its cards in order from "
                                           "the top.")
        else:
            template = w.templates.gettext("The pile lies face down; nobody sees its cards until they are "
                                           "drawn.")
        # the title names the pile or part, so the sentence does not say it again
        return _seen_title(w, values["pile"]), template, w.fill(template, **values), values
    values = {"part": catalog.name("parts", item["part"])}
    if item["to"] == "public":
        template = w.templates.gettext("Everyone sees them.")
    else:
        template = w.templates.gettext("Only their owner sees them.")
    return _seen_title(w, values["part"]), template, w.fill(template, **values), values


def _seen_title(w: Any, what: str) -> str:
    """A visibility rule's title names its part: a rulebook has one such rule per part and pile."""
    # TRANSLATORS: the title of a rule saying who sees a part of the game (florins, a hand, a pile)
    return str(w.gettext("Who sees what: {what}", what=what))


def _shown(catalog: Catalog, units: Mapping[str, str], mechanic: Mechanic, value: Value, raw: Any) -> str:
    """A placeholder's value as its record says to show it (regola.mechanics.forms.SHOWN)."""
    w = words(catalog.language)
    if value.shown == "money":
        return _count(catalog, units, "money", int(raw))
    if value.shown == "number":
        return w.number(int(raw))
    if value.shown == "cards":
        try:
            return with_unit(catalog, int(raw), "card")
        except KeyError:  # a catalog with no unit for cards: the number alone
            return w.number(int(raw))
    if value.shown == "measure":
        return _noun(catalog, units, str(raw), 5)
    param = mechanic.param(value.at.split("|")[0].split("/")[0])  # a phrase: the parameter's, for its choice
    context, message = param.said[param.choices.index(str(raw))]
    return w.pgettext(context, message)


def _formed(mechanic: Mechanic) -> Worder:
    """The words of a mechanic whose form data chooses: its form's sentence for the block's shape, from the
    form's record (``Form.says``), filled as the record says."""

    def worder(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str,
                                                                                              dict[str, str]]:
        w = words(catalog.language)
        says = mechanic.form(str(item.get("kind", mechanic.kinds[0]))).sentence(item)
        values: dict[str, str] = {}
        for value in says.values:
            raw = value.raw(item)
            if raw is not None:
                values[value.name] = _shown(catalog, units, mechanic, value, raw)
        if says.plural:
            count = int(next(v for v in says.values if v.name == says.count).raw(item))
            template = w.templates.ngettext(says.text, says.plural, count)
        else:
            template = w.templates.gettext(says.text)
        return w.gettext(mechanic.title), template, w.fill(template, **values), values

    return worder


#: a rule's words, by the part of the mechanics block it says: (title, template, text, values)
Worder = Callable[[Catalog, Mapping[str, str], Mapping[str, Any]], tuple[str, str, str, dict[str, str]]]
_WORDERS: dict[str, Worder] = {**{name: _formed(mechanic) for name, mechanic in FORMED.items()},
                               "awards": _award, "end": _end, "visibility": _visibility}


def _bound(rule_id: str, catalog: Catalog, units: Mapping[str, str], kind: str, item: Mapping[str, Any],
           cites: tuple[str, ...], pointer: str) -> BoundRule:
    title, template, text, values = _WORDERS[kind](catalog, units, item)
    return BoundRule(id=rule_id, title=title, text=text, cites=cites or tuple(str(c) for c in item.get("cites", ())),
                     text_cites=(), language=catalog.language, template=template, values=tuple(values.items()),
                     covers=(pointer,))


def _forms(entry: Mapping[str, Any]) -> tuple[str, ...]:
    form = entry.get("form")
    return tuple(str(f) for f in form) if isinstance(form, list) else (str(form),)


def claimed_forms(pack: Pack) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Pointer of a mechanic -> (the first index rule whose text speaks for it, the forms it holds under)."""
    claimed: dict[str, tuple[str, tuple[str, ...]]] = {}
    for rule_id, entry in pack.data.get("rules", {}).items():
        if isinstance(entry, dict) and entry.get("form") and entry.get("data"):
            claimed.setdefault(str(entry["data"][0]), (rule_id, _forms(entry)))
    return claimed


def _claimed(doc: Mapping[str, Any], rule_id: str) -> tuple[str, tuple[str, ...]] | None:
    """(the part of the mechanics block, the forms its text holds under) of an index rule with ``form``."""
    entry = doc.get("rules", {}).get(rule_id)
    if not isinstance(entry, dict) or not entry.get("form"):
        return None
    part = str((entry.get("data") or [""])[0]).removeprefix("/mechanics/").split("/")[0]
    return (part, _forms(entry)) if part in CLAIMABLE else None


def _signature(mechanics: Mapping[str, Any], part: str) -> str:
    """The chosen form of a part, as a rule's ``form`` names it (its record's signature: 'open/exactly' for
    an open auction's raise, 'sealed/listed' for sealed bids a ``bids`` record lists)."""
    return CLAIMABLE[part].signature(mechanics.get(part) or {})


def form_changed(doc: Mapping[str, Any], rule_id: str) -> bool:
    """Whether the index rule ``rule_id`` holds under none of the forms the document chooses (its catalog
    text then gives way to the library's words, and its placeholders need not bind)."""
    claimed = _claimed(doc, rule_id)
    mechanics = doc.get("mechanics")
    if claimed is None or not isinstance(mechanics, dict):
        return False
    chosen = _signature(mechanics, claimed[0])
    return not any(chosen == form or chosen.startswith(form + "/") for form in claimed[1])


def forms_dropped(doc: Mapping[str, Any]) -> set[str]:
    """The index rules left out of the rulebook: each was written for a form not chosen, and an earlier rule
    of the same mechanic already carries the library's words for the form that is (one pass over the index)."""
    dropped: set[str] = set()
    carried: set[str] = set()  # mechanics whose library words a rule already carries
    for rule_id in doc.get("rules", {}):
        claimed = _claimed(doc, rule_id)
        if claimed is None or not form_changed(doc, rule_id):
            continue
        if claimed[0] in carried:
            dropped.add(rule_id)
        carried.add(claimed[0])
    return dropped


def form_rule(catalog: Catalog, pack: Pack, rule_id: str) -> BoundRule | None:
    """The library's words for an index rule written for another form than the pack now chooses, else None."""
    if not form_changed(pack.data, rule_id):
        return None
    mechanics = pack.data["mechanics"]
    part = _claimed(pack.data, rule_id)[0]  # type: ignore[index]
    pointer = f"/mechanics/{part}"
    # without the block's cites: they speak for the form the pack chose, not for this one
    item = {key: value for key, value in (mechanics.get(part) or {}).items() if key != "cites"}
    if part == "auction":  # who is asked first when a lot is offered is the game's (GameTerms.offered_from)
        terms = definition_for(pack.game).terms
        item["asked_from"] = getattr(terms, "offered_from", "opener")
    # the form's own cites (none for a house rule): the index rule's cite the form it was written for
    return _bound(rule_id, catalog, part_units(mechanics), part, item, (), pointer)


def mechanic_rules(catalog: Catalog, pack: Pack) -> Iterator[BoundRule]:
    """The rules the pack's mechanics make that its index does not hold, worded for the catalog."""
    mechanics = pack.data.get("mechanics")
    if not isinstance(mechanics, dict):
        return
    units = part_units(mechanics)
    claimed = claimed_forms(pack)
    turn_order = mechanics.get("turn_order") or {}
    if turn_order.get("kind", "clockwise") != "clockwise":  # the printed rules say clockwise where it matters
        yield _bound("mechanics.turn_order", catalog, units, "turn_order", turn_order, (), "/mechanics/turn_order")
    start = mechanics.get("start_player", {})
    if "/mechanics/start_player" not in claimed and start.get("kind", "holder") != "holder":
        yield _bound("mechanics.start_player", catalog, units, "start_player", start, (), "/mechanics/start_player")
    seen = mechanics.get("visibility") or {}
    for part, audience in seen.items():
        if part != "piles":
            yield _bound(f"mechanics.visibility.{part}", catalog, units, "visibility", {"part": part, "to": audience},
                         (), f"/mechanics/visibility/{part}")
    for pile, audience in (seen.get("piles") or {}).items():
        yield _bound(f"mechanics.visibility.piles.{pile}", catalog, units, "visibility",
                     {"part": pile, "to": audience, "pile": True}, (), f"/mechanics/visibility/piles/{pile}")
    for name, item in (mechanics.get("parts") or {}).items():
        if isinstance(item, dict) and "at" not in item and item.get("owner") == "player":  # kept by the rules
            title, template, text, values = kept_rule(catalog, str(name), item)
            yield BoundRule(id=f"mechanics.parts.{name}", title=title, text=text, cites=(), text_cites=(),
                            language=catalog.language, template=template, values=tuple(values.items()),
                            covers=(f"/mechanics/parts/{name}",))
    for verb, item in (mechanics.get("moves") or {}).items():
        title, template, text, values = move_rule(catalog, mechanics, item)
        yield BoundRule(id=f"{MOVE_RULE}{verb}", title=title, text=text,
                        cites=tuple(str(c) for c in item.get("cites", ())), text_cites=(), language=catalog.language,
                        template=template, values=tuple(values.items()), covers=("/mechanics/moves",))
    for kind in ("awards", "end"):
        for i, item in enumerate(mechanics.get(kind, ())):
            # the list as a whole: an item added or removed changes the list, and every item has its words
            yield _bound(f"mechanics.{kind}.{i}", catalog, units, kind, item, (), f"/mechanics/{kind}")

"""The words of the mechanics library's forms (regola.mechanics), in the reader's language.

A variant that changes the form of a mechanic writes no text: what a form says comes from here, with
the pack's numbers and the game's nouns. The sentences are interface messages (gettext, this package's
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
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from regola.core.game import definition_for
from regola.i18n import N_, words
from regola.mechanics.moves import MOVE_RULE
from regola.mechanics.parts import units as part_units
from regola.mechanics.schema import CLAIMABLE
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


def _start(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str, dict[str, str]]:
    w = words(catalog.language)
    kind = item["kind"]
    values: dict[str, str] = {}
    if kind in ("fewest", "most"):
        values["measure"] = _noun(catalog, units, str(item["by"]), 5)
        if kind == "fewest":
            template = w.templates.gettext("At the start of each round, the first included, the player with the fewest "
                                    "{measure} starts it; a tie goes to the tied player who comes first clockwise "
                                    "from the previous start player, that player included.")
        else:
            template = w.templates.gettext("At the start of each round, the first included, the player with the most "
                                    "{measure} starts it; a tie goes to the tied player who comes first clockwise "
                                    "from the previous start player, that player included.")
    elif kind == "rotate":
        step = int(item.get("step", 1))
        values["step"] = w.number(step)
        template = w.templates.ngettext("At each new round the start passes {step} seat clockwise.",
                                 "At each new round the start passes {step} seats clockwise.", step)
    elif kind == "fixed":
        template = w.templates.gettext("At the start of each round the start goes back to the player who started "
                                       "the first round, whoever held it during the round.")
    else:
        template = w.templates.gettext("The start player does not change from round to round.")
    return w.gettext("Start player"), template, w.fill(template, **values), values


def _visibility(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str,
                                                                                       dict[str, str]]:
    w = words(catalog.language)
    if item.get("pile"):  # one of the game's piles: face down as printed, or face up
        values = {"pile": catalog.name("piles", item["part"])}
        if isinstance(item["to"], Mapping):  # {top: N}
            top = int(item["to"]["top"])
            values["top"] = w.number(top)
            template = w.templates.ngettext("{pile}: the top {top} card lies face up, for everyone to see; the "
                                            "rest of the pile lies face down.",
                                            "{pile}: the top {top} cards lie face up, in order, for everyone to "
                                            "see; the rest of the pile lies face down.", top)
        elif item["to"] == "public":
            template = w.templates.gettext("{pile}: the pile lies face up, and everyone sees its cards in order "
                                           "from the top.")
        else:
            template = w.templates.gettext("{pile}: the pile lies face down; nobody sees its cards until they "
                                           "are drawn.")
        return w.gettext("Who sees what"), template, w.fill(template, **values), values
    values = {"part": catalog.name("parts", item["part"])}
    if item["to"] == "public":
        template = w.templates.gettext("{part}: everyone sees them.")
    else:
        template = w.templates.gettext("{part}: only their owner sees them.")
    return w.gettext("Who sees what"), template, w.fill(template, **values), values


def _deal(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str,
                                                                                dict[str, str]]:
    w = words(catalog.language)
    dealt = int(item["dealt"])
    try:
        shown = with_unit(catalog, dealt, "card")
    except KeyError:
        shown = w.number(dealt)
    values = {"dealt": shown, "kept": w.number(int(item["kept"]))}
    if item["kind"] == "keep":
        template = w.templates.gettext("Each player is dealt {dealt}, keeps {kept} of them and gives the rest back.")
    elif item["kind"] == "display":
        template = w.templates.gettext("{dealt} are laid out face up; in turn from the start player, each player "
                                       "takes one and the gap is filled from the top of the pile, until each has "
                                       "taken {kept}; the cards left in the display go back.")
    elif item.get("pass", "left") == "left":
        template = w.templates.gettext("Each player is dealt {dealt}, keeps one and passes the rest to the left "
                                       "(clockwise); with the cards received the same again, until each has kept "
                                       "{kept}; the cards left over go back.")
    else:
        template = w.templates.gettext("Each player is dealt {dealt}, keeps one and passes the rest to the right "
                                       "(counter-clockwise); with the cards received the same again, until each "
                                       "has kept {kept}; the cards left over go back.")
    return w.gettext("The deal"), template, w.fill(template, **values), values


def _tie(lang: str, tie: str) -> str:
    w = words(lang)
    if tie == "after_start_clockwise":
        return w.pgettext("tie", "first to the player after the start player, clockwise, the start player last")
    if tie == "nobody":
        return w.pgettext("tie", "to nobody (that lot is not sold this round)")
    return w.pgettext("tie", "to the start player first, then clockwise")


def _auction(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str,
                                                                                   dict[str, str]]:
    w = words(catalog.language)
    kind = item["kind"]
    rule = item.get("raise") or {"kind": "any"}
    values: dict[str, str] = {}

    def money(name: str, amount: Any) -> None:
        values[name] = _count(catalog, units, "money", int(amount))

    for name in ("start", "step", "floor") if kind == "dutch" else ("price",) if item.get("price") is not None else ():
        money(name, item[name])  # an offer's prices, whoever is asked first
    if kind == "open" and rule["kind"] == "exactly":
        money("by", rule["by"])
        template = w.templates.gettext("Several bidders for one lot bid openly in turn, clockwise: each raises the "
                                       "bid by exactly {by}, up to their money, or drops out for good; the last one "
                                       "left pays their bid and takes the lot.")
    elif kind == "open" and rule["kind"] == "multiple":
        money("by", rule["by"])
        money("least", rule.get("min", rule["by"]))
        money("most", rule["max"])
        template = w.templates.gettext("Several bidders for one lot bid openly in turn, clockwise: each raises the "
                                       "bid by a multiple of {by}, at least {least} and at most {most}, up to their "
                                       "money, or drops out for good; the last one left pays their bid and takes the "
                                       "lot.")
    elif kind == "open":
        template = w.templates.gettext("Several bidders for one lot bid openly in turn, from the start player "
                                       "clockwise: each raises the bid, up to their money, or drops out for good; "
                                       "the last one left pays their bid and takes the lot. If nobody bids, nobody "
                                       "takes it.")
    elif kind == "dutch" and item.get("asked_from") == "start":
        template = w.templates.gettext("When several players want one lot, it is offered to them at {start}: they "
                                       "are asked in turn, clockwise from the start player, and the first to accept "
                                       "pays the price asked and takes it. Each time the offer goes round unclaimed "
                                       "the price falls by {step}; if nobody takes it at {floor}, nobody gets it.")
    elif kind == "fixed" and item.get("asked_from") == "start":
        template = w.templates.gettext("When several players want one lot, there is no bidding: they are asked in "
                                       "turn, clockwise from the start player, and the first who wants it pays "
                                       "{price} and takes it; if nobody does, nobody gets it.")
    elif kind == "fixed" and item.get("price") is not None:
        template = w.templates.gettext("There is no bidding: whoever puts a lot up takes it for {price}.")
    elif kind == "dutch":
        template = w.templates.gettext("A lot put up is offered at {start}: the players are asked in turn, clockwise "
                                       "from whoever put it up, and the first to accept pays the price asked and "
                                       "takes the lot. Each time the offer goes round the table unclaimed the price "
                                       "falls by {step}; if nobody takes the lot at {floor}, it stays unsold this "
                                       "round.")
    elif kind == "fixed":
        template = w.templates.gettext("There is no bidding: whoever puts a lot up takes it at its opening price.")
    elif item.get("bids") and item.get("asked_from") == "start":  # one lot, bids listed by a house rule
        bids = item["bids"]
        money("by", bids["by"])
        money("most", bids["max"])
        money("least", bids.get("min", bids["by"]))
        template = w.templates.gettext("Several bidders for one lot bid secretly and all at once: each bids nothing, "
                                       "or from {least} up to {most} in steps of {by}, never more than their money; "
                                       "the highest bid pays and takes the lot.")
    elif item.get("bids"):  # a sealed phase over several lots, its bids listed
        bids = item["bids"]
        money("by", bids["by"])
        money("most", bids["max"])
        values["tie"] = _tie(catalog.language, str(item.get("tie", "start_then_clockwise")))
        if bids.get("min"):
            money("least", bids["min"])
            template = w.templates.gettext("Each player names in secret, all at the same time, a lot and a bid from "
                                           "{least} up to {most}, in steps of {by}. The bids are settled from the "
                                           "highest down, equal bids going {tie}: each bidder whose lot is still to be "
                                           "had pays their bid and takes it; the others take nothing.")
        else:
            template = w.templates.gettext("Each player names in secret, all at the same time, a lot and a bid from "
                                           "its opening price up to {most}, in steps of {by}. The bids are settled "
                                           "from the highest down, equal bids going {tie}: each bidder whose lot is "
                                           "still to be had pays their bid and takes it; the others take nothing.")
    else:
        template = w.templates.gettext("Several bidders for one lot bid secretly and all at once, each up to their "
                                       "money; the highest bid pays and takes the lot.")
    return w.gettext("Auction"), template, w.fill(template, **values), values


def _turn_order(catalog: Catalog, units: Mapping[str, str], item: Mapping[str, Any]) -> tuple[str, str, str,
                                                                                      dict[str, str]]:
    w = words(catalog.language)
    if item.get("kind") in ("fewest", "most"):
        values = {"measure": _noun(catalog, units, str(item["by"]), 5)}
        if item["kind"] == "fewest":
            template = w.templates.gettext("At the start of each round the players are put in order of their "
                                           "{measure}, the fewest first (equal ones clockwise from the previous "
                                           "start player); for that round play goes in this order instead of "
                                           "clockwise, from the start player round to the last and back to the "
                                           "first.")
        else:
            template = w.templates.gettext("At the start of each round the players are put in order of their "
                                           "{measure}, the most first (equal ones clockwise from the previous "
                                           "start player); for that round play goes in this order instead of "
                                           "clockwise, from the start player round to the last and back to the "
                                           "first.")
        return w.gettext("Order of play"), template, w.fill(template, **values), values
    if item.get("kind") == "counterclockwise":
        template = w.templates.gettext("Play goes counter-clockwise: the next player is the one on the right, and "
                                       "wherever these rules say clockwise or to the left, read counter-clockwise "
                                       "or to the right.")
    else:
        template = w.templates.gettext("Play goes clockwise: the next player is the one on the left.")
    return w.gettext("Order of play"), template, w.fill(template), {}


_WORDERS = {"auction": _auction, "turn_order": _turn_order, "deal": _deal, "awards": _award, "end": _end,
            "start_player": _start, "visibility": _visibility}


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

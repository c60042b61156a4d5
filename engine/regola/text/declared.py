"""The words of the moves a pack declares (regola.mechanics.moves), made from their operations: no move has
text of its own, so a club's new move reads in every shipped language with its numbers and the game's
nouns (the units and names of its rule catalog).

- ``move_rule``: the rule a move makes (``mechanics.moves.<verb>``): where it is offered, what it does,
  how often;
- ``DeclaredWords``: a game's terminal words (``GameDefinition.terminal``) with a declared move's option
  and news said from its operations, so every surface (terminal, tables, replay) tells it alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from regola.core.step import Action
from regola.i18n import words
from regola.i18n.numbers import format_items
from regola.mechanics.moves import GOING, OPS
from regola.mechanics.operations import OPERATIONS
from regola.mechanics.parts import kinds_named
from regola.text.bind import plural, with_unit
from regola.text.catalog import Catalog
from regola.text.seats import seat_name

__all__ = ["DeclaredWords", "kept_rule", "move_rule", "operations"]

class Said(NamedTuple):
    """One operation as the words need it."""

    verb: str
    unit: str | None
    amount: int
    place: str | None
    named: str  # the name category of its kinds or cards
    chosen: str | None  # the kind, card or seat chosen (a move as made), or None (the rule)
    part: str
    card: bool = False  # the choice is one card, named by its id


def _count(catalog: Catalog, amount: int, unit: str | None, fallback: str) -> str:
    try:
        return with_unit(catalog, amount, unit)
    except KeyError:  # the check reports a unit no catalog has; the reader sees the number and the id
        return f"{with_unit(catalog, amount, None)} {fallback}"


def _phrase(catalog: Catalog, op: Said, again: bool) -> str:
    """One operation, in the words its class keeps (regola.mechanics.operations: SAYS by shape); ``again``:
    the second choice over one holding (an exchange: another kind)."""
    w = words(catalog.language)
    kind = OPERATIONS[op.verb]
    context, message = kind.SAYS[kind.shape(op.place, op.chosen is not None, op.card)]
    values = {"what": _count(catalog, op.amount, op.unit, op.unit or ""),
              "place": catalog.name("places", op.place) if op.place else ""}
    if op.chosen is not None:  # a move as made: the kind or card by its name, the seat paid by its own
        values["player"] = str(op.chosen)
        values["card"] = values["kind"] = catalog.name(op.named, op.chosen)
    elif again:
        values["kind"] = w.pgettext("move", "another kind of their choice")
    else:
        values["kind"] = w.pgettext("move", "one kind of their choice")
    return w.pgettext(context, message, **values)


def operations(catalog: Catalog, ops: Sequence[Said]) -> str:
    """'pay 300 florins and take 1 jester': the operations in order, as the language lists them."""
    seen: set[str] = set()
    phrases = []
    for op in ops:
        phrases.append(_phrase(catalog, op, op.part in seen))
        seen.add(op.part)
    return format_items(catalog.language, phrases)


def _raw_ops(mechanics: Mapping[str, Any], item: Mapping[str, Any]) -> list[Said]:
    """The operations of a move as written in the pack (the rulebook reads the data, uncompiled)."""
    parts = mechanics.get("parts") or {}
    out: list[Said] = []
    for op in item.get("do", ()):
        verb = next((v for v in OPS if v in op), "pay")
        part = parts.get(op[verb]) or {}
        place = op.get("to" if verb in GOING else "from")  # a draw: the pile it comes from
        card = OPERATIONS[verb].picks_card(part)
        where = None if place in (None, "bank") else str(place)
        out.append(Said(verb, part.get("unit"), int(op.get("amount", 1)), where,
                        kinds_named(str(part.get("cards" if card else "kinds", ""))), None, str(op[verb]), card))
    return out


def _where(catalog: Catalog, phases: Any) -> str:
    w = words(catalog.language)
    if not isinstance(phases, list):
        return w.pgettext("move", "At any of their own decisions")
    names = [catalog.name("phases", p) for p in phases]
    return w.pgettext("move", "In {phases}", phases=format_items(catalog.language, names, "or"))


def _limit(catalog: Catalog, limit: Mapping[str, Any]) -> str:
    w = words(catalog.language)
    times = int(limit.get("times", 1))
    per = limit.get("per", "turn")
    values = {"times": w.number(times)}
    if per == "round":
        return w.npgettext("move", "at most {times} time a round", "at most {times} times a round", times, **values)
    if per == "game":
        return w.npgettext("move", "at most {times} time in the game", "at most {times} times in the game", times,
                           **values)
    return w.npgettext("move", "at most {times} time before each move of their own",
                       "at most {times} times before each move of their own", times, **values)


def move_rule(catalog: Catalog, mechanics: Mapping[str, Any], item: Mapping[str, Any]) -> tuple[str, str, str,
                                                                                                dict[str, str]]:
    """(title, template, text, values) of the rule a declared move makes."""
    w = words(catalog.language)
    until = item.get("until")
    if isinstance(until, Mapping):  # a hold limit: putting back is forced while over it
        part = (mechanics.get("parts") or {}).get(until["part"]) or {}
        unit = part.get("unit") if isinstance(part, Mapping) else None
        values = {"where": _where(catalog, item.get("in")), "ops": operations(catalog, _raw_ops(mechanics, item)),
                  "most": _count(catalog, int(until["at_most"]), unit, str(until["part"]))}
        # (what goes back, where it is the holder's choice, the operation's own words say)
        template = w.templates.gettext("{where}, a player who has more than {most} must first {ops}, and again "
                                       "until they have no more than {most}; until then they do nothing else.")
        said = w.fill(template, **values)
        return w.gettext("A limit on what a player holds"), template, said[:1].upper() + said[1:], values
    values = {"where": _where(catalog, item.get("in")), "ops": operations(catalog, _raw_ops(mechanics, item)),
              "limit": _limit(catalog, item.get("limit") or {})}
    template = w.templates.gettext("{where}, a player may also {ops}, {limit}. The move is offered only when all of "
                                   "it can be done.")
    said = w.fill(template, **values)
    return w.gettext("A further move"), template, said[:1].upper() + said[1:], values


def kept_rule(catalog: Catalog, name: str, item: Mapping[str, Any]) -> tuple[str, str, str, dict[str, str]]:
    """(title, template, text, values) of a counter the rules keep that the game has no field for (a part
    declared with no ``at``: loans, favours): each player's count, from 0, up to its bound."""
    w = words(catalog.language)
    unit = item.get("unit")
    try:
        things = plural(catalog, str(unit), 5) if unit else name
    except KeyError:
        things = name
    values = {"things": things}
    most = item.get("max")
    if isinstance(most, int):
        values["most"] = _count(catalog, most, unit, name)
        template = w.templates.gettext("Each player keeps count of their {things}: none at the start, at most {most}.")
    else:
        template = w.templates.gettext("Each player keeps count of their {things}: none at the start.")
    return w.gettext("A further count"), template, w.fill(template, **values), values


def _compiled_ops(move: Any, action: Action, speech: Any) -> list[Said]:
    chosen = list(action[1:])
    out: list[Said] = []
    for op in move.ops:
        kind = chosen.pop(0) if op.chooses and chosen else None
        if op.place == "chosen" and kind is not None:  # the seat paid, by its name at the table
            kind = seat_name(speech, int(kind))
        out.append(Said(op.verb, op.part.unit, op.amount, op.place, op.part.named, kind, op.part.name, op.card))
    return out


def _declared(state: Any, action: Action) -> Any:
    """The declared move an action makes (None: a move of the game's own). The rules of a game whose
    packs may declare moves carry them as ``mechanics.moves`` (regola.core.gamedef)."""
    moves = getattr(getattr(getattr(state, "rules", None), "mechanics", None), "moves", None)
    if not moves or not action:
        return None
    return next((m for m in moves.moves if m.verb == action[0]), None)


class DeclaredWords:
    """A game's terminal words, with a declared move said from its operations."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def board(self, state: Any, seat: int, speech: Any, width: int = 80) -> list[str]:
        """The game's board, and a line for each counter the pack's rules keep (everyone's count)."""
        lines = list(self.inner.board(state, seat, speech, width))
        moves = getattr(getattr(getattr(state, "rules", None), "mechanics", None), "moves", None)
        if moves is None:
            return lines
        for name, counts in moves.kept(state).items():
            unit = moves.parts[name].unit
            try:
                things = plural(speech.catalog, str(unit), 2) if unit else name
            except KeyError:
                things = name
            each = " · ".join(f"{speech.number(c)} ({seat_name(speech, s)})" for s, c in enumerate(counts))
            # TRANSLATORS: a count the house rules keep (loans …), then each player's number of them
            lines.append(speech.gettext("{things}: {each}", things=things[:1].upper() + things[1:], each=each))
        return lines

    def describe(self, state: Any, action: Action, speech: Any) -> str:
        move = _declared(state, action)
        if move is None:
            return str(self.inner.describe(state, action, speech))
        said = operations(speech.catalog, _compiled_ops(move, action, speech))
        return said[:1].upper() + said[1:]

    def option(self, state: Any, action: Action, speech: Any) -> tuple[str | None, str]:
        if _declared(state, action) is None:
            group, label = self.inner.option(state, action, speech)
            return group, str(label)
        return None, self.describe(state, action, speech)

    def narrate(self, state: Any, seat: int, action: Action, speech: Any) -> str:
        move = _declared(state, action)
        if move is None:
            return str(self.inner.narrate(state, seat, action, speech))
        what = operations(speech.catalog, _compiled_ops(move, action, speech))
        # TRANSLATORS: what another player did: who, then the action in the rule catalog's words
        return str(speech.gettext("{who}: {what}", who=seat_name(speech, seat), what=what))

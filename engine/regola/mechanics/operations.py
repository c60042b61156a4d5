"""The operations a declared move is made of (regola.mechanics.moves): a small closed set of terms over the
pack's parts, one class each, in the spirit of Ludii's ludemes. A class holds everything about its term:

- ``SCHEMA``: its item of a move's ``do`` list, which ``tools/schemas.py`` writes into
  ``schemas/mechanics.schema.json`` (a test fails when the committed file differs);
- ``compile``: the item checked against the pack's parts, every fault at its line, naming what there is;
- ``can`` and ``carry_out``: whether it can be carried out in full now, and doing it;
- ``SAYS`` and ``shape``: its words, gettext messages (context ``move``) by the shape of the operation
  (where it goes, whether the mover's choice is made yet), which ``regola.text.declared`` fills with the
  amount in the catalog's unit, the place's name, the chosen kind, card or player.

Adding an operation is one class here, listed in ``OPERATIONS``, then ``python tools/schemas.py`` and the
five PO files. The set stays small and closed over parts a program can index by number, so a native core
could interpret the same data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from regola.core.errors import PackError
from regola.i18n import NC_
from regola.mechanics.forms import named
from regola.mechanics.parts import OTHERS, Give, Part
from regola.mechanics.seating import in_turn_from

__all__ = ["BANK", "CHOSEN", "CLAIMED", "OPERATIONS", "START", "Claim", "Discard", "Draw", "Gain", "Op", "Pay",
           "Return", "Take", "TakeCard"]

BANK = "bank"
#: ``to: chosen``: a payment to one other player, the mover's choice
CHOSEN = "chosen"
#: the marker a ``claim`` takes: the start player's, which every game keeps (GameTerms.start_seat)
START = "start"
#: the part a ``claim`` names: the start player's marker, one for the table (no field: the terms keep it)
START_MARKER = Part(START, "marker", "shared", "", None, 0, 0)
#: where the seat that claimed the start of the next round is kept (the state's marks)
CLAIMED = "claimed"

_AMOUNT = {"type": "integer", "minimum": 1, "maximum": 1_000_000, "description": "how many: a whole number"}


def _item(verb: str, about: str, required: tuple[str, ...], **more: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": [verb, *required],
            "properties": {verb: named(about), **more}}


def _kinds(state: Any, part: Part, seat: int) -> list[int]:
    holder = state.players[seat] if part.owner == "player" else state
    counts: list[int] = getattr(holder, part.at)
    return counts


def _cards(state: Any, part: Part, seat: int) -> list[Any]:
    holder = state.players[seat] if part.owner == "player" else state
    cards: list[Any] = getattr(holder, part.at)
    return cards


@dataclass(frozen=True)
class Op:
    """One compiled operation of a move over the mover's ``part``; ``place`` the shared part it goes to or
    comes from (None: the bank or the part's own supply; OTHERS: each other player; CHOSEN: one the mover
    chooses); ``kinds`` the choices it offers (a holding's kinds, its cards, the seats a payment may go to)."""

    verb: ClassVar[str]
    #: whether its place is where things go (``to``), not where they come ``from``
    going: ClassVar[bool] = False
    SCHEMA: ClassVar[dict[str, Any]]
    #: its words by shape: (context, msgid)
    SAYS: ClassVar[Mapping[str, tuple[str, str]]]

    part: Part
    amount: int = 1
    place: str | None = None
    shared: Part | None = None  # the shared part named by ``place``
    mover: Give | None = field(default=None, compare=False, repr=False)  # how a counter moves
    kinds: tuple[Any, ...] = ()

    #: whether the mover chooses something for it (a parameter of the action): a kind or a card
    CHOOSES: ClassVar[bool] = False
    #: whether that choice is one card, by its id
    CARD: ClassVar[bool] = False

    @property
    def chooses(self) -> bool:
        """Whether the action names a choice for it: its kind or card, or the seat a payment goes to."""
        return self.CHOOSES or self.place == CHOSEN

    @property
    def card(self) -> bool:
        return self.CARD

    @classmethod
    def picks_card(cls, part: Mapping[str, Any]) -> bool:
        """Whether, over the part as the pack writes it, the choice is one card (the words read the data)."""
        return cls.CARD

    @classmethod
    def compile(cls, raw: Mapping[str, Any], parts: Mapping[str, Part], gives: Mapping[str, Give], at: str,
                seats: int) -> Op:
        raise NotImplementedError

    @staticmethod
    def shape(place: str | None, chosen: bool, card: bool) -> str:
        """Which of SAYS says it: by its place, whether the mover's choice is made (a move as made) and
        whether that choice is a card."""
        return ""

    def can(self, state: Any, seat: int, n: int, kind: int | None) -> bool:
        """Whether this operation can be carried out in full now (``kind``: the index of the choice)."""
        raise NotImplementedError

    def carry_out(self, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        raise NotImplementedError


def _counter(verb: str, raw: Mapping[str, Any], gives: Mapping[str, Give], at: str) -> Give:
    name = str(raw[verb])
    if name not in gives:
        raise PackError(f"{verb!r} moves a counter a player owns (the pack's: {', '.join(sorted(gives))}), "
                        f"not {name!r}", field=f"{at}/{verb}")
    return gives[name]


@dataclass(frozen=True)
class _CounterOp(Op):
    """A payment or a gain of a counter of the mover's: with the bank (or the part's supply), a shared
    counter, or the other players (``between_players``: each operation's own say)."""

    @classmethod
    def compile(cls, raw: Mapping[str, Any], parts: Mapping[str, Part], gives: Mapping[str, Give], at: str,
                seats: int) -> Op:
        key = "to" if cls.going else "from"
        given = _counter(cls.verb, raw, gives, at)
        place, amount = raw.get(key), int(raw["amount"])
        if place is None or place == BANK:
            return cls(given.part, amount, None, None, given)
        if place in (OTHERS, CHOSEN):
            return cls.between_players(given, amount, str(place), at, seats)
        shared = parts.get(str(place))
        if shared is None or shared.owner != "shared" or shared.kind != "counter":
            counters = ", ".join(n for n, p in parts.items() if p.owner == "shared" and p.kind == "counter")
            raise PackError(f"a {cls.verb} goes with the bank, '{OTHERS}' or a shared counter of the pack "
                            f"({counters or 'none'}), not {place!r}", field=f"{at}/{key}")
        return cls(given.part, amount, str(place), shared, Give(given.part, shared, given.account))

    @classmethod
    def between_players(cls, given: Give, amount: int, place: str, at: str, seats: int) -> Op:
        raise NotImplementedError


def _source_or_sink(op: Op) -> Part | None:
    """The counter the amount goes to or comes from: the shared one named, else the part's supply."""
    if op.shared is not None:
        return op.shared
    return op.mover.supply if op.mover is not None else None


@dataclass(frozen=True)
class Pay(_CounterOp):
    """A counter of the mover's goes down by ``amount``: to the bank or the part's supply, ``to`` a shared
    counter, ``to: others`` (that much to each other player) or ``to: chosen`` (one other player the mover
    chooses: a parameter of the action, the seat)."""

    verb: ClassVar[str] = "pay"
    going: ClassVar[bool] = True
    SCHEMA: ClassVar[dict[str, Any]] = _item(
        "pay", "a counter of the mover's (mechanics.parts) that goes down", ("amount",), amount=_AMOUNT,
        to=named("where it goes: 'bank' (the default: the bank, or the part's supply), 'others' (that much to "
                  "each other player), 'chosen' (to one other player, the mover's choice) or a shared counter"))
    SAYS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "bank": NC_("move", "pay {what}"),
        "others": NC_("move", "pay {what} to each other player"),
        "chosen": NC_("move", "pay {what} to another player of their choice"),
        "chosen_made": NC_("move", "pay {what} to {player}"),
        "place": NC_("move", "pay {what} to {place}")}

    @staticmethod
    def shape(place: str | None, chosen: bool, card: bool) -> str:
        if place is None or place == OTHERS:
            return "bank" if place is None else "others"
        if place == CHOSEN:
            return "chosen_made" if chosen else "chosen"
        return "place"

    @classmethod
    def between_players(cls, given: Give, amount: int, place: str, at: str, seats: int) -> Op:
        """A payment to each other player, or to one of the mover's choice (the seats it may name)."""
        return cls(given.part, amount, place, None, given, tuple(range(seats)) if place == CHOSEN else ())

    def can(self, state: Any, seat: int, n: int, kind: int | None) -> bool:
        part, amount = self.part, self.amount
        now = part(state, seat)
        if self.place == CHOSEN:  # ``kind``: the seat paid, another player at this table
            assert kind is not None
            return kind < n and kind != seat and now - amount >= part.least and part(state, kind) + amount <= part.most
        if now - amount < part.least:
            return False
        if self.place == OTHERS:
            return now - amount * (n - 1) >= part.least
        sink = _source_or_sink(self)
        return sink is None or sink(state, seat) + amount <= sink.most

    def carry_out(self, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        mover = self.mover
        assert mover is not None
        if self.place == CHOSEN:
            assert kind is not None
            mover.transfer(state, seat, kind, self.amount)
        elif self.place == OTHERS:  # to each other player in turn
            for someone in in_turn_from(seat, n, turn_order)[1:]:
                mover.transfer(state, seat, someone, self.amount)
        else:
            mover(state, seat, -self.amount)


@dataclass(frozen=True)
class Gain(_CounterOp):
    """A counter of the mover's goes up by ``amount``: from the bank or the part's supply, or ``from`` a
    shared counter; never from the other players (their bids and pays count on what they hold)."""

    verb: ClassVar[str] = "gain"
    SCHEMA: ClassVar[dict[str, Any]] = _item(
        "gain", "a counter of the mover's that goes up", ("amount",), amount=_AMOUNT,
        **{"from": named("where it comes from: 'bank' (the default: the bank, or the part's supply) or a shared "
                          "counter; never the other players")})
    SAYS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "bank": NC_("move", "take {what}"),
        "place": NC_("move", "take {what} from {place}")}

    @staticmethod
    def shape(place: str | None, chosen: bool, card: bool) -> str:
        return "bank" if place is None else "place"

    @classmethod
    def between_players(cls, given: Give, amount: int, place: str, at: str, seats: int) -> Op:
        how = "them: 'pay' with 'to: others'" if place == OTHERS else "one: 'pay' with 'to: chosen'"
        raise PackError(f"a move takes nothing from the other players (it may pay {how})", field=f"{at}/from")

    def can(self, state: Any, seat: int, n: int, kind: int | None) -> bool:
        if self.part(state, seat) + self.amount > self.part.most:
            return False
        source = _source_or_sink(self)
        return source is None or source(state, seat) >= self.amount

    def carry_out(self, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        assert self.mover is not None
        self.mover(state, seat, self.amount)


def _per_kind(verb: str, raw: Mapping[str, Any], parts: Mapping[str, Part], at: str) -> tuple[Part, Part, str]:
    """(the mover's holding counted per kind, the shared holding of the same kinds, its name)."""
    name = str(raw[verb])
    key = "to" if verb == "return" else "from"
    place = raw.get(key)
    part = parts.get(name)
    holdings = {n: p for n, p in parts.items() if p.owner == "player" and p.kinds}
    if part is None or name not in holdings:
        raise PackError(f"{verb!r} moves things of one kind of a holding counted per kind (the pack's: "
                        f"{', '.join(sorted(holdings)) or 'none'}), not {name!r}", field=f"{at}/{verb}")
    shared = parts.get(str(place)) if place is not None else None
    if shared is None or shared.owner != "shared" or shared.kinds != part.kinds:
        same = ", ".join(n for n, p in parts.items() if p.owner == "shared" and p.kinds == part.kinds)
        raise PackError(f"say {key} which shared holding of the same kinds they go (the pack's: "
                        f"{same or 'none'})", field=f"{at}/{key}" if place is not None else at)
    return part, shared, str(place)


@dataclass(frozen=True)
class Return(Op):
    """``amount`` things of one kind of a holding counted per kind go ``to`` a shared holding of the same
    kinds (the mover chooses the kind: a parameter of the action)."""

    verb: ClassVar[str] = "return"
    going: ClassVar[bool] = True
    SCHEMA: ClassVar[dict[str, Any]] = _item(
        "return", "a holding of the mover's counted per kind (with kinds): the mover chooses which kind goes",
        ("amount",), amount=_AMOUNT, to=named("the shared holding of the same kinds it goes to"))
    SAYS: ClassVar[Mapping[str, tuple[str, str]]] = {"": NC_("move", "give back {what} ({kind}) to {place}")}
    CHOOSES: ClassVar[bool] = True

    @classmethod
    def compile(cls, raw: Mapping[str, Any], parts: Mapping[str, Part], gives: Mapping[str, Give], at: str,
                seats: int) -> Op:
        part, shared, place = _per_kind("return", raw, parts, at)
        return cls(part, int(raw["amount"]), place, shared, None, part.kinds)

    def can(self, state: Any, seat: int, n: int, kind: int | None) -> bool:
        assert kind is not None
        return _kinds(state, self.part, seat)[kind] >= self.amount

    def carry_out(self, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        assert kind is not None and self.shared is not None
        _kinds(state, self.part, seat)[kind] -= self.amount
        _kinds(state, self.shared, seat)[kind] += self.amount


def _one_card(verb: str, raw: Mapping[str, Any], parts: Mapping[str, Part], at: str) -> tuple[Part, Part, str]:
    """(the mover's holding of single cards that names its cards, the shared holding of single cards, its
    name): the place is in the open (a pile keeps its cards unseen and in order), the amount one card."""
    name = str(raw[verb])
    key = "to" if verb == "discard" else "from"
    place = raw.get(key)
    part = parts.get(name)
    if part is None or part.owner != "player" or not part.cards:
        hands = [n for n, p in parts.items() if p.owner == "player" and p.cards]
        raise PackError(f"{verb!r} moves one card of a holding a player owns that names its cards (the pack's: "
                        f"{', '.join(hands) or 'none'}), not {name!r}", field=f"{at}/{verb}")
    if int(raw.get("amount", 1)) != 1:
        raise PackError("the mover chooses one card: the amount is 1", field=f"{at}/amount")
    shared = parts.get(str(place)) if place is not None else None
    if shared is None or shared.owner != "shared" or shared.kind != "holding" or shared.counts != "items":
        places = ", ".join(n for n, p in parts.items()
                           if p.owner == "shared" and p.kind == "holding" and p.counts == "items")
        raise PackError(f"say {key} which shared holding of single cards the card goes (the pack's: "
                        f"{places or 'none'}; a pile keeps its cards unseen)",
                        field=f"{at}/{key}" if place is not None else at)
    return part, shared, str(place)


class _OneCard:
    """The behaviour of an operation that moves one chosen card between the mover's holding and a shared one:
    into the shared one where the operation is ``going``, out of it otherwise."""

    def _ends(self: Any) -> tuple[Part, Part]:
        return (self.part, self.shared) if self.going else (self.shared, self.part)

    def can(self: Any, state: Any, seat: int, n: int, kind: int | None) -> bool:
        """Whether the chosen card lies where it comes from and there is room where it goes."""
        assert kind is not None
        source, target = self._ends()
        return self.kinds[kind] in _cards(state, source, seat) and target(state, seat) < target.most

    def carry_out(self: Any, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        """The chosen card, from where it lies to the end of where it goes."""
        assert kind is not None
        source, target = self._ends()
        _cards(state, source, seat).remove(self.kinds[kind])
        _cards(state, target, seat).append(self.kinds[kind])


@dataclass(frozen=True)
class Take(Op):
    """``amount`` things of one kind come ``from`` a shared holding of the same kinds into the mover's
    holding counted per kind; into a holding of single cards that names its cards, one card of the
    mover's choice comes from a shared holding of single cards (:class:`TakeCard`)."""

    verb: ClassVar[str] = "take"
    SCHEMA: ClassVar[dict[str, Any]] = _item(
        "take", "a holding of the mover's counted per kind (with kinds): the mover chooses which kind comes; or a "
        "holding of single cards that names its cards: the mover chooses one card (amount 1)", ("amount",),
        amount=_AMOUNT, **{"from": named("the shared holding of the same kinds it comes from, or the shared "
                                          "holding of single cards the chosen card comes from")})
    SAYS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "kind": NC_("move", "take {what} ({kind}) from {place}"),
        "card": NC_("move", "take {what} of their choice from {place}"),
        "card_made": NC_("move", "take {card} from {place}")}
    CHOOSES: ClassVar[bool] = True

    @classmethod
    def picks_card(cls, part: Mapping[str, Any]) -> bool:
        return "cards" in part  # a holding of single cards that names them: one card, else one kind

    @staticmethod
    def shape(place: str | None, chosen: bool, card: bool) -> str:
        if not card:
            return "kind"
        return "card_made" if chosen else "card"

    @classmethod
    def compile(cls, raw: Mapping[str, Any], parts: Mapping[str, Part], gives: Mapping[str, Give], at: str,
                seats: int) -> Op:
        named = parts.get(str(raw["take"]))
        if named is not None and named.cards:
            part, shared, place = _one_card("take", raw, parts, at)
            return TakeCard(part, 1, place, shared, None, part.cards)
        part, shared, place = _per_kind("take", raw, parts, at)
        return cls(part, int(raw["amount"]), place, shared, None, part.kinds)

    def can(self, state: Any, seat: int, n: int, kind: int | None) -> bool:
        assert kind is not None and self.shared is not None
        return (_kinds(state, self.shared, seat)[kind] >= self.amount
                and self.part(state, seat) + self.amount <= self.part.most)

    def carry_out(self, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        assert kind is not None and self.shared is not None
        _kinds(state, self.part, seat)[kind] += self.amount
        _kinds(state, self.shared, seat)[kind] -= self.amount


@dataclass(frozen=True)
class TakeCard(_OneCard, Take):
    """One card of the mover's choice (its id) comes from a shared holding of single cards, to the end of
    the mover's holding."""

    CARD: ClassVar[bool] = True


@dataclass(frozen=True)
class Discard(_OneCard, Op):
    """One card of the mover's choice, from a holding of single cards that names its cards, goes ``to`` a
    shared holding of single cards (a display, the box: in the open)."""

    verb: ClassVar[str] = "discard"
    going: ClassVar[bool] = True
    SCHEMA: ClassVar[dict[str, Any]] = _item(
        "discard", "a holding of the mover's of single cards that names its cards: the mover chooses which card "
        "goes", ("to",), amount={"const": 1, "description": "one card (the default)"},
        to=named("the shared holding of single cards it goes to, where every player sees it (a display, the box)"))
    SAYS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "rule": NC_("move", "discard {what} of their choice to {place}"),
        "made": NC_("move", "discard {card} to {place}")}
    CHOOSES: ClassVar[bool] = True
    CARD: ClassVar[bool] = True

    @staticmethod
    def shape(place: str | None, chosen: bool, card: bool) -> str:
        return "made" if chosen else "rule"

    @classmethod
    def compile(cls, raw: Mapping[str, Any], parts: Mapping[str, Part], gives: Mapping[str, Give], at: str,
                seats: int) -> Op:
        part, shared, place = _one_card("discard", raw, parts, at)
        return cls(part, 1, place, shared, None, part.cards)


@dataclass(frozen=True)
class Draw(Op):
    """The top ``amount`` cards of a shared pile (its first items, the top in both games) come into a
    holding of single cards of the mover's (the cards are the mover's alone to see where it is private)."""

    verb: ClassVar[str] = "draw"
    SCHEMA: ClassVar[dict[str, Any]] = _item(
        "draw", "a holding of the mover's of single cards (mechanics.parts) the cards come into", ("amount", "from"),
        amount={"type": "integer", "minimum": 1, "maximum": 9, "description": "how many cards, from the top"},
        **{"from": named("the shared pile (a part of kind pile) whose top cards are drawn: its first items")})
    SAYS: ClassVar[Mapping[str, tuple[str, str]]] = {"": NC_("move", "draw {what} from the top of {place}")}

    @classmethod
    def compile(cls, raw: Mapping[str, Any], parts: Mapping[str, Part], gives: Mapping[str, Give], at: str,
                seats: int) -> Op:
        name, place = str(raw["draw"]), raw.get("from")
        part = parts.get(name)
        hands = [n for n, p in parts.items()
                 if p.owner == "player" and p.kind == "holding" and p.counts == "items" and p.at]
        if part is None or name not in hands:
            raise PackError(f"'draw' brings cards into a holding a player owns, of single cards (the pack's: "
                            f"{', '.join(hands) or 'none'}), not {name!r}", field=f"{at}/draw")
        pile = parts.get(str(place)) if place is not None else None
        if pile is None or pile.kind != "pile" or pile.owner != "shared":
            piles = ", ".join(n for n, p in parts.items() if p.kind == "pile" and p.owner == "shared")
            raise PackError(f"say from which shared pile the cards come (the pack's: {piles or 'none'})",
                            field=f"{at}/from" if place is not None else at)
        return cls(part, int(raw["amount"]), str(place), pile)

    def can(self, state: Any, seat: int, n: int, kind: int | None) -> bool:
        assert self.shared is not None
        return self.shared(state, seat) >= self.amount and self.part(state, seat) + self.amount <= self.part.most

    def carry_out(self, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        assert self.shared is not None
        pile: list[Any] = getattr(state, self.shared.at)
        drawn = pile[:self.amount]
        del pile[:self.amount]
        getattr(state.players[seat], self.part.at).extend(drawn)


@dataclass(frozen=True)
class Claim(Op):
    """``claim: start``: the start player's marker comes to the mover as the next round begins (after the
    pack's start rule, in its stead), once a round for the whole table: the marker is promised, in the
    open, and moves only between rounds, so no order counted on within a round changes
    (``Mechanics.begin_round`` moves it)."""

    verb: ClassVar[str] = "claim"
    SCHEMA: ClassVar[dict[str, Any]] = {
        "type": "object", "additionalProperties": False, "required": ["claim"],
        "properties": {"claim": {"const": START, "description": "the start player's marker: it comes to the mover "
                                 "as the next round begins, in place of the pack's start rule; once a round for "
                                 "the whole table"}}}
    SAYS: ClassVar[Mapping[str, tuple[str, str]]] = {"": NC_("move", "become the start player of the next round")}

    @classmethod
    def compile(cls, raw: Mapping[str, Any], parts: Mapping[str, Part], gives: Mapping[str, Give], at: str,
                seats: int) -> Op:
        if raw["claim"] != START:
            raise PackError(f"a claim takes the start player's marker ('{START}'), not {raw['claim']!r}",
                            field=f"{at}/claim")
        return cls(START_MARKER)

    def can(self, state: Any, seat: int, n: int, kind: int | None) -> bool:
        return CLAIMED not in state.marks

    def carry_out(self, state: Any, seat: int, n: int, kind: int | None, turn_order: str) -> None:
        state.marks[CLAIMED] = seat


#: every operation, by its verb, in the order the schema lists them
OPERATIONS: dict[str, type[Op]] = {op.verb: op for op in (Pay, Gain, Return, Take, Draw, Discard, Claim)}


def do_schema() -> dict[str, Any]:
    """The schema of a move's ``do`` list, from the operations' own fragments."""
    return {"type": "array", "minItems": 1, "maxItems": 6,
            "description": f"the operations, carried out in order ({', '.join(OPERATIONS)}); the move is offered "
                           "only when each can be carried out in full",
            "items": {"oneOf": [op.SCHEMA for op in OPERATIONS.values()]}}

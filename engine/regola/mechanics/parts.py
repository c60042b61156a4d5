"""A game's parts, declared in its pack (``mechanics.parts``): every counter, holding and pile a rule may
speak of, with where the state keeps it, the unit its words count in and its bounds.

From the declaration alone each part owned by a player is a **measure** (its count for that player),
and each counter a **resource** an award may give or take: never past its bounds, and, where it has a
``supply``, only what the supply holds, which it goes back to. A game lends no list of measures; it
lends only an *account* for a counter whose movements it records (both games' money), through which
such a counter is given, so its ledger still balances.

Kinds: ``counter`` (a whole number: gulden, prestige, jesters, the jesters left in the supply),
``holding`` (things held: cards, freedoms, materials; counted by their number, or by the sum of a
count per kind) and ``pile`` (an ordered stack of cards). ``owner`` is ``player`` (one per player, an
attribute of the player) or ``shared`` (one per game, an attribute of the state); ``at`` names that
attribute. ``max`` is a whole number or a JSON pointer into the pack whose number, or count of items,
bounds the part (``/components/jesters``). A holding of single cards may name its ``cards`` (a pointer to
the pack's list of them): a move then takes or discards one of them, chosen by its id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from regola.core.errors import PackError
from regola.mechanics.forms import CITES, NAME, NAME_PATTERN, POINTER, named

__all__ = ["KINDS", "OTHERS", "OWNERS", "UNLIMITED", "Give", "Part", "compile_parts", "kinds_named", "measure",
           "units"]

KINDS = ("counter", "tally", "holding", "pile")  # as schemas/mechanics.schema.json offers them
OWNERS = ("player", "shared")
#: an award's ``via`` that moves its amount between the players rather than with the bank or a supply
OTHERS = "others"
#: the bound of a part that declares none
UNLIMITED = 10**9
#: the most cards a holding's ``cards`` list may name (each is a choice of a move's action)
MOST_CARDS = 256
#: the most parts a pack may declare, and the most piles the forms may count
MOST_PARTS, MOST_PILES = 64, 16
#: how a holding is counted: by its number of items, or by a count per kind added up
COUNTS = ("items", "sum")


def schema() -> dict[str, Any]:
    """The schema of ``mechanics.parts`` (``tools/schemas.py`` writes it into schemas/mechanics.schema.json)."""
    bound = {"oneOf": [{"type": "integer", "minimum": 0, "maximum": UNLIMITED}, {"type": "string",
                                                                                "pattern": POINTER["pattern"]}],
             "description": "a whole number, or a JSON pointer into the pack whose number, or count of items, it is"}
    item = {
        "type": "object", "additionalProperties": False, "required": ["kind", "owner"],
        "properties": {
            "kind": {"enum": list(KINDS), "description": "counter: a whole number of things (gulden, jesters); "
                     "tally: a count the game keeps of what happened (inventions completed, gulden paid at "
                     "auction), counted but never given; holding: things held, counted by their number (or, with "
                     "counts: sum, by a count per kind added up); pile: an ordered stack of cards"},
            "owner": {"enum": list(OWNERS), "description": "player: one per player; shared: one for the game (a "
                      "supply, the council, a pile)"},
            "at": named("the attribute of the player (owner: player) or of the game's state (shared) that keeps "
                        "it; a counter without one is kept by the rules alone (a debt, a favour the printed game "
                        "does not have), starting at 0"),
            "unit": named("the unit of the rule catalogs that the words of a rule counting it count in"),
            "counts": {"enum": list(COUNTS)},
            "min": bound,
            "max": bound,
            "supply": named("the shared counter it comes from and goes back to: nothing is given beyond what the "
                            "supply holds"),
            "cites": CITES,
            "kinds": named("a holding counted per kind (counts: sum): a JSON pointer to the pack's list of its "
                           "kinds' ids, in the order the state counts them (a move that returns or takes one "
                           "chooses the kind)", POINTER),
            "cards": named("a holding of single cards: a JSON pointer to the pack's list of the cards it may hold "
                           f"(items with an id, or the ids), at most {MOST_CARDS} (a move that takes or discards "
                           "one card chooses it by its id)", POINTER),
        },
    }
    return {"type": "object", "maxProperties": MOST_PARTS, "propertyNames": {"pattern": NAME_PATTERN},
            "description": "every counter, holding and pile a rule may speak of (regola.mechanics.parts): its kind, "
            "its owner, the attribute of the player or the game that keeps it, the unit its words count in, and its "
            "bounds. Each part a player owns that names a unit is a measure the forms below may count; each counter "
            "a player owns is a resource an award may give", "additionalProperties": item}


def piles_schema() -> dict[str, Any]:
    """The schema of ``mechanics.piles``, the piles the forms may count."""
    return {"type": "array", "maxItems": MOST_PILES, "uniqueItems": True, "items": NAME,
            "description": "the game's piles the forms may count (an end 'runs_out' names one); the game's code "
            "counts each, and every rule catalog names each (names.piles)"}

#: (the fields a player keeps, the fields the game's state keeps)
Fields = tuple[tuple[str, ...], tuple[str, ...]]
#: (state, seat, amount) -> None: how a game moves a counter it keeps a ledger of
Account = Callable[[Any, int, int], None]


def units(mechanics: Mapping[str, Any]) -> dict[str, str]:
    """Measure -> the unit its words count in: every part a player owns that names a unit. Plain data, so
    the words, the check and the editing forms read it without compiling the pack."""
    parts = mechanics.get("parts") if isinstance(mechanics, Mapping) else None
    if not isinstance(parts, Mapping):
        return {}
    return {str(name): str(p["unit"]) for name, p in parts.items()
            if isinstance(p, Mapping) and p.get("owner") == "player" and isinstance(p.get("unit"), str)}


def measure(raw: Any, units: Mapping[str, str], pointer: str) -> str:
    """A measure a rule names: one of the pack's (a part a player owns that names a unit), else a PackError
    at ``pointer`` naming them."""
    if raw not in units:
        raise PackError(f"unknown measure {raw!r} (the pack's measures: {', '.join(sorted(units))})", field=pointer)
    return str(raw)


@dataclass(frozen=True)
class Part:
    """One declared part. Called as a measure: ``part(state, seat)`` counts it for that player (a shared
    part: for the game). ``counts`` says how a holding counts: ``items`` (how many things) or ``sum``
    (a count per kind, added up: materials in hand)."""

    name: str
    kind: str
    owner: str
    at: str
    unit: str | None
    least: int
    most: int
    supply: str | None = None
    counts: str = "items"
    #: a holding counted per kind: the ids of its kinds, in the order the state counts them, and the name
    #: category of the rule catalogs that names them (the list's own name: ``materials``)
    kinds: tuple[str, ...] = ()
    named: str = ""
    #: a holding of single cards: the ids of every card it may hold, as the state keeps them (the choices
    #: of a move that takes or discards one card); ``named`` is then the name category of the cards
    cards: tuple[Any, ...] = ()

    def __call__(self, state: Any, seat: int) -> int:
        if not self.at:  # a counter the library keeps (declared with no ``at``): in the state's marks
            kept = state.marks.get("kept")
            value = kept.get(self.name) if kept else None
            if value is None:
                return 0
            return int(value[seat]) if self.owner == "player" else int(value)
        holder = state.players[seat] if self.owner == "player" else state
        value = getattr(holder, self.at)
        if isinstance(value, int):
            return int(value)
        if self.counts == "sum":
            return sum(value.values()) if isinstance(value, Mapping) else sum(value)
        return len(value)

    def set(self, state: Any, seat: int, value: int) -> None:
        """Set a counter (a player's, or the shared one: ``seat`` is then ignored)."""
        if not self.at:
            kept = state.marks.setdefault("kept", {})
            if self.owner == "player":
                kept.setdefault(self.name, [0] * len(state.players))[seat] = value
            else:
                kept[self.name] = value
        elif self.owner == "player":
            setattr(state.players[seat], self.at, value)
        else:
            setattr(state, self.at, value)


@dataclass(frozen=True)
class Give:
    """How an award gives (a positive amount) or takes (a negative one) a player's counter: within the
    counter's bounds, from and to its supply when it has one, through the game's account when it keeps
    one. Plain data, so compiled rules pickle."""

    part: Part
    supply: Part | None
    account: Account | None

    def __call__(self, state: Any, seat: int, amount: int) -> None:
        now = self.part(state, seat)
        if amount >= 0:
            room = max(0, self.part.most - now)
            if self.supply is not None:
                room = min(room, max(0, self.supply(state, seat)))
            moved = min(amount, room)
        else:
            can = max(0, now - self.part.least)
            if self.supply is not None:  # what goes back never overfills the supply
                can = min(can, max(0, self.supply.most - self.supply(state, seat)))
            moved = -min(-amount, can)
        if not moved:
            return
        self._move(state, seat, now, moved)
        if self.supply is not None:
            self.supply.set(state, seat, self.supply(state, seat) - moved)

    def _move(self, state: Any, seat: int, now: int, moved: int) -> None:
        if self.account is not None:
            self.account(state, seat, moved)
        else:
            self.part.set(state, seat, now + moved)

    def transfer(self, state: Any, payer: int, payee: int, amount: int) -> int:
        """Up to ``amount`` from one player to another: no more than the payer has above its least, nor
        than the payee has room for below its most. What moved."""
        paid, got = self.part(state, payer), self.part(state, payee)
        moved = max(0, min(amount, paid - self.part.least, self.part.most - got))
        if moved:
            self._move(state, payer, paid, -moved)
            self._move(state, payee, got, moved)
        return moved


def kinds_named(pointer: str) -> str:
    """The name category of a holding's kinds: the name of the list its ``kinds`` pointer reaches, the
    last token that is not ``kinds`` (``/components/materials/kinds`` -> ``materials``)."""
    tokens = [t for t in pointer.strip("/").split("/") if t and t != "kinds" and not t.isdigit()]
    return tokens[-1] if tokens else ""


def _node(raw: str, doc: Mapping[str, Any] | None, pointer: str) -> Any:
    node: Any = doc
    for token in raw[1:].split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            raise PackError(f"{raw!r} names nothing in the pack", field=pointer)
    return node


def _listed(raw: Any, doc: Mapping[str, Any] | None, pointer: str, wanted: str) -> list[Any]:
    """The pack's non-empty list a pointer reaches; else a PackError at ``pointer`` saying what is ``wanted``."""
    node = _node(str(raw), doc, pointer) if isinstance(raw, str) and raw.startswith("/") and doc is not None else None
    if not isinstance(node, list) or not node:
        raise PackError(f"{wanted}, not {raw!r}", field=pointer)
    return node


def _ids(raw: Any, doc: Mapping[str, Any] | None, pointer: str) -> tuple[str, ...]:
    """A holding's kinds: a pointer to the pack's list of their ids (or of items with an ``id``)."""
    node = _listed(raw, doc, pointer, "the kinds are a pointer to a list of ids in the pack")
    ids = tuple(str(item["id"]) if isinstance(item, Mapping) else str(item) for item in node)
    if len(set(ids)) != len(ids):
        raise PackError(f"the kinds at {raw!r} repeat an id", field=pointer)
    return ids


def _card_ids(raw: Any, doc: Mapping[str, Any] | None, pointer: str) -> tuple[Any, ...]:
    """A holding's cards: a pointer to the pack's list of them (items with an ``id``, or the ids), each id
    as the state keeps it (a whole number or a string); at most MOST_CARDS of them."""
    node = _listed(raw, doc, pointer, "the cards are a pointer to the pack's list of them")
    if len(node) > MOST_CARDS:
        raise PackError(f"a holding's cards number at most {MOST_CARDS} (here {len(node)})", field=pointer)
    ids = tuple(item.get("id") if isinstance(item, Mapping) else item for item in node)
    if any(not isinstance(i, int | str) or isinstance(i, bool) for i in ids) or len(set(ids)) != len(ids):
        raise PackError(f"the cards at {raw!r} need one distinct id each (a whole number or a string)", field=pointer)
    return ids


def _bound(raw: Any, doc: Mapping[str, Any] | None, pointer: str) -> int:
    """A bound: a whole number, or a pointer into the pack whose number or count of items it is."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.startswith("/") and doc is not None:
        node = _node(raw, doc, pointer)
        if isinstance(node, int) and not isinstance(node, bool):
            return node
        if isinstance(node, list | Mapping):
            return len(node)
        raise PackError(f"the bound {raw!r} is neither a number nor a list", field=pointer)
    raise PackError(f"a bound is a whole number or a pointer into the pack, not {raw!r}", field=pointer)


def compile_parts(raw: Mapping[str, Any], doc: Mapping[str, Any] | None, pointer: str,
                  accounts: Mapping[str, Account],
                  fields: Fields | None = None) -> tuple[dict[str, Part], dict[str, Give]]:
    """The pack's parts, and the resources they make (each counter a player owns): faults at their line.
    ``fields`` (what a player and the game's state keep) bounds what ``at`` may name."""
    parts: dict[str, Part] = {}
    for name, item in raw.items():
        at = f"{pointer}/{name}"
        if "at" not in item:
            if item["kind"] != "counter":
                raise PackError("only a counter may be kept by the rules alone (no 'at'); say which field of the "
                                "game keeps this one", field=at)
        elif fields is not None:
            kept = fields[0] if item["owner"] == "player" else fields[1]
            if item["at"] not in kept:
                whose = "a player" if item["owner"] == "player" else "the game"
                raise PackError(f"the game keeps no {item['at']!r} for {whose} (it keeps: {', '.join(sorted(kept))})",
                                field=f"{at}/at")
        least = _bound(item.get("min", 0), doc, f"{at}/min")
        most = _bound(item.get("max", UNLIMITED), doc, f"{at}/max")
        if least > most:
            raise PackError(f"the least {least} is above the most {most}", field=f"{at}/min")
        kinds: tuple[str, ...] = ()
        named = ""
        if "kinds" in item:
            if item.get("counts") != "sum":
                raise PackError("only a holding counted per kind (counts: sum) has kinds", field=f"{at}/kinds")
            kinds = _ids(item["kinds"], doc, f"{at}/kinds")
            named = kinds_named(str(item["kinds"]))
        cards: tuple[Any, ...] = ()
        if "cards" in item:
            if item["kind"] != "holding" or item.get("counts", "items") != "items":
                raise PackError("only a holding of single cards (kind: holding, counted by items) names its cards",
                                field=f"{at}/cards")
            cards = _card_ids(item["cards"], doc, f"{at}/cards")
            named = kinds_named(str(item["cards"]))
        parts[str(name)] = Part(str(name), str(item["kind"]), str(item["owner"]), str(item.get("at", "")),
                                None if item.get("unit") is None else str(item["unit"]), least, most,
                                None if item.get("supply") is None else str(item["supply"]),
                                str(item.get("counts", "items")), kinds, named, cards)
    for account in accounts:
        if account not in parts:
            raise PackError(f"the game keeps an account of {account!r}, which the pack does not declare",
                            field=pointer)
    gives: dict[str, Give] = {}
    for name, part in parts.items():
        supply = None
        if part.supply is not None:
            supply = parts.get(part.supply)
            if supply is None or supply.owner != "shared" or supply.kind != "counter":
                shared = ", ".join(n for n, p in parts.items() if p.owner == "shared" and p.kind == "counter")
                raise PackError(f"the supply of {name!r} is a shared counter of the pack (shared counters: "
                                f"{shared or 'none'}), not {part.supply!r}", field=f"{pointer}/{name}/supply")
        if part.owner == "player" and part.kind == "counter":
            gives[name] = Give(part, supply, accounts.get(name))
    return parts, gives

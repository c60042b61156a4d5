"""A pack's rule values as OpenSpiel game parameters: ``regola_pl(rounds_count=4,money_2=2000)``.

Every value a house rule may change (``regola.mechanics.editable.fields``: each number and yes/no the
pack's rules govern, and the form of each mechanic) is a parameter whose default is the pack's own value.
Its name is the shortest tail of its JSON pointer, words joined by ``_``, two words at least and not
starting with a number, that no other value shares: ``/rounds/count`` is ``rounds_count``,
``/setup/money/2`` (the money of a 2-player game) ``money_2``, the form of a mechanic
``mechanics_auction``. An item of a list is named by its label (``LABEL_KEYS``), not its place in the
file, and a name inside an item starts at its list's name: ``/inventions/cards/0/components/iron`` (card
id 1) is ``cards_id1_components_iron``, ``/setup/beginner/seats/0/money`` ``seats_yellow_money``. The
names of before (an item by its index, a name starting anywhere: ``cards_0_components_iron``, ``action_1``)
are refused with the new name beside them (``RuleParams.renamed``). A parameter set to
something other than its default becomes one change of a variant made on the fly, checked like any
variant file, so a value the schema refuses is one ValueError that names the parameter.

Each form's own parameters (regola.mechanics.forms) are parameters too, named after the others so that
no earlier name changes: ``auction_start``, ``auction_step``, ``start_player_by``. A parameter of a form
the pack does not use defaults to its record's suggestion, or to "not set" (-1 for a number, "" for a
choice: no parameter of a form may be negative). A mechanic whose form or parameters change is replaced
whole by what its parameters make, as in the workshop (``regola.mechanics.editable.changes``); a
parameter the chosen form needs and lacks is a ValueError naming it:
``regola_cs(mechanics_auction=dutch,auction_start=9)``.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from regola.core.variant import Variant, variant_from_dict
from regola.mechanics.editable import Field, fields, unset
from regola.mechanics.editable import changes as changes_of_forms

__all__ = ["RuleParams", "rule_params"]


#: the keys that name an item of a list, first found first: a parameter inside a card says the card's id,
#: not its place in the file (``cards_id1_components_iron``, ``seats_yellow_money``)
LABEL_KEYS = ("id", "name", "kind", "color", "measure", "count")


def _slug(text: object) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", str(text)).strip("_").lower() or "_"


def _tokens(pointer: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def _label(items: list[Any], index: int) -> str | None:
    """The word that names item ``index`` of a list: its first label key, a number written with its key
    (``id1``), when no other item of the list shares it; else None (the index names it)."""
    def word(item: Any) -> str | None:
        if not isinstance(item, dict):
            return None
        for key in LABEL_KEYS:
            value = item.get(key)
            if isinstance(value, bool) or not isinstance(value, str | int) or value == "":
                continue
            return f"{key}{value}" if isinstance(value, int) or value.isdigit() else _slug(value)
        return None

    own = word(items[index])
    return own if own is not None and [word(i) for i in items].count(own) == 1 else None


def _words(doc: Any, pointer: str) -> tuple[list[str], int]:
    """The pointer's words, an item of a list by its label where it has one, and where a name may start at
    the latest: at the name of the outermost list the pointer enters (a name inside a card says the card)."""
    words: list[str] = []
    latest: int | None = None
    node = doc
    for token in _tokens(pointer):
        if isinstance(node, list) and token.isdigit() and int(token) < len(node):
            if latest is None:
                latest = max(0, len(words) - 1)
            words.append(_label(node, int(token)) or token)
            node = node[int(token)]
            continue
        words.append(_slug(token))
        node = node.get(token) if isinstance(node, dict) else None
    return words, len(words) if latest is None else latest


def _former_words(pointer: str) -> tuple[list[str], int]:
    """The words of names before regola 0.12 (a list item by its index, a name anywhere): refused now with
    the new name beside them."""
    words = [_slug(t) for t in _tokens(pointer)]
    return words, len(words)


def _names(words: list[tuple[list[str], int]], taken: set[str]) -> list[str]:
    """For each pointer's words the shortest tail, two words at least, starting with a word that is not a
    number, no later than its latest start, that no other pointer's tails (and no name in ``taken``) spell
    the same way."""
    tails: Counter[str] = Counter()
    for w, _ in words:
        for k in range(1, len(w) + 1):
            tails["_".join(w[-k:])] += 1
    out: list[str] = []
    for w, latest in words:
        for k in range(min(2, len(w)), len(w) + 1):
            name = "_".join(w[-k:])
            if len(w) - k <= latest and tails[name] == 1 and name not in taken and not w[-k][0].isdigit():
                break
        else:  # every tail is shared or starts with a number (a key with `_` against a nested key): the
            # whole path, marked and numbered until free; a pack's odd shape never stops the registration
            name = "value_" + "_".join(w)
            while name in taken or name in out or tails[name]:
                name += "_"
        out.append(name)
    return out


#: a form's parameter that is not set, as an OpenSpiel default (a parameter's value has one type)
UNSET_NUMBER, UNSET_CHOICE = -1, ""


def _plain(field: Field) -> bool | int | float | str:
    if field.value is None:
        return UNSET_CHOICE if field.kind == "choice" else UNSET_NUMBER
    return field.value if field.kind != "choice" else str(field.value)


@dataclass(frozen=True)
class RuleParams:
    """The rule parameters of one pack (with its fixed variants): name -> field."""

    pack: str
    by_name: dict[str, Field]
    #: a name of before regola 0.12 -> today's name of the same value (refused with that name beside it)
    renamed: dict[str, str] = dataclasses.field(default_factory=dict)

    def defaults(self) -> dict[str, Any]:
        """Each parameter's default: the pack's value; a former name's is its new name's, so that only a
        value set under it is refused."""
        plain = {name: _plain(f) for name, f in self.by_name.items()}
        return plain | {old: plain[new] for old, new in self.renamed.items()}

    def changes(self, given: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
        """The given rule parameters that differ from the pack, sorted, each value of its field's kind;
        a value of another kind, or a choice not offered, is a ValueError naming the parameter."""
        out = []
        for name, value in given.items():
            new = self.renamed.get(name)
            if new is not None and value != _plain(self.by_name[new]):
                raise ValueError(f"the parameter {name} is called {new} now (named after what it sets)")
            field = self.by_name.get(name)
            if field is None:
                continue
            value = _coerce(name, field, value)
            if value != _plain(field) or type(value) is not type(_plain(field)):
                out.append((name, value))
        return tuple(sorted(out))

    def variant(self, changes: tuple[tuple[str, Any], ...]) -> Variant | None:
        """The variant the changes make (None for none)."""
        if not changes:
            return None
        ops = [self.by_name[name].change(value) for name, value in changes if not self.by_name[name].formed]
        formed = [f for f in self.by_name.values() if f.formed]
        given = {self.by_name[name].pointer: (None if value in (UNSET_NUMBER, UNSET_CHOICE) else value)
                 for name, value in changes if self.by_name[name].formed}
        missing = unset(formed, given)
        if missing:
            names = {f.pointer: n for n, f in self.by_name.items()}
            raise ValueError(", ".join(names[f.pointer] for f in missing) + " must be set for the form chosen")
        ops += changes_of_forms(formed, given)
        if not any(op is not None for op in ops):
            return None  # only parameters of forms not chosen: the pack's own game
        raw = {"id": "openspiel-parameters", "base": [self.pack], "title": "OpenSpiel game parameters",
               "changes": [op for op in ops if op is not None]}
        return variant_from_dict(raw, "game parameters " + ",".join(f"{n}={v}" for n, v in changes))

    def name_of(self, pointer: str | None) -> str | None:
        """The parameter whose value lies at or above ``pointer`` (the field a check names), if any."""
        if not pointer:
            return None
        best = None
        for name, field in self.by_name.items():
            own = field.whole or field.pointer
            if (pointer == own or pointer.startswith(own + "/") or own.startswith(pointer + "/")) and \
                    (best is None or len(own) > len(best[1])):
                best = (name, own)
        return best[0] if best else None


def _coerce(name: str, field: Field, value: Any) -> Any:
    if field.kind == "bool" and isinstance(value, bool):
        return value
    if field.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if field.kind == "float" and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if field.kind == "choice" and isinstance(value, str):
        if value not in field.choices and not (field.of is not None and value == UNSET_CHOICE):
            raise ValueError(f"{name} must be one of {', '.join(field.choices)}, not {value!r}")
        return value
    wanted = {"bool": "true or false", "int": "a whole number", "float": "a number"}.get(field.kind, "a word")
    raise ValueError(f"{name} must be {wanted}, not {value!r}")


def _named(doc: Any, every: list[Field], reserved: set[str], words: Any) -> list[str]:
    """Each field's name (the forms' own parameters named after the rest, so that no earlier name changes)."""
    found = [f for f in every if f.of is None]
    names = _names([words(doc, f.whole or f.pointer) for f in found], reserved)
    mechanics = doc.get("mechanics") if isinstance(doc, dict) else None
    params = [f for f in every if f.of is not None]
    later = _names([words(mechanics, f.pointer.removeprefix("/mechanics")) for f in params], reserved | set(names))
    by_field = dict(zip(map(id, found), names, strict=True)) | dict(zip(map(id, params), later, strict=True))
    return [by_field[id(f)] for f in every]


def rule_params(pack: Any, reserved: set[str]) -> RuleParams:
    """The rule parameters of a loaded pack; ``reserved`` are the game's other parameter names."""
    every = fields(pack)
    names = _named(pack.data, every, reserved, _words)
    named = dict(zip(names, every, strict=True))
    former = _named(pack.data, every, reserved, lambda _doc, pointer: _former_words(pointer))
    renamed = {old: new for old, new in zip(former, names, strict=True) if old != new and old not in named}
    return RuleParams(pack.id, named, renamed)

"""A pack's rule values as OpenSpiel game parameters: ``regola_pl(rounds_count=4,money_2=2000)``.

Every value a house rule may change (``regola.mechanics.editable.fields``: each number and yes/no the
pack's rules govern, and the form of each mechanic) is a parameter whose default is the pack's own value.
Its name is the shortest tail of its JSON pointer, words joined by ``_``, two words at least and not
starting with a number, that no other value shares: ``/rounds/count`` is ``rounds_count``,
``/setup/money/2`` (the money of a 2-player game) ``money_2``, ``/setup/beginner/seats/0/money``
``seats_0_money``, the form of a mechanic ``mechanics_auction``. A parameter set to
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

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from regola.core.variant import Variant, variant_from_dict
from regola.mechanics.editable import Field, fields, unset
from regola.mechanics.editable import changes as changes_of_forms

__all__ = ["RuleParams", "rule_params"]


def _words(pointer: str) -> list[str]:
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    return [re.sub(r"[^A-Za-z0-9]+", "_", t).strip("_").lower() or "_" for t in tokens]


def _names(pointers: list[str], taken: set[str]) -> list[str]:
    """For each pointer the shortest tail of its words, two at least and starting with a word that is not
    a number, that no other pointer's tails (and no name in ``taken``) spell the same way."""
    words = [_words(p) for p in pointers]
    tails: Counter[str] = Counter()
    for w in words:
        for k in range(1, len(w) + 1):
            tails["_".join(w[-k:])] += 1
    out: list[str] = []
    for w in words:
        for k in range(min(2, len(w)), len(w) + 1):
            name = "_".join(w[-k:])
            if tails[name] == 1 and name not in taken and not w[-k][0].isdigit():
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

    def defaults(self) -> dict[str, Any]:
        return {name: _plain(f) for name, f in self.by_name.items()}

    def changes(self, given: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
        """The given rule parameters that differ from the pack, sorted, each value of its field's kind;
        a value of another kind, or a choice not offered, is a ValueError naming the parameter."""
        out = []
        for name, value in given.items():
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


def rule_params(pack: Any, reserved: set[str]) -> RuleParams:
    """The rule parameters of a loaded pack; ``reserved`` are the game's other parameter names."""
    every = fields(pack)
    found = [f for f in every if f.of is None]
    names = _names([f.whole or f.pointer for f in found], reserved)
    params = [f for f in every if f.of is not None]  # named after the rest: no earlier name changes
    named = dict(zip(names, found, strict=True))
    named |= dict(zip(_names([f.pointer.removeprefix("/mechanics") for f in params], reserved | set(names)), params,
                      strict=True))
    return RuleParams(pack.id, named)

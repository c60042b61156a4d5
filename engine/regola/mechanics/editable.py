"""What a house rule may change in a pack, as fields: every number and yes/no the pack's rules govern
(``rules.yaml`` data pointers, a short list or table spread into its items) and the form of each mechanic
the pack declares (who starts, the order of play, who sees what, how a lot is auctioned), with the choices
the library offers. `regola new variant` comments them out in a starting file; the workshop in the browser
(serve/workshop.py) makes a form of them. Neither says what a value may be beyond its type and choices:
the schema and `regola check` do, on the variant the fields make.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.core.pointers import MISSING, resolve
from regola.core.schemas import escape_token

__all__ = ["MAX_ITEMS", "Field", "editable", "fields", "mechanic_fields", "value_fields"]

#: a list or a table longer than this is not a value one edits in a house rule
MAX_ITEMS = 8

_PLAIN = (int, float, bool)


@dataclass(frozen=True)
class Field:
    """One value a house rule may set: its JSON pointer, the rule that governs it (None for a mechanic's
    form), today's value, its kind (``int``, ``float``, ``bool`` or ``choice``) and, for a choice, the
    choices. A mechanic's form is set whole (``whole``: the change replaces the mechanic with ``{kind: …}``,
    so parameters of the old form do not linger)."""

    pointer: str
    rule: str | None
    value: Any
    kind: str
    choices: tuple[str, ...] = ()
    whole: str | None = None  # for a mechanic's kind: the mechanic's own pointer

    def change(self, value: Any) -> dict[str, Any] | None:
        """The variant change that sets ``value`` here (None when it is today's)."""
        if value == self.value and type(value) is type(self.value):
            return None
        if self.whole is not None:
            return {"op": "replace", "path": self.whole, "value": {"kind": value}}
        return {"op": "replace", "path": self.pointer, "value": value}


def editable(value: Any) -> bool:
    """A value a house rule changes by hand: a number, a yes/no, or a short list or table of them."""
    if isinstance(value, _PLAIN):
        return True
    if isinstance(value, list):
        return 0 < len(value) <= MAX_ITEMS and all(isinstance(v, _PLAIN) for v in value)
    if isinstance(value, dict):
        return 0 < len(value) <= MAX_ITEMS and all(isinstance(v, _PLAIN) for v in value.values())
    return False


def _kind(value: Any) -> str:
    return "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "float"


def value_fields(pack: Any) -> list[tuple[str, str, Any, list[str]]]:
    """(pointer, rule ID, current value, cites) for each editable value the pack's rules govern, as the
    rules list them (a list or table whole)."""
    found: list[tuple[str, str, Any, list[str]]] = []
    seen: set[str] = set()
    for rule_id, entry in pack.data.get("rules", {}).items():
        for pointer in entry.get("data", []):
            value = resolve(pack.data, pointer)
            if pointer in seen or value is MISSING or not editable(value):
                continue
            seen.add(pointer)
            found.append((pointer, rule_id, value, list(entry.get("cites", []))))
    return found


def mechanic_fields(pack: Any) -> list[Field]:
    """The form of each mechanic the pack declares, with the library's choices."""
    from regola.mechanics.seating import DIRECTIONS
    from regola.mechanics.start import START_KINDS
    from regola.mechanics.visibility import HELD_AUDIENCES, PILE_AUDIENCES

    mechanics = pack.data.get("mechanics")
    if not isinstance(mechanics, dict):
        return []
    out: list[Field] = []
    for name, kinds in (("start_player", START_KINDS), ("turn_order", DIRECTIONS)):
        kind = (mechanics.get(name) or {}).get("kind") if isinstance(mechanics.get(name), dict) else None
        if kind is not None:
            out.append(Field(f"/mechanics/{name}/kind", None, kind, "choice", tuple(kinds), f"/mechanics/{name}"))
    auction = mechanics.get("auction")
    if isinstance(auction, dict) and "kind" in auction:
        from regola.core.game import Ruleset

        runs = tuple(Ruleset(pack).rules.mechanics.terms.auctions) or (str(auction["kind"]),)
        out.append(Field("/mechanics/auction/kind", None, auction["kind"], "choice", runs, "/mechanics/auction"))
    seen = mechanics.get("visibility") or {}
    for part, audience in seen.items():
        if part != "piles":
            out.append(Field(f"/mechanics/visibility/{escape_token(part)}", None, audience, "choice", HELD_AUDIENCES))
    for pile, audience in (seen.get("piles") or {}).items():  # a pile lies face up or down
        out.append(Field(f"/mechanics/visibility/piles/{escape_token(pile)}", None, audience, "choice",
                         PILE_AUDIENCES))
    return out


#: the most values one rule offers as fields (a rule over a long table shows its first ones), and how deep
#: a rule's data is walked for them
PER_RULE = 64
DEPTH = 6


def fields(pack: Any) -> list[Field]:
    """Every field of a house rule of this pack: each number and yes/no under the data its rules govern
    (walked into lists and tables, at most PER_RULE per rule, each value under the first rule that names
    it), then the forms of the mechanics."""
    out: list[Field] = []
    seen: set[str] = set()
    for rule_id, entry in pack.data.get("rules", {}).items():
        mine: list[Field] = []
        for pointer in entry.get("data", []):
            value = resolve(pack.data, pointer)
            if value is not MISSING:
                _walk(value, pointer, rule_id, mine, seen, DEPTH)
        out += mine[:PER_RULE]
    return out + mechanic_fields(pack)


def _walk(value: Any, pointer: str, rule_id: str, out: list[Field], seen: set[str], depth: int) -> None:
    if len(out) >= PER_RULE or depth < 0 or pointer in seen:
        return
    if isinstance(value, _PLAIN):
        seen.add(pointer)
        out.append(Field(pointer, rule_id, value, _kind(value)))
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(item, f"{pointer}/{escape_token(key)}", rule_id, out, seen, depth - 1)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _walk(item, f"{pointer}/{index}", rule_id, out, seen, depth - 1)

"""What a house rule may change in a pack, as fields: every number and yes/no the pack's rules govern
(``rules.yaml`` data pointers, a short list or table spread into its items) and the form of each mechanic
the pack declares (who starts, the order of play, who sees what, how a lot is auctioned), with the choices
the library offers. `regola new variant` comments them out in a starting file; the workshop in the browser
(serve/workshop.py) makes a form of them. Neither says what a value may be beyond its type and choices:
the schema and `regola check` do, on the variant the fields make.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regola.core.pointers import MISSING, resolve
from regola.core.schemas import escape_token

__all__ = ["MAX_ITEMS", "Field", "changes", "editable", "fields", "mechanic_fields", "unset", "value_fields"]

#: a list or a table longer than this is not a value one edits in a house rule
MAX_ITEMS = 8

_PLAIN = (int, float, bool)


@dataclass(frozen=True)
class Field:
    """One value a house rule may set: its JSON pointer, the rule that governs it (None for a mechanic's
    form), today's value, its kind (``int``, ``float``, ``bool`` or ``choice``) and, for a choice, the
    choices. A mechanic's kind names the mechanic (``whole``), which a change replaces whole with what its
    fields make (``changes``), so parameters of the old form do not linger; ``cites`` are the pack's
    citations of it, kept while its kind stays.

    A form's parameter (regola.mechanics.forms) is a field too: ``of`` is its mechanic's pointer, ``when``
    the forms it belongs to (pairs of a kind field's pointer and the kinds that show it), ``needed_by`` the
    kinds that need it, and its value None while it is not set. ``label`` and ``words`` are gettext msgids:
    the field's name and each choice's, in the reader's language through ``Words.gettext``."""

    pointer: str
    rule: str | None
    value: Any
    kind: str
    choices: tuple[str, ...] = ()
    whole: str | None = None  # for a mechanic's kind: the mechanic's own pointer
    of: str | None = None
    when: tuple[tuple[str, tuple[str, ...]], ...] = ()
    needed_by: tuple[str, ...] = ()
    label: str = ""
    words: tuple[str, ...] = ()
    cites: tuple[str, ...] = ()

    def change(self, value: Any) -> dict[str, Any] | None:
        """The variant change that sets ``value`` here (None when it is today's); a value that is no part of a
        mechanic's form (those are set whole: ``changes``)."""
        if value == self.value and type(value) is type(self.value):
            return None
        return {"op": "replace", "path": self.pointer, "value": value}

    @property
    def formed(self) -> bool:
        """Whether this field is part of a mechanic's form: its kind, or one of its forms' parameters."""
        return self.whole is not None or self.of is not None

    @property
    def chooses_form(self) -> bool:
        """Whether this field chooses a form (a mechanic's kind, or a nested one's: an open raise rule's)."""
        return self.whole is not None or (self.of is not None and self.pointer.endswith("/kind"))

    def shown(self, chosen: Mapping[str, Any]) -> bool:
        """Whether this field belongs to the forms ``chosen`` (pointer -> value) holds."""
        return all(chosen.get(pointer) in kinds for pointer, kinds in self.when)


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
    """The form of each mechanic the pack declares, with the library's choices and each form's parameters
    (regola.mechanics.forms), then who sees each part."""
    from regola.mechanics.schema import FORMED
    from regola.mechanics.visibility import HELD_AUDIENCES, HELD_WORDS, PILE_AUDIENCES, PILE_WORDS

    mechanics = pack.data.get("mechanics")
    if not isinstance(mechanics, dict):
        return []
    out: list[Field] = []
    game = _Terms(pack)
    for name, mechanic in FORMED.items():
        block = mechanics.get(name)
        if not isinstance(block, dict) or "kind" not in block:
            continue
        out += _form_fields(mechanic, f"/mechanics/{name}", block, (), game)
    seen = mechanics.get("visibility") or {}
    for part, audience in seen.items():
        if part != "piles":
            out.append(Field(f"/mechanics/visibility/{escape_token(part)}", None, audience, "choice", HELD_AUDIENCES,
                             words=HELD_WORDS))
    for pile, audience in (seen.get("piles") or {}).items():  # a pile lies face up or down
        if isinstance(audience, str):
            out.append(Field(f"/mechanics/visibility/piles/{escape_token(pile)}", None, audience, "choice",
                             PILE_AUDIENCES, words=PILE_WORDS))
    return out


class _Terms:
    """What the game lends the library (its GameTerms), compiled only when a record asks, and the measures
    of the pack's parts."""

    def __init__(self, pack: Any) -> None:
        self.pack = pack
        self._terms: Any = None

    @property
    def terms(self) -> Any:
        if self._terms is None:
            from regola.core.game import Ruleset

            self._terms = Ruleset(self.pack).rules.mechanics.terms
        return self._terms

    def holds(self, condition: str) -> bool:
        from regola.mechanics.forms import flag

        return bool(condition) and flag(self.terms, condition)

    def measures(self) -> tuple[str, ...]:
        from regola.mechanics.parts import units

        return tuple(units(self.pack.data.get("mechanics") or {}))


def _form_fields(mechanic: Any, base: str, block: Mapping[str, Any], when: tuple[tuple[str, tuple[str, ...]], ...],
                 game: _Terms, of: str | None = None) -> list[Field]:
    """The kind of ``mechanic`` at ``base`` as a choice of the forms the game runs (its record's ``runs``,
    less a form ``refused_if`` the game's terms), then each parameter of those forms the game reads (less its
    record's ``unread``), shown under the forms that take it, needed by those that need it (or ``needed_if``
    the game's terms); a nested form's own parameters under its kinds too."""
    kinds = tuple(getattr(game.terms, mechanic.runs)) if mechanic.runs else mechanic.kinds
    kinds = tuple(k for k in kinds if not game.holds(mechanic.form(k).refused_if)) or (str(block.get("kind")),)
    unread = set(getattr(game.terms, mechanic.unread)) if mechanic.unread else set()
    kind_pointer = f"{base}/kind"
    today = str(block.get("kind", kinds[0]))
    if today not in kinds:  # a form the game cannot run as written here: start from the first it can
        today = kinds[0]
    words = tuple(mechanic.form(k).label for k in kinds)
    if of is None:
        out = [Field(kind_pointer, None, today, "choice", kinds, whole=base, label=mechanic.label, words=words,
                     cites=tuple(block.get("cites") or ()))]
    else:
        out = [Field(kind_pointer, None, today, "choice", kinds, of=of, when=when, label=mechanic.label, words=words)]
    root = of or base
    for param in mechanic.params:
        users = tuple(k for k in kinds if any(p.name == param.name for p in mechanic.takes(k)))
        if not users or param.name in unread:
            continue
        shown = when if set(users) == set(kinds) else (*when, (kind_pointer, users))
        needed = tuple(k for k in users if param.name in mechanic.needs(k) or game.holds(param.needed_if))
        pointer = f"{base}/{param.name}"
        value = block.get(param.name) if today in users else None
        if param.type == "form":
            inner = value if isinstance(value, dict) else {}
            out += _form_fields(param.inner, pointer, inner, shown, game, root)
            continue
        if param.type == "record":
            record = value if isinstance(value, dict) else {}
            for sub in param.fields:
                sub_needed = users if game.holds(sub.needed_if) else ()
                out.append(_param_field(sub, f"{pointer}/{sub.name}", record.get(sub.name), root, shown, sub_needed,
                                        game))
            continue
        out.append(_param_field(param, pointer, value, root, shown, needed, game))
    return out


def _param_field(param: Any, pointer: str, value: Any, of: str, when: tuple[tuple[str, tuple[str, ...]], ...],
                 needed: tuple[str, ...], game: _Terms) -> Field:
    if value is None:
        value = param.suggest
    if param.type == "choice":
        return Field(pointer, None, value, "choice", param.choices, of=of, when=when, needed_by=needed,
                     label=param.label, words=param.words)
    if param.type == "measure":
        found = game.measures()  # named by the pack's words for them (regola.text.mechanics.measure_names)
        return Field(pointer, None, value, "choice", found, of=of, when=when, needed_by=needed, label=param.label)
    return Field(pointer, None, value, "int", of=of, when=when, needed_by=needed, label=param.label)


def _chosen(members: list[Field], values: Mapping[str, Any]) -> dict[str, Any]:
    return {f.pointer: values.get(f.pointer, f.value) for f in members}


def _block(whole: str, members: list[Field], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The mechanic at ``whole`` as the fields ``chosen`` make it: its kind, and each parameter set that the
    chosen forms show, nested where it is nested."""
    block: dict[str, Any] = {}
    for f in members:
        value = chosen[f.pointer]
        if value is None or not f.shown(chosen):
            continue
        keys = f.pointer[len(whole) + 1:].split("/")
        at = block
        for key in keys[:-1]:
            at = at.setdefault(key, {})
        at[keys[-1]] = value
    return block


def _groups(known: tuple[Field, ...] | list[Field]) -> dict[str, list[Field]]:
    """Each mechanic's pointer -> its kind field and every parameter field of its forms."""
    groups: dict[str, list[Field]] = {}
    for f in known:
        if f.whole is not None:
            groups.setdefault(f.whole, []).insert(0, f)
        elif f.of is not None:
            groups.setdefault(f.of, []).append(f)
    return groups


def changes(known: tuple[Field, ...] | list[Field], values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The variant changes that set ``values`` (pointer -> value; a field left out keeps today's): one per
    value, and a mechanic whose form or parameters change replaced whole by what its fields make (the
    pack's citations kept while its kind stays)."""
    out = [c for f in known if not f.formed and f.pointer in values
           and (c := f.change(values[f.pointer])) is not None]
    for whole, members in _groups(known).items():
        before = _block(whole, members, _chosen(members, {}))
        after = _block(whole, members, _chosen(members, values))
        if after == before:
            continue
        kind = members[0]  # the kind field first (_groups)
        if kind.cites and after.get("kind") == kind.value:
            after["cites"] = list(kind.cites)
        out.append({"op": "replace", "path": whole, "value": after})
    return out


def unset(known: tuple[Field, ...] | list[Field], values: Mapping[str, Any]) -> list[Field]:
    """The parameters the chosen forms need that are not set."""
    missing: list[Field] = []
    for whole, members in _groups(known).items():
        chosen = _chosen(members, values)
        kind = chosen[f"{whole}/kind"]
        missing += [f for f in members if f.needed_by and f.shown(chosen) and chosen[f.pointer] is None
                    and _kind_of(f, chosen, kind) in f.needed_by]
    return missing


def _kind_of(f: Field, chosen: Mapping[str, Any], kind: Any) -> Any:
    """The kind that decides whether ``f`` is needed: its own form's (the last kind field it hangs under)."""
    return chosen.get(f.when[-1][0], kind) if f.when else kind


#: the most values one rule offers as fields (a rule over a long table shows its first ones), and how deep
#: a rule's data is walked for them
PER_RULE = 64
DEPTH = 6


def fields(pack: Any) -> list[Field]:
    """Every field of a house rule of this pack: each number and yes/no under the data its rules govern
    (walked into lists and tables, at most PER_RULE per rule, each value under the first rule that names
    it), then the forms of the mechanics (a value a form holds is offered there, with its form)."""
    out: list[Field] = []
    seen: set[str] = set()
    for rule_id, entry in pack.data.get("rules", {}).items():
        mine: list[Field] = []
        for pointer in entry.get("data", []):
            value = resolve(pack.data, pointer)
            if value is not MISSING:
                _walk(value, pointer, rule_id, mine, seen, DEPTH)
        out += mine[:PER_RULE]
    forms = mechanic_fields(pack)
    formed = {f.pointer for f in forms}  # a form's parameter a rule also governs is set with its form
    return [f for f in out if f.pointer not in formed] + forms


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

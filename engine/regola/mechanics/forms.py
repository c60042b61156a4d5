"""Each mechanic's forms, declared once: the record every reader takes a form from.

A :class:`Mechanic` (who starts, the order of play, how a hand is dealt, how a lot is auctioned, an open
auction's raise rule) lists its :class:`Form` s and every :class:`Param` they take. From that one record:

- ``schemas/mechanics.schema.json`` states the mechanic (``Mechanic.schema``; ``tools/schemas.py`` writes
  the file and a test fails when the committed file differs);
- the editing choices (``regola.mechanics.editable``): the workshop's and `regola new variant`'s choice of
  form, each form's parameters as fields with a value to start from, and the labels of both, which are
  gettext messages of the ``regola`` domain (marked with ``N_``) so a German page reads German;
- the behaviour module's list of its kinds (``START_KINDS = START.kinds``), so a form the record lacks
  cannot be run, nor one it has be missing from the schema;
- its compile step (``Mechanic.compile``, a function of the behaviour module): the block checked against
  the game's terms and turned into what the flow reads;
- the words of each form (``Form.says``): the sentence the rulebook, ``rules diff`` and the check give a
  block of that form, a gettext message of the ``regola`` domain (marked ``N_``, or ``NN_`` with its
  plural), and how each of its placeholders is filled from the block (:class:`Value`);
  ``regola.text.mechanics`` fills them, and has no branch of its own per form.

A parameter named by several forms (``by`` of ``fewest`` and ``most``) is declared once; the schema says
which forms take it and which need it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CITES", "MEASURE", "NAME", "NAME_PATTERN", "POINTER", "SHOWN", "Form", "Mechanic", "Param", "Says", "Value",
           "flag", "named"]

#: the shared definitions the fragments point at (``$defs`` of schemas/mechanics.schema.json)
MEASURE = {"$ref": "#/$defs/measure"}
CITES = {"$ref": "#/$defs/cites"}
#: a name the data gives (a part, a pile, a phase, a verb): lower case, bounded
NAME_PATTERN = "^[a-z][a-z0-9_]{0,31}$"
NAME: dict[str, Any] = {"type": "string", "pattern": NAME_PATTERN}
#: a JSON pointer into the pack, bounded in depth and length
POINTER: dict[str, Any] = {"type": "string", "pattern": "^(/[A-Za-z0-9_.~-]{1,64}){1,8}$"}


def named(about: str, like: dict[str, Any] = NAME) -> dict[str, Any]:
    """A name (or, ``like=POINTER``, a pointer) with its description, for a schema fragment."""
    return {**like, "description": about}
#: a price, a bid or a step: far above any printed one, and bounded (docs/CHECK.md, Bounds)
MONEY = 1_000_000
#: how a placeholder shows its value: a sum of the pack's money, a plain number, a count of cards, the name
#: of a measure (its unit's form for five: what "the fewest …" counts), a parameter's phrase for its choice
SHOWN = ("money", "number", "cards", "measure", "phrase")


@dataclass(frozen=True)
class Value:
    """How one placeholder of a form's sentence is filled: from the block's value at ``at`` (a path,
    ``raise/by``; ``|`` between alternatives, the first present wins: ``raise/min|raise/by``), shown as
    ``shown`` (one of SHOWN; ``phrase``: the phrase of the parameter ``at`` names), ``default`` when the
    block has none."""

    name: str
    at: str
    shown: str
    default: Any = None

    def __post_init__(self) -> None:
        assert self.shown in SHOWN, f"{self.name}: no way to show {self.shown!r}"

    def raw(self, block: Mapping[str, Any]) -> Any:
        """The block's value for this placeholder (``default`` when no alternative is present)."""
        for path in self.at.split("|"):
            node: Any = block
            for key in path.split("/"):
                node = node.get(key) if isinstance(node, Mapping) else None
            if node is not None:
                return node
        return self.default


@dataclass(frozen=True)
class Says:
    """A form's sentence: its template (a msgid; ``plural`` and the placeholder ``count`` whose number
    picks the form, for a sentence with plural forms) and how each placeholder is filled, in order."""

    text: str
    plural: str = ""
    count: str = ""
    values: tuple[Value, ...] = ()

    def __post_init__(self) -> None:
        assert not self.plural or any(v.name == self.count for v in self.values), "a plural is counted by a value"


@dataclass(frozen=True)
class Param:
    """One parameter of a form.

    ``type`` is ``int`` (``low``..``high``), ``choice`` (one of ``choices``, labelled by ``words``),
    ``measure`` (a measure the pack declares), ``form`` (a nested mechanic, ``inner``: an open auction's
    raise rule) or ``record`` (a fixed set of ``fields``, ``needs`` of them required). ``about`` is the
    schema's English description; ``label`` the reader's name for it (a gettext msgid); ``suggest`` the
    value the workshop offers when a reader first picks a form that takes it (a starting point, not a
    rule: the check judges the result).
    """

    name: str
    label: str
    about: str = ""
    type: str = "int"
    low: int = 0
    high: int = MONEY
    choices: tuple[str, ...] = ()
    words: tuple[str, ...] = ()  # a choice's label each (msgids), in the order of ``choices``
    #: a choice's phrase each within a form's sentence ((context, msgid), marked ``NC_``), where one says it
    said: tuple[tuple[str, str], ...] = ()
    inner: Mechanic | None = None
    fields: tuple[Param, ...] = ()
    needs: tuple[str, ...] = ()
    suggest: Any = None
    note: str = ""  # the schema's $comment
    #: a game flag (an attribute of GameTerms, "not " before it to negate) under which the forms that take
    #: this parameter need it, where the schema cannot say so for every game (Princes of Florence's listed
    #: sealed bids; the price of a fixed-price lot in a game with no price of its own)
    needed_if: str = ""

    def __post_init__(self) -> None:
        assert self.type != "choice" or len(self.words) == len(self.choices), f"{self.name}: a label per choice"
        assert not self.said or len(self.said) == len(self.choices), f"{self.name}: a phrase per choice"

    def schema(self, users: tuple[str, ...] = ()) -> dict[str, Any]:
        """The JSON Schema of this parameter; ``users``: the forms that take it, named in its description."""
        out: dict[str, Any]
        if self.type == "int":
            out = {"type": "integer", "minimum": self.low, "maximum": self.high}
        elif self.type == "choice":
            out = {"enum": list(self.choices)}
        elif self.type == "measure":
            out = dict(MEASURE)
        elif self.type == "form":
            assert self.inner is not None
            out = self.inner.schema()
        elif self.type == "record":
            out = {"type": "object", "additionalProperties": False, "required": list(self.needs),
                   "properties": {p.name: p.schema() for p in self.fields}}
        else:
            raise ValueError(f"parameter {self.name}: no type {self.type!r}")
        if self.note:
            out["$comment"] = self.note
        about = f"{'/'.join(users)}: {self.about}" if users and self.about else self.about
        if about:
            out = _described(out, about)
        return out


def _described(schema: dict[str, Any], about: str) -> dict[str, Any]:
    """``schema`` with its description placed after its type and before its parts, as the file reads."""
    head = {k: v for k, v in schema.items() if k in ("type", "additionalProperties", "required", "enum", "$ref",
                                                      "minimum", "maximum", "$comment")}
    return {**head, "description": about, **{k: v for k, v in schema.items() if k not in head}}


@dataclass(frozen=True)
class Form:
    """One form of a mechanic: its ``kind`` (the data's name), its label (a msgid), the schema's English
    description, the parameters it takes (names of the mechanic's ``params``) and those it needs."""

    kind: str
    label: str
    about: str
    takes: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    refused_if: str = ""  # a game flag (GameTerms) under which the game cannot run this form
    #: the shapes a rule's text may hold under alone (``form: open/exactly``), and which one a block of this
    #: form has (its raise rule's kind, whether its bids are listed)
    subforms: tuple[str, ...] = ()
    subform: Callable[[Mapping[str, Any]], str] | None = field(default=None, compare=False, repr=False)
    #: its words: one sentence, or one per shape of the block (``shape`` says which; a shape may hang on
    #: how the game asks, ``asked_from``, which the words add to the block)
    says: Says | Mapping[str, Says] | None = None
    shape: Callable[[Mapping[str, Any]], str] | None = field(default=None, compare=False, repr=False)
    #: what the form does, in the words the games' steps ask (``sealed``, ``falling``, ``passed`` …; the
    #: mechanic lists them in ``traits``): a game runs a form by its traits and never asks its name, so a
    #: new form made of traits the game runs needs no change in the game
    traits: tuple[str, ...] = ()

    def sentence(self, block: Mapping[str, Any]) -> Says:
        """The sentence that says a block of this form."""
        assert self.says is not None, f"{self.kind}: no words"
        if isinstance(self.says, Says):
            return self.says
        return self.says[self.shape(block) if self.shape is not None else ""]


@dataclass(frozen=True)
class Mechanic:
    """A mechanic whose form data chooses: its block name, its label, its description, its forms, every
    parameter any form takes (once), and those every form needs (``common``: a deal's cards dealt and kept)."""

    name: str
    label: str
    about: str
    forms: tuple[Form, ...]
    params: tuple[Param, ...] = ()
    common: tuple[str, ...] = ()
    runs: str = ""  # the GameTerms attribute naming the forms a game runs (none: every form)
    unread: str = ""  # the GameTerms attribute naming the parameters a game does not read, and why
    title: str = ""  # the title of the rule its words make (a msgid)
    #: its compile step (the behaviour module's): (the block or None, the game's terms, the pack's measures,
    #: the block's pointer) -> what the flow reads; every fault the schema cannot see is a PackError there
    compiler: Callable[[Mapping[str, Any] | None, Any, Mapping[str, str], str], Any] | None = field(
        default=None, compare=False, repr=False)
    #: every trait a form of this mechanic may have, and what it means (Form.traits)
    traits: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = {p.name for p in self.params}
        for form in self.forms:
            assert set(form.traits) <= set(self.traits), f"{self.name}/{form.kind}: traits it does not list"
            unknown = (set(form.takes) | set(form.needs)) - names
            assert not unknown, f"{self.name}/{form.kind} names no parameter {sorted(unknown)}"
            assert set(form.needs) <= set(form.takes), f"{self.name}/{form.kind} needs what it does not take"
        assert set(self.common) <= names

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(f.kind for f in self.forms)

    def signatures(self) -> tuple[str, ...]:
        """Every form and shape a rule's text may say it holds under: ``open`` and ``open/exactly``."""
        return tuple(name for f in self.forms for name in (f.kind, *(f"{f.kind}/{sub}" for sub in f.subforms)))

    def signature(self, block: Mapping[str, Any]) -> str:
        """The form and shape a block chooses (``open/exactly``; its kind alone for a form with no shapes)."""
        kind = str(block.get("kind"))
        form = next((f for f in self.forms if f.kind == kind), None)
        if form is None or form.subform is None:
            return kind
        return f"{kind}/{form.subform(block)}"

    def compile(self, raw: Mapping[str, Any] | None, terms: Any, units: Mapping[str, str], pointer: str) -> Any:
        """The block (None: the pack has none) compiled against the game's terms (regola.mechanics.terms)."""
        assert self.compiler is not None, f"{self.name}: no compile step"
        return self.compiler(raw, terms, units, pointer)

    def form(self, kind: str) -> Form:
        return next(f for f in self.forms if f.kind == kind)

    def param(self, name: str) -> Param:
        return next(p for p in self.params if p.name == name)

    def takes(self, kind: str) -> tuple[Param, ...]:
        """The parameters the form ``kind`` takes, common ones first, in the mechanic's order."""
        own = set(self.form(kind).takes) | set(self.common)
        return tuple(p for p in self.params if p.name in own)

    def needs(self, kind: str) -> tuple[str, ...]:
        return (*self.common, *self.form(kind).needs)

    def schema(self) -> dict[str, Any]:
        """This mechanic's JSON Schema: the forms as the enum of ``kind``, each parameter once, and for each
        parameter an ``allOf`` item that requires it of the forms that need it and refuses it elsewhere."""
        kind = {"enum": list(self.kinds), "description": "; ".join(f"{f.kind}: {f.about}" for f in self.forms)}
        properties: dict[str, Any] = {"kind": kind}
        rules: list[dict[str, Any]] = []
        for param in self.params:
            users = () if param.name in self.common else tuple(f.kind for f in self.forms if param.name in f.takes)
            properties[param.name] = param.schema(users if 0 < len(users) < len(self.forms) else ())
            if param.name in self.common:
                continue
            needing = [f.kind for f in self.forms if param.name in f.needs]
            if needing:
                rules.append({"if": _kind_in(needing), "then": {"required": [param.name]}})
            refusing = [f.kind for f in self.forms if param.name not in f.takes]
            if refusing:
                rules.append({"if": _kind_in(refusing), "then": {"not": {"required": [param.name]}}})
        properties["cites"] = dict(CITES)
        out: dict[str, Any] = {"type": "object", "additionalProperties": False,
                               "required": ["kind", *self.common]}
        if self.about:
            out["description"] = self.about
        out["properties"] = properties
        if rules:
            out["allOf"] = rules
        return out


def flag(terms: Any, condition: str) -> bool:
    """A record's game condition (``"listed_bids"``, ``"not fixed_price"``) read from a game's terms."""
    if not condition:
        return False
    negated = condition.startswith("not ")
    return bool(getattr(terms, condition.removeprefix("not "))) != negated


def _kind_in(kinds: list[str]) -> dict[str, Any]:
    return {"properties": {"kind": {"const": kinds[0]} if len(kinds) == 1 else {"enum": kinds}}}


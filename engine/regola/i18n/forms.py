"""Names and amounts in the form a sentence needs.

A catalog names a thing once, in the form a list or a heading shows it (``name``), and may add the forms
sentences need: a grammatical case (Czech, Polish, German) or the name with its article (French). A
template asks for a form after a colon: ``licytuję {1:acc}`` (Polish: "I bid for the Jester" needs the
accusative, Błazna), ``construire {1:def}`` (French: l’Université), ``{who} gewinnt mit {score:dat}``
(German: mit 34 Prestigepunkten). A name or amount is then an ``Inflected``: a ``str`` that reads as its
plain form everywhere and carries the others. A value without the asked form shows its plain form; the
tests render every option and narration strictly (``strict``), so a form a template needs and a catalog
lacks fails there, not at a table.

Placeholders are matched by one pattern (``PLACEHOLDER``) everywhere regola fills, checks or exports a
template, so ``{name}``, ``{1}`` and ``{name:acc}`` are one placeholder to every reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

#: the forms a template may ask for: the cases, and the French name with its definite article
FORMS = ("nom", "gen", "dat", "acc", "ins", "loc", "def")
#: a placeholder: a name or a position (an action label's argument), with an optional form after a colon
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*|[0-9]{1,2})(?::([a-z]{3}))?\}")
#: the same, its key as the one group (``findall`` gives the keys)
KEYS = re.compile(r"\{([a-z_][a-z0-9_]*|[0-9]{1,2})(?::[a-z]{3})?\}")
#: a named placeholder only (rule texts and messages), its name as the one group
NAMED = re.compile(r"\{([a-z_][a-z0-9_]*)(?::[a-z]{3})?\}")
#: a named placeholder with its name and its form as two groups (regola.i18n.Words fills with it)
NAMED_FORM = r"\{([a-z_][a-z0-9_]*)(?::([a-z]{3}))?\}"


def unknown_forms(template: str) -> list[str]:
    """The forms ``template`` asks for that no catalog can give (a typo: ``{1:akk}``)."""
    return [m.group(2) for m in PLACEHOLDER.finditer(template) if m.group(2) and m.group(2) not in FORMS]

_strict: list[bool] = [False]


class MissingForm(LookupError):
    """A template asked a value for a form its catalog does not give (raised only under ``strict``)."""


class Inflected(str):
    """A name or an amount: reads as its plain form, and gives ``form(key)`` where its catalog has one."""

    forms: Mapping[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None) -> Inflected:
        made = super().__new__(cls, text)
        made.forms = dict(forms or {})
        return made

    def form(self, key: str) -> str:
        if key in self.forms:
            return self.forms[key]
        if _strict[0] and key != "nom":
            raise MissingForm(f"{str(self)!r} has no form {key!r} (its catalog gives {sorted(self.forms) or 'none'})")
        return str(self)


def forms_of(entry: Mapping[str, object]) -> dict[str, str]:
    """The forms a catalog entry gives beside its name (``{name: Błazen, acc: Błazna}`` → ``{acc: Błazna}``)."""
    return {k: str(v) for k, v in entry.items() if k in FORMS and isinstance(v, str)}


def shown(value: object, form: str | None) -> str:
    """A value as a placeholder with ``form`` shows it."""
    if form and isinstance(value, Inflected):
        return value.form(form)
    if form and _strict[0] and form != "nom" and isinstance(value, str) and not value.isdigit():
        raise MissingForm(f"{value!r} carries no forms, and a template asks it for {form!r}")
    return str(value)


def fill(template: str, lookup: Callable[[str], object | None]) -> str:
    """``template`` with each placeholder replaced by ``lookup(name)`` in the asked form; a placeholder whose
    value is None stays as written (never ``str.format``: a template from a file never reaches attributes)."""

    def one(match: re.Match[str]) -> str:
        value = lookup(match.group(1))
        return match.group(0) if value is None else shown(value, match.group(2))

    return PLACEHOLDER.sub(one, template)


def fill_positions(template: str, parts: Sequence[object]) -> str:
    """An action label's template: ``{0}`` the verb, ``{1}``… its arguments (missing ones are empty)."""
    return fill(template, lambda key: (parts[int(key)] if int(key) < len(parts) else "") if key.isdigit() else None)


def names_in(template: str) -> list[tuple[str, str | None]]:
    """Each placeholder of ``template``: its name and the form it asks for (None: the plain one)."""
    return [(m.group(1), m.group(2)) for m in PLACEHOLDER.finditer(template)]


class strict:
    """Within ``with strict():`` a missing form raises MissingForm (the tests' walk over every option)."""

    def __enter__(self) -> None:
        _strict[0] = True

    def __exit__(self, *exc: object) -> None:
        _strict[0] = False

"""The interface catalogs' workflow, with Babel's gettext tools: extract the messages the code marks
(``words.gettext("…")`` and friends) into a template per domain, update each language's PO file from
it, check them, and compile them (``tools/i18n.py`` runs these; ``pybabel`` can too, with the mapping
files written next to the templates).

Each domain extracts its own source files (``DOMAINS``), so a surface with its own translators (the
compare report) has its own template and PO files. English is the msgid language: its PO file is
filled from the template (msgstr = msgid), every other language is translated by people.
"""

from __future__ import annotations

import copy
import datetime
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from regola.i18n import LOCALE_DIR, PLACEHOLDER, po_path
from regola.i18n.forms import FORMS, unknown_forms

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

__all__ = ["DOMAINS", "LANGUAGES", "SOURCE_ROOT", "Problem", "check", "compile_mo", "extract", "files_of",
           "pot_path", "read", "update", "write"]

#: the folder the patterns below are relative to (the `regola` package)
SOURCE_ROOT = Path(__file__).resolve().parents[1]
#: domain -> the source files whose messages it holds (glob patterns under SOURCE_ROOT; a file in two
#: domains' patterns belongs to the first). ``report`` is the compare report's (issue 20).
DOMAINS: dict[str, tuple[str, ...]] = {
    "report": ("sim/*.py", "cli/compare.py"),
    "tables": ("tables/**/*.py", "serve/tables/*.py", "games/*/board.py"),
    "regola": ("cli/*.py", "serve/*.py", "text/*.py", "i18n/*.py", "games/**/*.py", "core/*.py", "mechanics/*.py"),
}
#: the languages regola's interface is shipped in (a PO file each, complete)
LANGUAGES = ("cs", "de", "en", "fr", "pl")
#: the comments for translators that extraction keeps (``# TRANSLATORS: …`` above a message)
COMMENT_TAGS = ("TRANSLATORS:",)
#: the marks of messages kept in records (regola.i18n: ``NN_`` a plural, ``NC_`` one with its context), beside
#: gettext's own calls and ``N_``
MARKS: dict[str, tuple[int | tuple[int, str], ...]] = {"NN_": (1, 2), "NC_": ((1, "c"), 2)}
#: a fixed date in the headers, so an unchanged catalog writes the same bytes
STAMP = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def pot_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def files_of(domain: str) -> list[Path]:
    """The source files whose messages belong to ``domain``."""
    taken: set[Path] = set()
    for other, patterns in DOMAINS.items():
        if other == domain:
            break
        taken |= {p for pattern in patterns for p in SOURCE_ROOT.glob(pattern)}
    found = {p for pattern in DOMAINS[domain] for p in SOURCE_ROOT.glob(pattern)} - taken
    return sorted(p for p in found if "locale" not in p.parts)


def extract(domain: str) -> Catalog:
    """The template of a domain: every message its files mark, with the translators' comments."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    template = Catalog(project="regola", domain=domain, creation_date=STAMP, revision_date=STAMP,
                       fuzzy=False, header_comment=f"# regola interface text, domain {domain!r} (template).")
    for path in files_of(domain):
        relative = path.relative_to(SOURCE_ROOT).as_posix()
        found = extract_from_file("python", str(path), keywords={**DEFAULT_KEYWORDS, **MARKS},
                                  comment_tags=COMMENT_TAGS, strip_comment_tags=True)
        for line, message, comments, context in found:
            flags = {"python-brace-format"} if _placeholders(message) else set()
            template.add(message, None, [(relative, line)], auto_comments=comments, context=context, flags=flags)
    return template


def _placeholders(message: str | tuple[str, ...] | list[str] | None) -> set[str]:
    if message is None:
        return set()
    texts = message if isinstance(message, tuple | list) else (message,)
    return {name for text in texts if text for name in PLACEHOLDER.findall(text)}


def read(path: Path, lang: str | None = None, domain: str | None = None) -> Catalog:
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def _drop_remnants(catalog: Catalog) -> None:
    """Drop every plain comment of a message (the file's header comment stays). Babel writes a long
    previous msgid (``#| msgid …``) wrapped over several ``#|`` lines and reads the wrapped ones back as
    plain comments (``# | msgid …``, ``# referees``), so they piled up with each update: 81 such lines in
    each PO file of the ``regola`` domain before, 100 after one more session. A note for the translators of
    these catalogs is written in the code (``# TRANSLATORS: …``, kept as ``#.``), never in the PO file,
    which every update rewrites."""
    for message in catalog:
        if message.id:
            message.user_comments = []


def write(catalog: Catalog, path: Path) -> bool:
    """Write a PO/POT file when its content changed; True when written."""
    from babel.messages.pofile import write_po

    _drop_remnants(catalog)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, include_previous=True)
    data = buffer.getvalue()
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update(domain: str, lang: str, template: Catalog | None = None) -> Catalog:
    """The PO catalog of ``lang`` brought in step with the template: new messages added (empty),
    changed ones marked fuzzy with their previous msgid, vanished ones made obsolete. English is filled
    from the msgids."""
    from babel.messages.catalog import Catalog

    # a copy: Catalog.update shares the template's messages, and English fills them in
    template = copy.deepcopy(template) if template is not None else extract(domain)
    path = po_path(lang, domain)
    if path.is_file():
        catalog = read(path, lang, domain)
    else:
        catalog = Catalog(locale=lang, domain=domain, project="regola", creation_date=STAMP, revision_date=STAMP,
                          fuzzy=False, header_comment=f"# regola interface text in {lang}, domain {domain!r}.")
    catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
    catalog.creation_date = catalog.revision_date = STAMP
    catalog.obsolete.clear()
    if lang == "en":
        for message in catalog:
            if message.id:
                message.string = message.id
                message.flags.discard("fuzzy")
                message.previous_id = []
    return catalog


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


def _nplurals(catalog: Catalog) -> int:
    return int(catalog.num_plurals)


def message_problems(message: Message, nplurals: int) -> list[str]:
    """What is wrong with one translated message: a placeholder added or lost, the wrong number of
    plural forms. An untranslated message is not wrong here (see ``check``)."""
    if not message.id or not message.string:
        return []
    wanted = _placeholders(message.id)
    problems = []
    if isinstance(message.id, tuple | list):
        forms = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
        if len(forms) != nplurals:
            problems.append(f"{len(forms)} plural forms, the language has {nplurals}")
        texts = [f for f in forms if f]
    else:
        texts = [str(message.string)]
    for text in texts:
        found = set(PLACEHOLDER.findall(text))
        # a plural form may leave out {n} ("one apprentice"), never add a name or lose another
        extra, lost = found - wanted, (wanted - found) - {"n"}
        if extra:
            problems.append(f"{{{', '.join(sorted(extra))}}} is not in the msgid")
        if lost:
            problems.append(f"the translation lacks {{{', '.join(sorted(lost))}}}")
        for form in unknown_forms(text):
            problems.append(f"the form ':{form}' is none a catalog gives ({', '.join(FORMS)}: regola/i18n/forms.py)")
    return problems


def _shown(path: Path) -> str:
    """A catalog file as messages name it: relative to the repository when it is in it."""
    root = SOURCE_ROOT.parents[1]
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)


def check(domain: str, languages: Iterable[str] | None = None, template: Catalog | None = None) -> list[Problem]:
    """Everything that keeps a domain's catalogs from being complete and current: the template out of
    date with the code, a PO file missing, lacking a message, fuzzy, untranslated or wrong."""
    template = template if template is not None else extract(domain)
    problems: list[Problem] = []
    pot = pot_path(domain)
    wanted = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in template if m.id}
    shown_pot = _shown(pot)
    if not pot.is_file():
        problems.append(Problem(shown_pot, 0, "no template: run `python tools/i18n.py update`"))
    else:
        have = {(m.id if isinstance(m.id, str) else tuple(m.id), m.context) for m in read(pot, None, domain) if m.id}
        if have != wanted:
            problems.append(Problem(shown_pot, 0, f"out of date with the code ({len(wanted - have)} new, "
                                    f"{len(have - wanted)} gone): run `python tools/i18n.py update`"))
    for lang in languages if languages is not None else LANGUAGES:
        path = po_path(lang, domain)
        shown = _shown(path)
        if not path.is_file():
            problems.append(Problem(shown, 0, f"no {lang} catalog of the domain {domain!r}"))
            continue
        catalog = read(path, lang, domain)
        nplurals = _nplurals(catalog)
        present = set()
        for message in catalog:
            if not message.id:
                continue
            key = (message.id if isinstance(message.id, str) else tuple(message.id), message.context)
            present.add(key)
            shown_id = message.id if isinstance(message.id, str) else message.id[0]
            if "fuzzy" in message.flags:
                problems.append(Problem(shown, message.lineno or 0,
                                        f"fuzzy (review it, then remove the flag): {shown_id!r}"))
            strings = message.string if isinstance(message.string, tuple | list) else [message.string]
            if not all(strings):
                problems.append(Problem(shown, message.lineno or 0, f"not translated: {shown_id!r}"))
            problems += [Problem(shown, message.lineno or 0, f"{shown_id!r}: {p}")
                         for p in message_problems(message, nplurals)]
        for key in sorted(wanted - present, key=str):
            problems.append(Problem(shown, 0, f"lacks the message {key[0]!r}: run `python tools/i18n.py update`"))
    return problems


def compile_mo(domain: str, lang: str) -> Path:
    """``LC_MESSAGES/<domain>.mo`` next to the PO file, for programs that read compiled catalogs."""
    from babel.messages.mofile import write_mo

    catalog = read(po_path(lang, domain), lang, domain)
    target = po_path(lang, domain).with_suffix(".mo")
    with target.open("wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)
    return target

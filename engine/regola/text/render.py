"""A complete rulebook, generated from a pack's data and one language's catalog (Markdown or HTML).

Every number comes from the pack (plus variants) through the catalog's placeholders, so a variant
that changes a number changes every language's rulebook. The game's headings (sections, table
columns, its packs and sources) come from the rule catalog, the rest ("Contents", "Rule", …) from
regola's interface catalog in the same language. The HTML is one self-contained file built with the
standard library (``html.escape``): no template engine is needed for a fixed layout.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regola.i18n import words
from regola.text.bind import BoundRule, bind_all
from regola.text.catalog import Catalog

if TYPE_CHECKING:
    from regola.core.pack import Pack

__all__ = ["SECTIONS", "Book", "book_title", "build_book", "html_lang", "render_html", "render_markdown",
           "rulebook_name", "section_of", "sources_line"]

#: section id -> rule ID prefixes it gathers, in rulebook order
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("setup", ("game.", "setup.")),
    ("phases", ("flow.", "rounds.", "planning.", "placement.", "round_end.", "mechanics.")),
    ("districts", ("district.", "council.", "workshop.", "academy.", "shop.")),
    ("labs", ("labs.",)),
    ("completion", ("completion.",)),
    ("auctions", ("completion.auction", "completion.order")),
    ("scoring", ("scoring.", "mechanics.awards.")),
    ("inventions", ("inventions.",)),
    ("variants", ("variant.",)),
    ("rulings", ()),
)


def sections_of(pack: Pack | None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The rulebook's sections: the pack's own (``rulebook.sections`` of its data), else SECTIONS."""
    declared = (pack.data.get("rulebook") or {}).get("sections") if pack is not None else None
    if not declared:
        return SECTIONS
    return tuple((s["id"], tuple(s["prefixes"])) for s in declared)


def section_of(rule_id: str, sections: tuple[tuple[str, tuple[str, ...]], ...] = SECTIONS) -> str:
    """The rulebook section a rule belongs to: the longest matching prefix wins (auctions before completion)."""
    ids = [section for section, _ in sections]
    best, length = "phases" if "phases" in ids else ids[0], 0
    for section, prefixes in sections:
        for prefix in prefixes:
            if rule_id.startswith(prefix) and len(prefix) > length:
                best, length = section, len(prefix)
    return best


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]


@dataclass
class Section:
    id: str
    title: str
    rules: list[BoundRule] = field(default_factory=list)
    tables: list[tuple[str, Table]] = field(default_factory=list)  # (caption, table), after the rules
    notes: list[tuple[str, str]] = field(default_factory=list)  # (heading, text): variants, rulings


@dataclass
class Book:
    language: str
    title: str
    subtitle: str
    sections: list[Section]
    #: rules shown in another language than the book's (a translation in progress): id -> language
    fallback: dict[str, str] = field(default_factory=dict)


def tables_of(catalog: Catalog, pack: Pack) -> list[tuple[str, str, str, Table]]:
    """The rulebook's tables of a game that has them (``GameDefinition.rulebook_tables``, in the game's
    package): (section, caption, the data they show, table); a table whose section the rulebook lacks is
    left out."""
    from regola.core.game import definition_for

    made = definition_for(pack.game).rulebook_tables
    if made is None:
        return []
    ids = {section for section, _ in sections_of(pack)}
    return [t for t in made()(catalog, pack) if t[0] in ids]


def _variant_notes(catalog: Catalog, pack: Pack, fallback: Catalog | None = None) -> list[tuple[str, str]]:
    """Each official variant that applies to the pack, with its own rules bound over pack + variant."""
    from regola.core.pack import load_pack
    from regola.core.variant import load_variant
    from regola.text.diff import variant_title

    notes = []
    applied = {v.id for v in pack.variants}
    base_rules = set(pack.data.get("rules", {}))
    for path in _variant_files(pack):
        variant = load_variant(path)
        if pack.id not in variant.base or variant.id in applied:
            continue
        with_variant = load_pack(pack.root, variants=[*pack.variants, variant])
        added = [r for r in with_variant.data.get("rules", {}) if r not in base_rules]
        bound = bind_all(catalog, with_variant, fallback)
        text = " ".join(f"{bound[r].text}" for r in added) or variant.title
        title = variant_title(catalog, variant)
        notes.append((title, f"{text} [{', '.join(variant.cites)}]"))
    return notes


def _variant_files(pack: Pack) -> list[Path]:
    folder = pack.root.parent
    found = []
    for candidate in sorted(folder.glob("*/variants/*.y*ml")):
        found.append(candidate)
    return found


def build_book(catalog: Catalog, pack: Pack, fallback: Catalog | None = None) -> Book:
    """The rulebook's content, independent of the output format; a rule the catalog lacks is shown
    from ``fallback`` (the pack's own language) and marked with its language."""
    bound = bind_all(catalog, pack, fallback)
    layout = sections_of(pack)
    sections = {sid: Section(sid, catalog.chrome(sid)) for sid, _ in layout}
    for rule in bound.values():
        sections[section_of(rule.id, layout)].rules.append(rule)
    for section, caption, _root, table in tables_of(catalog, pack):
        sections[section].tables.append((caption, table))
    if "variants" in sections:
        sections["variants"].notes += _variant_notes(catalog, pack, fallback)
    rulings = {**(fallback.rulings if fallback is not None else {}), **catalog.rulings}  # untranslated: as written
    if rulings and "rulings" not in sections:  # a layout without the section still prints what rules cite
        sections["rulings"] = Section("rulings", catalog.chrome("rulings"))
    for ruling, entry in sorted(rulings.items(), key=lambda kv: int(kv[0][1:])):
        sections["rulings"].notes.append((f"{ruling} · {entry['title']}", entry["text"]))
    w = words(catalog.language)
    from regola.text.diff import variant_title

    # each variant by its title in the reader's language, as the variant list and rules diff name it
    applied = w.join(variant_title(catalog, v) for v in pack.variants) if pack.variants else w.gettext("none")
    subtitle = w.gettext("Pack: {pack} · Variants applied: {variants} · Sources: {sources}", pack=pack.id,
                         variants=applied, sources=sources_line(catalog, pack))
    other = {r.id: r.language for r in bound.values() if r.language != catalog.language}
    return Book(catalog.language, book_title(catalog, pack), subtitle, list(sections.values()), other)


def book_title(catalog: Catalog, pack: Pack) -> str:
    """The pack's title in the catalog's language (``chrome.pack_title_<id>``), else the pack's own."""
    return catalog.chrome_or(f"pack_title_{pack.id}", pack.title)


def sources_line(catalog: Catalog, pack: Pack) -> str:
    """Each source the pack cites, described in the catalog's language (``chrome.source_<nnn>``)."""
    return "; ".join(f"{key} {catalog.chrome_or(f'source_{key}', str(meta.get('title', '')))}"
                     for key, meta in pack.meta.get("sources", {}).items())


def rulebook_name(pack: Pack, language: str, fmt: str) -> str:
    """The file name of a rulebook: pack, applied variants and language, so no rulebook overwrites another."""
    variants = "".join(f"+{v.id}" for v in pack.variants)
    return f"rulebook.{pack.id}{variants}.{language}.{fmt}"


# --- Markdown ---------------------------------------------------------------------------------------


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(book: Book, catalog: Catalog) -> str:
    w = words(catalog.language)
    contents, rule_word = w.gettext("Contents"), w.gettext("Rule")
    out = [f"# {book.title}", "", f"_{book.subtitle}_", "", f"## {contents}", ""]
    for number_, section in enumerate(book.sections, 1):
        out.append(f"{number_}. [{section.title}](#{section.id})")
    out.append("")
    for section in book.sections:
        out += [f'<a id="{section.id}"></a>', "", f"## {section.title}", ""]
        for rule in section.rules:
            out += [f"### {rule.title}", "", rule.text, "",
                    f"<sub>{rule_word} `{rule.id}`" + (f" · {', '.join(rule.cites)}" if rule.cites else "") + "</sub>",
                    ""]
        for caption, table in section.tables:
            out += [f"**{caption}**", "", "| " + " | ".join(map(_md_cell, table.headers)) + " |",
                    "|" + "---|" * len(table.headers)]
            out += ["| " + " | ".join(map(_md_cell, row)) + " |" for row in table.rows]
            out.append("")
        for heading, text in section.notes:
            out += [f"### {heading}", "", text, ""]
    return "\n".join(out).rstrip() + "\n"


# --- HTML -------------------------------------------------------------------------------------------

_STYLE = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;line-height:1.45}"
          "table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #bbb;padding:.2rem .4rem;"
          "vertical-align:top}th{background:#eee}.cite{color:#666;font-size:.8rem}")


def html_lang(language: str) -> str:
    """A catalog language as an HTML ``lang`` value (BCP 47: ``de-AT``, ``en-XA``)."""
    return language.replace("_", "-")


def render_html(book: Book, catalog: Catalog) -> str:
    esc = html.escape
    w = words(catalog.language)
    contents, rule_word = esc(w.gettext("Contents")), esc(w.gettext("Rule"))
    out = ["<!DOCTYPE html>", f'<html lang="{esc(html_lang(book.language))}">', "<head>", '<meta charset="utf-8">',
           f"<title>{esc(book.title)}</title>", f"<style>{_STYLE}</style>", "</head>", "<body>",
           f"<h1>{esc(book.title)}</h1>", f'<p class="cite">{esc(book.subtitle)}</p>',
           f'<nav id="contents"><h2>{contents}</h2><ol>']
    out += [f'<li><a href="#{s.id}">{esc(s.title)}</a></li>' for s in book.sections]
    out.append("</ol></nav>")
    for section in book.sections:
        out.append(f'<section id="{section.id}"><h2>{esc(section.title)}</h2>')
        for rule in section.rules:
            lang = f' lang="{esc(html_lang(rule.language))}"' if rule.language != book.language else ""
            out.append(f'<article id="rule-{esc(rule.id)}"{lang}><h3>{esc(rule.title)}</h3><p>{esc(rule.text)}</p>'
                       f'<p class="cite">{rule_word} <code>{esc(rule.id)}</code>'
                       + (f" · <cite>{esc(', '.join(rule.cites))}</cite>" if rule.cites else "") + "</p></article>")
        for caption, table in section.tables:
            out.append(f"<table><caption>{esc(caption)}</caption><thead><tr>"
                       + "".join(f"<th>{esc(h)}</th>" for h in table.headers) + "</tr></thead><tbody>")
            out += ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in table.rows]
            out.append("</tbody></table>")
        for heading, text in section.notes:
            out.append(f"<h3>{esc(heading)}</h3><p>{esc(text)}</p>")
        out.append("</section>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def render(catalog: Catalog, pack: Pack, fmt: str, fallback: Catalog | None = None) -> str:
    """The whole rulebook in ``fmt`` ('md' or 'html')."""
    book = build_book(catalog, pack, fallback)
    return render_html(book, catalog) if fmt == "html" else render_markdown(book, catalog)


def as_json(bound: dict[str, BoundRule]) -> list[dict[str, Any]]:
    return [rule.to_json() for rule in bound.values()]

"""Leaks found by machine: in the pseudo-locale en_XA every word from a catalog is bracketed and
accented (⟦Šéåŕçĥ··⟧), so whatever plain ASCII word is left on a page, a terminal screen or a report
skipped the catalogs. Every page type, every terminal screen of a whole game and every report is
rendered in it here, and nothing may be left."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from regola import paths
from regola.cli.summary import closing
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import load_pack
from regola.games.maestro_leonardo import table
from regola.i18n.pseudo import PSEUDO, unwrapped
from regola.text.catalog import catalog_for
from regola.text.diff import diff_rules
from regola.text.render import render
from regola.text.speech import speech_for

#: words that are names, not words a catalog should give: the project, codes
ALLOWED = {"regola", "cs", "de", "fr", "pl", "en"}
WORD = re.compile(r"[A-Za-z]{2,}")


def leaks(text: str) -> list[str]:
    """ASCII words outside every pseudo-translated segment (commands in `backticks` and [rule ids,
    citations] are not words to translate)."""
    rest = unwrapped(text)
    rest = re.sub(r"`[^`]*`", " ", rest)
    rest = re.sub(r"\[[^\[\]]*\]", " ", rest)
    return [w for w in WORD.findall(rest) if w not in ALLOWED]


class _Visible(HTMLParser):
    """Text a reader sees or hears: text nodes and the title, placeholder, aria-label attributes, and
    the words the page's script shows; not code (rule ids), citations (source sections), scripts,
    styles, nor what is marked as another language (a language switcher names each in its own)."""

    SKIP = frozenset({"code", "cite", "script", "style"})

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._open: list[bool] = []  # per open element: is its content skipped

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        foreign = tag != "html" and "lang" in named
        skip = tag in self.SKIP or foreign or (bool(self._open) and self._open[-1])
        if tag not in ("meta", "link", "input", "br", "img"):
            self._open.append(skip)
        if not skip:
            self.parts += [v for k, v in attrs if k in ("title", "placeholder", "aria-label", "data-none",
                                                        "data-failed") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("meta", "link", "input", "br", "img") and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if not (self._open and self._open[-1]):
            self.parts.append(data)


def html_leaks(page: str) -> list[str]:
    parser = _Visible()
    parser.feed(page)
    return leaks("\n".join(parser.parts))


def test_the_detector_finds_a_word_that_skipped_the_catalogs() -> None:
    from regola.i18n.pseudo import pseudo

    assert leaks(pseudo("Search") + " " + pseudo("in {x}").replace("{x}", pseudo("rules"))) == []
    assert leaks(pseudo("Search") + " Apply") == ["Apply"]
    assert html_leaks(f"<p>{pseudo('Rule')} <code>district.cost_track</code> <cite>001 §8</cite></p>") == []
    assert html_leaks('<input placeholder="Search">') == ["Search"]


# --- the web rulebook --------------------------------------------------------------------------------

pytest.importorskip("starlette")


@pytest.fixture(scope="module")
def library() -> object:
    from regola.serve.library import Library

    return Library(paths.home())


PAGES = ["book", "section", "search-hits", "search-none", "index", "missing", "book-variant"]


@pytest.mark.parametrize("pack", ["cs", "pl"])
@pytest.mark.parametrize("kind", PAGES)
def test_every_page_type_takes_every_word_from_the_catalogs(library: object, pack: str, kind: str) -> None:
    from regola.serve import pages

    lib = library
    variant = next(iter(lib.variants[pack]), None) if kind == "book-variant" else None  # type: ignore[attr-defined]
    bound = lib.bound(pack, variant, PSEUDO)  # type: ignore[attr-defined]
    section = bound.book().sections[0].id
    page = {
        "book": lambda: pages.book_page(lib, bound, None),
        "book-variant": lambda: pages.book_page(lib, bound, None),
        "section": lambda: pages.book_page(lib, bound, section),
        "search-hits": lambda: pages.search_page(lib, bound, next(iter(bound.json.values()))["id"].split(".")[0]),
        "search-none": lambda: pages.search_page(lib, bound, "zzzz"),
        "index": lambda: pages.index_page(lib, PSEUDO),
        "missing": lambda: pages.missing_page(lib, pack, PSEUDO, "x"),
    }[kind]()
    assert '<html lang="en-XA">' in page or kind in ("index", "missing")
    found = [w for w in html_leaks(page) if w not in ("zzzz", "x")]  # what the reader typed comes back as typed
    assert not found, f"{kind} of {pack}: {sorted(set(found))[:20]}"
    if kind == "book-variant" and variant is not None:
        assert "<del>" in page or "⟦" in page


def test_a_house_rules_changes_are_marked_in_words(library: object) -> None:
    """Cells of the setup table a variant changes, and values in rule texts: old struck, new shown."""
    from regola.core.variant import load_variant
    from regola.serve import pages
    from regola.serve.library import Bound, Edition

    lib = library
    path = Path(__file__).parent / "data" / "rich-start.yaml"
    variant = load_variant(path)
    pack = load_pack("cs", variants=[path])
    edition = Edition(pack, lib.packs["cs"], "club-rich-start", variant)  # type: ignore[attr-defined]
    catalog = catalog_for(PSEUDO, game="maestro-leonardo")
    from regola.text.bind import bind_all

    bound = Bound(edition, catalog, bind_all(catalog, pack))
    page = pages.book_page(lib, bound, None)
    assert "<td><del>3</del> <ins>15</ins></td>" in page  # a beginner seat's money, in the table
    assert "<del>1" in page and "<ins>9" in page  # the council's money, in its rule's text
    assert not html_leaks(page.replace("Club rule, a richer start", ""))  # the house rule's own title aside


# --- the terminal, the closing summary ----------------------------------------------------------------


def test_every_terminal_screen_of_a_whole_game() -> None:
    ruleset = Ruleset(load_pack("cs", variants=[paths.home() / "rulepacks/cs/variants/codex-leonardi-2.yaml"]))
    speech = speech_for(ruleset.pack, PSEUDO)
    game = Game.new(ruleset, 4, 3, "advanced")
    found: set[str] = set()
    while not game.is_terminal():
        if game.current_player() == CHANCE:
            game.apply(game.sample_chance())
            continue
        state, seat, legal = game.state, game.current_player(), game.legal_actions()
        texts = table.board(state, seat, speech, 80)
        for action in legal[:30]:
            group, label = table.option(state, action, speech)
            texts += [group or "", label, table.describe(state, action, speech),
                      table.narrate(state, seat, action, speech)]
        for text in texts:
            found.update(leaks(text))
        game.apply(legal[len(game.history) % len(legal)])
    for line in closing(game, speech, 4, 3, []):
        found.update(leaks(line))
    assert not found, sorted(found)


def test_the_terminals_own_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from regola.cli.human import Table
    from regola.core.bots import Observation

    ruleset = Ruleset(load_pack("cs"))
    game = Game.new(ruleset, 3, 11)
    while game.current_player() == CHANCE:
        game.apply(game.sample_chance())
    feed = iter(["", "99", "zzzz", "?", "+", "-", "place A 9"])

    def read(prompt: str) -> str:
        line = next(feed, None)
        if line is None:
            raise EOFError
        return line

    out = io.StringIO()
    t = Table(game, "en-XA", out=out, read=read)
    from regola.core.errors import RegolaError

    with pytest.raises(RegolaError) as ended:
        t.choose(game, Observation(game.current_player(), game.legal_actions(), game.view))
    said = out.getvalue().replace("zzzz", "").replace("99", "") + str(ended.value)
    assert not leaks(said), sorted(set(leaks(said)))


# --- reports: rulebooks, rules diff -------------------------------------------------------------------


@pytest.mark.parametrize(("pack", "fmt"), [("cs", "html"), ("pl", "html"), ("cs", "md")])
def test_the_rendered_rulebook(pack: str, fmt: str) -> None:
    loaded = load_pack(pack)
    text = render(catalog_for(PSEUDO, game=loaded.game), loaded, fmt)
    if fmt == "html":
        assert '<html lang="en-XA">' in text
        assert not html_leaks(text)
    else:
        text = re.sub(r"<sub>.*?</sub>", " ", text)  # the rule ids and citations under each rule
        text = re.sub(r'<a id="[^"]*"></a>', " ", text)
        text = re.sub(r"\]\(#[^)]*\)", "]", text)  # the contents' links
        assert not leaks(text)


def test_rules_diff() -> None:
    base = load_pack("cs")
    changed = load_pack("cs", variants=[Path(__file__).parent / "data" / "rich-start.yaml",
                                        paths.home() / "rulepacks/cs/variants/codex-leonardi-1.yaml"])
    catalog = catalog_for(PSEUDO, game="maestro-leonardo")
    diff = diff_rules(catalog, base, changed)
    lines = "\n".join(diff.lines(catalog, [v.id for v in changed.variants]))
    lines = lines.replace("Club rule, a richer start", "")  # a house rule's title is its author's
    assert "→" in lines and not leaks(re.sub(r"^\S+ — ", "", lines, flags=re.M))

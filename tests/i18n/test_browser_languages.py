"""Every language of every game's web rulebook in a real browser (Playwright + Debian's Chromium, never a
downloaded one): `<html lang>` is the language, and no word of another language's interface or
rulebook headings shows on the rulebook, a rule's page or the phone layout. Screenshots of the three
go to ``out/screenshots/`` (or REGOLA_SCREENSHOTS): ``<view>-<pack>-<lang>.png``.

One browser serves every page; skipped cleanly where Playwright or Chromium is missing.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api")

from tests.serve.conftest import Server, start_server, stop_server  # noqa: E402

from regola.core.pack import available_packs, load_pack  # noqa: E402
from regola.i18n import PLACEHOLDER, po_path  # noqa: E402
from regola.i18n.tooling import read  # noqa: E402
from regola.text.catalog import catalog_for, languages_of  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOTS = Path(os.environ.get("REGOLA_SCREENSHOTS") or Path(__file__).parents[2] / "out" / "screenshots")
#: one pack per game: the rulebooks a reader opens
PACKS = {load_pack(p).game: p for p in sorted(available_packs(), reverse=True) if load_pack(p).game}
CASES = [(pack, lang) for game, pack in sorted(PACKS.items()) for lang in languages_of(game)]
#: the text a reader sees, without what is marked as another language (the language switcher names each
#: language in its own words), rule ids (code) and source citations (cite)
VISIBLE = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll('[lang], code, cite, script, style, select').forEach(e => e.remove());
  const attrs = [...document.querySelectorAll('[placeholder], [aria-label], [title]')]
    .filter(e => !e.closest('[lang]:not(html)'))
    .flatMap(e => ['placeholder', 'aria-label', 'title'].map(a => e.getAttribute(a) || ''));
  return [document.title, body.innerText, ...attrs].join('\\n');
}"""

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")


def _fragments(text: str) -> list[str]:
    """The fixed parts of a message long enough to be telling (placeholders split it)."""
    return [part.strip() for part in PLACEHOLDER.split(text)[::2] if len(part.strip()) >= 8
            and re.search(r"[^\W\d_]{3}", part)]


@functools.cache
def _words_of(lang: str, game: str, domains: tuple[str, ...] = ("regola",)) -> set[str]:
    """Everything a page in ``lang`` may say of its own: its interface catalogs (``domains``) and its
    rulebook headings."""
    found: set[str] = set()
    for domain in domains:
        path = po_path(lang, domain)
        if not path.is_file():
            continue
        for message in read(path, lang, domain):
            strings = message.string if isinstance(message.string, tuple | list) else [message.string]
            found.update(s for s in strings if s)
    if lang in languages_of(game):
        found.update(str(v) for v in catalog_for(lang, game=game).data.get("chrome", {}).values())
    return found


@functools.cache
def foreign(lang: str, game: str, domains: tuple[str, ...] = ("regola",)) -> dict[str, str]:
    """Fragments of other languages' interface and headings that this language never says -> their language."""
    own = "\n".join(_words_of(lang, game, domains))
    out: dict[str, str] = {}
    for other in sorted({"cs", "de", "en", "fr", "pl"} - {lang}):
        for text in _words_of(other, game, domains):
            for fragment in _fragments(text):
                if fragment not in own:
                    out.setdefault(fragment, other)
    return out


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start_server(tmp_path_factory.mktemp("server"))
    yield running
    assert stop_server(running) == 0, running.log_text()[-2000:]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def _shot(page: object, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=False)  # type: ignore[attr-defined]
    assert (SHOTS / name).stat().st_size > 5_000


def assert_one_language(page: object, lang: str, game: str, where: str,
                        domains: tuple[str, ...] = ("regola",)) -> None:
    """The page is in ``lang`` and shows no fragment of another language's catalogs (``domains``)."""
    assert page.locator("html").get_attribute("lang") == lang.replace("_", "-"), where  # type: ignore[attr-defined]
    text = page.evaluate(VISIBLE)  # type: ignore[attr-defined]
    leaked = sorted({f"{fragment!r} ({other})" for fragment, other in foreign(lang, game, domains).items()
                     if fragment in text})
    assert not leaked, f"{where}: words of another language: {leaked[:10]}"


@pytest.mark.parametrize(("pack", "lang"), CASES)
def test_a_rulebook_speaks_one_language(browser: object, server: Server, pack: str, lang: str) -> None:
    game = load_pack(pack).game
    page = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page.goto(f"{server.url}/{pack}/{lang}/")
    assert_one_language(page, lang, game, f"rulebook {pack}/{lang}")
    _shot(page, f"rulebook-{pack}-{lang}.png")
    # a rule's own page: its section, scrolled to it (the permanent link)
    article = page.locator("article.rule").nth(3)
    rule_id = (article.get_attribute("id") or "").removeprefix("rule-")
    section = page.evaluate(f"document.getElementById('rule-{rule_id}').closest('section').id")
    page.goto(f"{server.url}/{pack}/{lang}/{section}#rule-{rule_id}")
    assert page.evaluate("document.querySelector(':target') !== null")
    assert_one_language(page, lang, game, f"rule {rule_id} of {pack}/{lang}")
    _shot(page, f"rule-{pack}-{lang}.png")
    page.goto(f"{server.url}/{pack}/{lang}/search?q=zzzz")  # the search page, with no hit
    assert_one_language(page, lang, game, f"search of {pack}/{lang}")
    page.close()
    phone = browser.new_page(viewport={"width": 375, "height": 740}, is_mobile=True)  # type: ignore[attr-defined]
    phone.goto(f"{server.url}/{pack}/{lang}/")
    assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 1
    assert_one_language(phone, lang, game, f"phone {pack}/{lang}")
    _shot(phone, f"phone-{pack}-{lang}.png")
    phone.close()


def test_search_as_you_type_answers_in_the_pages_language(browser: object, server: Server) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(f"{server.url}/cs/de/")
    page.fill("#q", "zzzzqqq")  # nothing matches: the script says so in the page's words
    page.locator("#hits li").first.wait_for(state="visible", timeout=10_000)
    assert page.locator("#hits li").first.inner_text() == "Keine Regel passt."
    page.close()


def test_the_words_of_other_languages_are_known() -> None:
    """The check above is not empty: a Czech page would be caught saying German or Polish chrome."""
    czech = foreign("cs", "maestro-leonardo")
    assert czech.get("In den Regeln suchen") == "de" and czech.get("Szukaj w zasadach") == "pl"
    assert "Hledat v pravidlech" not in czech and "Hledat v pravidlech" in foreign("de", "maestro-leonardo")

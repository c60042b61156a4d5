"""The web rulebook in a real browser: Playwright drives Debian's Chromium (never a downloaded one).

Opens the rulebook, searches as you type, follows a rule link, switches language (the place is kept),
checks a phone-sized layout and the page without JavaScript, and shows that a variant posted to the
API appears with its numbers. Screenshots go to ``out/screenshots/`` (or REGOLA_SCREENSHOTS) for CI
to keep as artifacts. Skipped cleanly where Playwright or Chromium is missing.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.serve.conftest import HOUSE_RULE, Server

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOTS = Path(os.environ.get("REGOLA_SCREENSHOTS") or Path(__file__).parents[2] / "out" / "screenshots")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def _shot(page: object, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    page.screenshot(path=str(path), full_page=False)  # type: ignore[attr-defined]
    return path


def test_search_follow_a_rule_and_switch_language(browser: object, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page.goto(server.url + "/cs/cs/")
    assert page.locator("html").get_attribute("lang") == "cs"
    assert page.locator("#contents li").count() >= 5
    page.fill("#q", "gulden")  # search as you type: results come from the API, no submit
    first = page.locator("#hits li a").first
    first.wait_for(state="visible", timeout=10_000)
    target = first.get_attribute("href")
    assert target is not None and target.startswith("#rule-")
    first.click()
    page.wait_for_function("location.hash.startsWith('#rule-')")
    rule_id = target.removeprefix("#rule-")
    assert page.evaluate("document.querySelector(':target').id") == f"rule-{rule_id}"
    czech = page.locator(f'[id="rule-{rule_id}"] h3').inner_text()

    page.click('.langs a[hreflang="de"]')
    page.wait_for_url(f"**/cs/de/#rule-{rule_id}")  # the place is kept across languages
    assert page.locator("html").get_attribute("lang") == "de"
    german = page.locator(f'[id="rule-{rule_id}"] h3').inner_text()
    assert german and german != czech
    shot = _shot(page, "rulebook-de-rule.png")
    assert shot.stat().st_size > 10_000
    page.close()


def test_a_posted_variant_shows_its_numbers_in_the_page(browser: object, server: Server) -> None:
    body = HOUSE_RULE.replace("[0, 1, 2, 3]", "[0, 17, 18, 19]").replace("club-cheap-actions", "club-browser")
    passed = httpx.post(server.url + "/api/v1/variants/check", content=body,
                        headers={"Content-Type": "application/yaml"}, timeout=60).json()
    link = passed["rulebooks"]["cs"]
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server.url + link + "#rule-district.cost_track")
    text = page.locator('[id="rule-district.cost_track"]').inner_text()
    assert "17" in text and "19" in text
    assert page.locator("form.variant select").input_value() == passed["variant"]["token"]
    _shot(page, "rulebook-posted-variant.png")
    page.close()


def test_the_variant_switcher_changes_the_numbers(browser: object, server: Server) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server.url + "/cs/cs/#rule-district.cost_track")
    before = page.locator('[id="rule-district.cost_track"] p').first.inner_text()
    page.select_option("form.variant select", "club-cheap-actions")
    page.wait_for_url("**variant=club-cheap-actions#rule-district.cost_track")
    after = page.locator('[id="rule-district.cost_track"] p').first.inner_text()
    assert before != after
    page.close()


def test_a_phone_reads_it_without_sideways_scrolling(browser: object, server: Server) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 740}, is_mobile=True)  # type: ignore[attr-defined]
    page.goto(server.url + "/cs/fr/")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
    _shot(page, "rulebook-phone-fr.png")
    page.close()


def test_it_works_without_javascript(browser: object, server: Server) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(server.url + "/cs/cs/")
    page.fill("#q", "gulden")
    page.press("#q", "Enter")  # the plain form: the server renders the results
    page.wait_for_url("**/cs/cs/search?q=gulden")
    link = page.locator("ol.results a").first
    href = link.get_attribute("href")
    link.click()
    page.wait_for_url(f"**{href}")
    assert page.evaluate("document.querySelector(':target') !== null")
    context.close()

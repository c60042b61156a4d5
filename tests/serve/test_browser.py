"""The web rulebook in a real browser: Playwright drives Debian's Chromium (never a downloaded one).

Opens the rulebook, searches as you type, follows a rule link, switches language (the place is kept),
checks a phone-sized layout and the page without JavaScript, and shows that a variant posted to the
API appears with its numbers. Screenshots go to ``out/screenshots/`` (or REGOLA_SCREENSHOTS) for CI
to keep as artifacts. Skipped cleanly where Playwright or Chromium is missing.
"""

from __future__ import annotations

import os
import re
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
    sync_api.expect(page).to_have_url(re.compile(r"#rule-"))  # polled from Python: the page's CSP forbids eval
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


@pytest.mark.parametrize("lang, viewport", [("de", {"width": 1280, "height": 900}),
                                            ("cs", {"width": 390, "height": 844})])
def test_the_workshop_changes_a_rule_without_yaml(browser: object, server: Server, lang: str,
                                                   viewport: dict[str, int]) -> None:
    """A club member opens the workshop, raises the red seat's money, checks it, reads what it changes and
    downloads the variant — on a desktop in German and on a phone in Czech, with JavaScript off (the
    workshop is a plain form)."""
    context = browser.new_context(viewport=viewport, java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(server.url + "/workshop")
    page.click(f'a[href="/workshop/cs/{lang}/"]')
    assert page.locator("html").get_attribute("lang") == lang
    page.locator('[id="rule-setup.beginner_seats"] summary').click()
    money = page.locator('input[name="/setup/beginner/seats/1/money"]')
    assert money.input_value() == "3"
    money.fill("8")
    page.fill('input[name="id"]', f"club-red-{lang}")
    page.locator("form button[type=submit]").click()
    result = page.locator("section.result")
    result.wait_for(state="visible", timeout=30_000)
    assert "3 → 8" in result.inner_text()
    assert page.locator('label.edited input[name="/setup/beginner/seats/1/money"]').input_value() == "8"
    with page.expect_download() as download:
        page.locator("section.result a[download]").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert f"id: club-red-{lang}" in saved and "/setup/beginner/seats/1/money" in saved
    if viewport["width"] < 500:  # on a phone nothing is wider than the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"] + 1
    shot = _shot(page, f"workshop-{lang}-{viewport['width']}.png")
    assert shot.stat().st_size > 10_000
    # a value the rules refuse is named at its field, in the page's language
    money = page.locator('input[name="/setup/beginner/seats/1/money"]')
    money.fill("-1")
    page.locator("form button[type=submit]").click()
    alert = page.locator('label.edited .finding[role="alert"]')
    alert.wait_for(state="visible", timeout=30_000)
    assert alert.inner_text()
    context.close()


def test_the_workshop_shows_the_parameters_of_the_form_chosen(browser: object, server: Server) -> None:
    """With JavaScript, a form's parameters show only while it is chosen: a Dutch auction's first price
    appears when Dutch is picked, a fixed price's when that is, and the open raise rule's amount only under a
    raise rule that has one."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page.goto(server.url + "/workshop/cs/de/")
    start = page.locator('input[name="/mechanics/auction/start"]')
    price = page.locator('input[name="/mechanics/auction/price"]')
    raise_by = page.locator('input[name="/mechanics/auction/raise/by"]')
    assert not start.is_visible() and not price.is_visible() and not raise_by.is_visible()
    page.select_option('select[name="/mechanics/auction/kind"]', "dutch")
    assert start.is_visible() and not price.is_visible()
    page.select_option('select[name="/mechanics/auction/kind"]', "open")
    assert not start.is_visible() and not raise_by.is_visible()
    page.select_option('select[name="/mechanics/auction/raise/kind"]', "exactly")
    assert raise_by.is_visible()
    page.select_option('select[name="/mechanics/auction/kind"]', "fixed")
    assert price.is_visible() and not raise_by.is_visible()
    page.close()


def test_the_workshop_compares_a_house_rule_with_a_live_progress_bar(browser: object, tmp_path: Path) -> None:
    """With jobs on, "Compare it" starts a comparison; the job's page follows it over Server-Sent Events
    (JavaScript on) and turns into the report's link when it ends."""
    from tests.serve.conftest import start_server, stop_server

    (tmp_path / "server").mkdir()
    server = start_server(tmp_path / "server", "--workshop-jobs", str(tmp_path / "jobs"), "--job-games", "20")
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
        page.goto(server.url + "/workshop/cs/fr/")
        page.locator('[id="rule-setup.beginner_seats"] summary').click()
        page.locator('input[name="/setup/beginner/seats/1/money"]').fill("7")
        page.locator("main > form button[type=submit]").click()
        compare = page.locator('form.job[action$="/compare"]')  # beside it: "Tune it"
        compare.wait_for(state="visible", timeout=30_000)
        assert page.locator('form.job[action$="/tune"]').count() == 1
        compare.locator('input[name="games"]').fill("10")
        compare.locator("button[type=submit]").click()
        page.wait_for_url("**/workshop/jobs/**", timeout=30_000)
        assert page.locator("progress").count() == 1
        page.locator('a[href$="/report"]').wait_for(state="visible", timeout=180_000)
        page.wait_for_load_state("load")
        assert page.locator("main.job").get_attribute("data-events") is None  # finished: followed no more
        assert page.locator("progress").get_attribute("value") == page.locator("progress").get_attribute("max")
        shot = _shot(page, "workshop-job-fr.png")
        assert shot.stat().st_size > 5_000
        page.close()
    finally:
        assert stop_server(server) == 0

"""Issue 45, item 8: a club's evening in one real browser, in German, from the first page to the verdict.

A person whose browser speaks German creates a table (no language in the address), plays a whole Princes of
Florence game against two bots by the page alone (placing pieces on the grid included), leaves the table
and comes back to it, then opens the workshop, changes the form of the auction, checks the change and has it
compared, and reads the verdict. Every page is German and shows no fragment of another language's
interface, table or report words; screenshots are kept (``out/screenshots/evening-*.png``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from tests.serve.conftest import start_server, stop_server
from tests.serve.test_browser import CHROMIUM, SHOTS

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("duckdb")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")

from tests.i18n.test_browser_languages import assert_one_language  # noqa: E402

GAME = "princes-of-florence"
DOMAINS = ("regola", "tables", "report")
OVER = "Das Spiel ist vorbei."


def _german(page: Any, where: str) -> None:
    assert_one_language(page, "de", GAME, where, DOMAINS)


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"evening-{name}.png"))


def _decide(page: Any) -> str:
    """One decision by the page: a piece is placed by clicking a marked cell of one's own grid, anything else
    by its button; what was done."""
    marked = page.locator(".principality rect.legal")
    with page.expect_navigation():
        if marked.count():
            marked.first.click()
            return "placed"
        page.locator("form.choices button").first.click()
    return "chose"


def test_a_club_evening_in_german_from_the_new_table_to_the_verdict(browser: Any, tmp_path: Path) -> None:
    folder = tmp_path / "server"
    folder.mkdir()
    server = start_server(folder, "--db", str(folder / "tables.db"), "--workshop-jobs", str(tmp_path / "jobs"),
                          "--job-games", "4")
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    try:
        page = context.new_page()
        # a new table, in the browser's language
        page.goto(f"{server.url}/tables/new")
        _german(page, "the new-table form")
        form = page.locator("form[action*='/tables/new']")
        form.locator("select[name=pack]").select_option("pl")
        for i, kind in enumerate(("human", "greedy", "greedy", "", "")):
            form.locator(f"select[name=seat{i}]").select_option(kind)
        form.locator("button[type=submit]").click()
        page.wait_for_selector("main.links")
        _german(page, "the links")
        link = page.locator("main.links li a").first.get_attribute("href")
        assert link is not None
        page.goto(link)
        _german(page, "the table")
        # the whole game by the page alone
        deadline = time.monotonic() + 300
        done: dict[str, int] = {"placed": 0, "chose": 0}
        left = False
        while page.locator(".status").inner_text().strip() != OVER:
            assert time.monotonic() < deadline, "the game did not end in time"
            if page.locator("form.choices button").count():
                done[_decide(page)] += 1
                if sum(done.values()) % 15 == 0:
                    _german(page, f"the table after {sum(done.values())} decisions")
                if done["placed"] == 1 and not left:  # leave the table and come back to it
                    _shot(page, "placed")
                    page.goto(f"{server.url}/")
                    page.goto(link.split("?", 1)[0])
                    left = True
                    _german(page, "the table, come back to")
            else:
                page.wait_for_timeout(50)  # a bot's move: the page follows the table by itself
        assert left and done["placed"] >= 1 and done["chose"] > 20, done
        _german(page, "the table at the end")
        _shot(page, "over")
        # the workshop: another form of the auction, checked and compared
        page.goto(f"{server.url}/workshop/pl/de/")
        _german(page, "the workshop")
        page.select_option('select[name="/mechanics/auction/kind"]', "fixed")
        page.fill('input[name="id"]', "club-fixed")
        page.locator("main > form button[type=submit]").click()
        result = page.locator("section.result")
        result.wait_for(state="visible", timeout=30_000)
        assert result.inner_text().strip()
        _german(page, "the workshop's check")
        compare = page.locator('form.job[action$="/compare"]')
        compare.locator('input[name="games"]').fill("4")
        compare.locator("button[type=submit]").click()
        page.wait_for_url("**/workshop/jobs/**", timeout=30_000)
        page.locator('a[href$="/report"]').wait_for(state="visible", timeout=240_000)
        page.wait_for_load_state("load")
        _german(page, "the job")
        page.locator('a[href$="/report"]').click()
        page.wait_for_load_state("load")
        verdict = page.locator("h2#verdict")
        assert verdict.inner_text() == "Urteil"
        # the report's own stylesheet applies where the server serves it (its hash in the page policy)
        assert page.evaluate("getComputedStyle(document.body).maxWidth") == "1100px"
        _german(page, "the report")
        _shot(page, "verdict")
    finally:
        context.close()
        assert stop_server(server) == 0, server.log_text()[-2000:]

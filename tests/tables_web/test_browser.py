"""Issue 22 in a real browser (Playwright, Debian's Chromium; the rulebook tests' ``browser`` fixture):
two people create a table on the form and play Princes of Florence to the end in two browser contexts,
the waiting page following the table live; a person plays Maestro Leonardo against a bot by keyboard; a
page reloaded mid-game resumes; the hot-seat device hides the previous hand; a piece is placed by tapping
the grid; phone-sized screenshots of both boards in two languages."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from tests.serve.conftest import Server
from tests.serve.test_browser import CHROMIUM, SHOTS

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)")

PHONE = {"width": 390, "height": 844}


def _create(page: Any, url: str, pack: str, seats: list[str], lang: str, hot_seat: bool = False) -> dict[str, str]:
    """The creation form filled in and sent; the private links it shows once, by label."""
    page.goto(f"{url}/tables/new?lang={lang}")
    form = page.locator("form[action*='/tables/new']")  # (the page's other form continues a saved game)
    form.locator("select[name=pack]").select_option(pack)
    for i in range(5):
        form.locator(f"select[name=seat{i}]").select_option(seats[i] if i < len(seats) else "")
    if hot_seat:
        form.locator("input[name=hot_seat]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_selector("main.links")
    links = {}
    for item in page.locator("main.links li").all():
        links[item.locator(".who").inner_text()] = item.locator("a").get_attribute("href")
    return links


def _play(pages: list[Any], deadline: float) -> int:
    """Click the first choice wherever there is one, until every page says the game is over."""
    clicks = 0
    while time.monotonic() < deadline:
        moved = False
        for page in pages:
            buttons = page.locator("form.choices button")
            if buttons.count():
                with page.expect_navigation():
                    buttons.first.click()
                clicks += 1
                moved = True
        if all(page.locator(".status").inner_text().strip() in OVER for page in pages):
            return clicks
        if not moved:
            pages[0].wait_for_timeout(30)
    raise AssertionError("the game did not end in time")


OVER = {"The game is over.", "Das Spiel ist vorbei.", "Gra się skończyła.", "Hra skončila.", "La partie est terminée."}


def test_two_people_play_princes_of_florence_in_two_browsers(browser: Any, tables_server: Server) -> None:
    host = browser.new_context(viewport=PHONE)
    links = _create(host.new_page(), tables_server.url, "pl", ["human", "human"], "en")
    first, second = browser.new_context(viewport=PHONE), browser.new_context(viewport=PHONE)
    one, two = first.new_page(), second.new_page()
    one.goto(links["Seat 1"])
    two.goto(links["Seat 2"].replace("lang=en", "lang=de"))
    assert one.locator("html").get_attribute("lang") == "en" and two.locator("html").get_attribute("lang") == "de"
    assert one.locator("svg[role=img]").count() == 1
    # the seat waiting for the other follows the table live (server-sent events reload its page)
    waiting = two if one.locator("form.choices button").count() else one
    before = waiting.locator("body").get_attribute("data-n")
    waiting.evaluate("() => { window.regolaMarker = 1; }")  # gone if the page were loaded anew
    mover = one if waiting is two else two
    with mover.expect_navigation():
        mover.locator("form.choices button").first.click()
    # expect() polls from Python: a string predicate would be eval'd in the page, which its CSP forbids
    sync_api.expect(waiting.locator("body")).not_to_have_attribute("data-n", before or "", timeout=15_000)
    assert waiting.evaluate("() => window.regolaMarker") == 1  # updated in place, not reloaded
    assert waiting.locator("svg[role=img]").count() == 1 and waiting.locator(".status").inner_text()
    log = waiting.locator(".events li").all_inner_texts()  # the move in words, in the page's language
    assert log and all(re.match(r"(Seat|Platz) [12]\W", line) for line in log), log
    two.reload()  # a reload mid-game resumes where the table is
    assert two.locator(".status").inner_text()
    clicks = _play([one, two], time.monotonic() + 240)
    assert clicks > 20
    assert one.locator("a[download]").count() == 1  # the record, once the game is over
    for context in (host, first, second):
        context.close()


def test_a_person_plays_maestro_leonardo_by_keyboard_against_a_bot(browser: Any, tables_server: Server) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    links = _create(page, tables_server.url, "cs", ["human", "greedy"], "fr")
    assert next(iter(links)) == "Jaune"  # Maestro Leonardo names a seat by its colour, everywhere
    seat = links["Jaune"]
    page.goto(seat)
    page.wait_for_selector("form.choices button")
    form = page.locator("form.choices")
    assert form.get_attribute("aria-label")  # the choices are one labelled group for screen readers
    page.keyboard.press("Tab")
    for _ in range(40):  # keyboard only: Tab to the first choice, Enter
        if page.evaluate("document.activeElement && document.activeElement.name === 'k'"):
            break
        page.keyboard.press("Tab")
    before = page.locator("body").get_attribute("data-n")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("body").get_attribute("data-n") != before
    clicks = _play([page], time.monotonic() + 240)
    assert clicks > 10
    context.close()


def test_the_hot_seat_hand_over_hides_the_previous_hand(browser: Any, tables_server: Server) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    links = _create(page, tables_server.url, "pl", ["human", "human"], "en", hot_seat=True)
    page.goto(links["The one device for every person"])
    assert page.locator(".handover").count() == 1 and page.locator("text.hand").count() == 0
    page.locator(".handover a.button").click()
    page.wait_for_selector("form.choices button")
    assert page.locator("text.hand").count() == 1  # the seat's own hand, once handed the device
    with page.expect_navigation():
        page.locator("form.choices button").first.click()
    assert page.locator(".handover").count() == 1 and page.locator("text.hand").count() == 0
    context.close()


@pytest.mark.parametrize(("pack", "langs"), [("pl", ("pl", "en")), ("cs", ("cs", "de"))])
def test_phone_screenshots_of_both_boards(browser: Any, tables_server: Server, pack: str,
                                         langs: tuple[str, str]) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    page = context.new_page()
    links = _create(page, tables_server.url, pack, ["human", "greedy"], langs[0])
    seat = next(iter(links.values()))  # the first seat's link comes first
    for lang in langs:
        page.goto(seat.split("?")[0] + f"?lang={lang}")
        page.wait_for_selector("svg[role=img]")
        assert page.locator("html").get_attribute("lang") == lang
        width = page.evaluate("document.querySelector('.board svg').getBoundingClientRect().width")
        assert width <= PHONE["width"]  # the board fits the phone's width
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"table-{pack}-{lang}-phone.png"), full_page=True)
    context.close()


PEOPLE = ("[...document.querySelectorAll('.board g[data-district]')].map(g => [g.dataset.district, "
          "[...g.querySelectorAll('circle')].map(c => [+c.dataset.seat, +c.dataset.apprentices, +c.dataset.master])])")


@pytest.mark.parametrize("lang", ["cs", "de"])
def test_the_phone_board_follows_every_city_action(browser: Any, tables_server: Server, lang: str) -> None:
    """Issue 30 item 1 on a phone: after each decision the city on the page holds every apprentice and
    master where the table's view has them, and no text on the board is cut."""
    import httpx

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    links = _create(page, tables_server.url, "cs", ["human", "greedy"], lang)
    seat = next(iter(links.values()))
    token = seat.split("/t/")[1].split("?")[0]
    page.goto(seat)
    checked = 0
    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        for _ in range(30):
            page.wait_for_selector("svg[role=img]")
            message = client.get(f"/api/v1/tables/{token}").json()
            shown = page.locator("body").get_attribute("data-n")
            drawn = dict(page.evaluate(PEOPLE))
            expected = {k: [[s, n, int(bool(m))] for s, n, m in v] for k, v in message["view"]["occupancy"].items()
                        if not k.startswith("lab")}
            if shown == page.locator("body").get_attribute("data-n") == str(message["n"]):  # this move, drawn
                assert {k: v for k, v in drawn.items() if v} == expected
                checked += sum(len(v) for v in expected.values())
            assert "…" not in (page.evaluate("document.querySelector('.board svg').textContent") or "")
            buttons = page.locator("form.choices button")
            if not buttons.count():
                page.wait_for_timeout(100)
                page.reload()
                continue
            with page.expect_navigation():
                buttons.last.click()  # the last choice: a placement more often than a pass
    assert checked > 3  # people were counted on the board, not only empty districts
    context.close()


def test_a_piece_is_placed_by_tapping_a_marked_cell(browser: Any, tables_server: Server) -> None:
    """Princes of Florence: the winner of a forest places it by tapping its own grid, where the legal
    spots of the chosen orientation are marked; turning the piece marks another set."""
    import httpx

    with httpx.Client(base_url=tables_server.url, timeout=30) as client:
        made = client.post("/api/v1/tables", json={"pack": "pl", "seats": ["human", "human"]}).json()
        tokens = {int(k): v for k, v in made["seats"].items()}
        for _ in range(40):  # keep the dealt cards, open a forest, let the other pass: a piece to place
            message = client.get(f"/api/v1/tables/{tokens[0]}").json()
            mover = message["to_move"]
            own = client.get(f"/api/v1/tables/{tokens[mover]}").json()
            legal = own["view"]["legal"]
            if any(a[0] == "place" for a in legal):
                break
            wanted = next((a for a in legal if a[:2] == ["open", "forest"]), None) or \
                next((a for a in legal if a[0] == "pass"), None) or legal[0]
            client.post(f"/api/v1/tables/{tokens[mover]}/decisions", json={"action": wanted, "n": own["n"]})
        else:
            raise AssertionError("nobody came to place a piece")
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.goto(f"{tables_server.url}/t/{tokens[mover]}?lang=en")
    page.wait_for_selector("form.choices button[data-cell]")
    marked = page.locator(".principality rect.legal")
    first = marked.count()
    assert first > 0
    spots = page.locator("form.choices button[data-cell]")
    assert first <= spots.count()
    # the piece itself is shown, one square per cell it covers, in a bar that stays on the screen

    def size() -> int:  # the cells of the shape shown now (a lot may give a choice of pieces)
        return int(page.locator(".placing svg.piece rect").count())

    first_shape = spots.first.get_attribute("data-covers").split()
    assert size() == len(first_shape) > 1
    grid = page.locator(f'.principality[data-seat="{mover}"]')

    def in_view() -> bool:
        box = grid.bounding_box()
        return box is not None and box["y"] < PHONE["height"] and box["y"] + box["height"] > 0

    assert in_view()
    # pointing at a marked cell lays the piece's shadow on every cell it would cover
    marked.first.dispatch_event("pointerover", {"pointerType": "mouse"})
    assert page.locator(".principality rect.ghost").count() == size()
    if page.locator("button.turn").count():
        before = grid.bounding_box()
        page.locator("button.turn").click()
        assert marked.count() > 0 and in_view() and grid.bounding_box() == before  # the grid stays put
        page.keyboard.press("r")  # and a keyboard turns it too
        assert "(3/" in page.locator("button.turn").inner_text() or "(1/" in page.locator("button.turn").inner_text()
    # a first tap on a touch screen shows where the piece would lie; a second one places it
    target = marked.first
    target.tap()
    assert page.locator(".placing .again").is_visible() and page.locator(".principality rect.ghost").count() == size()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-pl-placing-phone.png"))
    before = page.locator("body").get_attribute("data-n")
    with page.expect_navigation():
        target.tap()
    assert page.locator("body").get_attribute("data-n") != before
    context.close()


def test_a_record_is_replayed_from_a_file_chosen_on_a_phone(browser: Any, tables_server: Server,
                                                             tmp_path: Any) -> None:
    """The replay form takes a record as a file (read into the form in the browser, so the server's one
    bounded form stays the only way in); a file over the record limit is refused before it is read."""
    from pathlib import Path

    record = Path(__file__).resolve().parents[1] / "golden" / "cs-2p-beginner.jsonl"
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{tables_server.url}/replay?lang=de")
    chooser = page.locator("input[type=file][data-fills=record]")
    assert chooser.is_visible()
    huge = tmp_path / "huge.jsonl"
    huge.write_bytes(b" " * (int(chooser.get_attribute("data-limit")) + 1))
    chooser.set_input_files(str(huge))
    page.wait_for_selector(".refused:not([hidden])")
    assert "Protokoll" in page.locator(".refused").inner_text() and page.input_value("textarea") == ""
    chooser.set_input_files(str(record))
    sync_api.expect(page.locator("textarea")).to_have_value(re.compile(r"\{.{100,}", re.S))
    assert page.locator(".refused").is_hidden()
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert re.search(r"/replay/[0-9a-f]{32}\?lang=de$", page.url)  # refereed, kept, shown from its start
    assert page.locator("svg[role=img]").count() == 1
    context.close()


def test_without_javascript_the_replay_form_offers_only_the_text_box(browser: Any, tables_server: Server) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{tables_server.url}/replay?lang=en")
    assert page.locator("textarea[name=record]").is_visible()
    assert page.locator("input[type=file]").is_hidden()  # it would do nothing without the script
    context.close()


def test_a_saved_game_file_goes_on_at_a_new_table(browser: Any, tables_server: Server, tmp_path: Any,
                                                   capsys: Any) -> None:
    """Issue 30 item 4 in Chromium: the record `regola play` wrote, cut short as `!save` leaves one, is
    chosen as a file on the new-table page; the table that goes on from it opens at its move."""
    from regola.cli.main import main

    path = tmp_path / "game.jsonl"
    assert main(["play", "--pack", "pl", "--players", "2", "--seed", "2", "--record", str(path)]) == 0
    capsys.readouterr()
    saved = tmp_path / "saved.jsonl"
    saved.write_text("\n".join(path.read_text(encoding="utf-8").splitlines()[:31]) + "\n", encoding="utf-8")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{tables_server.url}/tables/new?lang=pl")
    form = page.locator("form[action*='/tables/continue']")
    form.locator("input[type=file]").set_input_files(str(saved))
    sync_api.expect(form.locator("textarea[name=record]")).to_have_value(re.compile(r"^\{.*\"pack\":\"pl\"", re.S))
    form.locator("select[name=seat0]").select_option("human")  # (regola play recorded two bots)
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    refused = page.locator(".refused").all_inner_texts()
    links = [a.get_attribute("href") for a in page.locator("main.links li a").all()]
    assert not [r for r in refused if r.strip()], refused
    assert page.locator("main.links").count() == 1 and links
    page.goto(links[0] or "")
    page.wait_for_selector("svg[role=img]")
    assert int(page.locator("body").get_attribute("data-n") or 0) >= 30  # where the saved game stopped
    context.close()

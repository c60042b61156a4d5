"""The report: the verdict first and in the chosen language, no-op and duplicate arms said and not played,
the same numbers in Markdown and JSON, and the HTML page in a real browser (Playwright driving Debian's
Chromium): the verdict on top, every plot loaded whole, nothing wider than the page. Screenshots go to
``out/screenshots/`` (or REGOLA_SCREENSHOTS)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.sim.helpers import DATA, TRIPLE, table

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOTS = Path(os.environ.get("REGOLA_SCREENSHOTS") or Path(__file__).parents[2] / "out" / "screenshots")
NOOP, AGAIN = str(DATA / "no-op.yaml"), str(DATA / "triple-again.yaml")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from regola.cli.main import main

    folder = tmp_path_factory.mktemp("report")
    code = main(["compare", TRIPLE, "codex-leonardi-2", NOOP, AGAIN, "--players", "2", "--lineups", "random;greedy",
                 "--games", "16", "--jobs", "1", "--report", str(folder), "--quiet", "--lang", "cs"])
    assert code == 0
    return folder


def test_no_op_and_duplicate_arms_are_said_and_not_played(report: Path) -> None:
    data = json.loads((report / "report.json").read_text())
    assert data["same_rules"] == {"no-op": "base", "triple-again": "triple-rewards"}
    assert set(data["verdicts"]) == {"triple-rewards", "codex-leonardi-2"}
    for lineup in ("random", "greedy"):
        assert {r["arm"] for r in table(report / "data" / lineup).to_pylist()} == {"base", "triple-rewards",
                                                                                  "codex-leonardi-2"}
    # greedy never uses the marketplace: under greedy, codex-leonardi-2 plays the base games exactly
    assert data["identical"] == {"random": [], "greedy": ["codex-leonardi-2"]}
    md = (report / "report.md").read_text()
    assert "stejný otisk obsahu" in md  # "the same content hash", in Czech


def test_the_verdict_comes_first_in_czech_and_the_tables_carry_the_jsons_numbers(report: Path) -> None:
    data = json.loads((report / "report.json").read_text())
    md = (report / "report.md").read_text()
    assert data["language"] == "cs"
    headings = [line for line in md.splitlines() if line.startswith("## ")]
    assert headings[0] == "## Verdikt" and "## Hlavní otázky" in headings and "## Průzkumné ukazatele" in headings
    assert md.index("## Verdikt") < md.index("## Hlavní otázky") < md.index("## Průzkumné ukazatele")
    assert "Tržiště" in md  # what codex-leonardi-2 changes, from the Czech rule text
    questions = {q["id"] for q in data["questions"]}
    assert {"seat_balance", "length", "margin"} <= questions
    triple = data["findings"]["triple-rewards"]
    primary = [f for f in triple if f["family"] == "primary"]
    assert {f["lineup"] for f in primary} == {"random", "greedy"}
    level = 1 - 0.05 / len(primary)
    for f in primary:  # the interval sits at the family's level, beside its verdict
        assert f["level"] == pytest.approx(level)
        if f["low"] is not None:
            assert (f["low"] > 0 or f["high"] < 0) == f["significant"]
    for f in triple:
        assert f"| {f['label']} | {f['lineup']} |" in md or f"| **{f['label']}** | {f['lineup']} |" in md
    assert any(f["test"] == "Tango score" for f in triple) and any(f["test"] == "paired t" for f in triple)
    assert "--lineups 'random;greedy'" in md and "--games 16" in md


def test_a_second_report_after_adding_games_says_so(report: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from regola.cli.main import main

    out, first, second = tmp_path / "data", tmp_path / "r1", tmp_path / "r2"
    args = [TRIPLE, "--players", "2", "--bots", "random", "--jobs", "1", "--quiet", "--no-plots", "--out", str(out)]
    assert main(["compare", *args, "--games", "8", "--report", str(first)]) == 0
    assert "Caution" not in (first / "report.md").read_text()
    assert main(["compare", *args, "--games", "12", "--report", str(second)]) == 0
    md = (second / "report.md").read_text()
    assert "Caution: a report of these results was already written with 8 games per arm" in md
    history = json.loads((out / "compare.json").read_text())
    assert history["planned_games"] == 8 and [r["games"] for r in history["reports"]] == [8, 12]
    capsys.readouterr()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def test_the_report_in_a_browser_verdict_on_top_every_plot_whole(report: Path, browser: object) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page.goto((report / "report.html").as_uri())
    assert page.locator("html").get_attribute("lang") == "cs"
    verdict = page.locator("h2#verdict")
    assert verdict.inner_text() == "Verdikt" and verdict.bounding_box()["y"] < 200  # the verdict opens the page
    assert page.locator("h2").first.inner_text() == "Verdikt"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "compare-verdict.png"))
    images = page.evaluate("[...document.images].map(i => [i.alt, i.complete, i.naturalWidth, i.naturalHeight, "
                           "i.getBoundingClientRect().width])")
    assert len(images) >= 8
    for alt, complete, width, height, shown in images:
        assert complete and width > 300 and height > 100, alt
        assert shown <= 1100 and width <= 1.5 * shown, alt  # shown at about its own size, never cropped
    # nothing wider than the page: wide tables scroll inside themselves
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    first_plot = page.locator("figure").first
    first_plot.scroll_into_view_if_needed()
    first_plot.screenshot(path=str(SHOTS / "compare-forest.png"))
    page.close()
    # on a phone every table fits the screen: each row a card of "header: value", nothing to scroll sideways
    phone = browser.new_page(viewport={"width": 390, "height": 844})  # type: ignore[attr-defined]
    phone.goto((report / "report.html").as_uri())
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    widths = phone.evaluate("[...document.querySelectorAll('table, td')].map(t => t.scrollWidth - t.clientWidth)")
    assert widths and max(widths) <= 1  # no table and no cell is wider than it is shown
    first_cell = phone.locator("table td").first
    label = phone.evaluate("c => getComputedStyle(c, '::before').content", first_cell.element_handle())
    assert label.strip('"').endswith(": ") and len(label) > 4  # the cell says which column it is
    phone.screenshot(path=str(SHOTS / "compare-phone.png"), full_page=False)
    phone.close()


def test_a_lineup_that_never_makes_the_added_move_is_flagged(report: Path) -> None:
    """Codex Leonardi II adds the marketplace's exchange (issue 28): the random bots make it, the greedy ones
    never do, and the report says the greedy lineup's verdict is about the old game."""
    moves = json.loads((report / "report.json").read_text())["moves"]["codex-leonardi-2"]
    assert moves["added"] == ["exchange"] and {"master", "place"} <= set(moves["changed"])
    assert moves["per_game"]["random"]["exchange"] > 0 and moves["unused"] == {"random": [], "greedy": ["exchange"]}
    text = (report / "report.md").read_text(encoding="utf-8")
    flagged = [line for line in text.splitlines() if "nikdy nezahráli" in line]  # the report is in Czech
    assert len(flagged) == 1 and "greedy" in flagged[0] and "random" not in flagged[0]
    assert "triple-rewards" not in moves  # a variant that changes numbers only adds no move


def test_every_rule_a_variant_changes_is_met_or_said_not_to_be(report: Path) -> None:
    """Issue 43: the report lists, for every rule a variant changes, how often each lineup met it: the
    decisions a game took in the rule's phase (a form that reuses a verb shows there too), None where no
    decision of any lineup meets it."""
    data = json.loads((report / "report.json").read_text())
    met = data["met"]["codex-leonardi-2"]
    assert met and all(set(per) == {"random", "greedy"} for per in met.values())
    placed = [rule for rule in met if rule.split(".")[0] in {"placement", "district"}]
    assert placed and all(met[rule]["random"] > 0 for rule in placed), met
    unmet = [rule for rule, per in met.items() if rule.split(".")[0] == "scoring"]
    assert all(met[rule] == {"random": None, "greedy": None} for rule in unmet)
    text = (report / "report.md").read_text(encoding="utf-8")
    assert "Jak často se každá sestava setkala" in text  # in the report's language (Czech)


def test_a_rule_is_met_in_its_phase_or_by_its_declared_move() -> None:
    from regola.sim.report import met
    from regola.sim.study import LineupResult

    result = LineupResult(lineup=None, games={}, metrics=[], estimates={}, seats={}, notes=[], identical=[],  # type: ignore[arg-type]
                          phases={"v": {"completion": 4.5}, "base": {"completion": 3.0, "placement": 9.0}})
    phases = {"completion", "placement"}
    assert met(result, "v", "completion.auction", phases) == 4.5
    assert met(result, "v", "placement.turn", phases) == 0.0  # a phase this arm never decided in
    assert met(result, "v", "scoring.tie_breaks", phases) is None  # no decision is taken there
    assert met(result, "v", "mechanics.moves.lend", phases) == 0.0  # a declared verb nobody made


def test_a_rule_a_verb_cites_is_met_by_that_verbs_moves() -> None:
    """A rule the game's verbs cite (regola.core.verbs) is met by their moves, wherever they are made:
    the council's spaces are chosen in a district, not in a phase named after the council."""
    from regola.sim.report import citing, met
    from regola.sim.stats import Estimate
    from regola.sim.study import LineupResult

    cited = citing("maestro-leonardo")
    assert set(cited["council.spaces"]) == {"space", "withdraw"}
    assert set(cited["placement.turn"]) == {"master", "place"}
    estimates = {"actions.space": {"v": Estimate(100, 2.5, 2.0, 3.0)},
                 "actions.withdraw": {"v": Estimate(100, 0.5, 0.2, 0.8)}}
    result = LineupResult(lineup=None, games={}, metrics=[], estimates=estimates, seats={}, notes=[],  # type: ignore[arg-type]
                          identical=[], phases={"v": {"district": 30.0}})
    assert met(result, "v", "council.spaces", {"district"}, cited) == 3.0
    assert met(result, "v", "council.spaces", {"district"}) is None  # by its id alone: no phase "council"

"""The HTML report opens in a real browser (Debian's headless Chromium) and shows every plot."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.sim.helpers import TRIPLE

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]

# After the page has loaded, write the decoded size of every image where --dump-dom shows it.
PROBE = """<script>
window.addEventListener("load", () => {
  const sizes = [...document.images].map(i => [i.alt, i.complete, i.naturalWidth, i.naturalHeight]);
  const out = document.createElement("pre");
  out.id = "probe";
  out.textContent = JSON.stringify(sizes);
  document.body.appendChild(out);
});
</script>"""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from regola.cli.main import main

    folder = tmp_path_factory.mktemp("report")
    code = main(["compare", TRIPLE, "codex-leonardi-2", "--players", "2", "--bots", "random,greedy", "--games", "12",
                 "--jobs", "1", "--report", str(folder), "--quiet", "--lang", "cs"])
    assert code == 0
    return folder


def test_markdown_and_json_carry_the_same_numbers_and_how_to_reproduce(report: Path) -> None:
    data = json.loads((report / "report.json").read_text())
    md = (report / "report.md").read_text()
    assert data["arms"] == ["base", "triple-rewards", "codex-leonardi-2"]
    for arm in data["meta"]["arms"]:
        assert arm["content_hash"] in md
    assert "--games 12" in md and "--seed 0" in md and "random, greedy" in md
    wins = [m for m in data["metrics"] if m["group"] == "wins"]
    assert {m["name"] for m in wins} >= {"win.seat0", "win.seat1"}
    # greedy beats random every time here: a bot's win rate is then constant, and said to be
    assert any("win rate of a greedy seat: 1 in every game" in n for n in data["notes"])
    assert any("provést akci" in m["label"] for m in data["metrics"])  # action kinds named in Czech
    for m in data["metrics"]:
        assert len(m["differences"]) == 2
        assert f"| {m['label']} |" in md


def test_the_html_report_shows_every_plot_in_headless_chromium(report: Path, tmp_path: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    page = (report / "report.html").read_text()
    figures = len(re.findall(r"<figure>", page))
    assert figures >= 5 and "<script" not in page  # self-contained, no scripts of its own
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", PROBE + "</body>"))
    dom = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                          "--virtual-time-budget=10000", "--dump-dom", probe.as_uri()],
                         capture_output=True, text=True, timeout=120).stdout
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found, dom[-500:]
    sizes = json.loads(found.group(1).replace("&quot;", '"'))
    assert len(sizes) == figures
    for alt, complete, width, height in sizes:
        assert complete and width > 300 and height > 100, alt

"""The rendered rulebook in a real browser: headless Chromium loads the file and the DOM it builds
holds every section and every rule of the pack. Skipped where no Chromium is installed (CI installs
Debian's package)."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tests.text.conftest import LANGUAGES

from regola.core.pack import Pack
from regola.text.catalog import Catalog
from regola.text.render import SECTIONS, render

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# the flags a sandboxed, offline machine needs (no background connections, no GPU, root)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids |= {v for k, v in attrs if k == "id" and v}
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_chromium_builds_the_whole_rulebook(tmp_path: Path, catalogs: dict[str, Catalog], packs: dict[str, Pack],
                                            lang: str) -> None:
    page = tmp_path / f"rulebook.{lang}.html"
    page.write_text(render(catalogs[lang], packs["cs"], "html"), encoding="utf-8")
    done = subprocess.run([str(CHROMIUM), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                           page.as_uri()], capture_output=True, text=True, timeout=90, check=True)
    dom = _Ids()
    dom.feed(done.stdout)
    assert dom.title.strip(), "the browser found no title"
    assert {section for section, _ in SECTIONS} <= dom.ids
    assert {f"rule-{r}" for r in packs["cs"].data["rules"]} <= dom.ids

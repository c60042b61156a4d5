"""The report's words (gettext domain ``report``; tests/i18n holds its catalogs to the code like every
domain's): each word of a real report comes from the catalog — shown by the pseudo-locale, where every
catalog word is bracketed and whatever plain English is left skipped the catalogs — and counts take
each language's plural form."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from regola.core.pack import load_pack
from regola.i18n import translator
from regola.i18n.pseudo import unwrapped
from regola.i18n.tooling import check


def test_the_report_catalogs_are_complete_and_current() -> None:
    assert [str(p) for p in check("report")] == []


def test_every_word_of_a_report_comes_from_the_catalog(tmp_path: Path) -> None:
    from regola.cli.main import main

    assert main(["compare", "codex-leonardi-2", "--players", "2", "--lineups", "random;greedy", "--games", "6",
                 "--jobs", "1", "--quiet", "--no-plots", "--lang", "en_XA", "--report", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "report.json").read_text())
    title = load_pack("cs", variants=["codex-leonardi-2"]).variants[-1].title
    # data, not words: arm and variant names, the lineups, the pack, Babel's list word (the title, the command)
    allowed = {"base", "codex", "leonardi", "random", "greedy", "and", "cs"}
    for name in ("report.md", "report.html"):
        text = (tmp_path / name).read_text()
        text = re.sub(r"<style>.*?</style>|<pre>.*?</pre>|<[^>]+>|sha256:[0-9a-f]+|```sh.*?```", " ", text, flags=re.S)
        text = text.replace(title, " ").replace(html.escape(title), " ")  # the variant's title is data
        left = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", unwrapped(text))} - allowed
        assert not left, (name, sorted(left))
    labels = [f["label"] for fs in data["findings"].values() for f in fs]
    assert labels and all(label.startswith("⟦") for label in labels)  # JSON labels too


def test_the_terminal_line_speaks_the_reports_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from regola.cli.main import main

    assert main(["compare", "codex-leonardi-2", "--players", "2", "--bots", "random", "--games", "3", "--jobs", "1",
                 "--quiet", "--no-plots", "--lang", "de", "--report", str(tmp_path)]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("3 Partien je Arm; Arme: 2; Aufstellungen: 1; jetzt gespielt: 6 in "), line
    assert "Bericht: " in line and str(tmp_path / "report.md") in line and "per arm" not in line
    # the variant by its German title (the German rule catalog's), not by the Czech one of its file
    report = (tmp_path / "report.md").read_text()
    assert "codex-leonardi-2: Codex Leonardi II: Marktplatz" in report and "tržiště" not in report


@pytest.mark.parametrize(("lang", "counts", "said"), [
    ("cs", (1, 3, 5), ["1 hra", "3 hry", "5 her"]),
    ("pl", (1, 22, 25), ["1 gra", "22 gry", "25 gier"]),
    ("de", (1, 2), ["1 Partie", "2 Partien"]),
    ("fr", (1, 2), ["1 partie", "2 parties"]),
])
def test_counts_take_each_languages_plural_form(lang: str, counts: tuple[int, ...], said: list[str]) -> None:
    t = translator(lang, "report")
    assert [t.ngettext("{n} game", "{n} games", n).format(n=n) for n in counts] == said


def test_a_language_without_a_report_catalog_reads_english() -> None:
    assert translator("it", "report").gettext("Verdict") == "Verdict"

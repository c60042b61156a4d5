"""A translator's workflow (`regola text export|import`, PO files): the round trip loses nothing, an
import checks placeholders and plural forms and writes nothing when one is wrong, a fresh language
starts from an empty PO file, and `regola check` says per pack and language what is missing and what
went stale."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from tests.i18n.conftest import home_copy

from regola.check import run as run_check
from regola.cli.main import main
from regola.core.pack import load_pack
from regola.text.catalog import catalog_files, catalog_for, load_catalog
from regola.text.entries import translatable
from regola.text.po import export_catalog, import_catalog, po_bytes


def _po(path: Path) -> object:
    with path.open("rb") as handle:
        return read_po(handle)


def _without_stamp(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "source"}


ROUND_TRIPS = [(game, lang, pack) for (game, lang) in sorted(catalog_files())
               for pack in ("cs", "pl") if load_pack(pack).game == game and load_pack(pack).language != lang]


@pytest.mark.parametrize(("game", "lang", "pack"), ROUND_TRIPS)
def test_export_then_import_loses_nothing(tmp_path: Path, game: str, lang: str, pack: str) -> None:
    target = catalog_for(lang, game=game)
    source_pack = load_pack(pack)
    source = catalog_for(source_pack.language, game=game)
    po = export_catalog(source, target, lang, source_pack)
    (tmp_path / "x.po").write_bytes(po_bytes(po))
    again = import_catalog(_po(tmp_path / "x.po"), "x.po", source, target, lang)
    assert _without_stamp(again.data) == _without_stamp(target.data)
    # what the import recorded: the digest of each source text translated, so a later change shows
    stamp = again.data["source"]
    assert stamp["language"] == source.language and len(stamp["digests"]) == again.translated
    assert po_bytes(export_catalog(source, target, lang, source_pack)) == po_bytes(po)


def test_each_message_carries_its_context(tmp_path: Path) -> None:
    code = main(["text", "export", "--pack", "cs", "--lang", "de", "-o", str(tmp_path / "de.po")])
    assert code == 0
    po = _po(tmp_path / "de.po")
    message = po.get("Části B až H nabízejí nejvýše {max} za sebou, postupně za {costs}.",
                     "/rules/district.cost_track/text")
    assert message is not None and message.string.startswith("In B bis H gibt es höchstens {max}")
    notes = "\n".join(message.auto_comments)
    assert "rule district.cost_track" in notes and "001 §8" in notes  # the rule and its citation
    assert "{costs} = 0, 2, 3, 4 in pack cs" in notes and "{max} = 4 in pack cs" in notes  # the numbers bound
    assert "python-brace-format" in message.flags
    unit = po.get("gulden", "/units/gulden/one")
    assert unit is not None and "for 1" in unit.auto_comments[0]


def test_a_fresh_language_starts_from_an_empty_po_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = home_copy(tmp_path)
    monkeypatch.setenv("REGOLA_HOME", str(home))
    po_file = tmp_path / "pl.it.po"
    assert main(["text", "export", "--pack", "pl", "--lang", "it", "-o", str(po_file)]) == 0
    text = po_file.read_text(encoding="utf-8")
    assert 'msgstr "x' not in text and "Language: it" in text
    # a translator fills every message (here: the source text, marked, placeholders kept)
    filled = re.sub(r'msgid "(.*)"\nmsgstr ""', lambda m: f'msgid "{m.group(1)}"\nmsgstr "IT {m.group(1)}"', text)
    filled = re.sub(r'msgid ""\n((?:".*"\n)+)msgstr ""', lambda m: f'msgid ""\n{m.group(1)}msgstr "IT"\n{m.group(1)}',
                    filled)
    po_file.write_text(filled, encoding="utf-8")
    assert main(["text", "import", str(po_file)]) == 0
    made = home / "rulepacks" / "pl" / "text" / "it.yaml"
    catalog = load_catalog(made, home)
    assert catalog.game == "princes-of-florence" and catalog.language == "it"
    source = catalog_for("pl", home, "princes-of-florence")
    assert set(catalog.rules) == set(source.rules)
    assert catalog.rules["setup.money"]["args"] == source.rules["setup.money"]["args"]
    assert not [f for f in run_check([str(home / "rulepacks" / "pl")], home).findings if f.level == "error"]


def _german_export(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, str]:
    """(a private home, its cs pack's German PO file, that file's text), for a test to spoil and import."""
    home = home_copy(tmp_path)
    monkeypatch.setenv("REGOLA_HOME", str(home))
    po_file = tmp_path / "de.po"
    assert main(["text", "export", "--pack", "cs", "--lang", "de", "-o", str(po_file)]) == 0
    return home, po_file, po_file.read_text(encoding="utf-8")


def test_an_import_with_a_lost_placeholder_or_plural_form_writes_nothing(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    home, po_file, text = _german_export(tmp_path, monkeypatch)
    text = text.replace('msgstr "In B bis H gibt es höchstens {max} nacheinander', 'msgstr "In B bis H gibt es '
                        'höchstens {maximum} nacheinander', 1)
    text = re.sub(r'(msgctxt "/units/week/other"\nmsgid ".*"\n)msgstr ".*"', r'\1msgstr "Wochen {x}"', text)
    po_file.write_text(text, encoding="utf-8")
    catalog = home / "rulepacks" / "de" / "text" / "de.yaml"
    before = catalog.read_bytes()
    capsys.readouterr()
    assert main(["text", "import", str(po_file)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert any(": /rules/district.cost_track/text: the translation lacks {max}; has {maximum}" in line
               for line in err), err
    assert any("/units/week/other: the translation has {x}" in line for line in err)
    # one line each, with its file and line (they once came joined into one by a literal backslash-n)
    assert len(err) >= 2 and all(re.match(r"^regola: \S+\.po:\d+: ", line) for line in err), err
    assert not any("\\n" in line for line in err)
    assert catalog.read_bytes() == before


@pytest.mark.parametrize("stray", ["{0.__class__}", "{max.__init__}", "{", "}", "{{max}}", "{MAX}", "{ max }"])
def test_an_import_with_a_brace_that_is_no_placeholder_writes_nothing(tmp_path: Path, stray: str,
                                                                       capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    home, po_file, text = _german_export(tmp_path, monkeypatch)
    marker = 'msgstr "In B bis H gibt es höchstens {max} nacheinander'
    assert marker in text
    po_file.write_text(text.replace(marker, marker + " " + stray.replace('"', '\\"'), 1), encoding="utf-8")
    catalog = home / "rulepacks" / "de" / "text" / "de.yaml"
    before = catalog.read_bytes()
    capsys.readouterr()
    assert main(["text", "import", str(po_file)]) == 2
    err = capsys.readouterr().err
    assert "/rules/district.cost_track/text: the translation has" in err and "not a {placeholder}" in err, err
    assert catalog.read_bytes() == before


def test_plural_forms_the_language_needs_are_required(tmp_path: Path) -> None:
    source = catalog_for("cs", game="maestro-leonardo")
    written = tmp_path / "pl.po"
    written.write_bytes(po_bytes(export_catalog(source, None, "pl", load_pack("cs"))))
    with written.open("rb") as stream:  # as a translator's file is read: every message has its line
        po = read_po(stream)
    for message in po:
        if message.context == "/units/gulden/one":
            message.string = "gulden"  # one form given; Polish also needs few and many
    first = min(m.lineno for m in po if str(m.context or "").startswith("/units/gulden/"))
    with pytest.raises(Exception, match=rf"pl.po:{first}: unit gulden: pl numbers need the plural forms one, few, "
                                        r"many, other \(missing: few, many, other\)"):
        import_catalog(po, "pl.po", source, None, "pl")


def test_fuzzy_and_empty_messages_keep_the_catalogs_text() -> None:
    source, target = catalog_for("cs", game="maestro-leonardo"), catalog_for("fr", game="maestro-leonardo")
    po = export_catalog(source, target, "fr", load_pack("cs"))
    changed = 0
    for message in po:
        if message.context == "/rules/labs.work/title":
            message.string, changed = "", changed + 1
        if message.context == "/rules/labs.work/text":
            message.string, changed = "TRADUCTION À REVOIR", changed + 1
            message.flags.add("fuzzy")
    assert changed == 2
    merged = import_catalog(po, "fr.po", source, target, "fr")
    assert merged.data["rules"]["labs.work"] == target.data["rules"]["labs.work"]


def _finding(home: Path, code: str) -> list[str]:
    return [f"{f.file}: {f.message}" for f in run_check([], home).findings if f.code == code]


def test_check_reports_untranslated_and_stale_texts_per_pack_and_language(tmp_path: Path) -> None:
    from regola.text.po import dump

    home = home_copy(tmp_path)
    for name in ("cs", "de", "fr", "en"):  # Princes of Florence in Polish only, to begin with
        (home / "rulepacks" / "pl" / "text" / f"{name}.yaml").unlink(missing_ok=True)
    source = catalog_for("pl", home, "princes-of-florence")
    po = export_catalog(source, None, "de", load_pack("pl", home=home))
    for message in po:
        if message.id:
            message.string = message.id  # a translator's work, as far as this test is concerned
    data = copy.deepcopy(import_catalog(po, "de.po", source, None, "de").data)
    del data["rules"]["setup.money"]  # not translated yet
    de = home / "rulepacks" / "pl" / "text" / "de.yaml"
    de.write_text(dump(data, None), encoding="utf-8")
    assert not _finding(home, "TEXT_STALE") and not _finding(home, "TEXT_MISSING")
    untranslated = _finding(home, "TEXT_UNTRANSLATED")
    assert len(untranslated) == 1 and untranslated[0].startswith(
        "rulepacks/pl/text/de.yaml: the de translation lacks the rule setup.money (needed by pl, pl + ")
    # the page shows that rule in Polish, marked as such, until it is translated
    from regola.text.render import render

    book = render(catalog_for("de", home, "princes-of-florence"), load_pack("pl", home=home), "html", source)
    assert '<article id="rule-setup.money" lang="pl">' in book
    # the Polish text of a translated rule changes: its translation is stale
    pl = home / "rulepacks" / "pl" / "text" / "pl.yaml"
    pl.write_text(pl.read_text(encoding="utf-8").replace("title: Liczba graczy", "title: Ilu graczy"), encoding="utf-8")
    stale = _finding(home, "TEXT_STALE")
    assert stale == ["rulepacks/pl/text/de.yaml: /rules/game.players/title: the pl text changed since this "
                     "translation; now: 'Ilu graczy'"]
    assert not [f for f in run_check([], home).findings if f.level == "error"]  # warnings: --strict fails on them
    assert main(["check", "--strict", "--no-daemon", str(home / "rulepacks" / "pl")]) == 1


def test_every_catalog_goes_stale_against_the_texts_it_shares(tmp_path: Path) -> None:
    """Issue 47, item 4: the German and French Maestro Leonardo catalogs live in packs of their own (de, fr)
    that borrow from the Czech one; when a Czech text they share changes, they are stale like the Czech
    pack's own translations (before: never)."""
    home = home_copy(tmp_path)
    assert not _finding(home, "TEXT_STALE")
    cs = home / "rulepacks" / "cs" / "text" / "cs.yaml"
    cs.write_text(cs.read_text(encoding="utf-8").replace("title: Počet hráčů", "title: Kolik hráčů"), encoding="utf-8")
    stale = sorted(_finding(home, "TEXT_STALE"))
    assert stale == [f"rulepacks/{where}.yaml: /rules/game.players/title: the cs text changed since this translation; "
                     "now: 'Kolik hráčů'" for where in ("cs/text/en", "cs/text/pl", "de/text/de", "fr/text/fr")]


def test_the_pack_in_its_own_language_must_have_every_text(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    pl = home / "rulepacks" / "pl" / "text" / "pl.yaml"
    pl.write_text(pl.read_text(encoding="utf-8").replace("    pack_title_pl:", "    pack_title_xx:"), encoding="utf-8")
    missing = _finding(home, "TEXT_MISSING")
    assert any("no pl text for the heading chrome.pack_title_pl (needed by pl" in m for m in missing), missing


def test_two_catalogs_of_one_game_in_one_language_are_an_error(tmp_path: Path) -> None:
    home = home_copy(tmp_path)
    (home / "rulepacks" / "cs" / "text" / "de.yaml").write_bytes(
        (home / "rulepacks" / "de" / "text" / "de.yaml").read_bytes())
    found = _finding(home, "TEXT_DUPLICATE")
    assert found == ["rulepacks/cs/text/de.yaml: a second de catalog of maestro-leonardo: rulepacks/de/text/de.yaml "
                     "is the one used"]


def test_interface_words_round_trip_through_a_po_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from regola.i18n import tooling

    monkeypatch.setattr(tooling, "LOCALE_DIR", tmp_path / "locale")
    import regola.i18n as i18n

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    po_file = tmp_path / "regola.it.po"
    assert main(["text", "export", "--interface", "--lang", "it", "-o", str(po_file)]) == 0
    text = po_file.read_text(encoding="utf-8")
    text = text.replace('msgid "Search the rules"\nmsgstr ""', 'msgid "Search the rules"\nmsgstr "Cerca nelle regole"')
    po_file.write_text(text, encoding="utf-8")
    assert main(["text", "import", "--interface", str(po_file)]) == 0
    written = tmp_path / "locale" / "it" / "LC_MESSAGES" / "regola.po"
    assert 'msgstr "Cerca nelle regole"' in written.read_text(encoding="utf-8")
    bad = text.replace('msgstr "Cerca nelle regole"', 'msgstr "Cerca {x}"')
    po_file.write_text(bad, encoding="utf-8")
    assert main(["text", "import", "--interface", str(po_file)]) == 2


def test_every_translatable_text_has_a_pointer_the_export_knows() -> None:
    for (game, lang) in catalog_files():
        data = catalog_for(lang, game=game).data
        pointers = [p for p, _ in translatable(data)]
        assert len(pointers) == len(set(pointers)), (game, lang)


def test_a_half_done_new_language_imports_renders_and_imports_again(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31: a half-done Italian PO file once wrote an it.yaml that did not load (no names), after
    which every --lang it command and the next import failed. Now what is written loads, a name the
    translation lacks is shown in the pack's own words (never its id), and the check warns."""
    from babel.messages.pofile import write_po

    from regola.check import run as check_run
    from regola.core.pack import load_pack
    from regola.text.bind import bind_all
    from regola.text.catalog import catalogs_for

    home = home_copy(tmp_path)
    monkeypatch.setenv("REGOLA_HOME", str(home))
    po_file = tmp_path / "it.po"
    assert main(["text", "export", "--pack", "cs", "--lang", "it", "-o", str(po_file)]) == 0
    po = _po(po_file)
    for message in po:  # one rule whole, one district's name: the rest stays untranslated
        if message.context == "/rules/district.cost_track/title":
            message.string = "Prezzi delle azioni"
        if message.context == "/rules/district.cost_track/text":  # every placeholder of the source, kept
            message.string = "Prezzi: " + " ".join(re.findall(r"\{[a-z_0-9]+\}", message.id))
        if message.context == "/names/districts/B":
            message.string = "Bottega"
    with po_file.open("wb") as out:
        write_po(out, po)
    for _ in range(2):  # the second import merges into what the first wrote
        assert main(["text", "import", str(po_file)]) == 0
    catalog = home / "rulepacks" / "cs" / "text" / "it.yaml"
    assert catalog.is_file() and not list(catalog.parent.glob(".import-*"))
    pack = load_pack("cs", home=home)
    italian, fallback = catalogs_for("it", pack.game, pack.language, home)
    assert italian.name("districts", "B") == "Bottega"
    czech = load_catalog(home / "rulepacks" / "cs" / "text" / "cs.yaml")
    assert italian.name("districts", "C") == czech.name("districts", "C") != "C"  # the pack's words, not the id
    assert italian.chrome("setup") == czech.chrome("setup") != "setup"
    bound = bind_all(italian, pack, fallback)
    assert set(pack.data["rules"]) <= set(bound)  # no rule is dropped (the mechanics add their own)
    findings = check_run([], home).findings
    assert not [f for f in findings if f.level == "error"], [str(f) for f in findings if f.level == "error"][:3]
    assert any(f.code == "TEXT_UNTRANSLATED" and "it" in f.message for f in findings)
    capsys.readouterr()
    assert main(["rules", "show", "district.cost_track", "--lang", "it"]) == 0


def test_a_plural_form_is_shown_with_the_source_form_for_the_same_numbers() -> None:
    """Issue 47: CLDR names categories per language, so Polish 'many' (5, 6, …) translates the Czech form
    for 5 (Czech 'other'), not Czech 'many' (fractions); a Polish 'other' (fractions only) reads Czech 'other'.
    The staleness check and the stamps read the same source form, so an import is never stale at once."""
    from regola.text.entries import source_text

    source = catalog_for("cs", game="maestro-leonardo")
    forms = source.data["units"]["gulden"]
    po = export_catalog(source, None, "pl", load_pack("cs"))
    shown = {m.context: m.id for m in po if str(m.context or "").startswith("/units/gulden/")}
    assert shown["/units/gulden/one"] == forms["one"] and shown["/units/gulden/few"] == forms["few"]
    assert shown["/units/gulden/many"] == forms["other"] != forms["many"]
    assert source_text(source.data, "/units/gulden/other", "cs", "pl") == forms["other"]
    rule = next(iter(source.data["rules"]))
    assert source_text(source.data, f"/rules/{rule}/text", "cs", "pl") == source.data["rules"][rule]["text"]


def test_an_import_of_one_message_changes_one_line_of_the_catalog(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47, item 4: before, importing one changed message rewrote ~1,200 lines of the YAML (comments
    lost, lines wrapped anew); now only the line of that text changes (its source text, and so its digest,
    is the same)."""
    import difflib

    home = home_copy(tmp_path)
    monkeypatch.setenv("REGOLA_HOME", str(home))
    po_file = tmp_path / "en.po"
    assert main(["text", "export", "--pack", "pl", "--lang", "en", "-o", str(po_file)]) == 0
    catalog = home / "rulepacks" / "pl" / "text" / "en.yaml"
    before = catalog.read_text(encoding="utf-8")
    po = _po(po_file)
    message = next(m for m in po if isinstance(m.id, str) and m.string and str(m.context).endswith("/title"))
    message.string = "A text changed by its translator"
    po_file.write_bytes(po_bytes(po))
    assert main(["text", "import", str(po_file)]) == 0
    after = catalog.read_text(encoding="utf-8")
    changed = [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
               if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    added = [line for line in changed if line.startswith("+")]
    assert len(added) == 1 and "A text changed by its translator" in added[0], changed
    assert len(changed) == 2, changed  # the old line of that title, and nothing else
    comments = [line for line in before.splitlines() if line.lstrip().startswith("#")]
    assert comments and all(line in after.splitlines() for line in comments)  # every comment kept
    assert load_catalog(catalog, home).rules  # and it loads


def test_a_rule_translated_in_part_is_kept_aside_offered_again_and_joined_when_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47, item 4: a new rule whose title was translated but not its text was dropped on import, the
    title lost. Now the title is kept aside (``partial``), the next export offers it again, and the import
    that brings the text makes the rule whole; until then the rule reads in the pack's own language."""
    home = home_copy(tmp_path)
    monkeypatch.setenv("REGOLA_HOME", str(home))
    po_file = tmp_path / "it.po"
    assert main(["text", "export", "--pack", "cs", "--lang", "it", "-o", str(po_file)]) == 0
    po = _po(po_file)
    title = po.get(next(m.id for m in po if m.context == "/rules/district.cost_track/title"),
                   "/rules/district.cost_track/title")
    title.string = "Prezzi delle azioni"
    po_file.write_bytes(po_bytes(po))
    assert main(["text", "import", str(po_file)]) == 0
    assert "rule district.cost_track: text not translated yet; the parts translated are kept aside" in \
        capsys.readouterr().err
    made = home / "rulepacks" / "cs" / "text" / "it.yaml"
    catalog = load_catalog(made, home)
    assert "district.cost_track" not in catalog.rules
    assert catalog.data["partial"] == {"/rules/district.cost_track/title": "Prezzi delle azioni"}
    # the next export offers the title again; its translator adds the text
    again = tmp_path / "it2.po"
    assert main(["text", "export", "--pack", "cs", "--lang", "it", "-o", str(again)]) == 0
    po = _po(again)
    by_context = {m.context: m for m in po if m.id}
    assert by_context["/rules/district.cost_track/title"].string == "Prezzi delle azioni"
    text = by_context["/rules/district.cost_track/text"]
    text.string = "Prezzi: " + " ".join(re.findall(r"\{[a-z_0-9]+\}", text.id))
    again.write_bytes(po_bytes(po))
    assert main(["text", "import", str(again)]) == 0
    whole = load_catalog(made, home)
    assert whole.rules["district.cost_track"]["title"] == "Prezzi delle azioni"
    assert whole.rules["district.cost_track"]["text"].startswith("Prezzi: ") and "partial" not in whole.data

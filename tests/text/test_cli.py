"""`regola rules …`: English chrome, rule text in the negotiated language, one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regola.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_in_the_pack_language_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "labs.work")
    assert code == 0
    assert out.startswith("labs.work — Práce laboratoří")
    assert "týden" in out


@pytest.mark.parametrize(("tag", "word"), [("de-AT", "Woche"), ("cs_CZ", "týden"), ("fr", "semaine"),
                                           ("fr-CA", "semaine")])
def test_lang_is_negotiated(capsys: pytest.CaptureFixture[str], tag: str, word: str) -> None:
    code, out, _ = run(capsys, "rules", "show", "labs.work", "--lang", tag)
    assert code == 0 and word in out


def test_lang_environment_variable(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    code, out, _ = run(capsys, "rules", "show", "labs.work", "--pack", "fr")
    assert code == 0 and "Woche" in out
    for posix_or_unknown in ("C.UTF-8", "POSIX", "ja_JP.UTF-8", "xx"):  # issue 45: no Czech for a container
        monkeypatch.setenv("LANG", posix_or_unknown)
        code, out, _ = run(capsys, "rules", "show", "labs.work", "--pack", "fr")
        assert code == 0 and "week" in out and "semaine" not in out, posix_or_unknown
    monkeypatch.delenv("LANG")
    code, out, _ = run(capsys, "rules", "show", "labs.work", "--pack", "fr")
    assert "semaine" in out  # no locale at all: the pack's language


def test_unknown_rule_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "show", "labs.nothing")  # said in the pack's language, Czech
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "neznámé pravidlo 'labs.nothing'" in err
    code, out, err = run(capsys, "rules", "show", "labs.nothing", "--lang", "de")
    assert code == 2 and err.count("\n") == 1 and "unbekannte Regel 'labs.nothing'" in err


def test_unknown_language_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "list", "--lang", "xx")
    assert code == 2 and "no rule text in language 'xx'" in err and err.count("\n") == 1


def test_list_and_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "list", "--pack", "de", "--json")
    data = json.loads(out)
    assert code == 0 and data["language"] == "de" and data["pack"] == "de"
    assert "council.move_apprentice" in {r["id"] for r in data["rules"]}
    code, out, _ = run(capsys, "rules", "show", "round_end.refill", "--pack", "de", "--lang", "cs", "--json")
    rule = json.loads(out)
    assert rule["language"] == "cs" and rule["cites"] == ["002 Ende der Runde"]
    assert "ve dvou na 2\u00a0vynálezy" in rule["text"]  # the German pack's refill, with the Czech plural


def test_search_folds_accents(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "search", "nakup", "suroviny", "--json")
    hits = [r["id"] for r in json.loads(out)["rules"]]
    assert code == 0 and "council.buy_material" in hits
    code, _, _ = run(capsys, "rules", "search", "zzzz-nothing")
    assert code == 1


def test_variant_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "variant.codex_market", "--variant", "codex-leonardi-2", "--lang", "fr")
    assert code == 0 and "marché" in out


def test_render_writes_one_file_per_language(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "rules", "render", "--format", "html", "-o", str(tmp_path), "--all-languages")
    assert code == 0
    from regola.text.catalog import languages_of

    files = sorted(p.name for p in tmp_path.iterdir())
    languages = languages_of("maestro-leonardo")  # every language the game has a catalog in
    assert {"cs", "de", "fr"} <= set(languages)
    assert files == [f"rulebook.cs.{lang}.html" for lang in languages]
    code, _, _ = run(capsys, "rules", "render", "--format", "md", "-o", str(tmp_path), "--lang", "de", "--pack", "fr")
    assert (tmp_path / "rulebook.fr.de.md").read_text(encoding="utf-8").startswith("# ")


def test_a_variant_file_chooses_its_pack_when_none_is_given(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    """Issue 45: `rules diff` of a Princes of Florence house rule failed without --pack pl (the default cs
    refused the file). The file's base now chooses the pack; --pack still decides where given; a file that
    cannot be read leaves the default, and loading it says why."""
    from regola import paths

    house = paths.home() / "rulepacks" / "pl" / "variants" / "house" / "pf-buy-start.yaml"
    code, out, err = run(capsys, "rules", "diff", "--variant", str(house), "--lang", "en")
    assert code == 0 and "200 florins" in " ".join(out.split()), err  # (the text is wrapped)
    code, _, err = run(capsys, "rules", "diff", "--variant", str(house), "--pack", "cs", "--lang", "en")
    assert code == 2 and "applies to packs ['pl'], not 'cs'" in err
    broken = tmp_path / "broken.yaml"
    broken.write_text("variant: [unclosed\n", encoding="utf-8")
    code, _, err = run(capsys, "rules", "diff", "--variant", str(broken), "--lang", "en")
    assert code == 2 and "broken.yaml" in err and err.count("\n") == 1

"""`regola new variant`: a commented starting variant that `regola check` passes as written, and still
passes with every change uncommented (today's values), each change naming its rule."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from regola.check import run
from regola.cli.main import main
from regola.cli.new import run_variant
from regola.core.errors import RegolaError
from regola.core.home import current
from regola.core.variant import load_variant


@pytest.mark.parametrize("pack", ["cs", "pl"])
def test_the_starting_variant_checks_as_written_and_uncommented(pack: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / f"{pack}-house.yaml"
    assert main(["new", "variant", "--pack", pack, "--id", "club-rules", "-o", str(target)]) == 0
    assert f"regola check {target}" in capsys.readouterr().out  # in LANG, else the pack's language
    text = target.read_text(encoding="utf-8")
    home = current().root
    assert [f for f in run([target], home).findings if f.level != "info"] == []
    numbers = text.split("(docs/MECHANICS.md) ---")[0]
    changes = [line for line in numbers.splitlines() if line.startswith("    # - {op: replace")]
    assert len(changes) >= 10
    rules = [line for line in numbers.splitlines() if line.startswith("    # ") and "—" in line]
    assert len(rules) == len(changes)  # every change is introduced by its rule ID and title
    opened = tmp_path / "opened.yaml"
    opened.write_text(text.replace("    # - {op: replace", "    - {op: replace"), encoding="utf-8")
    assert [f for f in run([opened], home).findings if f.level != "info"] == []
    variant = load_variant(opened)
    assert variant.id == "club-rules" and variant.base == (pack,)


@pytest.mark.parametrize("pack", ["cs", "pl"])
def test_each_offered_change_of_form_checks_and_says_itself(pack: str, tmp_path: Path) -> None:
    """The mechanics part offers every kind of change the library has (start, order of play, a hand's deal,
    auction, visibility, awards, end, a further move),
    each valid on its own once uncommented, and each one a new or reworded rule in `rules diff`."""
    from regola.core.pack import load_pack
    from regola.text.catalog import catalogs_for
    from regola.text.diff import diff_rules

    target = tmp_path / "house.yaml"
    assert main(["new", "variant", "--pack", pack, "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    offered = [line for line in text.split("(docs/MECHANICS.md) ---")[1].splitlines()
               if line.startswith("    # - {op:")]
    kinds = ("/mechanics/start_player", "/mechanics/turn_order", "/mechanics/auction", "/mechanics/visibility/",
             "/mechanics/awards/-", "/mechanics/end/-", "/mechanics/moves", "/mechanics/deal")
    dealt = {"/mechanics/deal"} if pack == "pl" else set()  # only Princes of Florence deals a hand at setup
    assert set(kinds) - {"/mechanics/deal"} | dealt == {next(p for p in kinds if p in line) for line in offered}
    home = current().root
    base = load_pack(pack)
    catalog, fallback = catalogs_for("en", base.game, base.language, home)
    for i, line in enumerate(offered):
        one = tmp_path / f"one-{i}.yaml"
        one.write_text(text.replace(line, line.replace("    # - {op:", "    - {op:", 1)), encoding="utf-8")
        assert [f.message for f in run([one], home).findings if f.level != "info"] == [], line
        diff = diff_rules(catalog, base, load_pack(pack, variants=[str(one)]), fallback)
        assert len(diff.added) + len(diff.changed) == 1 and not diff.values, line


def test_an_edited_value_is_played_and_a_bad_one_is_caught(tmp_path: Path) -> None:
    target = tmp_path / "dear.yaml"
    assert main(["new", "variant", "--pack", "pl", "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    edited = text.replace("    # - {op: replace, path: /actions/building_price, value: [700, 300, 300, 0]}",
                          "    - {op: replace, path: /actions/building_price, value: [700, 300, 900, 0]}")
    assert edited != text
    target.write_text(edited, encoding="utf-8")
    found = [f.code for f in run([target], current().root).findings if f.level == "error"]
    assert found == ["CONSTRAINT"]  # more architects never make a building dearer (004 Architekt)


def test_it_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "taken.yaml"
    target.write_text("mine\n", encoding="utf-8")
    with pytest.raises(RegolaError, match="exists already"):
        run_variant(argparse.Namespace(pack="cs", id="x", output=target, lang=None))
    assert target.read_text(encoding="utf-8") == "mine\n"


@pytest.mark.parametrize(("lang", "said", "title"), [
    ("de", "Eine Hausregel für das Paket", "Meine Hausregel"),
    ("fr", "Une règle maison pour le paquet", "Ma règle maison"),
    ("pl", "Zasada domowa dla pakietu", "Moja zasada domowa"), ("en", "A house rule for the pack", "My house rule")])
def test_the_starting_file_speaks_the_reader_s_language(lang: str, said: str, title: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """--lang writes the comments, the file's title and the rule titles in the reader's language (before,
    the comments were English and the titles the pack's for everyone); the file still checks as written."""
    from regola.text.catalog import catalog_for

    target = tmp_path / f"{lang}.yaml"
    assert main(["new", "variant", "--pack", "cs", "--lang", lang, "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith(f"# {said}") and f'title: "{title}"' in text
    rulebook = catalog_for(lang, None, "maestro-leonardo").data["rules"]
    introduced = [line[6:].split(" [")[0].split(" — ") for line in text.splitlines()
                  if line.startswith("    # ") and " — " in line]
    assert introduced and all(rulebook[rule]["title"] == title for rule, title in introduced if rule in rulebook)
    assert sum(rule in rulebook for rule, _ in introduced) >= 10
    assert "To change a rule" not in text if lang != "en" else "To change a rule" in text
    assert [f for f in run([target], current().root).findings if f.level != "info"] == []
    assert "regola check" in capsys.readouterr().out


def test_a_language_the_game_is_not_written_in_is_one_clear_error(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "variant", "--pack", "cs", "--lang", "ja", "-o", str(tmp_path / "x.yaml")]) != 0
    assert not (tmp_path / "x.yaml").exists()
    assert "ja" in capsys.readouterr().err

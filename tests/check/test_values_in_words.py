"""Every value a variant changes reaches the reader in words (issue 31, item 1): through a rule text,
a rulebook table, the order of the phases or a catalog label — never a data key, a developer note or
a flow's states and transitions; names come from the category the data is a collection of; a value
without words is `regola check`'s VALUE_UNSAID at the variant's change."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from check_helpers import findings, line_of, make_home, replace_once

from regola import paths
from regola.core.pack import Pack, load_pack
from regola.text.catalog import catalogs_for, languages_of
from regola.text.diff import RuleDiff, diff_rules

HOME = paths.home()
VARIANTS = sorted((pack.name, path) for pack in (HOME / "rulepacks").iterdir() if (pack / "variants").is_dir()
                  for path in (pack / "variants").rglob("*.yaml"))
#: what only a developer writes: flow fields, hook names, notes, source sections
RAW = re.compile(r"\b(trigger|source|dest|on_enter|on_exit|step|doc|conditions|provenance|cites)\s*:|Chance:|"
                 r"[a-z]+_[a-z_]+|\{\d\}")


@cache
def _base(pack: str) -> Pack:
    return load_pack(pack)


def _diff(pack: str, variant: Path, language: str) -> RuleDiff:
    base = _base(pack)
    catalog, fallback = catalogs_for(language, base.game, base.language, HOME)
    return diff_rules(catalog, base, load_pack(pack, variants=[variant]), fallback)


@pytest.mark.parametrize(("pack", "variant"), VARIANTS, ids=[f"{p}-{v.stem}" for p, v in VARIANTS])
def test_no_data_key_or_note_reaches_a_reader(pack: str, variant: Path) -> None:
    for language in languages_of(_base(pack).game, HOME):
        diff = _diff(pack, variant, language)
        assert [c.pointer for c in diff.values if c.unsaid] == []
        for change in diff.values:
            said = change.said(language)
            assert not RAW.search(said), (language, change.pointer, said)


def test_a_new_phase_is_said_as_the_order_of_the_phases() -> None:
    variant = HOME / "rulepacks" / "pl" / "variants" / "muse-and-princess.yaml"
    diff = _diff("pl", variant, "fr")
    order = [c for c in diff.values if c.pointer == "/flow"]
    assert len(order) == 1 and not [c for c in diff.values if c.pointer.startswith("/flow/")]
    before, after = order[0].before.split(" → "), order[0].after.split(" → ")
    catalog, _ = catalogs_for("fr", "princes-of-florence", "pl", HOME)
    characters = catalog.name("phases", "characters")
    assert characters not in before and len(after) == len(before) + 1
    # the characters' phase comes right after the auction, as the variant's transitions say
    assert after.index(characters) == after.index(catalog.name("phases", "auction")) + 1
    lines = "\n".join(diff.lines(catalog, ["muse-and-princess"]))
    assert "trigger" not in lines and "on_enter" not in lines and "Chance:" not in lines


def test_a_numbered_collection_is_named_from_its_own_category() -> None:
    """`/bonus_cards` holds bonus cards 1, 2, …: their names, not the professions' numbered 1, 2, …"""
    variant = HOME / "rulepacks" / "pl" / "variants" / "house" / "pf-tiny.yaml"
    catalog, _ = catalogs_for("en", "princes-of-florence", "pl", HOME)
    change = next(c for c in _diff("pl", variant, "en").values if c.pointer == "/bonus_cards")
    assert change.after == catalog.name("bonus_cards", "1")  # the tiny game keeps bonus card 1 alone
    assert change.before.startswith(catalog.name("bonus_cards", "1") + ", " + catalog.name("bonus_cards", "2"))
    assert catalog.name("professions", "1") not in change.before
    grid = next(c for c in _diff("pl", variant, "en").values if c.pointer == "/principality/grid/columns")
    assert grid.where.endswith(catalog.names("fields")["columns"]) and (grid.before, grid.after) == ("7", "4")


UNLABELLED = """variant:
  id: club-bonus-limit
  base: [pl]
  title: Club rule, one bonus card a round
  cites: [R1]
  changes:
    - {op: replace, path: /actions/kinds/bonus/max_per_round, value: 1}
"""


def test_a_value_without_words_is_a_finding_at_the_change(tmp_path: Path) -> None:
    home = make_home(tmp_path / "home", ("pl",))
    variant = tmp_path / "club.yaml"
    variant.write_text(UNLABELLED, encoding="utf-8")
    assert [f for f in findings([variant], home) if f.code == "VALUE_UNSAID"] == []  # every catalog labels it
    for language in ("cs", "de", "en", "fr", "pl"):
        catalog = home / "rulepacks" / "pl" / "text" / f"{language}.yaml"
        replace_once(catalog, "      max_per_round:", "      per_round:")
    found = [f for f in findings([variant], home) if f.code == "VALUE_UNSAID"]
    assert len(found) == 1 and found[0].severity == "warning"  # once, not once per language
    assert found[0].line == line_of(variant, "    - {op: replace")
    assert "max_per_round" in found[0].message and found[0].pointer == "/actions/kinds/bonus/max_per_round"


def test_every_value_the_workshop_offers_has_words(tmp_path: Path) -> None:
    """Every key above a value a house rule may change has a label: a label no catalog has is one finding
    at the pack's value; one a translation lacks is that translation's untranslated text."""
    from regola.check.subject import Subject
    from regola.check.unsaid import check_fields_said

    home = make_home(tmp_path / "home", ("pl",))
    pack = load_pack(home / "rulepacks" / "pl", home=home)
    assert check_fields_said([Subject(pack, None, home)], home) == []
    replace_once(home / "rulepacks" / "pl" / "text" / "de.yaml", "      tied_points:", "      tie_points:")
    assert check_fields_said([Subject(pack, None, home)], home) == []  # German shows the Polish label meanwhile
    untranslated = [f for f in findings([home / "rulepacks" / "pl"], home) if "tied_points" in f.message]
    assert [(f.code, f.file) for f in untranslated] == [("TEXT_UNTRANSLATED", "rulepacks/pl/text/de.yaml")]
    for language in ("cs", "en", "fr", "pl"):
        replace_once(home / "rulepacks" / "pl" / "text" / f"{language}.yaml", "      tied_points:", "      tie_points:")
    found = check_fields_said([Subject(pack, None, home)], home)
    assert [(f.code, f.pointer) for f in found] == [("VALUE_UNSAID", "/prestige_cards/0/tied_points")]
    assert "tied_points" in found[0].message and found[0].line

"""Every rule has words in every language, and those words follow the data of any pack and variant."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from tests.text.conftest import LANGUAGES, PACKS, cs_variant_files

from regola.core.errors import PackError
from regola.core.pack import Pack, load_pack
from regola.text.bind import bind_all, bind_rule, plural, with_unit
from regola.text.catalog import Catalog, load_catalog


def all_rule_ids(packs: dict[str, Pack]) -> set[str]:
    ids = {rule for pack in packs.values() for rule in pack.data["rules"]}
    for variant in cs_variant_files():
        ids |= set(load_pack("cs", variants=[variant]).data["rules"])
    return ids


def test_every_rule_id_has_text_in_every_language(catalogs: dict[str, Catalog], packs: dict[str, Pack]) -> None:
    ids = all_rule_ids(packs)
    assert len(ids) > 60
    for lang, catalog in catalogs.items():
        missing = sorted(ids - set(catalog.rules))
        assert not missing, f"{lang} lacks {missing}"
        unknown = sorted(set(catalog.rules) - ids)
        assert not unknown, f"{lang} has text for rules no pack defines: {unknown}"


def test_every_ruling_has_text(catalogs: dict[str, Catalog]) -> None:
    for catalog in catalogs.values():
        assert sorted(catalog.rulings, key=lambda r: int(r[1:])) == [*(f"R{i}" for i in range(1, 15)), "R19"]


@pytest.mark.parametrize("pack_id", PACKS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_resolve_in_every_pack(catalogs: dict[str, Catalog], packs: dict[str, Pack],
                                            pack_id: str, lang: str) -> None:
    bound = bind_all(catalogs[lang], packs[pack_id])
    rules = set(packs[pack_id].data["rules"])
    assert rules <= set(bound)
    assert all(rule_id.startswith("mechanics.") for rule_id in set(bound) - rules), "only the mechanics' own rules"
    for rule in bound.values():
        assert "{" not in rule.text and "{" not in rule.title, rule.id


@pytest.mark.parametrize("variant", cs_variant_files(), ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_resolve_under_each_cs_variant(catalogs: dict[str, Catalog], lang: str, variant: Path) -> None:
    pack = load_pack("cs", variants=[variant])
    bound = bind_all(catalogs[lang], pack)
    assert any(rule_id.startswith("variant.") for rule_id in bound)


def test_placeholders_resolve_under_stacked_variants(catalogs: dict[str, Catalog]) -> None:
    pack = load_pack("cs", variants=cs_variant_files())
    for catalog in catalogs.values():
        assert "variant.codex_market" in bind_all(catalog, pack)


def test_placeholders_are_the_same_in_every_language(catalogs: dict[str, Catalog]) -> None:
    reference = catalogs["cs"].rules
    for lang, catalog in catalogs.items():
        for rule_id, entry in catalog.rules.items():
            mine = {k: v["path"] for k, v in entry.get("args", {}).items()}
            theirs = {k: v["path"] for k, v in reference[rule_id].get("args", {}).items()}
            assert mine == theirs, f"{lang} {rule_id}"


def test_names_cover_the_data(catalogs: dict[str, Catalog]) -> None:
    doc = load_pack("cs", variants=cs_variant_files()).data
    needed = {
        "materials": doc["components"]["materials"]["kinds"],
        "colors": doc["components"]["colors"],
        "labs": list(doc["components"]["labs"]),
        "districts": list(doc["city"]["districts"]),
        "council_spaces": [str(s["id"]) for s in doc["city"]["council"]["spaces"]],
        "upgrades": [u["id"] for u in doc["city"]["workshop"]["upgrades"]],
        "favors": [f["id"] for f in doc["setup"]["advanced"]["favors"]],
        "tiers": [t["id"] for t in doc["inventions"]["tiers"]],
        "types": doc["inventions"]["types"],
        "phases": [s["name"] for s in doc["flow"]["states"]],
        "setup_modes": doc["setup"]["modes"],
        "cards": [str(c["id"]) for c in doc["inventions"]["cards"]],
    }
    assert len(needed["cards"]) == 25
    for lang, catalog in catalogs.items():
        for category, ids in needed.items():
            missing = [i for i in ids if i not in catalog.names(category)]
            assert not missing, f"{lang} names.{category} lacks {missing}"
        for name in ("master", "apprentice", "work_marker", "lab", "robot", "leonardo", "lord"):
            assert name in catalog.names("components")


def test_card_names_and_their_provenance(catalogs: dict[str, Catalog]) -> None:
    fr_cards = catalogs["fr"].names("cards")
    assert fr_cards["7"]["name"] == "Char sous-marin"
    assert all(card["provenance"] == "003 end" for card in fr_cards.values())
    for lang in ("cs", "de"):
        assert all(card["provenance"] == "translated" for card in catalogs[lang].names("cards").values())


@pytest.mark.parametrize(("n", "form"), [(1, "gulden"), (2, "guldeny"), (4, "guldeny"), (5, "guldenů"),
                                         (21, "guldenů"), (22, "guldenů"), (25, "guldenů")])
def test_czech_plurals(catalogs: dict[str, Catalog], n: int, form: str) -> None:
    assert plural(catalogs["cs"], "gulden", n) == form
    assert with_unit(catalogs["cs"], n, "gulden") == f"{n}\u00a0{form}"


@pytest.mark.parametrize(("n", "week"), [(1, "týden"), (2, "týdny"), (4, "týdny"), (5, "týdnů"), (21, "týdnů")])
def test_czech_weeks(catalogs: dict[str, Catalog], n: int, week: str) -> None:
    assert plural(catalogs["cs"], "week", n) == week


@pytest.mark.parametrize(("lang", "n", "form"), [("de", 0, "Wochen"), ("de", 1, "Woche"), ("de", 2, "Wochen"),
                                                 ("fr", 0, "semaine"), ("fr", 1, "semaine"), ("fr", 2, "semaines")])
def test_german_and_french_plurals(catalogs: dict[str, Catalog], lang: str, n: int, form: str) -> None:
    assert plural(catalogs[lang], "week", n) == form


def test_numbers_and_lists_are_formatted_by_the_locale(catalogs: dict[str, Catalog], packs: dict[str, Pack]) -> None:
    texts = {lang: bind_rule(catalogs[lang], packs["cs"], "district.cost_track").text.replace("\u00a0", " ")
             for lang in LANGUAGES}
    assert "0, 2, 3 a 4 guldeny" in texts["cs"]
    assert "0, 2, 3 und 4 Gulden" in texts["de"]
    assert "0, 2, 3 et 4 florins" in texts["fr"]


def test_divergences_show_in_every_language(catalogs: dict[str, Catalog], packs: dict[str, Pack]) -> None:
    for catalog in catalogs.values():
        de = bind_rule(catalog, packs["de"], "round_end.refill").text
        cs = bind_rule(catalog, packs["cs"], "round_end.refill").text
        assert de != cs
        de_move = bind_rule(catalog, packs["de"], "council.move_apprentice").text
        assert catalog.name("districts", "B") not in de_move.split(".")[1]  # from the council only


def test_missing_path_names_catalog_rule_and_pointer(catalogs: dict[str, Catalog], packs: dict[str, Pack]) -> None:
    data = copy.deepcopy(catalogs["de"].data)
    data["rules"]["labs.work"]["args"]["a"]["path"] = "/labs/work/nobody"
    broken = Catalog("de", catalogs["de"].path, catalogs["de"].file, data)
    with pytest.raises(PackError) as info:
        bind_rule(broken, packs["cs"], "labs.work")
    message = str(info.value)
    assert "rulepacks/de/text/de.yaml" in message
    assert "labs.work" in message
    assert "/labs/work/nobody" in message


def test_a_catalog_with_an_unbound_placeholder_is_rejected(tmp_path: Path, catalogs: dict[str, Catalog]) -> None:
    import yaml

    data = copy.deepcopy(catalogs["fr"].data)
    data["rules"]["labs.work"]["text"] += " {oops}"
    path = tmp_path / "fr.yaml"
    path.write_text(yaml.safe_dump({"text": data}, allow_unicode=True), encoding="utf-8")
    with pytest.raises(PackError, match=r"labs\.work.*\{oops\}"):
        load_catalog(path)

"""The library's kinds have one list each: the schema offers exactly the kinds the code plays, every
kind is said in every shipped language, and a form that can never happen is a finding."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from regola import paths
from regola.check import run
from regola.core.pack import load_pack
from regola.mechanics import parts, seating
from regola.mechanics.auction import AUCTION_KINDS, RAISE_KINDS
from regola.mechanics.awards import MOMENTS, RECEIVERS
from regola.mechanics.draft import DEAL_KINDS, DIRECTIONS
from regola.mechanics.ending import END_KINDS, END_MOMENTS
from regola.mechanics.parts import units
from regola.mechanics.start import START_KINDS, TIE_RULES
from regola.mechanics.ties import NOBODY, TIE_ORDERS
from regola.mechanics.visibility import HELD_AUDIENCES, PILE_AUDIENCES
from regola.text.bind import bind_all, bind_rule
from regola.text.catalog import catalogs_for
from regola.text.mechanics import mechanic_rules

HOME = paths.home()
SCHEMA = json.loads((HOME / "schemas" / "mechanics.schema.json").read_text(encoding="utf-8"))["properties"]


def test_the_schema_offers_exactly_the_kinds_the_code_plays() -> None:
    assert tuple(SCHEMA["start_player"]["properties"]["kind"]["enum"]) == START_KINDS
    assert tuple(SCHEMA["start_player"]["properties"]["tie"]["enum"]) == TIE_RULES
    assert tuple(SCHEMA["awards"]["items"]["properties"]["when"]["enum"]) == MOMENTS
    assert tuple(SCHEMA["awards"]["items"]["properties"]["to"]["enum"]) == RECEIVERS
    assert tuple(SCHEMA["end"]["items"]["properties"]["kind"]["enum"]) == END_KINDS
    assert tuple(SCHEMA["end"]["items"]["properties"]["at"]["enum"]) == END_MOMENTS
    assert tuple(SCHEMA["visibility"]["additionalProperties"]["enum"]) == HELD_AUDIENCES
    part = SCHEMA["parts"]["additionalProperties"]["properties"]
    assert tuple(part["kind"]["enum"]) == parts.KINDS and tuple(part["owner"]["enum"]) == parts.OWNERS
    laid = SCHEMA["visibility"]["properties"]["piles"]["additionalProperties"]["oneOf"]  # face up/down, or {top: N}
    assert tuple(laid[0]["enum"]) == PILE_AUDIENCES and laid[1]["required"] == ["top"]
    assert tuple(SCHEMA["deal"]["properties"]["kind"]["enum"]) == DEAL_KINDS
    assert tuple(SCHEMA["deal"]["properties"]["pass"]["enum"]) == DIRECTIONS
    assert tuple(SCHEMA["auction"]["properties"]["kind"]["enum"]) == AUCTION_KINDS
    assert tuple(SCHEMA["auction"]["properties"]["raise"]["properties"]["kind"]["enum"]) == RAISE_KINDS
    assert tuple(SCHEMA["auction"]["properties"]["tie"]["enum"]) == (*TIE_ORDERS, NOBODY)  # 'nobody' for sealed lots
    # every kind the record offers is a direction or an order order_now plays (tests/mechanics/test_form_records)
    assert tuple(SCHEMA["turn_order"]["properties"]["kind"]["enum"]) == seating.TURN_ORDER.kinds
    assert {*seating.STEADY, *seating.MEASURED} < set(seating.TURN_ORDER.kinds)
    ml = json.loads((HOME / "schemas" / "maestro-leonardo.schema.json").read_text(encoding="utf-8"))
    # Maestro Leonardo's completion auction also offers 'nobody' (the card stays in the display)
    assert tuple(ml["properties"]["completion"]["properties"]["auction"]["properties"]["tie"]["enum"]) == \
        (*TIE_ORDERS, NOBODY)


def _every_form(pack: str) -> dict[str, object]:
    """One mechanics block holding every kind and parameter form at once (a start rule of each kind is
    tried one by one)."""
    doc = load_pack(pack).data["mechanics"]
    measures = list(units(doc))
    return {**doc, "turn_order": {"kind": "fewest", "by": measures[-1]},
            "awards": [{"when": w, "to": t, "gain": "money", "amount": a,
                               **({"by": measures[-1]} if t != "each" else {})}
                              for w in MOMENTS for t in RECEIVERS for a in (2, f"2 * {measures[-1]}")],
            "end": [{"kind": k, "pile": doc["piles"][0], "at": at} if k == "runs_out" else
                    {"kind": k, "by": measures[-1], "at_least": 3, "at": at} for k in END_KINDS for at in END_MOMENTS],
            "visibility": {**{part: audience for part, audience in zip(doc["visibility"], HELD_AUDIENCES * 3,
                                                                      strict=False) if part != "piles"},
                           "piles": {pile: audience for pile, audience in zip(doc["piles"], PILE_AUDIENCES * 3,
                                                                             strict=False)}}}


@pytest.mark.parametrize("pack", ["cs", "pl"])
@pytest.mark.parametrize("lang", ["cs", "de", "fr", "pl"])
def test_every_form_is_said_in_the_language_not_in_english(pack: str, lang: str) -> None:
    base = load_pack(pack)
    catalog, _ = catalogs_for(lang, base.game, base.language, HOME)
    english, _ = catalogs_for("en", base.game, base.language, HOME)
    deals = [{"kind": "keep"}, *({"kind": "draft", "pass": d} for d in DIRECTIONS)] if pack == "pl" else [None]
    for kind, deal in [(k, deals[0]) for k in START_KINDS] + [("holder", d) for d in deals[1:]]:
        block = {**_every_form(pack), **({"deal": {**deal, "dealt": 4, "kept": 3}} if deal else {}),
                 "start_player": {"kind": kind, **({"by": "money"} if kind in ("fewest", "most")
                                                                        else {"step": 2} if kind == "rotate" else {})}}
        # a copy: the loaded pack is shared (cached) by every other test of the process; the index rule
        # written for the pack's own deal (form: keep) gives way to the library's words for a draft
        pack_with = dataclasses.replace(base, data={**base.data, "mechanics": block})
        if pack == "cs":  # the rule written for sealed bids gives way to the library's words for open ones
            opened = dataclasses.replace(base, data={**base.data, "mechanics": {**block, "auction": {"kind": "open"}}})
            rule = bind_rule(catalog, opened, "completion.auction")
            assert rule.text != bind_rule(english, opened, "completion.auction").text and "{" not in rule.text
            assert rule.text != bind_rule(catalog, pack_with, "completion.auction").text
            for offer in ({"kind": "dutch", "start": 9, "step": 2, "floor": 1}, {"kind": "fixed", "price": 4}):
                offered = dataclasses.replace(base, data={**base.data, "mechanics": {**block, "auction": offer}})
                rule = bind_rule(catalog, offered, "completion.auction")
                assert rule.text != bind_rule(english, offered, "completion.auction").text and "{" not in rule.text
                assert "4" in rule.text if offer["kind"] == "fixed" else "9" in rule.text
        if deal is not None and deal["kind"] == "draft":
            rule = bind_rule(catalog, pack_with, "setup.professions")
            assert "4" in rule.text and "3" in rule.text and "{" not in rule.text
            assert rule.text != bind_rule(english, pack_with, "setup.professions").text
        said = {r.id: r for r in mechanic_rules(catalog, pack_with)}
        in_english = {r.id: r for r in mechanic_rules(english, pack_with)}
        assert said.keys() == in_english.keys() and said
        for rule_id, rule in said.items():
            assert rule.language == lang and "{" not in rule.text
            assert rule.text != in_english[rule_id].text, f"{rule_id} is not translated into {lang}"
            assert rule.title != in_english[rule_id].title, f"the title of {rule_id} is not translated into {lang}"


AUCTIONS = [({"kind": "open", "raise": {"kind": "multiple", "by": 100, "min": 200, "max": 500}}, ("200", "500")),
            ({"kind": "dutch", "start": 700, "step": 100, "floor": 300}, ("700", "100", "300")),
            ({"kind": "fixed"}, ()),
            ({"kind": "sealed", "bids": {"by": 100, "max": 2000}}, ("100",)),
            ({"kind": "sealed", "bids": {"min": 300, "by": 100, "max": 2000}, "tie": "after_start_clockwise"},
             ("300", "100"))]


@pytest.mark.parametrize("lang", ["cs", "de", "fr", "pl"])
@pytest.mark.parametrize(("auction", "numbers"), AUCTIONS, ids=lambda a: str(a["kind"]) + str(len(a))
                         if isinstance(a, dict) else "")
def test_every_auction_form_is_said_once_in_the_language_with_its_numbers(lang: str, auction: dict[str, object],
                                                                         numbers: tuple[str, ...]) -> None:
    """The first rule written for the printed form carries the library's words; the others written only
    for it leave the rulebook."""
    base = load_pack("pl")
    catalog, _ = catalogs_for(lang, base.game, base.language, HOME)
    english, _ = catalogs_for("en", base.game, base.language, HOME)
    pack = dataclasses.replace(base, data={**base.data, "mechanics": {**base.data["mechanics"], "auction": auction}})
    said = [r for r in bind_all(catalog, pack).values() if r.covers == ("/mechanics/auction",)]
    in_english = [r for r in bind_all(english, pack).values() if r.covers == ("/mechanics/auction",)]
    assert len(said) == 1 and "{" not in said[0].text and said[0].text != in_english[0].text
    for number in numbers:
        assert number in said[0].text
    assert ("auction.pass_final" in bind_all(catalog, pack)) == (auction["kind"] == "open")


@pytest.mark.parametrize(("pack", "measure", "most"), [("pl", "freedoms", 3), ("cs", "completed", 25),
                                                       ("cs", "inventions", 25)])
def test_an_end_nobody_can_reach_is_a_finding_and_the_most_is_not(pack: str, measure: str, most: int,
                                                                   tmp_path: Path) -> None:
    for at_least, found in ((most, False), (most + 1, True)):
        variant = tmp_path / f"end-{at_least}.yaml"
        variant.write_text(f"variant:\n  id: end-{at_least}\n  base: [{pack}]\n  title: End\n  changes:\n"
                           f"    - {{op: add, path: /mechanics/end/-, value: {{kind: reaches, by: {measure}, "
                           f"at_least: {at_least}}}}}\n", encoding="utf-8")
        codes = [f.code for f in run([variant], HOME).findings if f.level == "error"]
        assert codes == (["MECH_UNREACHABLE"] if found else []), (at_least, codes)

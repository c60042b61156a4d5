"""Pack data compiled into typed, immutable tables for the hot path.

Nothing here states a rule of its own: every number comes from the pack document. What Python adds
is shape (tuples indexed by material, seat and tier) so that a decision costs microseconds.
Semantic problems the JSON Schema cannot see raise PackError with the JSON pointer at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regola.core.errors import PackError
from regola.core.readings import only
from regola.games.maestro_leonardo.terms import TERMS
from regola.mechanics import Mechanics, compile_mechanics
from regola.mechanics.ranking import tie_breaks

#: the standings keys the game computes itself (rounds.standings_key): invention counts by tier, highest first
OWN_TIE_BREAKS = ("tier_counts",)


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    tier: str
    tier_rank: int  # 0 = lowest tier
    type: str
    components: tuple[int, ...]  # count per material index
    weeks: int
    first: int
    later: int


@dataclass(frozen=True, slots=True)
class LabSide:
    spaces: int
    robot_spaces: int


@dataclass(frozen=True, slots=True)
class LabSpec:
    kind: str
    side: str
    robots: int = 0


@dataclass(frozen=True, slots=True)
class SeatSpec:
    color: str
    apprentices: int
    labs: tuple[LabSpec, ...]
    money: int
    materials: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Favor:
    id: str
    letter: str
    money: int
    materials: int
    max_same_material: int
    apprentices: int
    upgrade: str | None


@dataclass(frozen=True, slots=True)
class Upgrade:
    id: str
    effect: str  # flip_lab | take_lab | install_robot
    kind: str | None
    side_from: str | None
    side_to: str | None


@dataclass(frozen=True, slots=True)
class CouncilSpace:
    id: int
    effect: str  # move_apprentice | take_council_money | peek_deck | buy_material
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class District:
    letter: str
    kind: str  # council | workshop | academy | shop | market
    material: int  # material index for shops, -1 otherwise
    params: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class DeckLayer:
    cards: tuple[int, ...]
    add: tuple[tuple[str, int], ...]
    rest: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundKind:
    name: str
    city: bool
    labs: bool
    end_duties: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the mechanics read, compiled once per pack (+ variants)."""

    players_min: int
    players_max: int
    colors: tuple[str, ...]
    materials: tuple[str, ...]
    cards_per_material: int
    apprentices_per_color: int
    robots_total: int
    robots_per_color: int
    lab_sides: Mapping[tuple[str, str], LabSide]
    limit_labs: int
    limit_robots: int
    limit_apprentices: int
    work_apprentice: int
    work_master: int
    work_robot: int
    tiers: tuple[str, ...]  # low to high
    types: tuple[str, ...]
    cards: Mapping[int, Card]
    card_ids: tuple[int, ...]
    council_money: int
    market_start: tuple[int, ...]
    setup_modes: tuple[str, ...]
    seats: tuple[SeatSpec, ...]
    fewer_apprentices: Mapping[int, int]
    beginner_display: Mapping[int, tuple[int, ...]]
    adv_labs: tuple[LabSpec, ...]
    adv_apprentices: int
    adv_money: int
    favors_per_player: Mapping[int, int]
    max_same_letter: Mapping[int, int]
    favors: tuple[Favor, ...]
    adv_removed: Mapping[int, tuple[tuple[str, int], ...]]
    deck_layers: tuple[DeckLayer, ...]
    district_order: tuple[str, ...]
    districts: Mapping[str, District]
    weight_apprentice: int
    weight_master: int
    cost_track: tuple[int, ...]
    skip_empty_actions: bool
    council_exclusion: bool
    council_exclusion_min_players: int
    leader_assigns_leonardo: bool
    council_spaces: tuple[CouncilSpace, ...]
    upgrades: tuple[Upgrade, ...]
    round_kinds: tuple[RoundKind, ...]  # one per round, index 0 = round 1
    council_income: int
    display_size: Mapping[int, int]
    same_invention_in_both_labs: bool
    unrequested_start: bool
    discount_per_card: int
    sole_completer_takes_card: bool
    auction_all_zero_removes: bool
    auction_tie: str  # a tie rule of regola.mechanics.ties, counted from Leonardo's holder
    type_bonus: Mapping[int, int]
    tie_breaks: tuple[str, ...]  # the standings' keys: measures of the pack's parts, or OWN_TIE_BREAKS
    mechanics: Mechanics  # the forms chosen from regola's library (docs/MECHANICS.md)
    # derived shapes for the hot path (no rule of their own) -------------------------------------
    card_needs: Mapping[int, tuple[tuple[int, int], ...]]  # (material, count) of each card, count > 0
    any_card_without_materials: bool  # whether some invention needs no material at all
    money_most: int  # the most money a player may hold (mechanics.parts.money: max)

    @property
    def rounds(self) -> int:
        return len(self.round_kinds)

    def upgrade(self, upgrade_id: str) -> Upgrade:
        for u in self.upgrades:
            if u.id == upgrade_id:
                return u
        raise KeyError(upgrade_id)


def _per_players(raw: Mapping[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in raw.items()}


#: values the pack states that the engine plays one way only (regola.core.readings); each names the
#: reading the steps implement
ONLY = (("/components/per_color/masters", 1), ("/components/per_color/work_markers", 2),
        ("/setup/leonardo", "first_seat"), ("/setup/beginner/removed_apprentices_to", "box"),
        ("/setup/advanced/display", "draw_from_deck"), ("/city/ranking/tie", "nearer_arrow"),
        ("/planning/starts_per_lab", 1), ("/planning/abort_started_this_turn", False),
        ("/completion/mandatory", True))


def compile_rules(doc: Mapping[str, Any]) -> Rules:
    """Compile a validated pack document. Raises PackError (with a JSON pointer) on semantic faults."""
    for pointer, reading in ONLY:
        only(doc, pointer, reading)
    comp = doc["components"]
    materials = tuple(comp["materials"]["kinds"])
    mat_index = {m: i for i, m in enumerate(materials)}

    def mat_vector(raw: Mapping[str, int], pointer: str) -> tuple[int, ...]:
        vec = [0] * len(materials)
        for name, count in raw.items():
            if name not in mat_index:
                raise PackError(f"unknown material '{name}' (known: {', '.join(materials)})", field=pointer)
            vec[mat_index[name]] += int(count)
        return tuple(vec)

    lab_sides: dict[tuple[str, str], LabSide] = {}
    for kind, spec in comp["labs"].items():
        for side, s in spec["sides"].items():
            lab_sides[(kind, side)] = LabSide(int(s["spaces"]), int(s["robot_spaces"]))

    def lab_spec(raw: Mapping[str, Any], pointer: str) -> LabSpec:
        key = (raw["kind"], raw["side"])
        if key not in lab_sides:
            raise PackError(f"unknown lab '{raw['kind']}' side '{raw['side']}'", field=pointer)
        return LabSpec(raw["kind"], raw["side"], int(raw.get("robots", 0)))

    inv = doc["inventions"]
    tiers = tuple(t["id"] for t in inv["tiers"])
    tier_info = {t["id"]: t for t in inv["tiers"]}
    types = tuple(inv["types"])
    cards: dict[int, Card] = {}
    for i, c in enumerate(inv["cards"]):
        ptr = f"/inventions/cards/{i}"
        if c["tier"] not in tier_info:
            raise PackError(f"unknown tier '{c['tier']}'", field=ptr + "/tier")
        if c["type"] not in types:
            raise PackError(f"unknown invention type '{c['type']}'", field=ptr + "/type")
        if c["id"] in cards:
            raise PackError(f"card id {c['id']} appears twice", field=ptr + "/id")
        t = tier_info[c["tier"]]
        cards[c["id"]] = Card(
            id=int(c["id"]),
            tier=c["tier"],
            tier_rank=tiers.index(c["tier"]),
            type=c["type"],
            components=mat_vector(c["components"], ptr + "/components"),
            weeks=int(t["weeks"]),
            first=int(c["rewards"]["first"]),
            later=int(c["rewards"]["later"]),
        )

    setup = doc["setup"]
    beg = setup["beginner"]
    seats = tuple(
        SeatSpec(
            color=s["color"],
            apprentices=int(s["apprentices"]),
            labs=tuple(lab_spec(lab, f"/setup/beginner/seats/{i}/labs/{j}") for j, lab in enumerate(s["labs"])),
            money=int(s["money"]),
            materials=mat_vector(s.get("materials", {}), f"/setup/beginner/seats/{i}/materials"),
        )
        for i, s in enumerate(beg["seats"])
    )
    adv = setup["advanced"]
    favors = tuple(
        Favor(
            id=f["id"],
            letter=f["letter"],
            money=int(f.get("gain", {}).get("money", 0)),
            materials=int(f.get("gain", {}).get("materials", 0)),
            max_same_material=int(f.get("gain", {}).get("max_same_material", f.get("gain", {}).get("materials", 0))),
            apprentices=int(f.get("gain", {}).get("apprentices", 0)),
            upgrade=f.get("upgrade"),
        )
        for f in adv["favors"]
    )

    city = doc["city"]
    districts: dict[str, District] = {}
    for letter, d in city["districts"].items():
        material = -1
        if d["kind"] == "shop":
            if d.get("material") not in mat_index:
                raise PackError(f"shop {letter} sells unknown material {d.get('material')!r}",
                                field=f"/city/districts/{letter}/material")
            material = mat_index[d["material"]]
        districts[letter] = District(letter, d["kind"], material, d.get("params", {}))
    for i, letter in enumerate(city["order"]):
        if letter not in districts:
            raise PackError(f"district '{letter}' is in the order but not defined", field=f"/city/order/{i}")
    upgrades = tuple(
        Upgrade(
            id=u["id"],
            effect=u["effect"],
            kind=u.get("params", {}).get("kind"),
            side_from=u.get("params", {}).get("from"),
            side_to=u.get("params", {}).get("to", u.get("params", {}).get("side")),
        )
        for u in city["workshop"]["upgrades"]
    )
    upgrade_ids = {u.id for u in upgrades}
    for i, f in enumerate(favors):
        if f.upgrade is not None and f.upgrade not in upgrade_ids:
            raise PackError(f"favor {f.id} names unknown upgrade '{f.upgrade}'",
                            field=f"/setup/advanced/favors/{i}/upgrade")

    rounds = doc["rounds"]
    kinds = {
        name: RoundKind(name, "city" in k["placement"], "labs" in k["placement"], tuple(k["end_duties"]))
        for name, k in rounds["kinds"].items()
    }
    round_kinds: list[RoundKind] = []
    for i, block in enumerate(rounds["schedule"]):
        if block["kind"] not in kinds:
            raise PackError(f"unknown round kind '{block['kind']}'", field=f"/rounds/schedule/{i}/kind")
        round_kinds.extend([kinds[block["kind"]]] * int(block["count"]))
    if not round_kinds:
        raise PackError("the schedule plays no round: at least one block needs a count of 1 or more",
                        field="/rounds/schedule")

    council = city["council"]
    comp_ = doc["completion"]
    planning = doc["planning"]
    mechanics = compile_mechanics(doc["mechanics"], TERMS, doc=doc)
    return Rules(
        players_min=int(doc["players"]["min"]),
        players_max=int(doc["players"]["max"]),
        colors=tuple(comp["colors"]),
        materials=materials,
        cards_per_material=int(comp["materials"]["cards_per_kind"]),
        apprentices_per_color=int(comp["per_color"]["apprentices"]),
        robots_total=int(comp["robots"]["total"]),
        robots_per_color=int(comp["robots"]["per_color"]),
        lab_sides=lab_sides,
        limit_labs=int(doc["limits"]["labs"]),
        limit_robots=int(doc["limits"]["robots"]),
        limit_apprentices=int(doc["limits"]["apprentices"]),
        work_apprentice=int(doc["labs"]["work"]["apprentice"]),
        work_master=int(doc["labs"]["work"]["master"]),
        work_robot=int(doc["labs"]["work"]["robot"]),
        tiers=tiers,
        types=types,
        cards=cards,
        card_ids=tuple(sorted(cards)),
        council_money=int(setup["council_money"]),
        market_start=mat_vector(setup.get("market", {}), "/setup/market"),
        setup_modes=tuple(setup["modes"]),
        seats=seats,
        fewer_apprentices=_per_players(beg.get("fewer_apprentices", {})),
        beginner_display={k: tuple(v) for k, v in _per_players(beg["display"]).items()},
        adv_labs=tuple(lab_spec(lab, f"/setup/advanced/per_player/labs/{j}")
                       for j, lab in enumerate(adv["per_player"]["labs"])),
        adv_apprentices=int(adv["per_player"]["apprentices"]),
        adv_money=int(adv["per_player"]["money"]),
        favors_per_player=_per_players(adv["favors_per_player"]),
        max_same_letter=_per_players(adv.get("max_same_letter", {})),
        favors=favors,
        adv_removed={k: tuple(v.items()) for k, v in _per_players(adv.get("removed_cards", {})).items()},
        deck_layers=tuple(
            DeckLayer(tuple(layer.get("cards", ())), tuple(layer.get("add", {}).items()), tuple(layer.get("rest", ())))
            for layer in setup["deck"]["layers"]
        ),
        district_order=tuple(city["order"]),
        districts=districts,
        weight_apprentice=int(city["ranking"]["weights"]["apprentice"]),
        weight_master=int(city["ranking"]["weights"]["master"]),
        cost_track=tuple(int(x) for x in city["cost_track"]),
        skip_empty_actions=city["empty_action"] == "skip",  # R1
        council_exclusion=bool(council["exclusion"]["when_all_present"]),
        council_exclusion_min_players=int(council["exclusion"]["min_players"]),
        leader_assigns_leonardo=bool(council["leader_assigns_leonardo"]),
        council_spaces=tuple(CouncilSpace(int(s["id"]), s["effect"], s.get("params", {})) for s in council["spaces"]),
        upgrades=upgrades,
        round_kinds=tuple(round_kinds),
        council_income=int(rounds["council_income"]),
        display_size=_per_players(rounds["display_size"]),
        same_invention_in_both_labs=bool(planning["same_invention_in_both_labs"]),
        unrequested_start=bool(planning["unrequested_start"]),
        discount_per_card=int(comp_["discount_weeks_per_card"]),
        sole_completer_takes_card=bool(comp_["sole_completer_takes_card"]),
        auction_all_zero_removes=comp_["auction"]["all_zero"] == "remove_card",
        auction_tie=comp_["auction"]["tie"],
        type_bonus=_per_players(doc["scoring"]["type_bonus"]),
        tie_breaks=tie_breaks(doc["scoring"]["tie_breaks"], mechanics.terms.measures, OWN_TIE_BREAKS,
                              "/scoring/tie_breaks"),
        mechanics=mechanics, money_most=mechanics.parts["money"].most,
        card_needs={cid: tuple((m, n) for m, n in enumerate(c.components) if n) for cid, c in cards.items()},
        any_card_without_materials=any(not any(c.components) for c in cards.values()),
    )

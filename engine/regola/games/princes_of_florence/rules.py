"""A Princes of Florence pack compiled into typed, immutable tables.

Values that depend on the player count are tables keyed by the count in the pack; ``Rules.for_players``
picks the row once, so no step ever branches on the count itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regola.core.errors import PackError
from regola.core.readings import only
from regola.games.princes_of_florence.placement import Principality, compile_principality
from regola.games.princes_of_florence.terms import TERMS
from regola.mechanics import Mechanics, compile_mechanics
from regola.mechanics.ranking import tie_breaks

#: every measure of a principality that card data may name (see measures.py)
BASE_MEASURES = ("buildings", "buildings_large", "buildings_medium", "buildings_small", "landscapes",
                 "freedoms", "jesters", "architects", "prestige_cards", "hand_cards", "table_cards",
                 "empty_cells")


@dataclass(frozen=True, slots=True)
class Profession:
    id: int
    name: str
    building: str
    landscape: str
    freedom: str


@dataclass(frozen=True, slots=True)
class Term:
    """One term of a bonus card: ``per`` x a measure, or ``per`` x how many measures are above zero."""

    measures: tuple[str, ...]
    distinct: bool
    per: int


@dataclass(frozen=True, slots=True)
class PrestigeCard:
    id: int
    kind: str  # most | fewest | all
    measure: str
    points: int
    tied_points: int
    needs: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Lot:
    id: str
    gives: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ActionKind:
    max_per_round: int
    price: int
    draw: int


@dataclass(frozen=True, slots=True)
class Rules:
    players_min: int
    players_max: int
    setup_modes: tuple[str, ...]
    principality: Principality
    building_kinds: tuple[str, ...]
    building_size: Mapping[str, str]
    buildings_per_kind: int
    landscape_kinds: tuple[str, ...]
    landscapes_per_kind: int
    freedom_kinds: tuple[str, ...]
    freedoms_per_kind: int
    architects: int
    jesters: int
    recruitment_cards: int
    max_architects: int
    money_by_players: Mapping[int, int]
    seat_money: tuple[int, ...]  # on top of money_by_players, seat by seat (setup.yaml)
    freedom_supply: Mapping[int, tuple[int, int]]  # players -> (each, random_extra)
    start_seat: int
    start_prestige: int
    rounds: int
    minimum_work: tuple[int, ...]
    lots_by_players: Mapping[int, tuple[Lot, ...]]
    opening_bid: Mapping[int, int]
    per_player: int  # lots one player may win in a round
    per_stack: int  # lots one stack may sell in a round
    last_player_buys: bool
    prestige_draw: int
    per_turn: int
    kinds: Mapping[str, ActionKind]
    building_price: tuple[int, ...]
    recruit_is_action: bool
    sell_allowed: bool
    sell_per_point: int
    wanted_building: int
    wanted_landscape: int
    wanted_freedom: int
    per_jester: int
    per_card: int
    payout_per_point: int
    florins_per_prestige: int
    best_work_prestige: int
    professions: Mapping[int, Profession]
    bonus: Mapping[int, tuple[Term, ...]]
    prestige: Mapping[int, PrestigeCard]
    building_prestige: int
    repeat_landscape_prestige: int
    architect_prestige: tuple[int, ...]
    tiebreak: tuple[str, ...]
    mechanics: Mechanics  # the forms chosen from regola's library (docs/MECHANICS.md)
    money_most: int  # the most money a player may hold (mechanics.parts.money: max)
    characters: Mapping[str, Any] | None  # expansion "Muza i Księżniczka": /characters, as data
    shared_board: Mapping[str, Any] | None = None  # expansion "Wspólne budowanie": /shared_board, as data

    def price_of_building(self, architects: int) -> int:
        return self.building_price[min(architects, len(self.building_price) - 1)]

    def minimum(self, round_no: int) -> int:
        return self.minimum_work[min(round_no, len(self.minimum_work)) - 1]


def _by_players(table: Mapping[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in table.items()}


#: values the pack states that the engine plays one way only (regola.core.readings)
ONLY = (("/components/money/bank_unlimited", True),
        ("/shared_board/joint/price_by", "active"),
        ("/shared_board/joint/counts_as_partner_action", False))


def compile_rules(doc: Mapping[str, Any]) -> Rules:
    for pointer, reading in ONLY:
        only(doc, pointer, reading)
    comp = doc["components"]
    principality = compile_principality(doc)
    pieces = doc["principality"]["pieces"]
    buildings = tuple(comp["buildings"]["kinds"])
    landscapes = tuple(comp["landscapes"]["kinds"])
    freedoms = tuple(comp["freedoms"]["kinds"])
    for i, kind in enumerate(buildings + landscapes):
        if kind not in pieces:
            where = "/components/buildings/kinds" if kind in buildings else "/components/landscapes/kinds"
            raise PackError(f"'{kind}' has no shape under principality.pieces", field=f"{where}/{i}")
    measures = set(BASE_MEASURES) | set(landscapes) | {f"freedom:{f}" for f in freedoms}
    professions: dict[int, Profession] = {}
    for i, c in enumerate(doc["professions"]["cards"]):
        for fld, allowed in (("building", buildings), ("landscape", landscapes), ("freedom", freedoms)):
            if c[fld] not in allowed:
                raise PackError(f"profession {c['id']}: '{c[fld]}' is no {fld} of this pack",
                                field=f"/professions/cards/{i}/{fld}")
        professions[c["id"]] = Profession(c["id"], c["name"], c["building"], c["landscape"], c["freedom"])
    _check_aggregates(doc["professions"], buildings)
    bonus: dict[int, tuple[Term, ...]] = {}
    for i, card in enumerate(doc["bonus_cards"]):
        terms = []
        for j, t in enumerate(card["terms"]):
            names = tuple(t["distinct"]) if "distinct" in t else (t["count"],)
            for name in names:
                if name not in measures:
                    raise PackError(f"bonus card {card['id']}: no measure '{name}'",
                                    field=f"/bonus_cards/{i}/terms/{j}")
            terms.append(Term(names, "distinct" in t, t["per"]))
        bonus[card["id"]] = tuple(terms)
    prestige: dict[int, PrestigeCard] = {}
    for i, card in enumerate(doc["prestige_cards"]):
        needs = tuple((n["measure"], n["at_least"]) for n in card.get("needs", ()))
        for name in [card.get("measure", "buildings")] + [m for m, _ in needs]:
            if name not in measures:
                raise PackError(f"prestige card {card['id']}: no measure '{name}'", field=f"/prestige_cards/{i}")
        prestige[card["id"]] = PrestigeCard(card["id"], card["kind"], card.get("measure", ""), card["points"],
                                            card.get("tied_points", 0), needs)
    act = doc["actions"]
    kinds = {k: ActionKind(v["max_per_round"], v.get("price", 0), v.get("draw", 1))
             for k, v in act["kinds"].items()}
    auction = doc["auction"]
    lots = {n: tuple(Lot(lot["id"], tuple(lot["gives"])) for lot in v)
            for n, v in _by_players(auction["lots"]).items()}
    rounds = doc["rounds"]
    if len(rounds["minimum_work"]) < rounds["count"]:
        raise PackError("a minimum work value is needed for every round", field="/rounds/minimum_work")
    works = doc["works"]
    scoring = doc["scoring"]
    setup = doc["setup"]
    mechanics = compile_mechanics(doc["mechanics"], TERMS, doc=doc)
    return Rules(
        players_min=doc["players"]["min"], players_max=doc["players"]["max"],
        setup_modes=tuple(setup["modes"]), principality=principality,
        building_kinds=buildings, building_size={k: pieces[k]["size"] for k in buildings},
        buildings_per_kind=comp["buildings"]["per_kind"],
        landscape_kinds=landscapes, landscapes_per_kind=comp["landscapes"]["per_kind"],
        freedom_kinds=freedoms, freedoms_per_kind=comp["freedoms"]["per_kind"],
        architects=comp["architects"], jesters=comp["jesters"], recruitment_cards=comp["recruitment_cards"],
        max_architects=comp["max_architects"],
        money_by_players=_by_players(setup["money"]), seat_money=tuple(setup.get("seat_money", ())),
        freedom_supply={n: (v["each"], v["random_extra"]) for n, v in _by_players(setup["freedoms"]).items()},
        start_seat=setup["start_seat"], start_prestige=setup["prestige"],
        rounds=rounds["count"], minimum_work=tuple(rounds["minimum_work"]),
        mechanics=mechanics, money_most=mechanics.parts["money"].most,
        lots_by_players=lots, opening_bid=_by_players(auction["opening_bid"]),
        per_player=auction["per_player"], per_stack=auction["per_stack"],
        last_player_buys=auction["last_player_pays_opening_bid"], prestige_draw=auction["prestige_draw"],
        per_turn=act["per_turn"], kinds=kinds, building_price=tuple(act["building_price"]),
        recruit_is_action=act["recruit_is_action"], sell_allowed=act["prestige_for_money"]["allowed"],
        sell_per_point=act["prestige_for_money"]["per_point"],
        wanted_building=works["wanted_building"], wanted_landscape=works["wanted_landscape"],
        wanted_freedom=works["wanted_freedom"], per_jester=works["per_jester"],
        per_card=works["per_profession_card"], payout_per_point=works["payout_per_point"],
        florins_per_prestige=works["florins_per_prestige"], best_work_prestige=works["best_work_prestige"],
        professions=professions, bonus=bonus, prestige=prestige,
        building_prestige=scoring["building_prestige"],
        repeat_landscape_prestige=scoring["repeat_landscape_prestige"],
        architect_prestige=tuple(scoring["architect_prestige"]),
        tiebreak=tie_breaks(scoring["tiebreak"], mechanics.terms.measures, (), "/scoring/tiebreak"),
        characters=doc.get("characters"), shared_board=doc.get("shared_board"),
    )


def _check_aggregates(professions: Mapping[str, Any], buildings: tuple[str, ...]) -> None:
    """The cards must agree with what the source states about them as a whole (professions.aggregates):
    a reconstruction that breaks a stated count is a pack error, not a silent new game."""
    cards = professions["cards"]
    agg = professions["aggregates"]
    for fld in ("landscape", "freedom"):
        counted = Counter(c[fld] for c in cards)
        if dict(counted) != dict(agg[fld]):
            raise PackError(f"the profession cards want {dict(sorted(counted.items()))} by {fld}, but the source "
                            f"states {dict(sorted(agg[fld].items()))}", field=f"/professions/aggregates/{fld}")
    wanted = Counter(c["building"] for c in cards)
    for kind in buildings:
        if not agg["building_min"] <= wanted[kind] <= agg["building_max"]:
            raise PackError(f"{wanted[kind]} profession cards want the {kind}; the source states "
                            f"{agg['building_min']} to {agg['building_max']}", field="/professions/aggregates")


def players_range(rules: Rules) -> tuple[int, int]:
    return rules.players_min, rules.players_max

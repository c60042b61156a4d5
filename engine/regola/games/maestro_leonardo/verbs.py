"""Every move verb of Maestro Leonardo, declared once (regola.core.verbs): its places in the action space
with parameter domains taken from the pack's data, the rule it carries out, what of it is secret, and
its words (the sentences the terminal and the tables fill with the action's facts: table.py).

Where a domain has no list in the data, it is bounded by the data's numbers: a placement's count by
the apprentices of a colour, a bid by :func:`purse_bound`. The council's reordering of the deck top is
numbered by positions (which revealed card goes where), not by card ids, so it is one id per
rearrangement whatever cards were revealed. A property test plays random games of every pack and
variant and checks that each legal action has an id that maps back.
"""

from __future__ import annotations

import itertools
from typing import Any

from regola.core.verbs import Place, Verb, Verbs, Words
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import State
from regola.i18n import N_, NN_

__all__ = ["VERBS", "purse_bound"]


def purse_bound(rules: Rules) -> int:
    """The most money one seat can ever hold, from the pack's numbers: its largest start, every favor
    of the advanced setup taken as money, everything the council collects in a game, the better
    reward of every invention, the largest type bonus and every gift of a house rule's awards (one that
    counts something, or moves gulden between players or through a shared place: the most the pack lets
    a player hold); never more than that most
    (mechanics.parts.money: max), as under a declared move that brings gulden (mechanics.moves). Bids
    range over 0..this."""
    for move in rules.mechanics.moves.moves:  # gulden gained, or paid to the others, each turn it is offered
        if any(op.part.name == "money" and (op.verb == "gain" or op.place is not None) for op in move.ops):
            return rules.money_most
    gifts = 0
    for moment, awards in rules.mechanics.awards.items():
        for award in awards:
            if award.gain != "money":
                continue
            if award.via is not None or award.amount.names:  # between players, through a place, or counted
                return rules.money_most
            gifts += max(0, award.amount.value({})) * (1 if moment == "game_end" else rules.rounds)
    start = max([s.money for s in rules.seats] + [rules.adv_money])
    favors = max((f.money for f in rules.favors), default=0) * max(rules.favors_per_player.values(), default=0)
    council = rules.council_money + rules.council_income * rules.rounds
    rewards = sum(max(c.first, c.later) for c in rules.cards.values())
    bonus = max(rules.type_bonus.values(), default=0)
    return min(rules.money_most, start + favors + council + rewards + bonus + gifts)


# --- domains from the pack --------------------------------------------------------------------------
def _vectors(totals: set[int], cap: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Every count-per-material vector whose sum is one of ``totals`` and no entry above ``cap``."""
    return tuple(v for v in itertools.product(range(cap + 1), repeat=n) if sum(v) in totals)


def _labs(rules: Rules) -> tuple[int, ...]:
    return tuple(range(rules.limit_labs))


def _seats(rules: Rules) -> tuple[int, ...]:
    return tuple(range(rules.players_max))


def _locations(rules: Rules) -> tuple[str, ...]:
    return (*rules.district_order, *(f"lab{i}" for i in _labs(rules)))


def _favors(rules: Rules) -> tuple[tuple[Any, ...], ...]:
    n = len(rules.materials)
    mats = {v for f in rules.favors if f.materials for v in _vectors({f.materials}, f.max_same_material, n)}
    mats.discard(())
    return tuple(f.id for f in rules.favors), (-1, *_labs(rules)), ((0,) * n, *sorted(mats))


def _swaps(rules: Rules) -> tuple[tuple[Any, ...], ...]:
    markets = [d.params for d in rules.districts.values() if d.kind == "market"]
    swaps = {k for m in markets for k in range(int(m["min_cards"]), int(m["max_cards"]) + 1)}
    vectors = _vectors(swaps, max(swaps, default=0), len(rules.materials)) if swaps else ()
    return vectors, vectors


def _moves(rules: Rules) -> tuple[tuple[Any, ...], ...] | None:
    moves = [s.params for s in rules.council_spaces if s.effect == "move_apprentice"]
    if not moves:
        return None
    sources = tuple(dict.fromkeys(loc for m in moves for loc in m["from"]))
    targets = tuple(dict.fromkeys(loc for m in moves for loc in m["to"]))
    return _seats(rules), sources, targets


def _orders(rules: Rules) -> tuple[tuple[Any, ...], ...] | None:
    peek = max((int(s.params["cards"]) for s in rules.council_spaces if s.effect == "peek_deck"), default=0)
    orders = tuple(p for k in range(1, peek + 1) for p in itertools.permutations(range(k)))
    return (orders,) if orders else None


def _encode_order(state: State, params: tuple[Any, ...]) -> tuple[Any, ...]:
    perm = params[0]
    top = state.deck[:len(perm)]
    return (tuple(top.index(c) if c in top else -1 for c in perm),)


def _decode_order(state: State, params: tuple[Any, ...]) -> tuple[Any, ...]:
    return (tuple(state.deck[i] for i in params[0]),)


# --- plain words --------------------------------------------------------------------------------------
def _materials(state: State, counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {m}" for m, n in zip(state.rules.materials, counts, strict=True) if n)


def _plain_act(state: State, a: Any) -> str:
    if len(a) == 1:
        return "take the action"
    return f"upgrade: {a[1]}" + (f" (lab {a[2]})" if a[2] >= 0 else "")


def _plain_favor(state: State, a: Any) -> str:
    lab = f" on lab {a[2]}" if a[2] >= 0 else ""
    mats = _materials(state, a[3])
    return f"favor {a[1]}{lab}" + (f" + {mats}" if mats else "")


# --- what is secret, as the pack's forms make it (views: 001 §6, R2, R7) -------------------------------
def _hidden(part: str) -> Any:
    return lambda rules: 1 if rules.mechanics.visibility.hides(part) else None


def _sealed(rules: Rules) -> int | None:
    return 0 if rules.mechanics.auction.sealed else None  # the bids of a sealed auction (R7)


def _pile_hidden(rules: Rules) -> int | None:
    """The order a council peek put back (001 §8 A), while the invention pile lies face down."""
    seen = rules.mechanics.visibility
    return None if seen.open_pile("inventions") or seen.shown_on_top("inventions") else 0


VERBS = Verbs([
    Verb("pass", "flow.turn", "pass", (Place(0),),
         offers={"pass": Words(N_("pass")),
                 "pass_district": Words(N_("{district}: pass (the people go home)")),
                 "pass_offer": Words(N_("let {card} go at {money}"))},
         tells={"pass": Words(N_("passes")), "pass_district": Words(N_("passes in {district}")),
                "pass_offer": Words(N_("lets {card} go at {money}"))}),
    Verb("favor", "setup.favors", _plain_favor,
         (Place(1, _favors, "/setup/advanced/favors, /limits/labs"),),
         secret=_hidden("hand"), heard=("favor",),  # a favor's letter, not its lab or materials (001 appendix)
         offers={"favor": Words(N_("favor {favor}{extra}"))},
         tells={"favor": Words(N_("chooses the favor {favor}{extra}"))}),
    Verb("abort", "planning.abort", "abort the work in lab {a[1]}",
         (Place(2, lambda r: (_labs(r),), "/limits/labs"),),
         offers={"abort": Words(N_("{lab}: abort the work"))},
         tells={"abort": Words(N_("aborts the work in {lab}"))}),
    Verb("start", "planning.turn", "start invention {a[2]} in lab {a[1]}",
         (Place(3, lambda r: (_labs(r), r.card_ids), "/limits/labs, /inventions/cards"),),
         secret=_hidden("lab_work"), heard=("lab",),  # the lab a work starts in, not its invention (001 §6, R2)
         offers={"start": Words(*NN_("{lab}: start {card} ({n} week; materials: {materials})",
                                     "{lab}: start {card} ({n} weeks; materials: {materials})"), count="weeks")},
         tells={"start": Words(N_("starts an invention in {lab}"))}),
    Verb("master", "placement.turn", "place the master in {a[1]}",
         (Place(4, lambda r: (_locations(r),), "/city/order, /limits/labs"),),
         offers={"master": Words(N_("place the master in {where}")),
                 "master_lab": Words(N_("place the master in your {where}"))},
         tells={"master": Words(N_("places the master in {where}")),
                "master_lab": Words(N_("places the master in their own {where}"))}),
    Verb("place", "placement.turn", "place {a[2]} apprentice(s) in {a[1]}",
         (Place(5, lambda r: (_locations(r), tuple(range(1, r.apprentices_per_color + 1))),
                "/city/order, /limits/labs, /components/per_color/apprentices"),), size=2,
         offers={"place": Words(*NN_("place {n} apprentice in {where}", "place {n} apprentices in {where}"),
                                count="n"),
                 "place_lab": Words(*NN_("place {n} apprentice in your {where}",
                                         "place {n} apprentices in your {where}"), count="n")},
         tells={"place": Words(*NN_("places {n} apprentice in {where}", "places {n} apprentices in {where}"),
                               count="n"),
                "place_lab": Words(*NN_("places {n} apprentice in their own {where}",
                                        "places {n} apprentices in their own {where}"), count="n")}),
    Verb("act", "district.offer_loop", _plain_act,
         (Place(6), Place(7, lambda r: (tuple(u.id for u in r.upgrades), (-1, *_labs(r))),
                          "/city/workshop/upgrades, /limits/labs")),
         offers={"act_workshop": Words(N_("{district}: {upgrade} for {price}")),
                 "act_workshop_lab": Words(N_("{district}: {upgrade} in {lab} for {price}")),
                 "act_academy": Words(N_("{district}: take an apprentice from the academy for {price}")),
                 "act_shop": Words(N_("{district}: buy 1 {material} for {price}"))},
         tells={"act_workshop": Words(N_("chooses “{upgrade}” in {district} for {price}")),
                "act_workshop_lab": Words(N_("chooses “{upgrade}” in {district} for {lab}, for {price}")),
                "act_academy": Words(N_("takes an apprentice from the academy in {district} for {price}")),
                "act_shop": Words(N_("buys 1 {material} in {district} for {price}"))}),
    Verb("leonardo", "council.leonardo", "give Leonardo to seat {a[1]}",
         (Place(8, lambda r: (_seats(r),), "/players/max"),),
         offers={"leonardo": Words(N_("give {leonardo} to {color}"))},
         tells={"leonardo": Words(N_("gives {leonardo} to {color}"))}),
    Verb("space", "council.spaces", "take council space {a[1]}",
         (Place(9, lambda r: (tuple(s.id for s in r.council_spaces),), "/city/council/spaces"),),
         offers={"space": Words(N_("take council space {space}"))},
         tells={"space": Words(N_("takes council space {space}"))}),
    Verb("withdraw", "council.spaces", "take the people back from the council", (Place(10),),
         offers={"withdraw": Words(N_("take your people back from the council"))},
         tells={"withdraw": Words(N_("takes their people back from the council"))}),
    Verb("decline", "council.execution_order", "do not use the space", (Place(11),),
         offers={"decline": Words(N_("do not use the space"))},
         tells={"decline": Words(N_("does not use the space"))}),
    Verb("take", "council.take_money", "take", (Place(12),),
         offers={"take": Words(N_("take the council purse ({money})"))},
         tells={"take": Words(N_("takes the council purse ({money})"))}),
    Verb("buy", "council.buy_material", lambda state, a: f"buy 1 {state.rules.materials[a[1]]}",
         (Place(13, lambda r: (tuple(range(len(r.materials))),), "/components/materials/kinds"),),
         offers={"buy": Words(N_("buy 1 {material} for {price}"))},
         tells={"buy": Words(N_("buys 1 {material} at the council for {price}"))}),
    Verb("exchange", "district.offer_loop",
         lambda state, a: f"exchange {_materials(state, a[1])} for {_materials(state, a[2])}",
         (Place(14, _swaps, "/city/districts (market params)"),),
         offers={"exchange": Words(N_("exchange {give} for {take}"))},
         tells={"exchange": Words(N_("exchanges {give} for {take} at the market"))}),
    Verb("auction_first", "completion.order", "auction invention {a[1]} first",
         (Place(15, lambda r: (r.card_ids,), "/inventions/cards"),),
         offers={"auction_first": Words(N_("auction {card} first"))},
         tells={"auction_first": Words(N_("has {card} auctioned first"))}),
    Verb("bid", "completion.auction", "bid {a[1]}",
         (Place(16, lambda r: (tuple(range(purse_bound(r) + 1)),),
                "0 to the purse bound (verbs.purse_bound: the pack's money sources)"),),
         secret=_sealed, size=1,
         offers={"bid": Words(N_("bid {money}")), "bid_offer": Words(N_("take {card} for {money}"))},
         tells={"bid": Words(N_("makes a sealed bid")), "bid_offer": Words(N_("takes {card} for {money}"))}),
    Verb("move", "council.move_apprentice", "move an apprentice of seat {a[1]} from {a[2]} to {a[3]}",
         (Place(17, _moves, "/players/max, council move params"),),
         offers={"move": Words(N_("move an apprentice of {color} from {src} to {dst}"))},
         tells={"move": Words(N_("moves an apprentice of {color} from {src} to {dst}"))}),
    Verb("order", "council.peek_deck",
         lambda state, a: "put the deck top back as " + ", ".join(str(c) for c in a[1]),
         (Place(18, _orders, "rearrangements of the revealed deck top (council peek cards)",
                encode=_encode_order, decode=_decode_order),),
         secret=_pile_hidden,
         offers={"order": Words(N_("put back on top of the deck in this order: {cards}"))},
         tells={"order": Words(N_("puts the top cards back in a new order"))}),
    Verb("deal", "setup.deck", lambda state, a: f"deal the deck ({len(a[1])} cards)"),  # chance: no place
])

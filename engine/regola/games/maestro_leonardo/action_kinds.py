"""Every action Maestro Leonardo can offer, as kinds with parameter domains taken from the pack's data
(regola.core.actionspace). The legal lists of the steps are subsets of these; a property test plays
random games of every pack and variant and checks that each legal action has an id that maps back.

Where a domain has no list in the data, it is bounded by the data's numbers: a placement's count by
the apprentices of a colour, a bid by :func:`purse_bound`. The council's reordering of the deck top is
numbered by positions (which revealed card goes where), not by card ids, so it is one id per
rearrangement whatever cards were revealed.
"""

from __future__ import annotations

import itertools
from typing import Any

from regola.core.actionspace import ActionKind
from regola.games.maestro_leonardo.rules import Rules
from regola.games.maestro_leonardo.state import State


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


def _vectors(totals: set[int], cap: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Every count-per-material vector whose sum is one of ``totals`` and no entry above ``cap``."""
    return tuple(v for v in itertools.product(range(cap + 1), repeat=n) if sum(v) in totals)


def _encode_order(state: State, params: tuple[Any, ...]) -> tuple[Any, ...]:
    perm = params[0]
    top = state.deck[:len(perm)]
    return (tuple(top.index(c) if c in top else -1 for c in perm),)


def _decode_order(state: State, params: tuple[Any, ...]) -> tuple[Any, ...]:
    return (tuple(state.deck[i] for i in params[0]),)


def action_kinds(rules: Rules) -> list[ActionKind]:
    labs = tuple(range(rules.limit_labs))
    lab_or_none = (-1, *labs)
    seats = tuple(range(rules.players_max))
    cards = rules.card_ids
    materials = tuple(range(len(rules.materials)))
    locations = (*rules.district_order, *(f"lab{i}" for i in labs))
    favor_mats = {()} | {v for f in rules.favors if f.materials
                         for v in _vectors({f.materials}, f.max_same_material, len(materials))}
    favor_mats.discard(())
    none = (0,) * len(materials)
    council = rules.council_spaces
    moves = [s.params for s in council if s.effect == "move_apprentice"]
    peek = max((int(s.params["cards"]) for s in council if s.effect == "peek_deck"), default=0)
    orders = tuple(p for k in range(1, peek + 1) for p in itertools.permutations(range(k)))
    markets = [d.params for d in rules.districts.values() if d.kind == "market"]
    swaps = {k for m in markets for k in range(int(m["min_cards"]), int(m["max_cards"]) + 1)}
    swap_vectors = _vectors(swaps, max(swaps, default=0), len(materials)) if swaps else ()
    kinds = [
        ActionKind("pass"),
        ActionKind("favor", (tuple(f.id for f in rules.favors), lab_or_none,
                             (none, *sorted(favor_mats))), source="/setup/advanced/favors, /limits/labs"),
        ActionKind("abort", (labs,), source="/limits/labs"),
        ActionKind("start", (labs, cards), source="/limits/labs, /inventions/cards"),
        ActionKind("master", (locations,), source="/city/order, /limits/labs"),
        ActionKind("place", (locations, tuple(range(1, rules.apprentices_per_color + 1))),
                   source="/city/order, /limits/labs, /components/per_color/apprentices"),
        ActionKind("act"),
        ActionKind("act", (tuple(u.id for u in rules.upgrades), lab_or_none),
                   source="/city/workshop/upgrades, /limits/labs"),
        ActionKind("leonardo", (seats,), source="/players/max"),
        ActionKind("space", (tuple(s.id for s in council),), source="/city/council/spaces"),
        ActionKind("withdraw"),
        ActionKind("decline"),
        ActionKind("take"),
        ActionKind("buy", (materials,), source="/components/materials/kinds"),
        ActionKind("exchange", (swap_vectors, swap_vectors), source="/city/districts (market params)"),
        ActionKind("auction_first", (cards,), source="/inventions/cards"),
        ActionKind("bid", (tuple(range(purse_bound(rules) + 1)),),
                   source="0 to the purse bound (action_kinds.purse_bound: the pack's money sources)"),
    ]
    if moves:
        sources = tuple(dict.fromkeys(loc for m in moves for loc in m["from"]))
        targets = tuple(dict.fromkeys(loc for m in moves for loc in m["to"]))
        kinds.append(ActionKind("move", (seats, sources, targets), source="/players/max, council move params"))
    if orders:
        kinds.append(ActionKind("order", (orders,), encode=_encode_order, decode=_decode_order,
                                source="rearrangements of the revealed deck top (council peek cards)"))
    return [k for k in kinds if all(k.params)]

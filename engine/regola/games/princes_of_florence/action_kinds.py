"""Every action Princes of Florence can offer, as kinds with parameter domains taken from the pack's data
(regola.core.actionspace). A property test plays random games of every pack and variant and checks
that each legal action has an id that maps back.

A placement is one id per valid (piece, orientation, corner) of the principality grid; a building
laid across a border one id per way the shared board's layouts let it split. Where a domain has no
list in the data it is bounded by the data's numbers: the prestige a work's pay can buy by
:func:`work_value_bound`.
"""

from __future__ import annotations

import itertools
from typing import Any

from regola.core.actionspace import ActionKind
from regola.games.princes_of_florence.placement.shared import _candidates, borders_for
from regola.games.princes_of_florence.rules import Rules


def count_bound(rules: Rules) -> int:
    """A bound on any one measure of a player (cells, cards, tokens): everything in the box at once."""
    grid = rules.principality.grid
    cards = len(rules.professions) + rules.recruitment_cards + len(rules.prestige) + len(rules.bonus)
    return grid.columns * grid.rows + cards + rules.jesters + rules.architects + len(rules.freedom_kinds)


def work_value_bound(rules: Rules) -> int:
    """The largest value a work can reach, from the pack's numbers: every wanted item, every jester and
    card, every bonus card's terms at the largest measure, and the expansion's princess and muse."""
    m = count_bound(rules)
    value = rules.wanted_building + rules.wanted_landscape + rules.wanted_freedom
    value += rules.per_jester * rules.jesters + rules.per_card * (len(rules.professions) + rules.recruitment_cards)
    value += sum(max(0, term.per) * m for terms in rules.bonus.values() for term in terms)
    characters = rules.characters
    if characters is not None:
        value += int(characters.get("muse_per_round", 0)) * rules.rounds
        value += sum(max(0, int(w)) for w in characters.get("princess", {}).values()) * m
    return value


def _encode_under(state: Any, params: tuple[Any, ...]) -> tuple[Any, ...]:
    cards = list(state.step["pending"]["cards"])
    return (tuple(cards.index(c) if c in cards else -1 for c in params[0]),)


def _decode_under(state: Any, params: tuple[Any, ...]) -> tuple[Any, ...]:
    cards = state.step["pending"]["cards"]
    return (tuple(cards[i] for i in params[0]),)


def _auction_kinds(rules: Rules, lots: tuple[str, ...]) -> list[ActionKind]:
    """The moves of an auction form other than the printed one (last: the other ids stay as they were)."""
    form = rules.mechanics.auction
    if form.kind == "open" and form.raise_rule.kind == "multiple":
        return [ActionKind("raise", (form.raise_rule.raises() or (),),
                           source="/mechanics/auction/raise (by, min, max)")]
    if form.kind == "dutch":
        return [ActionKind("accept")]
    if form.kind == "sealed":
        least = form.bid_least or min(rules.opening_bid.values(), default=0)
        return [ActionKind("seal", (lots, form.sealed_bids(least)),
                           source="/auction/lots; /auction/opening_bid up to /mechanics/auction/bids (by, max)")]
    return []


def action_kinds(rules: Rules) -> list[ActionKind]:
    seats = tuple(range(rules.players_max))
    professions = tuple(sorted(rules.professions))
    bonus = tuple(sorted(rules.bonus))
    prestige = tuple(sorted(rules.prestige))
    lots = tuple(dict.fromkeys(lot.id for row in rules.lots_by_players.values() for lot in row))
    principality = rules.principality
    placements = tuple(tuple(pl) for kind in principality.kinds.values() for o in kind.orientations
                       for pl in o.table if pl is not None)
    convert = work_value_bound(rules) * rules.payout_per_point // rules.florins_per_prestige
    # the cards not kept of a look at a pile go back under it in an order of the player's choosing (R17)
    looks = [rules.prestige_draw, *(k.draw for k in rules.kinds.values())]
    if rules.characters is not None:
        looks.append(int(rules.characters.get("professor_draw", 0)))
    orders = tuple(p for k in range(2, max(looks)) for p in itertools.permutations(range(k)))
    kinds = [
        ActionKind("end"),
        ActionKind("pass"),
        ActionKind("raise"),
        ActionKind("decline"),
        ActionKind("keep"),
        ActionKind("open", (lots,), source="/auction/lots"),
        ActionKind("buy", (lots,), source="/auction/lots"),
        ActionKind("merchant", (("free", "rank"),), source="the merchant's two choices (/characters)"),
        ActionKind("place", (placements,), grouped=True, source="/principality (pieces, orientations, grid)"),
        ActionKind("keep", (prestige,), source="/prestige_cards"),
        ActionKind("return", (professions,), source="/professions/cards"),
        ActionKind("princess"),
        ActionKind("work", (professions,), source="/professions/cards"),
        ActionKind("build", (rules.building_kinds,), source="/components/buildings/kinds"),
        ActionKind("profession"),
        ActionKind("freedom", (rules.freedom_kinds,), source="/components/freedoms/kinds"),
        ActionKind("bonus"),
        ActionKind("recruit", (seats, professions), source="/players/max, /professions/cards"),
        ActionKind("sell"),
        ActionKind("wait"),
        ActionKind("under", (orders,), encode=_encode_under, decode=_decode_under,
                   source="rearrangements of the cards not kept of a look at a pile (auction, actions draws)"),
        ActionKind("take", (tuple(sorted({*professions, *bonus, *prestige})),),
                   source="/professions/cards, /bonus_cards, /prestige_cards"),
        ActionKind("play_bonus", (bonus,), source="/bonus_cards"),
        ActionKind("finish"),
        ActionKind("convert", (tuple(range(convert + 1)),),
                   source="0 to the largest work value's pay in prestige (action_kinds.work_value_bound)"),
    ]
    characters = rules.characters
    if characters is not None:
        cards = characters["cards"]
        step = int(characters["bid_step"])
        amounts = tuple(sorted({b for c in cards for b in range(int(c["min"]), int(c["max"]) + 1, step)}))
        ids = tuple(c["id"] for c in cards)
        kinds += [
            ActionKind("withdraw"),
            ActionKind("hire", (ids,), source="/characters/cards"),
            ActionKind("bid", (ids, amounts), source="/characters/cards (min, max), /characters/bid_step"),
            ActionKind("professor", (("prestige", "bonus"),), source="the professor's two decks (/characters)"),
        ]
    shared: Any = rules.shared_board
    if shared is not None:
        borders = {b for n in range(rules.players_min, rules.players_max + 1)
                   for b in borders_for(shared["layouts"], n)}
        joint = sorted({(b.a, a_mask, b.b, b_mask) for b in borders for piece in rules.building_kinds
                        for a_mask, b_mask in _candidates(principality, piece, b.a_edge)})
        kinds += [
            ActionKind("build_with", (seats, rules.building_kinds), source="/players/max, /components/buildings"),
            ActionKind("place_joint", (tuple(joint),), grouped=True,
                       source="/shared_board/layouts and the pieces' shapes across each border"),
        ]
    deal = rules.mechanics.deal
    if deal is not None and deal.kind in ("draft", "display"):  # last: the other kinds keep their ids
        kinds.append(ActionKind("pick", (professions,),
                                source="/professions/cards (a draft or an open display: /mechanics/deal)"))
    kinds += _auction_kinds(rules, lots)
    return [k for k in kinds if all(k.params)]

"""Every move verb of Princes of Florence, declared once (regola.core.verbs): its places in the action
space with parameter domains taken from the pack's data, the rule it carries out, what of it is secret,
and its plain words. Its words for people are the rule catalog's (``names.actions`` for the deciding
seat, ``names.told`` for the others, by verb: table.py).

A placement is one id per valid (piece, orientation, corner) of the principality grid; a building
laid across a border one id per way the shared board's layouts let it split. Where a domain has no
list in the data it is bounded by the data's numbers: the prestige a work's pay can buy by
:func:`work_value_bound`. The kinds of the expansions and of the forms other than the printed ones
take the last places, so the printed game's ids never move. A property test plays random games of
every pack and variant and checks that each legal action has an id that maps back.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from regola.core.verbs import Place, Verb, Verbs
from regola.games.princes_of_florence.placement.shared import _candidates, borders_for
from regola.games.princes_of_florence.rules import Rules

__all__ = ["VERBS", "count_bound", "work_value_bound"]


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


# --- domains from the pack --------------------------------------------------------------------------
Domains = tuple[tuple[Any, ...], ...] | None


def _seats(rules: Rules) -> tuple[int, ...]:
    return tuple(range(rules.players_max))


def _professions(rules: Rules) -> tuple[int, ...]:
    return tuple(sorted(rules.professions))


def _lots(rules: Rules) -> tuple[str, ...]:
    return tuple(dict.fromkeys(lot.id for row in rules.lots_by_players.values() for lot in row))


def _placements(rules: Rules) -> Domains:
    principality = rules.principality
    return (tuple(tuple(pl) for kind in principality.kinds.values() for o in kind.orientations
                  for pl in o.table if pl is not None),)


def _convert(rules: Rules) -> Domains:
    return (tuple(range(work_value_bound(rules) * rules.payout_per_point // rules.florins_per_prestige + 1)),)


def _orders(rules: Rules) -> Domains:
    """The cards not kept of a look at a pile go back under it in an order of the player's choosing (R17)."""
    looks = [rules.prestige_draw, *(k.draw for k in rules.kinds.values())]
    if rules.characters is not None:
        looks.append(int(rules.characters.get("professor_draw", 0)))
    return (tuple(p for k in range(2, max(looks)) for p in itertools.permutations(range(k))),)


def _cards(rules: Rules) -> Domains:
    return (tuple(sorted({*rules.professions, *rules.bonus, *rules.prestige})),)


def _with_characters(rules: Rules) -> bool:
    """The characters of the expansion (muse and princess) are in play."""
    return rules.characters is not None


def _characters(domains: Callable[[Rules], Domains]) -> Callable[[Rules], Domains]:
    """``domains`` where the characters of the expansion are in play; no such kind elsewhere."""
    return lambda rules: domains(rules) if rules.characters is not None else None


def _hires(rules: Rules) -> Domains:
    characters: Any = rules.characters
    return (tuple(c["id"] for c in characters["cards"]),)


def _bid_amounts(rules: Rules) -> Domains:
    characters: Any = rules.characters
    cards = characters["cards"]
    step = int(characters["bid_step"])
    amounts = tuple(sorted({b for c in cards for b in range(int(c["min"]), int(c["max"]) + 1, step)}))
    return tuple(c["id"] for c in cards), amounts


def _joint(rules: Rules) -> Domains:
    shared: Any = rules.shared_board
    if shared is None:
        return None
    borders = {b for n in range(rules.players_min, rules.players_max + 1) for b in borders_for(shared["layouts"], n)}
    joint = sorted({(b.a, a_mask, b.b, b_mask) for b in borders for piece in rules.building_kinds
                    for a_mask, b_mask in _candidates(rules.principality, piece, b.a_edge)})
    return (tuple(joint),)


def _falling(rules: Rules) -> Domains:
    """Accepting the price asked: under an auction form whose price falls (regola.mechanics.auction)."""
    return () if rules.mechanics.auction.falling else None


def _raises(rules: Rules) -> Domains:
    """Raises by an amount: under open bidding whose raise rule lists its amounts."""
    form = rules.mechanics.auction
    rule = form.raise_rule
    return (rule.raises() or (),) if form.raised and not (rule.single or rule.unbounded) else None


def _sealed(rules: Rules) -> Domains:
    """A lot and a listed bid named in secret: under sealed bids."""
    form = rules.mechanics.auction
    if not form.sealed:
        return None
    return _lots(rules), form.sealed_bids(form.bid_least or min(rules.opening_bid.values(), default=0))


def _picked(rules: Rules) -> Domains:
    deal = rules.mechanics.deal
    return (_professions(rules),) if deal is not None and deal.picked else None


# --- what is secret, as the pack's forms make it (views: 004, R17) ------------------------------------
def _in_hand(rules: Rules) -> int | None:
    """Profession cards kept, returned or taken while hands are private (004: cards are held face down)."""
    return 0 if rules.mechanics.visibility.hides("hand") else None


def _drafted(rules: Rules) -> int | None:
    """A card picked from a draft packet, which is a hand (an open display's pick is seen by all)."""
    deal = rules.mechanics.deal
    return _in_hand(rules) if deal is not None and deal.passed else None


def _under(rules: Rules) -> int | None:
    """The order cards go back under their pile (R17) while a pile lies face down."""
    open_pile = rules.mechanics.visibility.open_pile
    return None if all(open_pile(pile) for pile in ("professions", "bonus", "prestige")) else 0


def _sealed_bid(rules: Rules) -> int | None:
    return 0 if rules.mechanics.auction.sealed else None


# --- plain words --------------------------------------------------------------------------------------
def _raw(state: Any, a: Any) -> str:
    """The action's own words: its verb and parameters as a record holds them."""
    return " ".join(str(x) for x in a)


def _plain(words: str, alone: str = "") -> Callable[[Any, Any], str]:
    """Words over the action's parameters ``{0}``, ``{1}``…; ``alone``: the words of the verb without any."""
    return lambda state, a: alone if alone and len(a) == 1 else words.format(*a[1:], *([""] * 4))


VERBS = Verbs([
    Verb("end", "actions.per_turn", "ends the turn", (Place(0),)),
    Verb("pass", "auction.raise", "passes", (Place(1),)),
    Verb("raise", "auction.raise", lambda state, a: f"raises by {a[1]}" if len(a) == 2 else "raises",
         (Place(2), Place(32, _raises, "/mechanics/auction/raise (by, min, max)")), size=1),
    Verb("decline", "auction.decline", "declines to bid this round", (Place(3),)),
    Verb("keep", "setup.professions", _plain("keeps {0}", "keeps the dealt cards"),
         (Place(4), Place(9, lambda r: (tuple(sorted(r.prestige)),), "/prestige_cards")), secret=_in_hand),
    Verb("open", "auction.lots", _plain("opens the auction of {0}"),
         (Place(5, lambda r: (_lots(r),), "/auction/lots"),)),
    Verb("buy", "auction.last_player", _plain("takes {0} for the opening bid"),
         (Place(6, lambda r: (_lots(r),), "/auction/lots"),)),
    Verb("merchant", "characters.effects", _raw,
         (Place(7, lambda r: (("free", "rank"),), "the merchant's two choices (/characters)"),),
         only_with=_with_characters),
    Verb("place", "placement.piece", _plain("places {0} (orientation {1}) at column {2}, row {3}"),
         (Place(8, _placements, "/principality (pieces, orientations, grid)", grouped=True),)),
    Verb("return", "setup.professions", _plain("returns profession card {0}"),
         (Place(10, lambda r: (_professions(r),), "/professions/cards"),), secret=_in_hand),
    Verb("princess", "characters.effects", _raw, (Place(11),), only_with=_with_characters),
    Verb("work", "works.value", _plain("completes a work with profession card {0}"),
         (Place(12, lambda r: (_professions(r),), "/professions/cards"),)),
    Verb("build", "actions.build", _plain("builds {0}"),
         (Place(13, lambda r: (r.building_kinds,), "/components/buildings/kinds"),)),
    Verb("profession", "actions.profession", "buys a profession card", (Place(14),)),
    Verb("freedom", "actions.freedom", _plain("proclaims freedom of {0}"),
         (Place(15, lambda r: (r.freedom_kinds,), "/components/freedoms/kinds"),)),
    Verb("bonus", "actions.bonus", "buys a bonus card", (Place(16),)),
    Verb("recruit", "actions.recruit", _plain("recruits from seat {0} card {1}"),
         (Place(17, lambda r: (_seats(r), _professions(r)), "/players/max, /professions/cards"),)),
    Verb("sell", "actions.prestige_for_money", "moves back one prestige for money", (Place(18),)),
    Verb("wait", "actions.recruit", "keeps the recruitment card for later", (Place(19),)),
    Verb("under", "cards.professions", _plain("puts the other cards under the pile in the order {0}"),
         (Place(20, _orders, "rearrangements of the cards not kept of a look at a pile (auction, actions draws)",
                encode=_encode_under, decode=_decode_under),), secret=_under),
    Verb("take", "actions.profession", _plain("takes card {0}"),
         (Place(21, _cards, "/professions/cards, /bonus_cards, /prestige_cards"),), secret=_in_hand),
    Verb("play_bonus", "works.bonus_cards", _plain("plays bonus card {0}"),
         (Place(22, lambda r: (tuple(sorted(r.bonus)),), "/bonus_cards"),)),
    Verb("finish", "works.value", "finishes the work", (Place(23),)),
    Verb("convert", "works.payout", _plain("exchanges pay for {0} prestige"),
         (Place(24, _convert, "0 to the largest work value's pay in prestige (verbs.work_value_bound)"),), size=1),
    Verb("withdraw", "characters.bidding", _raw,
         (Place(25, _characters(lambda r: ())),)),
    Verb("hire", "characters.bidding", _raw,
         (Place(26, _characters(_hires),
                "/characters/cards"),)),
    Verb("bid", "characters.bidding", _raw,
         (Place(27, _characters(_bid_amounts),
                "/characters/cards (min, max), /characters/bid_step"),), size=2),
    Verb("professor", "characters.effects", _raw,
         (Place(28, _characters(lambda r: (("prestige", "bonus"),)),
                "the professor's two decks (/characters)"),)),
    Verb("build_with", "shared.joint", _raw,
         (Place(29, lambda r: (_seats(r), r.building_kinds) if r.shared_board is not None else None,
                "/players/max, /components/buildings"),)),
    Verb("place_joint", "shared.joint", _raw,
         (Place(30, _joint, "/shared_board/layouts and the pieces' shapes across each border", grouped=True),)),
    Verb("pick", "setup.professions", _raw,
         (Place(31, _picked, "/professions/cards (a draft or an open display: /mechanics/deal)"),), secret=_drafted),
    Verb("accept", "auction.lots", "accepts the price offered", (Place(33, _falling),)),
    Verb("seal", "auction.lots", _plain("bids {1} for {0} in secret"),
         (Place(34, _sealed, "/auction/lots; /auction/opening_bid up to /mechanics/auction/bids "
                                               "(by, max)"),), secret=_sealed_bid, size=2),
    Verb("deal", "setup.professions", "deals the cards"),  # chance: no place
    Verb("shuffle", "setup.professions", "shuffles the profession pile"),
])

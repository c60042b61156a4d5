"""Princes of Florence's view as a fixed-shape vector (regola.core.tensor), every field read from the view.

Shapes come from the pack: the grid's cells (/principality), its piece kinds (buildings then
landscapes), the profession, bonus and prestige cards, the freedom kinds, the lots and the action
kinds, the rounds, and the game's P seats numbered from the observer (0 = the observer, then
clockwise). Counts are raw numbers (florins, prestige points, cards); one-hot and multi-hot fields
are 0/1. ``tensor_spec(...).table()`` lists the fields in order; docs/SEARCH.md too.
"""

from __future__ import annotations

from typing import Any

from regola.core.tensor import TensorField, TensorSpec, Writer, common_fields, fill_common, fill_moves, moves_fields
from regola.games.princes_of_florence.placement import Placement
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.views import PILE_CARDS

#: what a pending follow-up decision can be (the steps' ``pending`` kinds)
PENDING = ("place", "joint", "profession", "bonus", "work", "convert", "prestige", "merchant", "professor",
           "under")
SEAT_NUMBERS = ("money", "prestige", "architects", "jesters", "hand_size", "bonus_size", "prestige_size")
#: per seat in phase A: out of the round, passed this lot, high bidder, its place in a Dutch offer's order,
#: has named its sealed bid
AUCTION_SEAT = ("out", "passed", "high", "asked", "sealed")


def tensor_spec(ruleset: Any, players: int) -> TensorSpec:
    rules: Rules = ruleset.rules
    phases = ruleset.flow.state_names
    principality = rules.principality
    grid = principality.grid
    cells = grid.columns * grid.rows
    pieces = tuple(principality.kinds)
    professions = {c: i for i, c in enumerate(sorted(rules.professions))}
    bonus = {c: i for i, c in enumerate(sorted(rules.bonus))}
    prestige = {c: i for i, c in enumerate(sorted(rules.prestige))}
    freedoms = rules.freedom_kinds
    lots = tuple(dict.fromkeys(lot.id for row in rules.lots_by_players.values() for lot in row))
    buildings, landscapes = rules.building_kinds, rules.landscape_kinds
    p = players
    # scales of a normalized tensor (TensorField.scale): the box's count of each part, and for the
    # open-ended amounts their natural unit in the pack: florins the start purse, work values the highest
    # minimum work, prestige the best work's prestige over every round
    purse = float(max(max(rules.money_by_players.values(), default=1), 1))
    work = float(max(max(rules.minimum_work, default=1), 1))
    glory = float(max(rules.best_work_prestige * rules.rounds, 1))
    decks = (max(len(rules.professions), 1), max(len(rules.bonus), 1), max(len(rules.prestige), 1))
    seat_scales = (purse, glory, max(rules.max_architects, rules.architects, 1), max(rules.jesters, 1), *decks)
    # a pile laid face up (mechanics.visibility.piles) is seen in order: per card, its place from the top
    seen = rules.mechanics.visibility  # (or its top cards, where only those are shown)
    open_piles = tuple(pile for pile in PILE_CARDS if seen.open_pile(pile) or seen.shown_on_top(pile))
    pile_cards = {"professions": professions, "bonus": bonus, "prestige": prestige}
    pile_offsets = {pile: sum(len(pile_cards[q]) for q in open_piles[:i]) for i, pile in enumerate(open_piles)}
    deal = rules.mechanics.deal
    dealing = deal is not None and (deal.passed or deal.shown)  # a draft or an open display at setup
    characters = tuple(str(c["id"]) for c in (rules.characters or {}).get("cards", ()))
    fields = (
        *common_fields(rules.rounds, phases, p),
        TensorField("start", (p,), "one-hot: the start player (relative)"),
        TensorField("minimum_work", (1,), "the round's minimum work value", work),
        TensorField("work_marks", (p,), "per seat: its best work value this round", work),
        TensorField("supply_buildings", (len(buildings),), "buildings left per kind", max(rules.buildings_per_kind, 1)),
        TensorField("supply_landscapes", (len(landscapes),), "landscapes left per kind",
                    max(rules.landscapes_per_kind, 1)),
        TensorField("supply_freedoms", (len(freedoms),), "freedom tokens left per kind",
                    max(rules.freedoms_per_kind, 1)),
        TensorField("supply_other", (3,), "architects, jesters, recruitment cards left",
                    (max(rules.architects, 1), max(rules.jesters, 1), max(rules.recruitment_cards, 1))),
        TensorField("decks", (3,), "cards left in the profession, bonus and prestige decks", decks),
        TensorField("seats", (p, len(SEAT_NUMBERS)), "per seat: " + ", ".join(SEAT_NUMBERS), seat_scales),
        TensorField("freedoms", (p, len(freedoms)), "multi-hot per seat: freedoms it proclaimed"),
        TensorField("table", (p, len(professions) + 1), "per seat: profession cards played (last: recruitment)",
                    (*(1,) * len(professions), max(rules.recruitment_cards, 1))),
        TensorField("bonus_used", (p, len(bonus)), "multi-hot per seat: bonus cards it played"),
        TensorField("board", (p, cells, len(pieces)), "per seat and cell (row-major): one-hot the piece kind there"),
        TensorField("hand", (p, len(professions)), "per seat: profession cards in hand, where the view shows them"),
        TensorField("recruits", (p,), "per seat: recruitment cards in hand, where the view shows them",
                    max(rules.recruitment_cards, 1)),
        TensorField("bonus", (p, len(bonus)), "per seat: bonus cards in hand, where the view shows them"),
        TensorField("prestige_cards", (p, len(prestige)), "per seat: prestige cards, where the view shows them"),
        TensorField("auction", (len(lots), 2), "per lot: sold this round, being auctioned now"),
        TensorField("auction_seats", (p, len(AUCTION_SEAT)), "per seat: out of this round's auction, passed this "
                    "lot, high bidder, its place in a Dutch offer's order (1 first; 0 not asked), has named its sealed "
                    "bid", (1, 1, 1, p, 1)),
        TensorField("auction_price", (1,), "the current bid, a Dutch lot's price, or the seat's own sealed bid",
                    purse),
        TensorField("turn", (p + 1, 2), "the actions phase: one-hot whose turn (last: none), actions done",
                    (1, max(rules.per_turn, 1))),
        TensorField("pending", (len(PENDING),), "one-hot: the kind of follow-up decision pending"),
        TensorField("pending_seat", (p,), "one-hot: whose follow-up decision it is"),
        TensorField("pending_piece", (len(pieces),), "multi-hot: the pieces a pending placement may place"),
        TensorField("pending_then", (len(PENDING),), "one-hot: the follow-up that comes after the pending one (the "
                    "merchant's choice, then the lot's)"),
        TensorField("window", (p,), "between turns of phase B: each seat's place in the order asked to recruit "
                    "(1 first; 0 not asked)", p),
        TensorField("pending_cards", (len(professions) + len(bonus) + len(prestige),),
                    "the observer's pending card choice: professions, then bonus, then prestige cards"),
        TensorField("pending_numbers", (3,), "the observer's pending work value, most prestige to buy, and the "
                    "price the merchant may take back", (work, glory, purse)),
        *((TensorField("open_piles", (sum(len(pile_cards[q]) for q in open_piles),),
                       f"per card of the face-up piles and shown tops ({', '.join(open_piles)}): 1 on top, 1/2 "
                       "under it, 1/3 next…; 0 where it is not in the pile or not shown"),) if open_piles else ()),
        *((TensorField("deal_cards", (len(professions),), "only where the deal is a draft or an open display: the "
                       "cards the observer may pick from (its packet, or the display)"),
           TensorField("deal_turn", (p + 1,), "one-hot: whose pick it is (relative; last: nobody)"),
           TensorField("deal_picks", (1,), "picks made so far", max(p * (deal.kept if deal else 1), 1)))
          if dealing else ()),
        *((TensorField("character_owners", (len(characters), p + 1), "only with the character cards: per card, "
                       "one-hot who holds it this round (last: nobody)"),
           TensorField("character_tokens", (len(characters), p + 1), "per card: one-hot whose token lies on it, "
                       "and its bid", (*(1,) * p, purse)),
           TensorField("character_turn", (p + 1,), "one-hot: whose turn of phase A2 (last: nobody)"),
           TensorField("character_settled", (p,), "multi-hot: seats done with phase A2"),
           TensorField("character_money", (2,), "florins on the banker's card, and 1 while the merchant's "
                       "holder still has his choice", (purse, 1)),
           TensorField("merchant", (p + 1,), "one-hot: who holds the merchant's unused choice (last: nobody)"))
          if characters else ()),
        *moves_fields(ruleset, p),
    )

    def fill(view: dict[str, Any], seat: int, w: Writer) -> None:
        def rel(s: int) -> int:
            return (s - seat) % p

        fill_common(view, seat, w, rules.rounds, phases, p)
        w.set("start", 1, rel(view["start"]))
        w.set("minimum_work", view["minimum_work"], 0)
        for s, mark in enumerate(view["work_marks"]):
            w.set("work_marks", mark, rel(s))
        supply = view["supply"]
        for i, k in enumerate(buildings):
            w.set("supply_buildings", supply["buildings"][k], i)
        for i, k in enumerate(landscapes):
            w.set("supply_landscapes", supply["landscapes"][k], i)
        for i, k in enumerate(freedoms):
            w.set("supply_freedoms", supply["freedoms"][k], i)
        for i, k in enumerate(("architects", "jesters", "recruitment")):
            w.set("supply_other", supply[k], i)
        for i, k in enumerate(("professions", "bonus", "prestige")):
            w.set("decks", view["decks"][k], i)
        for entry in view["players"]:
            r = rel(entry["seat"])
            for i, k in enumerate(SEAT_NUMBERS):
                w.set("seats", entry.get(k, 0), r, i)  # a number the view withholds (a secret purse) reads 0
            for k in entry["freedoms"]:
                w.set("freedoms", 1, r, freedoms.index(k))
            for c in entry["table"]:
                w.add("table", 1, r, professions.get(c, len(professions)))
            for c in entry["bonus_used"]:
                w.set("bonus_used", 1, r, bonus[c])
            for pl in entry["pieces"]:
                kind = pieces.index(pl[0])
                for column, row in principality.cells(Placement(*pl)):
                    w.set("board", 1, r, row * grid.columns + column, kind)
            for piece, shared_cells in entry["shared"]:
                for column, row in shared_cells:
                    w.set("board", 1, r, row * grid.columns + column, pieces.index(piece))
            # what the view shows of a seat's hand (mechanics.visibility): its own, or anyone's when open
            for c in entry.get("hand", ()):
                w.add("hand", 1, r, professions[c])
            w.set("recruits", entry.get("recruits", 0), r)
            for c in entry.get("bonus", ()):
                w.add("bonus", 1, r, bonus[c])
            for c in entry.get("prestige_cards", ()):
                w.add("prestige_cards", 1, r, prestige[c])
        step = view["step"]
        if "sold" in step:
            for lot in step["sold"]:
                w.set("auction", 1, lots.index(lot), 0)
            if step["lot"] is not None:
                w.set("auction", 1, lots.index(step["lot"]), 1)
            for s, out in enumerate(step["out"]):
                w.set("auction_seats", 1 if out else 0, rel(s), 0)
            for place, s in enumerate(step.get("asked", ()), 1):
                w.set("auction_seats", place, rel(s), 3)
            for s in step.get("bid", ()):
                w.set("auction_seats", 1, rel(s), 4)
            for s in step["passed"]:
                w.set("auction_seats", 1, rel(s), 1)
            if step["high"] is not None:
                w.set("auction_seats", 1, rel(step["high"]), 2)
            w.set("auction_price", step["price"] or 0, 0)
            own = step.get("own_bid")
            if own:  # a sealed bid: the seat's own lot and bid (the others' are not seen)
                w.set("auction", 1, lots.index(own[0]), 1)
                w.set("auction_price", own[1], 0)
        if "done" in step and "turn" in step:
            w.set("turn", 1, rel(step["turn"]) if step["turn"] is not None else p, 0)
            w.set("turn", step["done"], 0, 1)
            for place, s in enumerate(step.get("window", ()), 1):
                w.set("window", place, rel(s))
        pending = step.get("pending")
        if pending is not None:
            if pending["kind"] in PENDING:
                w.set("pending", 1, PENDING.index(pending["kind"]))
            w.set("pending_seat", 1, rel(pending["seat"]))
            then = pending.get("then")
            if then is not None and then["kind"] in PENDING:
                w.set("pending_then", 1, PENDING.index(then["kind"]))
            for part in (pending, then or {}):
                for piece in (part.get("piece"), *part.get("gives", ())):
                    if piece in pieces:
                        w.set("pending_piece", 1, pieces.index(piece))
                _pending_cards(part, w)
            w.set("pending_numbers", pending.get("value", 0), 0)
            w.set("pending_numbers", pending.get("max", 0), 1)
            w.set("pending_numbers", pending.get("price", 0), 2)
        if dealing:
            for c in step.get("packet") or step.get("display") or ():
                w.set("deal_cards", 1, professions[c])
            if "picks" in step or "taken" in step:
                who = step.get("turn")
                w.set("deal_turn", 1, rel(who) if who is not None else p)
                w.set("deal_picks", step.get("picks", step.get("taken", 0)), 0)
        if characters:
            known = view.get("characters") or {}
            for card, who in known.get("owners", {}).items():
                w.set("character_owners", 1, characters.index(card), rel(who))
            for i, card in enumerate(characters):
                if card not in known.get("owners", {}):
                    w.set("character_owners", 1, i, p)
            w.set("character_money", known.get("banker_money") or 0, 0)
            merchant = known.get("merchant")
            w.set("merchant", 1, rel(merchant) if merchant is not None else p)
            if "tokens" in step:
                for card, (who, bid) in step["tokens"].items():
                    w.set("character_tokens", 1, characters.index(card), rel(who))
                    w.set("character_tokens", bid, characters.index(card), p)
                who = step["bidder"]
                w.set("character_turn", 1, rel(who) if who is not None else p)
                for s, settled in enumerate(step["settled"]):
                    w.set("character_settled", 1 if settled else 0, rel(s))
        fill_moves(view, seat, w, p)
        for pile, cards in view["open_piles"].items():
            for depth, c in enumerate(cards):
                w.set("open_piles", 1 / (depth + 1), pile_offsets[pile] + pile_cards[pile][c])

    def _pending_cards(pending: dict[str, Any], w: Writer) -> None:
        """The cards of a pending choice (its drawn cards, the card a work is made with) into pending_cards."""
        deck = (str(pending.get("deck", "")).removesuffix("_deck") if pending.get("kind") == "under"
                else str(pending.get("kind")))
        if deck in offsets and "cards" in pending:
            for card in pending["cards"]:
                w.set("pending_cards", 1, offsets[deck] + tables[deck][card])
        if pending.get("kind") == "work" and pending.get("card") in professions:
            w.set("pending_cards", 1, professions[pending["card"]])

    offsets = {"profession": 0, "bonus": len(professions), "prestige": len(professions) + len(bonus)}
    tables = {"profession": professions, "bonus": bonus, "prestige": prestige}
    return TensorSpec(fields, fill)

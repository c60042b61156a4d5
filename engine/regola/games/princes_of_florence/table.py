"""Princes of Florence at the terminal, in one language: the board a person reads before each decision
(the round, the lot under auction, every player's open counts, one's own principality and cards) and
each legal action in words, and what another player just did.

Every sentence is interface text from regola's gettext catalog; every name of a thing and every action
comes from the game's rule catalog (``names.actions`` words each verb, its ``{1}``… filled with the
names of the action's parts). The board is drawn from the seat's player view (views.py), so the
terminal shows exactly what the browser tables show: another player's hand, bonus and prestige cards
are counted, never named (004: cards are held face down).
"""

from __future__ import annotations

from typing import Any

from regola.core.step import Action
from regola.games.princes_of_florence.placement.shapes import extent
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps.actions import acting_seat, price_of
from regola.games.princes_of_florence.steps.auction import buy_price
from regola.games.princes_of_florence.verbs import VERBS
from regola.games.princes_of_florence.views import PILE_CARDS, view
from regola.i18n.forms import fill_positions
from regola.text.seats import seat_name
from regola.text.speech import Speech

__all__ = ["board", "describe", "happenings", "help_rule", "narrate", "option"]

#: the rule a person reads with "?", by the pending decision's kind, else by the phase
PENDING_HELP = {"prestige": "auction.prestige_card", "recruit": "auction.recruitment", "place": "placement.piece",
                "work": "works.value", "convert": "works.payout", "profession": "actions.profession",
                "bonus": "actions.bonus", "under": "auction.prestige_card"}
PHASE_HELP = {"keep": "setup.professions", "auction": "auction.lots", "actions": "actions.per_turn"}
#: what the cards of a pile are called in the rule catalog, by the pile a pending decision looks at
DECK_NAMES = {"profession": "professions", "bonus": "bonus_cards", "prestige": "prestige_cards"}


def help_rule(state: State) -> str | None:
    pending = state.step.get("pending")
    if pending is not None:
        kind = str(pending.get("kind"))
        if kind == "under":
            kind = _deck(pending)
        if kind in PENDING_HELP:
            return PENDING_HELP[kind]
    return PHASE_HELP.get(state.flow_state)


# --- small words --------------------------------------------------------------------------------------
def _seat(speech: Speech, seat: int) -> str:
    return seat_name(speech, seat)


def _deck(pending: dict[str, Any]) -> str:
    """The kind of card a pending look or return is about ('profession', 'bonus', 'prestige')."""
    kind = str(pending.get("kind"))
    if kind == "under":
        return str(pending.get("deck", "")).removesuffix("_deck")
    return kind


def _piece(speech: Speech, state: State, piece: str) -> str:
    return speech.name("landscapes" if piece in state.landscapes else "buildings", piece)


def _cards(speech: Speech, category: str, cards: Any) -> str:
    names = [speech.name(category, c) for c in cards if c]
    return ", ".join(names) if names else speech.gettext("nothing")


def _parts(speech: Speech, state: State, action: Action) -> list[str]:
    """The action's parts as the catalog's ``{0}``, ``{1}``… name them: the verb, then names and numbers."""
    verb, args = str(action[0]), list(action[1:])
    pending = state.step.get("pending") or {}
    category = {"open": "lots", "buy": "lots", "seal": "lots", "pick": "professions", "build": "buildings",
                "freedom": "freedoms", "hire": "characters",
                "bid": "characters", "return": "professions", "work": "professions", "play_bonus": "bonus_cards",
                "keep": "prestige_cards", "take": DECK_NAMES.get(_deck(pending), "professions")}.get(verb)
    out = [verb]
    for k, arg in enumerate(args):
        if verb == "place" and k == 0:
            out.append(_piece(speech, state, str(arg)))
        elif verb == "place":  # orientation, column and row are counted from 1 for people
            out.append(speech.number(int(arg) + 1))
        elif verb == "recruit":
            out.append(_seat(speech, int(arg)) if k == 0 else speech.name("professions", arg))
        elif verb == "under":
            out.append(_cards(speech, DECK_NAMES.get(_deck(pending), "professions"), arg))
        elif category is not None and k == 0:
            out.append(speech.name(category, arg))
        elif isinstance(arg, int):
            out.append(speech.amount(arg, "floren") if verb in ("bid", "seal", "raise") else speech.number(arg))
        else:
            out.append(str(arg))
    return out


def describe(state: State, action: Action, speech: Speech) -> str:
    """An option of the seat about to decide, in the rule catalog's words for the verb."""
    verb = str(action[0])
    # 'keep' alone keeps the dealt cards, with a card one of a look at a pile; 'raise' with an amount raises by it
    key = {"keep": "keep_card", "raise": "raise_by"}.get(verb, verb) if len(action) > 1 else verb
    template = speech.catalog.names("actions").get(key)
    parts = _parts(speech, state, action)
    if not isinstance(template, str):
        return " ".join(parts)
    if verb == "convert":
        return fill_positions(template, parts) + " · " + _convert_cost(speech, state, int(action[1]))
    text = fill_positions(template, parts)  # each name in the form the words ask for ({1:acc}: i18n/forms.py)
    price = _price(state, action)
    if price is None:
        price = _cost(state, action)
    if price is not None:
        text += " · " + speech.amount(price, "floren")
    card = _profession_of(state, action)
    return text if card is None else text + " · " + _wants(speech, state, card)


def _cost(state: State, action: Action) -> int | None:
    """What a move of phase B costs its seat (004 Faza Akcji, actions.yaml): a building at the price its
    architects make it, a freedom, a profession or a bonus card; None for any other move."""
    seat = acting_seat(state)
    if seat is None or state.step.get("pending") is not None:
        return None
    return price_of(state, seat, str(action[0]))


def _profession_of(state: State, action: Action) -> int | None:
    """The profession card an option names (to work with, keep, give back, pick or recruit), or None."""
    verb = str(action[0])
    if verb in ("work", "return", "pick") and len(action) > 1:
        card = action[1]
    elif verb == "recruit" and len(action) > 2:
        card = action[2]
    elif verb == "take" and len(action) > 1 and _deck((state.step or {}).get("pending") or {}) == "profession":
        card = action[1]
    else:
        return None
    return int(card) if card in state.rules.professions else None


def _wants(speech: Speech, state: State, card: int) -> str:
    """What a profession card asks of a work (004 Ukończenie Dzieła): its building, landscape and freedom."""
    wanted = state.rules.professions[card]
    # TRANSLATORS: what a profession card asks of the principality for a work: a building, a landscape, a freedom
    return speech.gettext("wants {building}, {landscape}, {freedom}",
                          building=speech.name("buildings", wanted.building),
                          landscape=speech.name("landscapes", wanted.landscape),
                          freedom=speech.name("freedoms", wanted.freedom))


def _price(state: State, action: Action) -> int | None:
    """What an auction move commits its seat to, as the board shows the auction before it (004
    Licytacja): the opening bid to open or buy a lot, the new high bid of a raise, the price asked of an
    accepted Dutch offer; None for any other move."""
    s = state.step if isinstance(state.step, dict) else {}
    if s.get("pending") is not None or "lot" not in s:
        return None
    verb, offer, dutch = str(action[0]), s.get("open"), s.get("dutch")
    if verb == "buy":
        return buy_price(state)
    if verb == "open" and state.rules.mechanics.auction.raised:
        return int(state.rules.opening_bid[state.n])  # (a Dutch auction opens at its own asking price)
    if verb == "raise" and offer:
        return int(offer["high"]) + (int(action[1]) if len(action) > 1 else state.rules.mechanics.auction.raise_rule.by)
    if verb == "accept" and dutch:
        return int(dutch["price"])
    return None


def _convert_cost(speech: Speech, state: State, points: int) -> str:
    """What turning a work's pay into prestige costs: the florins it gives up (works.payout)."""
    return speech.gettext("costs {money}", money=speech.amount(points * state.rules.florins_per_prestige, "floren"))


def _bidding(state: State, action: Action, speech: Speech) -> str | None:
    """An auction move told with its lot and amount (004 Licytacja): what opening, raising, passing or
    taking a lot costs, as the board showed it before the move; None for any other move."""
    s = state.step if isinstance(state.step, dict) else {}
    if s.get("pending") is not None or "lot" not in s:
        return None
    verb, price = str(action[0]), _price(state, action)
    offer, dutch = s.get("open"), s.get("dutch")
    lot = speech.name("lots", s["lot"]) if s.get("lot") is not None else None
    if verb == "open" and price is not None:
        return speech.gettext("opens the auction of {lot} at {price}", lot=speech.name("lots", action[1]),
                              price=speech.amount(price, "floren"))
    if verb == "open":  # a Dutch auction: the asking price comes down from its start, told as it is asked
        return speech.gettext("puts {lot} up for auction", lot=speech.name("lots", action[1]))
    if verb == "buy":
        # the price follows as the money it cost (happenings), as for every other purchase
        return speech.gettext("takes {lot} without an auction", lot=speech.name("lots", action[1]))
    if verb == "raise" and offer and lot is not None and price is not None:
        return speech.gettext("raises the bid for {lot} to {price}", lot=lot, price=speech.amount(price, "floren"))
    if verb == "pass" and offer and lot is not None:
        return speech.gettext("drops out of the auction of {lot}", lot=lot)
    if verb == "accept" and dutch and lot is not None and price is not None:
        return speech.gettext("takes {lot} at {price}", lot=lot, price=speech.amount(price, "floren"))
    if verb == "pass" and dutch and lot is not None:
        return speech.gettext("declines {lot} at {price}", lot=lot, price=speech.amount(int(dutch["price"]), "floren"))
    return None


def _told(state: State, action: Action, speech: Speech) -> str:
    """A move as another player did it, in the rule catalog's third-person words (``names.told``), else
    its option words."""
    template = speech.catalog.names("told").get(str(action[0]))
    if not isinstance(template, str):
        return describe(state, action, speech)
    return fill_positions(template, _parts(speech, state, action))


def narrate(state: State, seat: int, action: Action, speech: Speech) -> str:
    """What ``seat`` did, in words every player may hear; call it before the action is applied."""
    verb = str(action[0])
    if verb == "seal":  # a sealed bid: nobody else learns its lot or amount before the bids are settled
        what = speech.gettext("makes a sealed bid")
    elif verb in VERBS.secrets(state.rules) and len(action) > 1:  # a card to a hand or under a pile
        what = speech.gettext("chooses a card in secret")
    else:
        what = _bidding(state, action, speech) or _told(state, action, speech)
    # TRANSLATORS: what another player did: who, then the action in the rule catalog's words
    return speech.gettext("{who}: {what}", who=_seat(speech, seat), what=what)


def option(state: State, action: Action, speech: Speech) -> tuple[str | None, str]:
    """(group, short label): placements fold by piece and orientation, 'Chapel, orientation 2: [4] 1·3 …'."""
    if action[0] == "place":
        parts = _parts(speech, state, action)
        # TRANSLATORS: the heading of the spots where one piece can go in one orientation
        group = speech.gettext("{piece}, orientation {orientation}, column·row of its top-left corner:", piece=parts[1],
                               orientation=parts[2])
        return group, f"{parts[3]}·{parts[4]}"
    return None, describe(state, action, speech)


# --- the board ----------------------------------------------------------------------------------------
def _auction(speech: Speech, step: dict[str, Any]) -> list[str]:
    if step.get("lot") is None:
        return []
    lot = speech.name("lots", step["lot"])
    if step.get("high") is None:
        return [speech.gettext("Auction: {lot}", lot=lot)]
    return [speech.gettext("Auction: {lot} · {price} bid by {who}", lot=lot,
                           price=speech.amount(step["price"], "floren"), who=_seat(speech, step["high"]))]


def _characters(speech: Speech, seen: dict[str, Any]) -> list[str]:
    """The expansion's character cards: the tokens bidding on them in phase A2, and who holds which."""
    held = {card: int(seat) for card, seat in ((seen.get("characters") or {}).get("owners") or {}).items()}
    tokens = seen["step"].get("tokens") or {}
    if not tokens and not held:
        return []
    parts = [speech.gettext("{character}: {who}, {price}", character=speech.name("characters", card),
                            who=_seat(speech, int(seat)), price=speech.amount(int(bid), "floren"))
             for card, (seat, bid) in tokens.items()]
    parts += [speech.gettext("{character} held by {who}", character=speech.name("characters", card),
                             who=_seat(speech, seat)) for card, seat in held.items()]
    # TRANSLATORS: the character cards of the Muse and Princess expansion, then their tokens and holders
    return [speech.gettext("Characters: {parts}", parts=" · ".join(parts))]


def _player(speech: Speech, p: dict[str, Any], own: bool) -> str:
    """One line a player: money and prestige always, the rest only when there is something."""
    who = speech.gettext("{who} (you)", who=_seat(speech, p["seat"])) if own else _seat(speech, p["seat"])
    parts = [speech.amount(p["money"], "floren")] if "money" in p else []  # unless the purse is secret
    parts.append(speech.amount(p["prestige"], "point"))
    if p["architects"]:
        parts.append(speech.amount(p["architects"], "architect"))  # the rule catalog's noun
    if p["jesters"]:
        parts.append(speech.amount(p["jesters"], "jester"))
    if p["freedoms"]:
        parts.append(", ".join(speech.name("freedoms", f) for f in p["freedoms"]))
    if any(p["table"]):
        parts.append(speech.gettext("works: {cards}", cards=_cards(speech, "professions", p["table"])))
    if not own:
        parts.append(speech.ngettext("{n} card in hand", "{n} cards in hand", p["hand_size"]))
    # TRANSLATORS: a player, then their counts separated by " · "
    return speech.gettext("{who}: {counts}", who=who, counts=" · ".join(parts))


def _principality(speech: Speech, state: State, p: dict[str, Any]) -> list[str]:
    """One's own grid, columns numbered from 1, each piece a letter with its name below."""
    rows = p["board"]
    if not rows:
        return []
    head = "   " + "".join(str((c + 1) % 10) for c in range(len(rows[0])))
    lines = [head] + [f"{r + 1:>2} {row}" for r, row in enumerate(rows)]
    legend = [f"{chr(65 + k)} {_piece(speech, state, str(piece[0]))}" for k, piece in enumerate(p["pieces"])]
    # the key beside the grid's first rows, so the board stays short on a 24-line terminal
    key = [speech.gettext("Your principality:"), speech.gettext("# the palace, . free"), *legend]
    return [f"{line}   {key[k]}" if k < len(key) else line for k, line in enumerate(lines)] + [
        "   " + k for k in key[len(lines):]]


def _orientations(speech: Speech, state: State, seat: int, width: int) -> list[str]:
    """While ``seat`` places a piece (or chooses which of a lot's landscapes to place): each piece drawn in
    every orientation, numbered as the options number them and named before its first, in bands as wide
    as ``width`` (004 Wznoszenie Budynków: a piece may be turned and flipped)."""
    pending = state.step.get("pending") if isinstance(state.step, dict) else None
    if not pending or pending.get("kind") != "place" or pending.get("seat") != seat:
        return []
    pieces = list(dict.fromkeys(str(p) for p in ([pending["piece"]] if "piece" in pending else
                                                 pending.get("gives") or ())))
    blocks = []
    for piece in pieces:
        for k, shape in enumerate(state.rules.principality.orientations(piece), start=1):
            columns, rows = extent(shape)
            cells = set(shape)
            named = k == 1 and len(pieces) > 1  # one piece is named in the heading, several each before its first
            label = f"{_piece(speech, state, piece)} {k}" if named else str(k)
            indent = len(label) - 1 if named else 0  # the drawing stands under its number
            drawn = [" " * indent + "".join("X" if (c, r) in cells else " " for c in range(columns))
                     for r in range(rows)]
            wide = max(len(label), *(len(line) for line in drawn))
            blocks.append([label.ljust(wide), *(line.ljust(wide) for line in drawn)])
    # TRANSLATORS: above drawings of pieces (or of one named piece) turned and flipped, numbered as the
    # placement options are (the options then name the column·row where a drawing's top-left corner goes)
    lines = [speech.gettext("orientations:") if len(pieces) > 1 else
             speech.gettext("{piece}, orientations:", piece=_piece(speech, state, pieces[0]))]
    row: list[list[str]] = []
    for block in [*blocks, None]:
        if block is not None and (not row or sum(len(b[0]) + 2 for b in row) + len(block[0]) <= width):
            row.append(block)
            continue
        height = max(len(b) for b in row)
        lines += ["  ".join(b[k] if k < len(b) else " " * len(b[0]) for b in row).rstrip() for k in range(height)]
        row = [block] if block is not None else []
    return lines


def board(state: State, seat: int, speech: Speech, width: int = 80) -> list[str]:
    """What a person reads before deciding: only what their seat may see."""
    seen = view(state, seat)
    lines = [speech.gettext("Round {round} of {rounds} · {phase} · you play {who}", round=seen["round"],
                            rounds=state.rules.rounds, phase=speech.name("phases", seen["phase"]),
                            who=_seat(speech, seat)),
             speech.gettext("A work needs at least {value} this round.", value=seen["minimum_work"])]
    lines += _auction(speech, seen["step"])
    lines += _characters(speech, seen)
    for pile, cards in seen["open_piles"].items():  # a pile a house rule lays face up
        lines.append(speech.gettext("{pile}, face up, from the top: {cards}", pile=speech.name("piles", pile),
                                    cards=_cards(speech, PILE_CARDS[pile], cards)))
    me: dict[str, Any] | None = None
    for p in seen["players"]:
        own = p["seat"] == seat
        lines.append(_player(speech, p, own))
        if own:
            me = p
    if me is not None:
        held = [f"{speech.name('professions', c)} ({_wants(speech, state, int(c))})" for c in me.get("hand", ())
                if c in state.rules.professions]  # each card with what it asks of a work (004)
        hand = [speech.gettext("Your hand: {cards}", cards="; ".join(held) or speech.gettext("nothing"))]
        if me.get("recruits"):
            hand.append(speech.ngettext("{n} recruitment card", "{n} recruitment cards", me["recruits"]))
        if me.get("bonus"):
            hand.append(speech.gettext("bonus cards: {cards}", cards=_cards(speech, "bonus_cards", me["bonus"])))
        if me.get("prestige_cards"):
            hand.append(speech.gettext("prestige cards: {cards}",
                                       cards=_cards(speech, "prestige_cards", me["prestige_cards"])))
        lines.append(" · ".join(hand))
        grid = _principality(speech, state, me)
        left = max((len(line) for line in grid), default=0) + 3
        shapes = _orientations(speech, state, seat, width - left)
        if shapes and len(shapes) <= len(grid):  # beside the grid: the screen stays as short as it was
            grid += [""] * (len(shapes) - len(grid))
            grid = [line.ljust(left) + shapes[k] if k < len(shapes) else line for k, line in enumerate(grid)]
        else:
            grid += _orientations(speech, state, seat, width)
        lines += grid
    return lines


def _won(before: dict[str, Any], after: dict[str, Any]) -> tuple[int, str, int] | None:
    """(winner, lot, price) when an open auction running in ``before`` was settled by ``after``: the
    leader pays the price the board showed (004 Licytacja)."""
    old, new = before.get("step") or {}, after.get("step") or {}
    if old.get("high") is None or old.get("lot") is None or old.get("form") != "open":
        return None
    if len(new.get("sold") or ()) <= len(old.get("sold") or ()) and "sold" in new:
        return None
    if new.get("lot") == old["lot"] and new.get("high") is not None:
        return None  # still running
    return int(old["high"]), str(old["lot"]), int(old["price"])


def happenings(state: State, before: dict[str, Any], after: dict[str, Any], speech: Speech) -> list[str]:
    """What came of the decisions between two public views: each player's new works, and how their money
    and prestige changed (open on the table, 004)."""
    out = []
    won = _won(before, after)
    for old, new in zip(before["players"], after["players"], strict=True):
        who = _seat(speech, new["seat"])
        if won is not None and won[0] == new["seat"]:
            _, lot, price = won
            out.append(speech.gettext("{who} wins {lot} for {price}", who=who, lot=speech.name("lots", lot),
                                      price=speech.amount(price, "floren")))
            if "money" in new:
                new = {**new, "money": new["money"] + price}  # the price is told: only other changes remain
        for card in [c for c in new["table"] if c and c not in old["table"]]:
            out.append(speech.gettext("{who} completes a work: {card}", who=who,
                                      card=speech.name("professions", card)))
        # a secret purse (mechanics.visibility) is in neither view: its changes are not told
        money_change = new["money"] - old["money"] if "money" in new and "money" in old else 0
        prestige_change = new["prestige"] - old["prestige"]
        if money_change or prestige_change:
            parts = []
            if money_change:
                parts.append(("+" if money_change > 0 else "−") + speech.amount(abs(money_change), "floren"))
            if prestige_change:
                parts.append(("+" if prestige_change > 0 else "−") + speech.amount(abs(prestige_change), "point"))
            out.append(speech.gettext("{who}: {changes}", who=who, changes=", ".join(parts)))
    return out

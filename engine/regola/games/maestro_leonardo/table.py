"""Maestro Leonardo at the terminal, in one language: the board summary a person reads before each
decision, each legal action named with its district and price, and what another player just did.

Every sentence is interface text from regola's gettext catalog (plural forms by the locale's rule,
so "1 apprentice ready" and "5 apprentices ready" in every language); every name of a thing comes
from the game's rule catalog. This module only decides which facts to show. What another seat may
not see stays hidden: the invention a lab works on, the cards in a hand, a sealed bid, the order a
peek put back (views.py, 001 §6, R7). Money is gulden cards held in the hand, and 001 §6 says no
player ever has to show how many cards they hold, gulden included: the board shows one's own money
only, exactly as the player views (and the browser tables) do.
"""

from __future__ import annotations

from typing import Any

from regola.core.step import Action
from regola.games.maestro_leonardo.state import State
from regola.games.maestro_leonardo.verbs import VERBS
from regola.i18n.forms import Inflected
from regola.text.seats import seat_name
from regola.text.speech import Speech

__all__ = ["board", "describe", "happenings", "help_rule", "money", "narrate", "option"]

#: the rule a person reads with "?" in each decision state
HELP_RULES = {"planning": "planning.turn", "placement": "placement.turn", "district": "district.offer_loop",
              "completion": "completion.auction", "favors": "setup.favors"}
COUNCIL_HELP = "council.spaces"


def help_rule(state: State) -> str | None:
    if state.flow_state == "district" and state.step.get("kind") == "council":
        return COUNCIL_HELP
    return HELP_RULES.get(state.flow_state)


# --- small words --------------------------------------------------------------------------------------
def money(speech: Speech, amount: int) -> str:
    """An amount with its unit: '5 Gulden', '3 guldeny'."""
    return speech.amount(amount, "gulden")


def _color(speech: Speech, state: State, seat: int) -> str:
    return seat_name(speech, seat, state.players[seat].color)


def _lab(speech: Speech, index: int) -> str:
    # TRANSLATORS: a player's own lab, numbered from 1
    return speech.gettext("lab {n}", n=index + 1)


def _where(speech: Speech, location: str) -> str:
    """A district by its name, an own lab (``lab0``) as 'lab 1'."""
    if location.startswith("lab") and location[3:].isdigit():
        return _lab(speech, int(location[3:]))
    return speech.name("districts", location)


def _card(speech: Speech, card: int) -> str:
    """An invention card, 'č. 6 Nedobytná kupole', with the forms its name has ('dražit {card:acc}')."""
    name = speech.name("cards", card)
    # TRANSLATORS: an invention card: its number and its name
    said = speech.gettext("no. {id} {name}", id=card, name=name)
    if not isinstance(name, Inflected) or not name.forms:
        return said
    return Inflected(said, {form: speech.gettext("no. {id} {name}", id=card, name=text)
                            for form, text in name.forms.items()})


def _materials(speech: Speech, state: State, counts: Any) -> str:
    # TRANSLATORS: a material and how many cards of it
    parts = [speech.gettext("{name} ×{count}", name=speech.name("materials", m), count=n)
             for m, n in zip(state.rules.materials, counts, strict=True) if n]
    return ", ".join(parts) if parts else speech.gettext("nothing")


def _price(state: State) -> int:
    s = state.step
    track = state.rules.cost_track
    return track[min(int(s.get("done", 0)), len(track) - 1)]


def _leonardo(speech: Speech) -> str:
    return speech.name("components", "leonardo")


# --- the board ----------------------------------------------------------------------------------------
def _people(speech: Speech, state: State, letter: str) -> str:
    entries = state.occupancy.get(letter, ())
    if not entries:
        # TRANSLATORS: nobody stands in a district
        return speech.gettext("–")
    shown = []
    for seat, apprentices, master in entries:
        color = _color(speech, state, seat)
        if master:
            # TRANSLATORS: a colour's people in a district: apprentices and the master
            shown.append(speech.gettext("{color} {count} + master", color=color, count=apprentices))
        else:
            # TRANSLATORS: a colour's apprentices in a district
            shown.append(speech.gettext("{color} {count}", color=color, count=apprentices))
    return ", ".join(shown)


def _district_line(speech: Speech, state: State, letter: str) -> str:
    """A district and who stands there; the one being resolved also shows its price now (the others
    start at the first step of the price track, shown once in the city's label)."""
    text = speech.gettext("{district}: {people}", district=speech.name("districts", letter),
                          people=_people(speech, state, letter))
    current = state.flow_state == "district" and state.step.get("letter") == letter
    if current and "done" in state.step:
        text += " · " + speech.gettext("price {price}", price=money(speech, _price(state)))
    return text


def _lab_line(speech: Speech, state: State, lab: Any, own: bool) -> str:
    """A lab's state, in the player's lab order: idle, working (weeks so far) or, for its owner or once
    revealed, on which invention."""
    if lab.target is None:
        # TRANSLATORS: a lab with no invention in it
        return speech.gettext("idle")
    if own or lab.revealed:
        needed = state.rules.cards[lab.target].weeks
        # TRANSLATORS: an invention in a lab: weeks worked so far of the weeks it needs (plural by {n})
        return speech.ngettext("{card} ({done} of {n} week)", "{card} ({done} of {n} weeks)", needed,
                               card=_card(speech, lab.target), done=lab.weeks)
    # TRANSLATORS: another player's lab works on a hidden invention, for {n} weeks so far
    return speech.ngettext("working ({n} week)", "working ({n} weeks)", lab.weeks)


def board(state: State, seat: int, speech: Speech, width: int = 80) -> list[str]:
    """The compact summary: round and phase, the city with people and prices, the display, every
    player's people and labs, and the seat's own money and hand."""
    rules = state.rules
    me = state.players[seat]
    # TRANSLATORS: Maestro Leonardo's rounds are "turns" in its English rules (the rule catalog's unit)
    lines = [speech.gettext("Turn {round} of {rounds} · {phase} · you play {color}", round=state.round,
                            rounds=rules.rounds, phase=speech.name("phases", state.flow_state),
                            color=_color(speech, state, seat))]
    track = ", ".join(speech.number(n) for n in rules.cost_track[:-1])
    track += ", " + money(speech, rules.cost_track[-1]) if track else money(speech, rules.cost_track[-1])
    lines += _wrapped(speech.gettext("City (price of an action {track}):", track=track),
                      [_district_line(speech, state, d) for d in rules.district_order], width)
    display = [_card(speech, c) for c in state.display] or [speech.gettext("nothing")]
    lines += _wrapped(speech.gettext("Inventions on display:"), display, width)
    seen = rules.mechanics.visibility
    shown = state.deck if seen.open_pile("inventions") else state.deck[:seen.shown_on_top("inventions")]
    if shown or seen.open_pile("inventions"):  # a house rule lays the pile, or its top cards, face up
        pile = [_card(speech, c) for c in shown] or [speech.gettext("nothing")]
        lines += _wrapped(speech.gettext("{pile}, face up, from the top:", pile=speech.name("piles", "inventions")),
                          pile, width)
    for p in state.players:
        own = p.seat == seat
        labs = ", ".join(_lab_line(speech, state, lab, own) for lab in p.labs)
        ready = speech.ngettext("{n} apprentice ready", "{n} apprentices ready", p.apprentices)
        values = {"color": _color(speech, state, p.seat), "ready": ready, "labs": labs}
        if own:
            academy = speech.ngettext("{n} in the academy", "{n} in the academy", p.academy)
            lines.append(speech.gettext("{color} (you): {money} · {ready}, {academy} · labs: {labs}",
                                        academy=academy, money=money(speech, p.money), **values))
        elif seen.sees("money", own):  # a house rule opens everyone's gulden (mechanics.visibility)
            lines.append(speech.gettext("{color}: {money} · {ready} · labs: {labs}", money=money(speech, p.money),
                                        **values))
        else:  # another player's gulden cards are in their hand, unseen (001 §6), as in the views
            lines.append(speech.gettext("{color}: {ready} · labs: {labs}", **values))
    lines.append(speech.gettext("Your hand: {materials} · {leonardo} is with {holder} · council purse {council}",
                                materials=_materials(speech, state, me.hand), leonardo=_leonardo(speech),
                                holder=_color(speech, state, state.leonardo),
                                council=money(speech, state.council_money)))
    return lines


def _wrapped(label: str, items: list[str], width: int) -> list[str]:
    """``label a · b · c`` broken into lines of at most ``width`` characters (items never split); the
    label brings its own colon, as languages differ in its spacing."""
    lines: list[str] = []
    current = label
    for item in items:
        if len(current) + 3 + len(item) > width and current != label:
            lines.append(current)
            current = "   "
        current += (" " if current in (label, "   ") else " · ") + item
    lines.append(current)
    return lines


# --- actions ------------------------------------------------------------------------------------------
def _district_words(speech: Speech, state: State, action: Action) -> dict[str, str]:
    s = state.step
    letter = s.get("letter", "")
    words = {"district": speech.name("districts", letter), "price": money(speech, _price(state))}
    if s.get("kind") == "shop":
        words["material"] = speech.name("materials", state.rules.materials[state.rules.districts[letter].material])
    if len(action) > 2 and action[0] == "act":
        words["upgrade"] = speech.name("upgrades", action[1])
        words["lab"] = _lab(speech, action[2]) if action[2] >= 0 else ""
    return words


def _facts(speech: Speech, state: State, action: Action) -> tuple[str, dict[str, Any]]:
    """The kind of an action (``place_lab``, ``act_shop``…) and the facts its sentences name."""
    verb = str(action[0])
    rules = state.rules
    if verb == "start":
        card = rules.cards[action[2]]
        return verb, {"lab": _lab(speech, action[1]), "card": _card(speech, action[2]), "weeks": card.weeks,
                      "materials": _materials(speech, state, card.components)}
    if verb == "abort":
        return verb, {"lab": _lab(speech, action[1])}
    if verb in ("place", "master"):  # into a city district, or into one of the player's own labs
        kind = verb + ("_lab" if str(action[1]).startswith("lab") else "")
        facts: dict[str, Any] = {"where": _where(speech, action[1])}
        if verb == "place":
            facts["n"] = action[2]
        return kind, facts
    if verb == "leonardo":
        return verb, {"leonardo": _leonardo(speech), "color": _color(speech, state, action[1])}
    if verb == "space":
        return verb, {"space": speech.name("council_spaces", action[1])}
    if verb == "move":
        return verb, {"color": _color(speech, state, action[1]), "src": _where(speech, action[2]),
                      "dst": _where(speech, action[3])}
    if verb == "order":
        return verb, {"cards": ", ".join(_card(speech, c) for c in action[1])}
    if verb == "buy":
        space = next((sp for sp in rules.council_spaces if sp.effect == "buy_material"), None)
        price = int(space.params["price"]) if space is not None else 0
        return verb, {"material": speech.name("materials", rules.materials[action[1]]),
                      "price": money(speech, price)}
    if verb == "take":
        return verb, {"money": money(speech, state.council_money)}
    if verb == "act":
        kind = str(state.step.get("kind", ""))
        facts = _district_words(speech, state, action)
        if kind == "workshop" and facts.get("lab"):
            return "act_workshop_lab", facts
        return f"act_{kind}", facts
    if verb in ("bid", "pass") and state.step.get("offer"):  # a contested card offered at a price (dutch, fixed)
        offered = _card(speech, state.step["groups"][state.step["auction"]]["card"])
        return f"{verb}_offer", {"card": offered, "money": money(speech, state.step["offer"]["price"])}
    if verb == "pass" and state.flow_state == "district" and state.step.get("kind") in ("workshop", "academy",
                                                                                          "shop", "market"):
        return "pass_district", _district_words(speech, state, action)
    if verb == "exchange":
        return verb, {"give": _materials(speech, state, action[1]), "take": _materials(speech, state, action[2])}
    if verb == "bid":
        return verb, {"money": money(speech, action[1])}
    if verb == "auction_first":
        return verb, {"card": _card(speech, action[1])}
    if verb == "favor":
        facts = {"favor": speech.name("favors", action[1]), "extra": ""}
        if action[2] >= 0:
            facts["extra"] += " · " + _lab(speech, action[2])
        if any(action[3]):
            facts["extra"] += " · " + _materials(speech, state, action[3])
        return verb, facts
    return verb, {}


def describe(state: State, action: Action, speech: Speech) -> str:
    """An option of the seat about to decide, with everything it may know (its own cards, the price)."""
    kind, facts = _facts(speech, state, action)
    text = VERBS.offer(speech, kind, facts)
    return text if text is not None else " ".join(str(a) for a in action)


def narrate(state: State, seat: int, action: Action, speech: Speech) -> str:
    """What ``seat`` did, in words every player may hear; call it before the action is applied."""
    kind, facts = _facts(speech, state, action)
    verb = str(action[0])
    if verb in VERBS.secrets(state.rules):  # only what the verb's record says another seat may hear
        heard = VERBS[verb].heard
        facts = {k: (v if k in heard else "") for k, v in facts.items()}
    sentence = VERBS.tell(speech, kind, facts)
    if sentence is None:
        sentence = " ".join(str(a) for a in action)
    # TRANSLATORS: what another player did: their colour, then the sentence
    return speech.gettext("{color}: {what}", color=_color(speech, state, seat), what=sentence)


def option(state: State, action: Action, speech: Speech) -> tuple[str | None, str]:
    """(group, short label) so that long lists fold: 'B Workshop: [3] 1 [4] 2 …'; group None stands alone."""
    verb = action[0]
    if verb in ("place", "master"):  # one line per location: '[1] 1 apprentice [2] 2 [3] 3 [6] master'
        # TRANSLATORS: the heading of the options that place people in one place
        group = speech.gettext("{where}:", where=_where(speech, action[1]))
        if verb == "master":
            return group, speech.gettext("master")
        count = action[2]
        label = speech.ngettext("{n} apprentice", "{n} apprentices", count) if count == 1 else speech.number(count)
        return group, label
    if verb == "bid" and not state.step.get("offer"):
        return speech.gettext("bid:"), speech.number(action[1])
    if verb == "order":
        return speech.gettext("order on top of the deck:"), ", ".join(speech.number(c) for c in action[1])
    if verb == "exchange":
        return (speech.gettext("give {give}, take:", give=_materials(speech, state, action[1])),
                _materials(speech, state, action[2]))
    if verb == "move":
        return (speech.gettext("move an apprentice of {color} from {src} to:", color=_color(speech, state, action[1]),
                               src=_where(speech, action[2])), _where(speech, action[3]))
    return None, describe(state, action, speech)


def happenings(state: State, before: dict[str, Any], after: dict[str, Any], speech: Speech) -> list[str]:
    """What the flow did by itself between two public views: inventions completed, with the reward the
    bank paid (the higher one the first time, 001 §9), and cards won at an auction."""
    out = []
    cards = state.rules.cards
    for old, new in zip(before["players"], after["players"], strict=True):
        color = _color(speech, state, new["seat"])
        completed = new["completed"][len(old["completed"]):]
        for card in completed:
            first = card not in before["completed_before"]
            reward = cards[card].first if first else cards[card].later
            out.append(speech.gettext("{color} completes {card} and receives {money}", color=color,
                                      card=_card(speech, card), money=money(speech, reward)))
        for card in [c for c in new["cards"][len(old["cards"]):] if c not in completed]:  # won at an auction
            out.append(speech.gettext("{color} takes {card}", color=color, card=_card(speech, card)))
    return out + _awards(state, before, after, speech)


def _awards(state: State, before: dict[str, Any], after: dict[str, Any], speech: Speech) -> list[str]:
    """A house rule's awards given since ``before`` (mechanics.awards), each as it changed its receiver's
    part: told even where purses are secret, since an award is paid in the open."""
    seen = max((entry[0] for entry in before.get("awarded", ())), default=0)
    out = []
    for number, seat, part, change in after.get("awarded", ()):
        if number <= seen:
            continue
        unit = state.rules.mechanics.parts[part].unit
        amount = money(speech, abs(change)) if part == "money" or unit is None else speech.amount(abs(change), unit)
        color = _color(speech, state, seat)
        if change > 0:
            out.append(speech.gettext("{color} receives {amount} by the rules", color=color, amount=amount))
        else:
            out.append(speech.gettext("{color} pays {amount} by the rules", color=color, amount=amount))
    return out

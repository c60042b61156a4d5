"""How the cards dealt at setup become a hand (``mechanics.deal``).

- ``keep``: each player keeps ``kept`` of the ``dealt`` cards in hand and gives the rest back, one card
  at a time (Princes of Florence: 3 of 4);
- ``draft``: each player keeps one card of the packet in hand and passes the rest to the neighbour
  (``pass: left``, clockwise, or ``right``); with the packet received, again, until each has kept
  ``kept``; the cards left over are given back. Picks are secret: a seat sees only its own packet;
- ``display``: ``dealt`` cards are laid out face up; in turn from the start player, each player takes
  one, and the gap is filled from the top of the pile, until each has taken ``kept`` (or the display is
  empty); the cards left in the display are given back. The display is public.

The draft lives in the step's sub-state (``packets``, ``turn``, ``picks``), so it survives the JSON
round trip; the game says where the dealt cards are and where the kept and left-over ones go.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from regola.core.errors import PackError
from regola.i18n import N_
from regola.mechanics.forms import Form, Mechanic, Param, Says, Value

__all__ = [
    "DEAL",
    "DEAL_KINDS",
    "DIRECTIONS",
    "Deal",
    "begin_display",
    "begin_draft",
    "compile_deal",
    "display_turn",
    "pick",
    "take_from_display",
]

DIRECTIONS = ("left", "right")
#: what every deal's sentence counts: the cards dealt, the cards kept
_DEALT = (Value("dealt", "dealt", "cards"), Value("kept", "kept", "number"))


@dataclass(frozen=True)
class Deal:
    kind: str
    dealt: int
    kept: int
    direction: str = "left"
    traits: frozenset[str] = frozenset()  # its form's (DEAL.traits): what the games' steps ask
    #: the hands become packets passed round the table, one card kept of each (a hand: unseen)
    passed: bool = field(init=False)
    #: the cards lie face up in a row, taken in turn and refilled from the pile (seen by all)
    shown: bool = field(init=False)
    #: the cards are chosen one at a time (a move of their own), not kept at once
    picked: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "passed", "passed" in self.traits)
        object.__setattr__(self, "shown", "shown" in self.traits)
        object.__setattr__(self, "picked", self.passed or self.shown)


def compile_deal(raw: Mapping[str, Any] | None, terms: Any, units: Mapping[str, str], pointer: str) -> Deal | None:
    """How the game's hand is dealt (None: the game deals none): a block a game that deals needs and lacks, or
    one a game that deals nothing has, at its line."""
    if raw is None:
        if terms.deals:
            raise PackError("say how the cards dealt at setup are kept (deal: {kind: keep, dealt, kept})",
                            field=pointer)
        return None
    if not terms.deals:
        raise PackError("this game deals no hand at setup: 'deal' changes nothing", field=pointer)
    dealt, kept = int(raw["dealt"]), int(raw["kept"])
    if kept > dealt:
        raise PackError(f"a player cannot keep {kept} of {dealt} cards", field=f"{pointer}/kept")
    kind = str(raw["kind"])
    return Deal(kind, dealt, kept, str(raw.get("pass", "left")), frozenset(DEAL.form(kind).traits))


#: the record of this mechanic's forms (regola.mechanics.forms): schema, editing choices, words, compile step
DEAL = Mechanic(
    "deal", N_("how a hand is dealt"), "how the cards dealt to each player at setup become a hand",
    forms=(
        Form("keep", N_("keep some, give the rest back"), "each keeps `kept` of the `dealt` cards and gives the "
             "rest back",
             says=Says(N_("Each player is dealt {dealt}, keeps {kept} of them and gives the rest back."),
                       values=_DEALT)),
        Form("draft", N_("draft: keep one, pass the rest on"), "each keeps one card of the packet in hand and "
             "passes the rest on, until each has kept `kept`; the rest go back", takes=("pass",),
             says={"left": Says(N_("Each player is dealt {dealt}, keeps one and passes the rest to the left "
                                   "(clockwise); with the cards received the same again, until each has kept "
                                   "{kept}; the cards left over go back."), values=_DEALT),
                   "right": Says(N_("Each player is dealt {dealt}, keeps one and passes the rest to the right "
                                    "(counter-clockwise); with the cards received the same again, until each has "
                                    "kept {kept}; the cards left over go back."), values=_DEALT)},
             shape=lambda block: "right" if block.get("pass", "left") != "left" else "left", traits=("passed",)),
        Form("display", N_("take in turn from a face-up row"), "`dealt` cards lie face up, each player in turn "
             "from the start player takes one and the gap is filled from the pile, until each has taken `kept`; "
             "the rest go back",
             says=Says(N_("{dealt} are laid out face up; in turn from the start player, each player takes one and "
                          "the gap is filled from the top of the pile, until each has taken {kept}; the cards left "
                          "in the display go back."), values=_DEALT), traits=("shown",)),
    ),
    traits={"passed": "packets passed round the table, one card kept of each",
            "shown": "a face-up row taken from in turn and refilled from the pile"},
    params=(
        Param("dealt", N_("cards dealt"), low=1, high=30,
              note="bound: a few cards each; no number in the data may drive unbounded work (docs/CHECK.md, Bounds)"),
        Param("kept", N_("cards kept"), low=0, high=30),
        Param("pass", N_("cards are passed to"), "left passes clockwise, right counter-clockwise", type="choice",
              choices=DIRECTIONS, words=(N_("the player on the left"), N_("the player on the right"))),
    ),
    common=("dealt", "kept"), title=N_("The deal"), compiler=compile_deal)

DEAL_KINDS = DEAL.kinds


def begin_draft(step: dict[str, Any], deal: Deal, hands: Sequence[list[int]]) -> list[int] | None:
    """The dealt hands become the packets; the hands are emptied to take the picks. Returns the cards
    left over at once when nobody keeps any (``kept`` 0), else None."""
    step["packets"] = [sorted(hand) for hand in hands]
    step["turn"] = 0
    step["picks"] = 0
    for hand in hands:
        hand.clear()
    if deal.kept > 0:
        return None
    left_over = [c for packet in step.pop("packets") for c in packet]
    step["turn"] = len(hands)
    return left_over


def pick(step: dict[str, Any], deal: Deal, card: int, hand: list[int], n: int) -> list[int] | None:
    """The seat whose turn it is keeps ``card`` of its packet. When every seat has picked, the packets
    pass on; when every seat has kept ``kept``, returns the cards left over (else None)."""
    seat = step["turn"]
    step["packets"][seat].remove(card)
    hand.append(card)
    step["turn"] = seat + 1
    if step["turn"] < n:
        return None
    step["turn"] = 0
    step["picks"] += 1
    packets = step["packets"]
    if step["picks"] >= deal.kept:
        left_over = [c for packet in packets for c in packet]
        step["packets"] = [[] for _ in range(n)]
        step["turn"] = n
        return left_over
    shift = 1 if deal.direction == "left" else -1  # left: seat s passes to seat s + 1 (clockwise)
    step["packets"] = [packets[(s - shift) % n] for s in range(n)]
    return None


def begin_display(step: dict[str, Any], shown: list[int], order: Sequence[int]) -> None:
    """An open display of ``shown`` cards, taken from in turn by the seats of ``order`` (the first first)."""
    step["display"] = list(shown)
    step["display_order"] = list(order)
    step["taken"] = 0  # picks made so far, all seats together


def display_turn(step: dict[str, Any], deal: Deal) -> int | None:
    """Whose pick it is; None once each has taken ``kept`` cards or the display is empty."""
    order = step["display_order"]
    if step["taken"] >= deal.kept * len(order) or not step["display"]:
        return None
    return int(order[step["taken"] % len(order)])


def take_from_display(step: dict[str, Any], deal: Deal, card: int, hand: list[int],
                      pile: list[int]) -> list[int] | None:
    """The seat whose turn it is takes ``card``; the top of ``pile`` fills the gap. When the picks are over,
    returns the cards left in the display (else None)."""
    step["display"].remove(card)
    hand.append(card)
    if pile:
        step["display"].append(pile.pop(0))
    step["taken"] += 1
    if display_turn(step, deal) is not None:
        return None
    left_over = list(step["display"])
    step["display"] = []
    return left_over

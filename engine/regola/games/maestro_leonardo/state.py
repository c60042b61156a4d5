"""The mutable state of one game of Maestro Leonardo.

Plain slotted classes of ints, strings and lists: cheap to mutate on the hot path, trivially copied,
and serialized to JSON field by field. The state is also the model of the flow machine
(``flow_state``); the sub-state of the step in progress lives in ``step``.
"""

from __future__ import annotations

from typing import Any

from regola.core.variant import copy_json
from regola.games.maestro_leonardo.rules import Rules
from regola.mechanics.seating import after, in_turn_from

# the fields of each class, in one place: its __slots__ and its JSON keys
LAB_FIELDS = ("apprentices", "kind", "master", "materials", "revealed", "robots", "side", "started_round", "target",
              "weeks")
PLAYER_FIELDS = ("academy", "apprentices", "auction_paid", "box", "cards", "color", "completed", "hand", "labs",
                 "master", "money", "paid", "received", "robot_supply", "seat", "upgrades")
#: counters added after states were first saved: a saved state without one reads 0
LATER_COUNTERS = ("upgrades", "auction_paid")
STATE_FIELDS = ("box_cards", "completed_before", "council_money", "deck", "display", "district_index", "flow_state",
                "known_deck", "leonardo", "log", "marks", "market", "n", "occupancy", "placed", "players", "removed",
                "result", "round", "rules", "setup", "shops", "step")


class Lab:
    __slots__ = LAB_FIELDS

    def __init__(self, kind: str, side: str, robots: int = 0) -> None:
        self.kind = kind
        self.side = side
        self.robots = robots
        self.target: int | None = None  # the invention this lab works on (R2)
        self.materials: list[int] | None = None  # the cards under the lab, count per material
        self.weeks = 0  # the work marker
        self.revealed = False  # materials shown because someone else completed the target (001 §9)
        self.started_round = 0
        self.apprentices = 0  # people working here this round
        self.master = False

    def clear(self) -> None:
        """The lab works on nothing any more (completed or aborted): marker off, no cards under it."""
        self.target = None
        self.materials = None
        self.weeks = 0
        self.revealed = False

    # The clones go through the constructors (cheap ones here), not Cls.__new__: a mypyc-compiled
    # class (regola.compiled) has no way to make an instance without running __init__.
    def clone(self) -> Lab:
        lab = Lab(self.kind, self.side, self.robots)
        lab.target = self.target
        lab.materials = None if self.materials is None else self.materials[:]
        lab.weeks = self.weeks
        lab.revealed = self.revealed
        lab.started_round = self.started_round
        lab.apprentices = self.apprentices
        lab.master = self.master
        return lab

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in LAB_FIELDS}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Lab:
        lab = cls(data["kind"], data["side"], data["robots"])
        for s in LAB_FIELDS:
            setattr(lab, s, data[s])
        return lab


class Player:
    __slots__ = PLAYER_FIELDS

    def __init__(self, seat: int, color: str, n_materials: int) -> None:
        self.seat = seat
        self.color = color
        self.money = 0
        self.received = 0  # every gulden the bank or the council gave (money ledger)
        self.paid = 0  # every gulden paid to the bank
        self.hand = [0] * n_materials
        self.apprentices = 0  # in the personal supply, free to place
        self.academy = 0  # own-colour apprentices still in the academy
        self.box = 0  # apprentices of this colour out of the game
        self.master: str | None = None  # where the master stands this round (None: at home)
        self.labs: list[Lab] = []
        self.robot_supply = 0  # own robots still at the workshop
        self.cards: list[int] = []  # invention cards in front of the player
        self.completed: list[int] = []  # inventions this player has completed (cards or not)
        self.upgrades = 0  # upgrades bought at the workshop (a measure of regola.mechanics)
        self.auction_paid = 0  # gulden paid at the latest auctions (phase D; a measure of regola.mechanics)

    def clone(self) -> Player:
        p = Player(self.seat, self.color, 0)
        p.money = self.money
        p.received = self.received
        p.paid = self.paid
        p.hand = self.hand[:]
        p.apprentices = self.apprentices
        p.academy = self.academy
        p.box = self.box
        p.master = self.master
        p.labs = [lab.clone() for lab in self.labs]
        p.robot_supply = self.robot_supply
        p.cards = self.cards[:]
        p.completed = self.completed[:]
        p.upgrades = self.upgrades
        p.auction_paid = self.auction_paid
        return p

    def to_json(self) -> dict[str, Any]:
        data = {s: getattr(self, s) for s in PLAYER_FIELDS}
        data["labs"] = [lab.to_json() for lab in self.labs]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Player:
        p = cls(data["seat"], data["color"], len(data["hand"]))
        for s in PLAYER_FIELDS:
            if s in data or s not in LATER_COUNTERS:  # a state saved before a counter existed: 0
                setattr(p, s, data[s])
        p.labs = [Lab.from_json(lab) for lab in data["labs"]]
        return p


class State:
    """One game. ``flow_state`` is the flow machine's state; ``step`` holds the step in progress."""

    __slots__ = STATE_FIELDS

    def __init__(self, rules: Rules, n_players: int, setup: str) -> None:
        self.rules = rules
        self.n = n_players
        self.setup = setup
        self.flow_state = ""
        self.round = 1
        self.players: list[Player] = []
        self.leonardo = 0  # seat holding Leonardo
        self.council_money = 0
        self.shops = [0] * len(rules.materials)  # material piles in the city
        self.market = [0] * len(rules.materials)  # the marketplace of Codex Leonardi II, if in play
        self.deck: list[int] = []  # index 0 is the top card
        self.display: list[int] = []  # requested inventions
        self.removed: list[int] = []  # cards out of the game before play (2-player advanced setup)
        self.box_cards: list[int] = []  # cards nobody won at auction (R7)
        self.completed_before: list[int] = []  # inventions completed in earlier rounds by anyone
        self.known_deck: list[list[int]] = [[] for _ in range(n_players)]  # deck tops each seat has seen
        # city occupancy: district letter -> [[seat, apprentices, master], ...] in arrow order
        self.occupancy: dict[str, list[list[int]]] = {}
        self.placed: list[list[str]] = [[] for _ in range(n_players)]  # locations with own apprentices
        self.district_index = 0
        self.step: dict[str, Any] = {}
        self.marks: dict[str, Any] = {}  # what the pack's declared moves and kept counters keep (mechanics.moves)
        self.result: list[dict[str, Any]] | None = None
        self.log: list[tuple[Any, ...]] | None = None  # optional money/event log (tests, records)

    # -- money: every gulden moves through these two, so the ledger always balances -------------
    def gain(self, seat: int, amount: int, reason: str) -> None:
        """Gulden from the bank, up to the most a player may hold (mechanics.parts.money: max)."""
        p = self.players[seat]
        amount = min(amount, self.rules.money_most - p.money)
        p.money += amount
        p.received += amount
        if self.log is not None:
            self.log.append(("gain", seat, amount, reason))

    def pay(self, seat: int, amount: int, reason: str) -> None:
        p = self.players[seat]
        p.money -= amount
        p.paid += amount
        if self.log is not None:
            self.log.append(("pay", seat, amount, reason))

    def in_turn_from(self, seat: int) -> list[int]:
        """Every seat in the order of play, ``seat`` first (mechanics.turn_order)."""
        return in_turn_from(seat, self.n, self.rules.mechanics.order(self))

    def after(self, seat: int, steps: int = 1) -> int:
        return after(seat, self.n, self.rules.mechanics.order(self), steps)

    def clone(self) -> State:
        """An independent copy for search: shares only the immutable rules (and no event log)."""
        st = State(self.rules, 0, self.setup)  # 0 players: no per-seat lists built only to be replaced
        st.n = self.n
        st.flow_state = self.flow_state
        st.round = self.round
        st.players = [p.clone() for p in self.players]
        st.leonardo = self.leonardo
        st.council_money = self.council_money
        st.shops = self.shops[:]
        st.market = self.market[:]
        st.deck = self.deck[:]
        st.display = self.display[:]
        st.removed = self.removed[:]
        st.box_cards = self.box_cards[:]
        st.completed_before = self.completed_before[:]
        st.known_deck = [k[:] for k in self.known_deck]
        st.occupancy = {k: [e[:] for e in v] for k, v in self.occupancy.items()}
        st.placed = [p[:] for p in self.placed]
        st.district_index = self.district_index
        st.step = copy_json(self.step)
        st.marks = copy_json(self.marks)
        st.result = copy_json(self.result)
        st.log = None
        return st

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for s in STATE_FIELDS:
            if s in ("rules", "log", "marks"):
                continue
            data[s] = getattr(self, s)
        data["players"] = [p.to_json() for p in self.players]
        if self.marks:  # only a game with declared moves keeps any: a printed game's JSON is as it was
            data["marks"] = self.marks
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> State:
        st = cls(rules, data["n"], data["setup"])
        for s in STATE_FIELDS:
            if s in ("rules", "log", "players", "marks"):
                continue
            setattr(st, s, data[s])
        st.marks = data.get("marks", {})  # a state saved before marks existed: none
        st.players = [Player.from_json(p) for p in data["players"]]
        return st

"""The mutable state of one game of Princes of Florence.

Plain slotted classes of ints, strings and lists (the principality boards are the placement module's
immutable Boards), serialized field by field. The sub-state of the step in progress lives in ``step``.
"""

from __future__ import annotations

from typing import Any

from regola.core.game import copy_json
from regola.games.princes_of_florence.placement import Board
from regola.games.princes_of_florence.rules import Rules
from regola.mechanics.seating import after, in_turn_from

#: the draw piles, top first: the name the packs give each (mechanics.piles), the kind of card it holds
#: (the chance draws' kinds) and the State attribute that holds it
PILES = (("professions", "profession", "profession_deck"), ("bonus", "bonus", "bonus_deck"),
         ("prestige", "prestige", "prestige_deck"))

#: a recruitment card lying in a player's display (profession card ids start at 1)
RECRUITMENT = 0

# the fields of each class, in one place: its __slots__ and its JSON keys (a compiled class cannot read
# its __slots__ back: regola.compiled)
PLAYER_FIELDS = ("architects", "auction_paid", "board", "bonus", "bonus_used", "freedoms", "hand", "jesters", "money",
                 "paid", "prestige", "prestige_cards", "received", "recruits", "seat", "table")
#: counters added after states were first saved: a saved state without one reads 0
LATER_COUNTERS = ("auction_paid",)
STATE_FIELDS = ("architects", "bank", "bonus_deck", "buildings", "extra", "flow_state", "freedoms", "jesters",
                "landscapes", "marks", "n", "players", "prestige_deck", "profession_deck", "recruitment", "result",
                "round", "rules", "setup", "start", "step", "work_marks")


class Player:
    __slots__ = PLAYER_FIELDS

    def __init__(self, seat: int, board: Board) -> None:
        self.seat = seat
        self.money = 0
        self.received = 0  # every florin the bank paid (ledger)
        self.paid = 0  # every florin paid to the bank
        self.prestige = 0
        self.board = board
        self.architects = 0
        self.jesters = 0
        self.freedoms: list[str] = []
        self.hand: list[int] = []  # profession cards in hand
        self.recruits = 0  # recruitment cards in hand
        self.table: list[int] = []  # cards in front of the player: profession ids, RECRUITMENT
        self.bonus: list[int] = []  # bonus cards in hand
        self.bonus_used: list[int] = []  # played, out of the game
        self.prestige_cards: list[int] = []  # face down until the end
        self.auction_paid = 0  # florins paid in the latest auction phase (a measure of regola.mechanics)

    def clone(self) -> Player:
        """An independent copy for search, field by field (a loop of getattr/setattr cost a search a sixth
        of its time); boards are immutable and shared."""
        q = Player(self.seat, self.board)
        q.money = self.money
        q.received = self.received
        q.paid = self.paid
        q.prestige = self.prestige
        q.architects = self.architects
        q.jesters = self.jesters
        q.recruits = self.recruits
        q.auction_paid = self.auction_paid
        q.freedoms = self.freedoms[:]
        q.hand = self.hand[:]
        q.table = self.table[:]
        q.bonus = self.bonus[:]
        q.bonus_used = self.bonus_used[:]
        q.prestige_cards = self.prestige_cards[:]
        return q

    def to_json(self) -> dict[str, Any]:
        data = {s: getattr(self, s) for s in PLAYER_FIELDS if s != "board"}
        data["board"] = self.board.to_json()
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> Player:
        p = cls(data["seat"], Board.from_json(data["board"], rules.principality))
        for s in PLAYER_FIELDS:
            if s != "board" and (s in data or s not in LATER_COUNTERS):  # a counter saved before it existed: 0
                value = data[s]
                setattr(p, s, list(value) if isinstance(value, list) else value)
        return p


class State:
    __slots__ = STATE_FIELDS

    def __init__(self, rules: Rules, n: int, setup: str) -> None:
        self.rules = rules
        self.n = n
        self.setup = setup
        self.flow_state = ""
        self.step: dict[str, Any] = {}
        self.round = 1
        self.start = rules.start_seat % n
        self.players: list[Player] = []
        self.profession_deck: list[int] = []  # top first
        self.bonus_deck: list[int] = []
        self.prestige_deck: list[int] = []
        self.buildings = {k: rules.buildings_per_kind for k in rules.building_kinds}
        self.landscapes = {k: rules.landscapes_per_kind for k in rules.landscape_kinds}
        self.freedoms = {k: 0 for k in rules.freedom_kinds}  # in play, set by the deal
        self.architects = rules.architects
        self.jesters = rules.jesters
        self.recruitment = rules.recruitment_cards
        self.bank = 0  # florins paid in minus florins paid out, starting money included (unlimited bank)
        self.work_marks = [0] * n  # the best work value of each player this round (004 Najwybitniejsze Dzieło)
        self.result: list[dict[str, Any]] | None = None
        self.extra: dict[str, Any] = {}  # what an expansion keeps between phases (characters, banker's money)
        self.marks: dict[str, Any] = {}  # what the pack's declared moves and kept counters keep (mechanics.moves)

    # money and prestige: every movement goes through here, so the ledger always balances
    def pay(self, seat: int, amount: int) -> None:
        p = self.players[seat]
        if amount > p.money:
            raise ValueError(f"seat {seat} cannot pay {amount} with {p.money}")
        p.money -= amount
        p.paid += amount
        self.bank += amount

    def gain(self, seat: int, amount: int) -> None:
        """Florins from the bank, up to the most a player may hold (mechanics.parts.money: max)."""
        p = self.players[seat]
        amount = min(amount, self.rules.money_most - p.money)
        p.money += amount
        p.received += amount
        self.bank -= amount

    def in_turn_from(self, seat: int) -> list[int]:
        """Every seat in the order of play, ``seat`` first (mechanics.turn_order)."""
        return in_turn_from(seat, self.n, self.rules.mechanics.order(self))

    def after(self, seat: int, steps: int = 1) -> int:
        return after(seat, self.n, self.rules.mechanics.order(self), steps)

    def clone(self) -> State:
        """An independent copy for search: shares the immutable rules and boards, copies the rest (the step,
        the expansion's notes and the marks as JSON data)."""
        st = State(self.rules, self.n, self.setup)
        st.flow_state = self.flow_state
        st.round = self.round
        st.start = self.start
        st.architects = self.architects
        st.jesters = self.jesters
        st.recruitment = self.recruitment
        st.bank = self.bank
        st.step = copy_json(self.step)
        st.extra = copy_json(self.extra) if self.extra else {}
        st.marks = copy_json(self.marks) if self.marks else {}
        st.players = [p.clone() for p in self.players]
        st.profession_deck = self.profession_deck[:]
        st.bonus_deck = self.bonus_deck[:]
        st.prestige_deck = self.prestige_deck[:]
        st.buildings = dict(self.buildings)
        st.landscapes = dict(self.landscapes)
        st.freedoms = dict(self.freedoms)
        st.work_marks = self.work_marks[:]
        st.result = copy_json(self.result) if self.result is not None else None
        return st

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {s: getattr(self, s) for s in STATE_FIELDS if s not in ("rules", "players", "marks")}
        data["players"] = [p.to_json() for p in self.players]
        if self.marks:  # only a game with declared moves keeps any: a printed game's JSON is as it was
            data["marks"] = self.marks
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: dict[str, Any]) -> State:
        st = cls(rules, data["n"], data["setup"])
        for s in STATE_FIELDS:
            if s not in ("rules", "players", "marks"):
                setattr(st, s, data[s])
        st.marks = data.get("marks", {})  # a state saved before marks existed: none
        st.players = [Player.from_json(rules, p) for p in data["players"]]
        return st

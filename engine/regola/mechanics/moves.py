"""Moves a pack declares (``mechanics.moves``): what a club lets a player do that the printed game does not
offer, written as data and made of a small closed set of operations over the pack's parts.

A move is a verb (its key in the block) with:

- ``in``: the phases (flow states where players decide) in which it is offered, or ``turn``: at any of
  one's own decisions;
- ``limit``: at most ``times`` uses per ``turn`` (until the player's next move of the game's own), per
  ``round`` or per ``game``; or, for a limit on what a player may hold, ``until: {part, at_most}``:
  while the mover has more than ``at_most`` of ``part`` at one of its decisions in the move's phases,
  this move (one of the ways it may choose to put things back) is all it may do, again until it is
  within the limit; otherwise the move is never offered;
- ``do``: its operations, carried out in order, each over one part of the mover's: ``pay``, ``gain``,
  ``return``, ``take``, ``draw``, ``discard`` and ``claim``, one class each in
  :mod:`regola.mechanics.operations` (what each does, its schema, its compile step and its words).

A move is offered only when every operation can be carried out in full, so nothing is ever paid for
what cannot be had; two operations of one move never touch the same part. A move changes only the
mover's own parts and shared places (it pays others, never takes from them), and waits while the
mover finishes a move of the game's own (``Step.midway``): so no move breaks what another decision
counted on, a bid made or a pay worked out. The numbers of the data
bound everything: an amount is a whole number, each kind choice ranges over the pack's kinds.

The action is ``(verb, kind, …)``, one kind (or card) per ``return``/``take``/``discard`` operation (and
one seat per payment ``to: chosen``) in order. Its ids come
after the game's own actions, one kind (regola.core.actionspace) per move in the pack's order.
What the moves have used is kept in the state's ``marks`` (``used``: verb -> per seat [count, period];
``turns``: per seat, how many of the game's own moves it has made), a plain JSON mapping every game
that offers declared moves keeps.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, final, overload

from regola.core.actionspace import ActionKind
from regola.core.errors import IllegalAction, PackError
from regola.core.step import Action, Step
from regola.mechanics.forms import CITES, NAME, NAME_PATTERN, named
from regola.mechanics.operations import CLAIMED, OPERATIONS, Op, do_schema
from regola.mechanics.parts import Give, Part

__all__ = ["GOING", "MOVE_RULE", "OPS", "PERIODS", "TURN", "Extended", "Move", "MoveSet", "Op", "compile_moves"]

OPS = tuple(OPERATIONS)
#: the operations whose place is where things go (``to``); the others say where they come ``from``
GOING = tuple(verb for verb, op in OPERATIONS.items() if op.going)
PERIODS = ("turn", "round", "game")
#: ``in: turn``: at any of one's own decisions
TURN = "turn"
#: the id of the rule a declared move makes: this prefix and its verb (``mechanics.moves.lend``)
MOVE_RULE = "mechanics.moves."
#: the most distinct kind choices one move may list (its operations' kinds multiplied)
MOST_CHOICES = 64
#: the most moves a pack may declare, phases a move may name, and uses a limit may allow
MOST_MOVES, MOST_PHASES, MOST_TIMES = 16, 16, 9
#: the largest holding an ``until`` limit may name
MOST_HELD = 1_000_000


def schema() -> dict[str, Any]:
    """The schema of ``mechanics.moves`` (``tools/schemas.py`` writes it into schemas/mechanics.schema.json),
    each operation's from its class (regola.mechanics.operations)."""
    limit = {"type": "object", "additionalProperties": False, "required": ["times", "per"],
             "properties": {"times": {"type": "integer", "minimum": 1, "maximum": MOST_TIMES},
                            "per": {"enum": list(PERIODS), "description": "turn: until the player's next move of "
                                    "the game's own; round; game"}},
             "description": "at most `times` uses per turn, round or game, by each player"}
    until = {"type": "object", "additionalProperties": False, "required": ["part", "at_most"],
             "description": "a limit on what a player may hold: while the mover has more than `at_most` of `part` "
             "at one of its decisions in the move's phases, this move is the only thing it may do (choosing what "
             "goes), again until it is back within the limit; otherwise it is never offered",
             "properties": {"part": named("a part of the mover's that one of the move's operations lowers (pay or "
                                          "return)"),
                            "at_most": {"type": "integer", "minimum": 0, "maximum": MOST_HELD}}}
    phases = {"oneOf": [{"const": TURN}, {"type": "array", "minItems": 1, "maxItems": MOST_PHASES,
                                          "uniqueItems": True, "items": NAME}],
              "description": "the phases (flow states where players decide) in which the move is offered, or "
              "'turn': at any of one's own decisions"}
    item = {"type": "object", "additionalProperties": False, "required": ["in", "do"],
            "properties": {"in": phases, "limit": limit, "until": until, "do": do_schema(), "cites": CITES},
            "oneOf": [{"required": ["limit"], "not": {"required": ["until"]}},
                      {"required": ["until"], "not": {"required": ["limit"]}}],
            "description": ""}
    return {"type": "object", "maxProperties": MOST_MOVES, "propertyNames": {"pattern": NAME_PATTERN},
            "description": "moves the pack adds to the game's own (regola.mechanics.moves): each a verb (the key: "
            "the first word of its action) made of operations over the pack's parts, offered in named phases or "
            "at any of one's decisions, at most so many times a turn, round or game", "additionalProperties": item}


@dataclass(frozen=True)
class Move:
    """One declared move: its verb, where it is offered, its limit and its operations."""

    verb: str
    phases: tuple[str, ...]  # flow states, or (TURN,)
    times: int
    per: str
    ops: tuple[Op, ...]
    index: int  # its place in the pack's block (its action kind comes in that order)
    cites: tuple[str, ...] = ()
    until: tuple[Part, int] | None = None  # a hold limit: (the part, the most one may keep)

    def put_backs(self) -> int:
        """A hold limit's most uses at one decision: putting back all the part may hold above the limit."""
        assert self.until is not None
        return -(-(self.until[0].most - self.until[1]) // min(op.amount for op in self.ops))

    def over(self, state: Any, seat: int) -> bool:
        """Whether the seat holds more than the hold limit allows (never, for a move that is no limit)."""
        return self.until is not None and self.until[0](state, seat) > self.until[1]

    @property
    def rule(self) -> str:
        return f"{MOVE_RULE}{self.verb}"

    def choices(self) -> list[tuple[str, ...]]:
        """Every combination of kinds the mover may choose (one per choosing operation): in an exchange,
        what goes back and what comes are of two kinds."""
        return [tuple(c) for c in itertools.product(*(op.kinds for op in self.ops if op.chooses))
                if not self._same_kind_both_ways(c)]

    def _same_kind_both_ways(self, chosen: Sequence[Any]) -> bool:
        """Whether an exchange would give back and take one kind (two choices over one holding)."""
        seen: dict[str, Any] = {}
        for op, kind in zip((op for op in self.ops if op.chooses), chosen, strict=False):
            if seen.get(op.part.name) == kind:
                return True
            seen[op.part.name] = kind
        return False

    def _period(self, state: Any, seat: int) -> int:
        if self.per == "round":
            return int(state.round)
        if self.per == "turn":
            turns = state.marks.get("turns")
            return int(turns[seat]) if turns else 0
        return 0

    def used(self, state: Any, seat: int) -> int:
        used = state.marks.get("used")
        entry = used.get(self.verb) if used else None
        if not entry:
            return 0
        count, period = entry[seat]
        return int(count) if period == self._period(state, seat) else 0

    def _indices(self, action: Action) -> list[int | None] | None:
        """Each operation's chosen kind as an index (None for a counter); None if the action names a
        kind the operation does not have."""
        params = list(action[1:])
        out: list[int | None] = []
        for op in self.ops:
            if not op.chooses:
                out.append(None)
                continue
            if not params or params[0] not in op.kinds:
                return None
            out.append(op.kinds.index(params.pop(0)))
        return None if params or self._same_kind_both_ways(action[1:]) else out

    def allowed(self, state: Any, seat: int, action: Action) -> bool:
        if (not self.over(state, seat)) if self.until is not None else self.used(state, seat) >= self.times:
            return False
        kinds = self._indices(action)
        n = len(state.players)
        return kinds is not None and all(op.can(state, seat, n, k) for op, k in zip(self.ops, kinds, strict=True))

    def options(self, state: Any, seat: int) -> list[Action]:
        if (not self.over(state, seat)) if self.until is not None else self.used(state, seat) >= self.times:
            return []
        n = len(state.players)
        out = []
        for choice in self.choices():
            action = (self.verb, *choice)
            kinds = self._indices(action)
            assert kinds is not None
            if all(op.can(state, seat, n, k) for op, k in zip(self.ops, kinds, strict=True)):
                out.append(action)
        return out

    def carry_out(self, state: Any, seat: int, action: Action, turn_order: str) -> None:
        kinds = self._indices(action)
        assert kinds is not None
        n = len(state.players)
        for op, kind in zip(self.ops, kinds, strict=True):
            op.carry_out(state, seat, n, kind, turn_order)
        used = state.marks.setdefault("used", {})
        entry = used.setdefault(self.verb, [[0, 0] for _ in range(n)])
        period = self._period(state, seat)
        count = entry[seat][0] if entry[seat][1] == period else 0
        entry[seat] = [count + 1, period]

    def refusal(self, state: Any, seat: int, action: Action) -> IllegalAction:
        """Why this use of the move is not allowed now, under the move's own rule."""
        if self.until is not None and not self.over(state, seat):
            part, most = self.until
            return IllegalAction(self.rule, f"only a player with more than {most} {part.name} makes this move", action)
        if self.until is None and self.used(state, seat) >= self.times:
            return IllegalAction(self.rule, f"used {self.times} time(s) this {self.per} already", action)
        kinds = self._indices(action)
        if kinds is None:
            wanted = [op.kinds for op in self.ops if op.chooses]
            return IllegalAction(self.rule, f"the move names one kind of each of {wanted!r}", action)
        n = len(state.players)
        for op, kind in zip(self.ops, kinds, strict=True):
            if not op.can(state, seat, n, kind):
                return IllegalAction(self.rule, f"cannot {op.verb} {op.amount} {op.part.name} now", action)
        return IllegalAction(self.rule, "the move is not offered at this moment", action)

    def kind(self) -> ActionKind:
        return ActionKind(self.verb, tuple(op.kinds for op in self.ops if op.chooses),
                          source=f"{MOVE_RULE}{self.verb}")


@final
class Extended(Sequence[Action]):
    """The game's own legal actions (a list or an ActionRange, kept as it is: a bid range stays a range)
    followed by the declared moves offered now, as one sequence that is never copied. Final, like
    ActionRange: the bots test it with ``type(legal) is Extended``."""

    __slots__ = ("base", "extra")

    def __init__(self, base: Sequence[Action], extra: list[Action]) -> None:
        self.base = base
        self.extra = extra

    def __len__(self) -> int:
        return len(self.base) + len(self.extra)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return list(self)[index]
        size = len(self.base)
        if index < 0:
            index += len(self)
        if 0 <= index < size:
            return self.base[index]
        return self.extra[index - size]

    def __contains__(self, action: object) -> bool:
        return action in self.extra or action in self.base

    def __iter__(self) -> Iterator[Action]:
        yield from self.base
        yield from self.extra

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return f"Extended({self.base!r}, {self.extra!r})"


class WithMoves(Step):
    """A flow state's step with the declared moves offered beside its own actions. A declared move keeps
    the decision where it is (the same seat decides again); a move of the game's own ends the seat's
    turn for the limits counted per turn."""

    def __init__(self, inner: Step, moves: tuple[Move, ...], turn_order: str) -> None:
        self.inner = inner
        self.moves = moves
        self.by_verb = {m.verb: m for m in moves}
        self.turn_order = turn_order
        self.rule = inner.rule
        self.stream = inner.stream

    def __getattr__(self, name: str) -> Any:  # what a game's code asks of its own step
        return getattr(self.inner, name)

    def decider(self, state: Any) -> int | None:
        return self.inner.decider(state)

    def most(self, rules: Any, players: int) -> int | None:
        return self.inner.most(rules, players)  # the moves' own uses: MoveSet.most_uses

    def events(self, rules: Any, players: int) -> int:
        return self.inner.events(rules, players)

    def legal(self, state: Any) -> Sequence[Action]:
        base = self.inner.legal(state)
        seat = self.inner.decider(state)
        if seat is None or seat < 0 or self.inner.midway(state):
            return base
        forced = self._over_a_limit(state, seat)
        if forced:  # over a hold limit: putting things back is all the seat may do now
            return Extended([], forced)
        extra = [a for move in self.moves for a in move.options(state, seat)]
        return Extended(base, extra) if extra else base

    def _over_a_limit(self, state: Any, seat: int) -> list[Action]:
        return [a for move in self.moves if move.until is not None and move.over(state, seat)
                for a in move.options(state, seat)]

    def apply(self, state: Any, action: Action) -> None:
        seat = self.inner.decider(state)
        move = self.by_verb.get(action[0]) if action else None
        if move is not None and seat is not None:
            move.carry_out(state, seat, action, self.turn_order)
            return
        self.inner.apply(state, action)
        if seat is not None and seat >= 0:
            turns = state.marks.setdefault("turns", [0] * len(state.players))
            turns[seat] += 1

    def explain(self, state: Any, action: Action) -> IllegalAction:
        move = self.by_verb.get(action[0]) if action else None
        seat = self.inner.decider(state)
        if move is None and seat is not None and seat >= 0 and not self.inner.midway(state):
            limit = next((m for m in self.moves if m.until is not None and m.over(state, seat)), None)
            if limit is not None and self._over_a_limit(state, seat):
                part, most = limit.until  # type: ignore[misc]
                return IllegalAction(limit.rule, f"the player holds more than {most} {part.name}: they put "
                                     f"back first ({limit.verb!r})", action)
        if move is not None and self.inner.midway(state):
            return IllegalAction(move.rule, "a move of the game's own is being finished: this one waits", action)
        if move is not None and seat is not None and seat >= 0:
            return move.refusal(state, seat, action)
        return self.inner.explain(state, action)

    def sample(self, state: Any, rng: Any) -> Action:
        return self.inner.sample(state, rng)

    def check_chance(self, state: Any, action: Action) -> None:
        self.inner.check_chance(state, action)


@dataclass(frozen=True)
class MoveSet:
    """A pack's declared moves, as the driver uses them: the steps they wrap, the action kinds they add."""

    moves: tuple[Move, ...] = ()
    turn_order: str = "clockwise"
    #: the player counters the rules keep (declared with no ``at``), by name
    parts: Mapping[str, Part] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.moves)

    @property
    def claims(self) -> bool:
        """Whether a move may claim the next round's start (every view then says who has)."""
        return any(op.verb == "claim" for m in self.moves for op in m.ops)

    @staticmethod
    def claimed(state: Any) -> int | None:
        """The seat that claimed the start of the next round this round, or None."""
        seat = state.marks.get(CLAIMED)
        return None if seat is None else int(seat)

    def verbs(self) -> frozenset[str]:
        return frozenset(m.verb for m in self.moves)

    def wrap(self, state_name: str, step: Any) -> Any:
        """The step of flow state ``state_name`` with the moves offered there (the step itself if none)."""
        here = tuple(m for m in self.moves if TURN in m.phases or state_name in m.phases)
        return WithMoves(step, here, self.turn_order) if here else step

    def kinds(self) -> list[ActionKind]:
        return [m.kind() for m in self.moves]

    def check_flow(self, deciding: Sequence[str], pointer: str) -> None:
        """Every phase a move names is a flow state where players decide (a PackError at its line)."""
        for move in self.moves:
            for i, phase in enumerate(move.phases):
                if phase != TURN and phase not in deciding:
                    raise PackError(f"no phase {phase!r} where players decide (phases: {', '.join(deciding)}; "
                                    f"or '{TURN}': at any of one's decisions)",
                                    field=f"{pointer}/{move.verb}/in/{i}")

    def plain(self, action: Action) -> str | None:
        """The action in plain words for logs (None: not a declared move)."""
        move = next((m for m in self.moves if action and m.verb == action[0]), None)
        if move is None:
            return None
        chosen = list(action[1:])
        parts = []
        for op in move.ops:
            kind = f" ({chosen.pop(0)})" if op.chooses and chosen else ""  # a drawn card is never named
            parts.append(f"{op.verb} {op.amount} {op.part.name}{kind}")
        return f"{move.verb}: " + ", ".join(parts)

    def kept(self, state: Any) -> dict[str, list[int]]:
        """The counters the rules keep (parts with no field of the game's), per seat: what every player
        sees of them (empty when the pack keeps none)."""
        return {name: [part(state, seat) for seat in range(len(state.players))] for name, part in self.parts.items()}

    def most_uses(self, decisions: int, players: int, rounds: int | None = None) -> int:
        """The most uses of the declared moves in a game of at most ``decisions`` decisions of the game's
        own and ``rounds`` rounds (regola.core.bounds; None: not counted). A move is offered only at a
        decision of its mover's, and between two moves of the game's own a seat uses it at most ``times``,
        so each seat at most that for each of its decisions and once more; a per-game limit allows each seat
        ``times`` in all, a per-round one ``times`` in each round (and the setup's round before them); a
        hold limit as many as putting back everything the part may hold above it takes, at each decision."""
        stretches = decisions + players
        total = 0
        for m in self.moves:
            if m.until is not None:
                total += m.put_backs() * stretches
            elif m.per == "game":
                total += m.times * min(players, stretches)
            elif m.per == "round" and rounds is not None:
                total += m.times * min(players * (rounds + 1), stretches)
            else:
                total += m.times * stretches
        return total

    def extra_decisions(self, players: int) -> int:
        """How many more decisions a game's cap must allow per decision of its own (core.caps): a hold limit
        counts as many as putting back all the part may hold above it could take (at most a thousand)."""
        return players * sum(m.times if m.until is None else
                             min(1000, m.put_backs())
                             for m in self.moves)


def compile_moves(raw: Mapping[str, Any] | None, parts: Mapping[str, Part], gives: Mapping[str, Give],
                  pointer: str, turn_order: str, seats: int = 5) -> MoveSet:
    """The block compiled against the pack's parts: every fault at its line, naming what there is."""
    kept = {name: part for name, part in parts.items() if not part.at and part.owner == "player"}
    if not raw:
        return MoveSet(turn_order=turn_order, parts=kept)
    moves = []
    for index, (verb, item) in enumerate(raw.items()):
        at = f"{pointer}/{verb}"
        phases = tuple(str(p) for p in item["in"]) if isinstance(item["in"], list) else (str(item["in"]),)
        ops: list[Op] = []
        touched: dict[str, int] = {}
        for i, raw_op in enumerate(item["do"]):
            term = next(v for v in OPS if v in raw_op)
            op = OPERATIONS[term].compile(raw_op, parts, gives, f"{at}/do/{i}", seats)
            earlier = touched.get(op.part.name)
            # one operation per part, but for an exchange: things of one kind go back, of another come
            if earlier is not None and {op.verb, ops[earlier].verb} not in ({"return", "take"}, {"discard", "take"}):
                raise PackError(f"operations {earlier} and {i} both touch {op.part.name!r}: one operation per "
                                "part in a move (or a 'return' or 'discard' and a 'take' of one holding: an "
                                "exchange)",
                                field=f"{at}/do/{i}")
            touched.setdefault(op.part.name, i)
            ops.append(op)
        until = _until(item.get("until"), parts, ops, f"{at}/until")
        limit = item.get("limit") or {"times": 1, "per": "turn"}
        move = Move(str(verb), phases, int(limit["times"]), str(limit["per"]), tuple(ops), index,
                    tuple(str(c) for c in item.get("cites", ())), until)
        if len(move.choices()) > MOST_CHOICES:
            raise PackError(f"the move's kind choices multiply to more than {MOST_CHOICES}", field=f"{at}/do")
        moves.append(move)
    return MoveSet(tuple(moves), turn_order, kept)


def _until(raw: Mapping[str, Any] | None, parts: Mapping[str, Part], ops: list[Op], at: str) -> tuple[Part, int] | None:
    """A hold limit: the part must be the mover's, and the move must put some of it back."""
    if raw is None:
        return None
    name = str(raw["part"])
    lowered = [op.part.name for op in ops if op.verb in GOING]
    if name not in lowered:
        raise PackError(f"a hold limit's move puts back what is over the limit: no 'pay', 'return' or 'discard' of "
                        f"{name!r} "
                        f"here (it lowers: {', '.join(lowered) or 'nothing'})", field=f"{at}/part")
    return parts[name], int(raw["at_most"])

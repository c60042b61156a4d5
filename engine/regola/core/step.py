"""The protocol between the generic driver and a game's decision handlers ("steps").

A flow state that waits for decisions names a step. The driver asks the step who decides, what is
legal, and hands it a validated action. Steps never fire flow triggers: when ``decider`` returns
None the driver fires ``advance``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, final, overload

from regola.core.errors import IllegalAction

CHANCE = -1  # the decider at a chance node (OpenSpiel's convention)
TERMINAL = -2  # nobody decides: the game is over
SPECTATOR = -3  # the seat a game's view is asked for to get the public view (no seat's private parts)

Action = tuple[Any, ...]


@final
class ActionRange(Sequence[Action]):
    """``(verb, k)`` for every whole number k of a range, as a sequence that is never built.

    Final: ``type(legal) is ActionRange`` is then the whole test, which the loops that run once per decision
    use (``isinstance`` against a Sequence goes through ABCMeta's instance check, a microsecond a call).

    A bid from 0 to the bidder's purse is one action per florin: a purse of ten million would be a list
    of ten million actions at every bid. This holds the range instead: length, indexing, membership and
    iteration cost what a list's would, without the list (``regola.core.limits``' principle: a number
    in the data never drives a proportional allocation). It compares equal to the list it stands for.
    """

    __slots__ = ("numbers", "verb")

    def __init__(self, verb: str, numbers: range) -> None:
        self.verb = verb
        self.numbers = numbers

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> ActionRange: ...

    def __getitem__(self, index: int | slice) -> Action | ActionRange:
        if isinstance(index, slice):
            return ActionRange(self.verb, self.numbers[index])
        return (self.verb, self.numbers[index])

    def __contains__(self, action: object) -> bool:
        return (type(action) is tuple and len(action) == 2 and action[0] == self.verb
                and type(action[1]) is int and action[1] in self.numbers)

    def __iter__(self) -> Iterator[Action]:
        verb = self.verb
        return ((verb, k) for k in self.numbers)

    def __reversed__(self) -> Iterator[Action]:
        verb = self.verb
        return ((verb, k) for k in reversed(self.numbers))

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        if value not in self:
            raise ValueError(f"{value!r} is not among these actions")
        at = self.numbers.index(value[1])
        if at < start or (stop is not None and at >= stop):
            raise ValueError(f"{value!r} is not among these actions")
        return at

    def count(self, value: Any) -> int:
        return 1 if value in self else 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionRange):
            return self.verb == other.verb and self.numbers == other.numbers
        if isinstance(other, list | tuple):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # like a list

    def __repr__(self) -> str:
        return f"ActionRange({self.verb!r}, {self.numbers!r})"



class Step:
    """Base class of a decision handler. Subclasses override what they need."""

    #: the rule ID an action breaks when it is simply not among the legal ones
    rule = "flow.turn"
    #: a chance step's random stream: Game keeps one per purpose, so one kind of chance never shifts
    #: another. "chance" is the seed's own generator (the deal: a seed deals as it always did)
    stream = "chance"

    def decider(self, state: Any) -> int | None:
        """The seat that decides now, CHANCE, or None when the step is done."""
        raise NotImplementedError

    def legal(self, state: Any) -> Sequence[Action]:
        """Every legal action of the decider (empty at chance nodes with too many outcomes): a list, or an
        ``ActionRange`` where the actions are the numbers of a range (a bid up to one's purse)."""
        raise NotImplementedError

    def apply(self, state: Any, action: Action) -> None:
        """Carry out an action already known to be legal."""
        raise NotImplementedError

    def midway(self, state: Any) -> bool:
        """Whether the decider is finishing a move of the game's own (a follow-up decision whose options
        were worked out when the move began): the pack's declared moves wait until it is done."""
        return False

    def explain(self, state: Any, action: Action) -> IllegalAction:
        """Why ``action`` is not legal here: the most specific rule ID the step can name."""
        return IllegalAction(self.rule, "not one of the legal actions here", action)

    # how long it can take (regola.core.bounds) ------------------------------------------------------
    def most(self, rules: Any, players: int) -> int | None:
        """The most decisions one visit of this step can take under ``rules`` with ``players`` players,
        derived from the rules' numbers (each override says how); None: no bound is derived."""
        return None

    def events(self, rules: Any, players: int) -> int:
        """The most chance events one visit of this step carries out (a deal, a shuffle)."""
        return 0

    # chance nodes ---------------------------------------------------------------------------------
    def sample(self, state: Any, rng: random.Random) -> Action:
        raise NotImplementedError

    def check_chance(self, state: Any, action: Action) -> None:
        """Raise IllegalAction if a chance outcome (e.g. a transcribed shuffle) is impossible."""
        raise NotImplementedError

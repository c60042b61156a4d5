"""Histories a seat cannot tell from the real one: ``resample_from_infostate`` with a past.

A seat's information state is everything it has seen, step by step (perfect recall, regola.openspiel.bridge).
A resampled state must lie in that information state, and OpenSpiel expects it to carry its history.
:func:`resample_history` draws one by replaying the real history with what the seat does not know drawn
again:

* **chance**: a draw of a card the seat has never seen (the game's search hook ``unseen_draws`` says which
  cards lie out of its sight at each step; a card seen once stays known, even after it went back face
  down) is drawn again from the event's own probabilities, among such cards; a draw of a card it has
  seen stays. The draws of a deal still in progress are all drawn again: nobody has seen them;
* **the other seats' secret moves** (``GameDefinition.secrets``: a card kept, a material bought, a lab's
  invention, a sealed bid) are chosen again, uniformly among the legal moves that show the same: the
  same verb and the same open arguments;
* everything else (the seat's own moves, the others' open moves) is replayed as it was.

After every step the seat's view must be what it was then. When it is not (a kept card later played face
up), or a replayed move is no longer legal, the latest choice made otherwise is **pinned** to what really
happened (a secret move under the new names of the cards it moves: the counterpart of the real one) and
the replay goes on from that choice, the later choices kept where they still fit. Every conflict pins one
more choice, and with all of them pinned the replay is the real history; so the search ends, after at
most as many replays from a choice as there are choices, and its worst case is the real state itself,
which does lie in the information state. :class:`Resampled` counts the choices and pins of each draw.

The draws are not from the exact posterior: the other seats' secret moves are taken as uniform among
those that look alike (nothing is known of their policies), chance is drawn forwards (later
observations prune it instead of weighting it), and pinning leans towards the real history where
choices conflict (tools/bench_resample.py measures how much). What is exact is that every resampled
history gives the seat the same observations, step by step, as the real one: its information-state
string is equal, computed from the new history.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regola.core.actionspace import ActionOutOfSpace
from regola.core.errors import RegolaError
from regola.core.game import CHANCE
from regola.openspiel.recall import seen

if TYPE_CHECKING:
    from regola.openspiel.bridge import RegolaState

#: tries at drawing one chance event among its unseen cards before it is replayed as it was
EVENT_TRIES = 20


@dataclass
class Resampled:
    """How a resampled history was found: the choices drawn again and how many were pinned back to the
    real history after a conflict (``steps`` replayed in all, real history length ``length``)."""

    choices: int = 0
    pinned: int = 0
    steps: int = 0
    length: int = 0


class _Conflict(Exception):
    """The replay left the seat's information state (or met an illegal move) at step ``args[0]``."""


def resample_history(state: RegolaState, seat: int, rng: random.Random) -> tuple[RegolaState, Resampled]:
    """A state with a history of its own in ``seat``'s information state at ``state``, and how it was found."""
    return _Replay(state, seat, rng).run()


class _Replay:
    """One resample: the real history's facts (who moved, what the seat saw, which cards it knows), the
    choices drawn so far (kept when a replay passes their step again, so a pin elsewhere does not draw
    them anew) and the pins."""

    def __init__(self, state: RegolaState, seat: int, rng: random.Random) -> None:
        game = state.get_game()
        regola = state.regola
        definition = regola.ruleset.definition
        hooks = definition.search
        self.game = game
        self.seat = seat
        self.rng = rng
        self.real = state.history()
        self.actors, self.views, self.starts, self.known = _walk(game, self.real, seat,
                                                                 None if hooks is None else hooks.unseen_draws)
        self.secrets: Mapping[str, int] = {} if definition.secrets is None else definition.secrets(regola.ruleset.rules)
        self.domain = game.chance_domain  # type: ignore[attr-defined]
        self.space = game.space  # type: ignore[attr-defined]
        self.pending = state.box.draws is not None and bool(state.box.draws.taken)  # a deal in progress
        self.made: dict[int, list[int]] = {}  # choice step -> what was drawn there (a move, or an event's draws)
        self.pinned: set[int] = set()  # choice steps replayed as in the real history
        # choice step -> the replay before it and the cards' new names then, for the steps drawn otherwise
        self.saved: dict[int, tuple[RegolaState, dict[Any, set[Any]]]] = {}
        self.stats = Resampled(length=len(self.real))

    def run(self) -> tuple[RegolaState, Resampled]:
        replay: RegolaState = self.game.new_initial_state()
        at = 0
        renamed: dict[Any, set[Any]] = {}
        while True:
            try:
                return self._forward(replay, at, renamed), self.stats
            except _Conflict as conflict:
                replay, at, renamed = self._pin(conflict.args[0])

    def _pin(self, bad: int) -> tuple[RegolaState, int, dict[Any, set[Any]]]:
        """Pin the latest choice made otherwise before a conflict at step ``bad``; where to go on from.
        (Trying each earlier choice alone as the cause first was measured: 3x the time at four players
        for no fewer pins that mattered.)"""
        drawn = [s for s in self.saved if s <= bad]
        if not drawn:  # nothing was drawn otherwise: the real history itself left the seat's view
            raise RuntimeError(f"replaying the real history left seat {self.seat}'s view at step {bad}")
        step = max(drawn)
        before, renamed = self.saved[step]
        self.saved = {s: v for s, v in self.saved.items() if s < step}  # a pass from there saves its own
        self.pinned.add(step)
        self.stats.pinned += 1
        return before.clone(), step, _copy(renamed)

    def _forward(self, replay: RegolaState, at: int, renamed: dict[Any, set[Any]]) -> RegolaState:
        """Replay from step ``at`` to the end; _Conflict(step) where the seat would see otherwise."""
        real, actors, seat = self.real, self.actors, self.seat
        plan: dict[int, int] = {}
        i = at
        while i < len(real):
            who = replay.current_player()
            if who != actors[i]:
                raise _Conflict(i)
            if who == seat:
                action = real[i]
            elif who == CHANCE:
                if i not in plan:
                    plan = self._event(replay, i, renamed)
                action = plan[i]
                renamed.setdefault(_plain(self.domain[real[i]]), set()).add(_plain(self.domain[action]))
            else:
                action = self._move(replay, i, renamed)
            if action not in _legal(replay):
                raise _Conflict(i)
            replay.apply_action(action)
            self.stats.steps += 1
            if self.saved and seen(replay.regola, seat) != self.views[i + 1]:  # nothing drawn yet: the real history
                raise _Conflict(i)
            i += 1
        return replay

    def _event(self, replay: RegolaState, i: int, renamed: dict[Any, set[Any]]) -> dict[int, int]:
        """The draws of the chance event that begins at step ``i``, by step."""
        end = _event_end(self.actors, self.starts, i)
        real = self.real[i:end]
        drawn: list[int] | None = None
        if i not in self.pinned:
            kept = self.made.get(i)
            drawn = kept if kept is not None and _drawable(replay, kept) else \
                _draw_event(replay, real, self.domain, self.known, end == len(self.real) and self.pending, self.rng)
        if drawn is not None and drawn != real:
            self._choose(replay, i, drawn, renamed)
        return dict(zip(range(i, end), drawn if drawn is not None else real, strict=True))

    def _move(self, replay: RegolaState, i: int, renamed: dict[Any, set[Any]]) -> int:
        """Another seat's move at step ``i``: a secret one drawn again among its look-alikes (or kept from
        the last pass), its counterpart under the cards' new names when pinned, an open one as it was."""
        action = self.real[i]
        verb = self.space.kinds[self.space.kind_of(action)].verb
        if verb not in self.secrets:
            return action
        alike = _alike(replay, self.space, action, self.secrets[verb])
        counterpart = _counterpart(replay, self.space, action, alike, renamed)
        if i in self.pinned or not alike:
            return counterpart
        kept = self.made.get(i)
        choice = kept[0] if kept is not None and kept[0] in alike else alike[self.rng.randrange(len(alike))]
        if choice != counterpart:
            self._choose(replay, i, [choice], renamed)
        return choice

    def _choose(self, replay: RegolaState, i: int, drawn: list[int], renamed: dict[Any, set[Any]]) -> None:
        if self.made.get(i) != drawn:
            self.stats.choices += 1
        self.made[i] = drawn
        self.saved[i] = (replay.clone(), _copy(renamed))


def _copy(renamed: dict[Any, set[Any]]) -> dict[Any, set[Any]]:
    return {k: set(v) for k, v in renamed.items()}


def _plain(value: Any) -> Any:
    """A drawn value as a move names it: the card of a (kind, card) draw, else the value itself."""
    return value[-1] if isinstance(value, tuple) else value


def _walk(game: Any, real: Sequence[int], seat: int, unseen_draws: Callable[[Any, int], Collection[Any]] | None
          ) -> tuple[list[int], list[str], list[bool], set[Any]]:
    """The real history replayed: who moved at each step, the seat's view (fingerprint) before the first
    step and after each, which steps begin a chance event, and every drawn value the seat has seen at
    some step (a card it held and gave back face down stays known to it). Without the game's
    ``unseen_draws`` hook every drawn value counts as seen: chance is replayed as it was."""
    walk = game.new_initial_state()
    domain = game.chance_domain
    actors: list[int] = []
    views = [seen(walk.regola, seat)]
    starts: list[bool] = []
    drawn: set[Any] = set()  # the values of every chance event completed so far
    known: set[Any] = set()
    for action in real:
        who = walk.current_player()
        actors.append(who)
        draws = walk.box.draws
        chance = who == CHANCE
        starts.append(chance and (draws is None or not draws.taken))
        walk.apply_action(action)
        views.append(seen(walk.regola, seat))
        if chance and walk.box.draws is None:  # the event is complete: its cards now lie somewhere
            drawn.update(domain[a] for a in (draws.taken if draws is not None else ()))
            drawn.add(domain[action])
        if unseen_draws is None:
            known = drawn
        elif drawn:
            known |= drawn.difference(unseen_draws(walk.regola.state, seat))
    return actors, views, starts, known
def _event_end(actors: Sequence[int], starts: Sequence[bool], i: int) -> int:
    """The index after the last draw of the chance event that begins at step ``i``."""
    end = i + 1
    while end < len(actors) and actors[end] == CHANCE and not starts[end]:
        end += 1
    return end


def _draw_event(replay: RegolaState, real: Sequence[int], domain: Sequence[Any], known: Collection[Any],
                free: bool, rng: random.Random) -> list[int] | None:
    """The draws of one chance event drawn again, each with the event's own probabilities: a card the seat
    has seen where it was drawn, the other draws among the cards it has not seen (``free``: any card,
    nothing of the event is seen yet). None when no try fits."""
    if not free and all(domain[a] in known for a in real):
        return None
    for _ in range(EVENT_TRIES):
        draws = replay.regola.chance_draws()
        out: list[int] = []
        for a in real:
            options = draws.outcomes()
            if free:
                pick = _weighted(options, rng)
            elif domain[a] in known:
                pick = a if any(o == a for o, _ in options) else None
            else:
                pick = _weighted([(o, p) for o, p in options if domain[o] not in known], rng)
            if pick is None:
                break
            draws.take(pick)
            out.append(pick)
        else:
            return out
    return None


def _weighted(options: Sequence[tuple[int, float]], rng: random.Random) -> int | None:
    total = sum(p for _, p in options)
    if total <= 0:
        return None
    x = rng.random() * total
    for outcome, p in options:
        x -= p
        if x < 0:
            return outcome
    return options[-1][0]


def _alike(replay: RegolaState, space: Any, real: int, open_args: int) -> list[int]:
    """The legal moves here that show the other seats what ``real`` shows: its verb and its first
    ``open_args`` arguments (GameDefinition.secrets)."""
    game = replay.regola
    legal = game.legal_actions()
    verb = space.kinds[space.kind_of(real)].verb
    if open_args == 0:
        return [a for a, index in replay.box.legal_map().items() if legal[index][0] == verb]
    try:
        shown = tuple(space.action(real, game.state)[: 1 + open_args])
    except (IndexError, KeyError, RegolaError):  # numbered relative to a position it no longer fits
        return []
    return [a for a, index in replay.box.legal_map().items() if tuple(legal[index][: 1 + open_args]) == shown]


def _counterpart(replay: RegolaState, space: Any, real: int, alike: Sequence[int],
                 renamed: Mapping[Any, set[Any]]) -> int:
    """The move among ``alike`` that is ``real`` with its cards under the names the redrawn chance gave
    them (the card another seat really kept, under its new name); ``real`` itself when none is (a move
    numbered by position, or one that names no drawn card)."""
    try:
        wanted = space.action(real)
    except ActionOutOfSpace:  # numbered relative to the position: the same number is the same move
        return real
    legal = replay.regola.legal_actions()
    index = replay.box.legal_map()
    for a in alike:
        move = legal[index[a]]
        if len(move) == len(wanted) and all(_renamed(x, y, renamed) for x, y in zip(move, wanted, strict=True)):
            return a
    return real


def _renamed(mine: Any, theirs: Any, renamed: Mapping[Any, set[Any]]) -> bool:
    try:
        return mine in renamed.get(theirs, (theirs,))
    except TypeError:  # an argument that is no card (a list): compared as it is
        return bool(mine == theirs)


def _drawable(replay: RegolaState, draws: Sequence[int]) -> bool:
    """Whether an event's draws kept from an earlier pass can still be drawn, in order, here."""
    event = replay.regola.chance_draws()
    for outcome in draws:
        if event.done() or all(o != outcome for o, _ in event.outcomes()):
            return False
        event.take(outcome)
    return True


def _legal(replay: RegolaState) -> Collection[int]:
    if replay.regola.current_player() == CHANCE:
        return {outcome for outcome, _ in replay.box.draws_now().outcomes()}
    return replay.box.legal_map()

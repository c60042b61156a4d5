"""How long one game can be, derived from its rules: the most decisions and the most single chance draws
of one game (OpenSpiel's ``max_game_length`` and ``max_chance_nodes_in_history``; docs/SEARCH.md).

The derivation, in four parts:

1. **Visits.** A pack's flow is a graph of states. Walked from its initial state, a transition back to a
   state already on the way closes a loop (the rounds; the districts of a round). A loop repeats only
   while its guard holds, and the game says how often that can be (``Registry.loops``: ``more_rounds``
   holds rounds - 1 times). Any other path through the graph passes a state at most once, so a state is
   visited at most the product of (1 + repeats) over the loops that hold it. The ``end`` trigger's jumps
   only shorten a game; a loop whose guard has no count has no bound (None).
2. **Decisions.** One visit of a state takes at most its step's ``Step.most(rules, players)`` decisions:
   each step derives its own from the rules' numbers and says how in its docstring.
3. **Declared moves** (mechanics.moves) add their most uses (``MoveSet.most_uses``; a per-round limit
   counts the rules' ``rounds``, where the game has them).
4. **Chance.** One visit of a state carries out at most ``Step.events`` chance events, each at most
   ``ChanceModel.most(rules, players, step)`` single draws (regola.core.chance).

So a house rule that adds a phase, a round or a district is counted from its own data, and a number a
house rule raises raises the bound with it. Everything here is arithmetic over the flow's few states.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regola.core.flow import Flow
    from regola.core.game import Ruleset

__all__ = ["Bounds", "derive", "visits"]


@dataclass(frozen=True)
class Bounds:
    """The most decisions and single chance draws one game can take."""

    decisions: int
    draws: int


def visits(flow: Flow, loops: Mapping[str, Callable[[Any, int], int]], rules: Any,
           players: int) -> dict[str, int] | None:
    """How often at most each state reachable from the flow's start is visited in one game; None when a
    loop's guard has no count in ``loops``."""
    succ: dict[str, list[tuple[str, tuple[str, ...]]]] = {s.name: [] for s in flow.states}
    pred: dict[str, set[str]] = {s.name: set() for s in flow.states}
    for t in flow.transitions:
        for source in t.sources:
            succ[source].append((t.dest, t.conditions))
            pred[t.dest].add(source)
    # depth first from the start: an edge to a state still on the way is a loop's way back
    on_way, done = {flow.initial}, set()
    back: list[tuple[str, str, tuple[str, ...]]] = []
    stack = [(flow.initial, iter(succ[flow.initial]))]
    while stack:
        node, edges = stack[-1]
        edge = next(edges, None)
        if edge is None:
            stack.pop()
            on_way.discard(node)
            done.add(node)
            continue
        dest, guards = edge
        if dest in on_way:
            back.append((node, dest, guards))
        elif dest not in done:
            on_way.add(dest)
            stack.append((dest, iter(succ[dest])))
    count = dict.fromkeys(done, 1)
    for tail, head, guards in back:
        counted = [loops[g](rules, players) for g in guards if g in loops]
        if not counted:
            return None
        repeats = max(0, min(counted))
        body, todo = {head}, [tail]  # the loop: every state that reaches its way back without its head
        while todo:
            state = todo.pop()
            if state not in body:
                body.add(state)
                todo.extend(pred[state])
        for state in body:
            count[state] *= 1 + repeats
    return count


def derive(ruleset: Ruleset, players: int) -> Bounds | None:
    """The bounds of one game of ``ruleset`` with ``players`` players; None where some part of the game
    derives none (a step without ``most``, a loop without a count, chance without a draw count)."""
    definition = ruleset.definition
    rules = ruleset.rules
    counts = visits(ruleset.flow, definition.registry.loops, rules, players)
    if counts is None:
        return None
    model = definition.chance_draws
    decisions = draws = 0
    for name, times in counts.items():
        spec = ruleset.flow.state(name)
        step: Any = spec.step
        if step is None:
            continue
        most = step.most(rules, players)
        if most is None:
            return None
        decisions += times * most
        events = step.events(rules, players)
        if events:
            if model is None or model.most is None:
                return None
            draws += times * events * model.most(rules, players, spec.step_name or name)
    moves = ruleset.moves
    if moves:
        rounds = getattr(rules, "rounds", None)  # what a per-round limit counts, where the game has rounds
        decisions += moves.most_uses(decisions, players, rounds if isinstance(rounds, int) else None)
    return Bounds(decisions, draws)

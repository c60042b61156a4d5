"""Reading a position of Maestro Leonardo without its internals: who stands in a district, in which
order it serves them, and what its next action costs.

    from regola.games.maestro_leonardo.position import district
    d = district(game, "B")
    d.ranking   # seats, best first: most people (master = 2), ties to the one nearer the arrow (001 §8)
    d.price     # what the next action there costs now, or None (no price track, or no action left)
"""

from __future__ import annotations

from dataclasses import dataclass

from regola.core.game import Game
from regola.games.maestro_leonardo.state import State
from regola.games.maestro_leonardo.steps.city import ranking

__all__ = ["District", "district", "districts"]

#: district kinds whose actions are paid along the cost track (001 §8)
PRICED = ("workshop", "academy", "shop")


@dataclass(frozen=True)
class District:
    """One city district as it stands now."""

    letter: str
    kind: str  # council | workshop | academy | shop | market
    people: tuple[tuple[int, int, bool], ...]  # (seat, apprentices, master there), in arrow order
    ranking: tuple[int, ...]  # seats, best first
    resolving: bool  # this district is being resolved now (phase C)
    actions_taken: int  # actions bought here so far this round (0 until it is resolved)
    price: int | None  # the cost of the next action, None if none is possible or it has no price track


def _district_states(game: Game) -> set[str]:
    """The flow states (named by the pack) that resolve a district: those running the district step."""
    return {s["name"] for s in game.ruleset.pack.data["flow"]["states"] if s.get("step") == "district"}


def district(game: Game, letter: str) -> District:
    state: State = game.state
    rules = state.rules
    spec = rules.districts.get(letter)
    if spec is None:
        raise ValueError(f"no district {letter!r}; the districts are {', '.join(rules.district_order)}")
    step = state.step
    resolving = state.flow_state in _district_states(game) and step.get("letter") == letter
    taken = int(step.get("done", 0)) if resolving else 0
    price = None
    if spec.kind in PRICED and taken < len(rules.cost_track):
        price = rules.cost_track[taken]
    people = tuple((e[0], e[1], bool(e[2])) for e in state.occupancy.get(letter, ()))
    return District(letter, spec.kind, people, tuple(ranking(state, letter)), resolving, taken, price)


def districts(game: Game) -> list[District]:
    """Every district, in the order phase C resolves them."""
    return [district(game, letter) for letter in game.state.rules.district_order]

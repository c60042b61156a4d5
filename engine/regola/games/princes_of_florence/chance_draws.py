"""Princes of Florence's chance events (004 Przygotowanie gry) as single draws (regola.core.chance).

The deal shuffles the profession, bonus and prestige decks and draws the extra freedom kinds; the
reshuffle shuffles the undealt and returned profession cards into the draw pile. Both are uniform, so
each draw is uniform among the cards (kinds) left; the extra freedom kinds come out sorted, as the
engine's sampler gives them.
"""

from __future__ import annotations

from typing import Any

from regola.core.chance import ChanceModel, Draws, Shuffles
from regola.core.step import Action
from regola.games.princes_of_florence.rules import Rules
from regola.games.princes_of_florence.state import State
from regola.games.princes_of_florence.steps.setup import Reshuffle


def domain(rules: Rules) -> tuple[Any, ...]:
    return (*(("profession", c) for c in sorted(rules.professions)), *(("bonus", c) for c in sorted(rules.bonus)),
            *(("prestige", c) for c in sorted(rules.prestige)), *(("freedom", k) for k in rules.freedom_kinds))


def _deal(drawn: list[list[Any]]) -> Action:
    professions, bonus, prestige, freedoms = drawn
    return ("deal", tuple(professions), tuple(bonus), tuple(prestige), tuple(sorted(freedoms)))


def _shuffle(drawn: list[list[Any]]) -> Action:
    return ("shuffle", tuple(drawn[0]))


def start(state: State, step: str) -> Draws:
    rules = state.rules
    if step == "deal":
        _, extra = rules.freedom_supply[state.n]
        return Shuffles(domain(rules), [("profession", list(rules.professions), len(rules.professions)),
                                        ("bonus", list(rules.bonus), len(rules.bonus)),
                                        ("prestige", list(rules.prestige), len(rules.prestige)),
                                        ("freedom", list(rules.freedom_kinds), extra)], _deal)
    if step == "reshuffle":
        pool = Reshuffle()._pool(state)
        return Shuffles(domain(rules), [("profession", pool, len(pool))], _shuffle)
    raise ValueError(f"Princes of Florence has no chance step {step!r}")


def most(rules: Rules, players: int, step: str) -> int:
    """The deal draws each card of the three decks once and the extra freedom kinds; the reshuffle each
    profession card at most once."""
    if step == "reshuffle":
        return len(rules.professions)
    _, extra = rules.freedom_supply.get(players, (0, 0))
    return len(rules.professions) + len(rules.bonus) + len(rules.prestige) + extra


MODEL = ChanceModel(domain=domain, start=start, most=most)

"""The primary questions (questions.yaml): which metric answers each, and which apply to the games."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from regola.core.yamlio import load_yaml

FILE = Path(__file__).with_name("questions.yaml")
SEATS = "seats.rms"  # root-mean-square seat advantage (seats.py)


@dataclass(frozen=True)
class Question:
    id: str
    metric: str
    unit: str


@functools.cache
def declared() -> tuple[Question, ...]:
    data = load_yaml(FILE)
    return tuple(Question(q["id"], q["metric"], q["unit"]) for q in data["questions"])


def applicable(metrics: set[str], most_players: int) -> list[Question]:
    """The declared questions these games can answer (seat balance needs two seats or more)."""
    have = metrics | ({SEATS} if most_players > 1 else set())
    return [q for q in declared() if q.metric in have]

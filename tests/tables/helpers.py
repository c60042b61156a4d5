"""Tables played to a point by random legal decisions, for the table tests."""

from __future__ import annotations

import json
import random
from typing import Any

from regola.core.pack import load_pack
from regola.tables.spec import TableSpec
from regola.tables.table import Table, ruleset_for


def new_table(pack: str = "cs", players: int = 3, variants: tuple[str, ...] = (), secret: int = 7,
              seats: list[str] | None = None) -> Table:
    ruleset = ruleset_for(load_pack(pack, variants=list(variants)))
    spec = TableSpec.make(ruleset, players, seats or ["human"] * players)
    return Table.start("t" + pack, ruleset, spec, secret)


def plain(action: Any) -> Any:
    return json.loads(json.dumps(action))


def play(table: Table, rng: random.Random, decisions: int | None = None) -> None:
    """Random legal decisions until the end (or ``decisions`` of them)."""
    done = 0
    while not table.is_over() and (decisions is None or done < decisions):
        table.decide(table.to_move(), plain(rng.choice(table.game.legal_actions())))
        done += 1

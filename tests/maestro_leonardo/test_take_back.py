"""Take-backs at a table in Maestro Leonardo (undo.yaml, rule flow.take_back, ruling R19): a decision
stands once it showed its seat the top of the deck (council space 3) or was a sealed bid."""

from __future__ import annotations

import random

import pytest

from regola.core.errors import IllegalAction
from regola.core.pack import load_pack
from regola.core.undo import UndoPolicy
from regola.tables.spec import TableSpec
from regola.tables.table import Table, ruleset_for


def _table(seed: int) -> Table:
    ruleset = ruleset_for(load_pack("cs"))
    return Table.start("ml", ruleset, TableSpec.make(ruleset, 3, ["human"] * 3), seed)


@pytest.mark.rule("flow.take_back")
def test_the_policy_names_the_peek_and_the_sealed_bid() -> None:
    policy = UndoPolicy.of(load_pack("cs").data)
    assert policy.reveals_to_actor(["space", 3]) and policy.reveals_to_actor(["bid", 0])
    assert not policy.reveals_to_actor(["space", 2]) and not policy.reveals_to_actor(["start", 0, 1])


@pytest.mark.rule("flow.take_back", "council.peek_deck")
def test_a_look_at_the_deck_cannot_be_taken_back() -> None:
    for seed in range(200):  # random play until a seat may take council space 3
        table, rng = _table(seed), random.Random(seed)
        while not table.is_over() and ("space", 3) not in table.game.legal_actions():
            legal = table.game.legal_actions()
            table.decide(table.to_move(), [list(a) if isinstance(a, tuple) else a for a in rng.choice(legal)])
        if not table.is_over():
            break
    else:
        pytest.fail("council space 3 never came up")
    seat = table.to_move()
    table.decide(seat, ["space", 3])
    with pytest.raises(IllegalAction) as refused:
        table.take_back(seat)
    assert refused.value.rule == "flow.take_back"

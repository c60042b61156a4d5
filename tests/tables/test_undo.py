"""Take-backs follow the pack's undo data (rule flow.take_back, ruling R19)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tests.tables.helpers import new_table, plain

from regola.bots.specs import make_bot
from regola.core.bots import Observation
from regola.core.errors import IllegalAction
from regola.core.pack import load_pack
from regola.core.undo import UndoPolicy
from regola.tables.table import Table

pytestmark = pytest.mark.rule("flow.take_back")


def _until(table: Table, wanted: object, rng: random.Random, limit: int = 3000) -> None:
    """Random decisions until the seat to move may take ``wanted`` (a verb or a full action)."""
    for _ in range(limit):
        if table.is_over():
            break
        legal = table.game.legal_actions()
        if any(a == wanted or a[0] == wanted for a in legal):
            return
        table.decide(table.to_move(), plain(rng.choice(legal)))
    raise AssertionError(f"{wanted} never came")


def test_every_pack_declares_its_policy() -> None:
    for pack in ("cs", "de", "fr", "pl"):
        policy = UndoPolicy.of(load_pack(pack).data)
        assert policy.take_back == "own_turn" and policy.closes_at_phase_end and policy.reveals


def test_a_seat_takes_back_its_own_decisions_until_the_next_player_acts() -> None:
    table = new_table("cs", 3)
    rng = random.Random(4)
    _until(table, "start", rng)  # phase A: one seat starts, then passes
    seat = table.to_move()
    before = table.game.to_json()
    n = table.n
    start = next(a for a in table.game.legal_actions() if a[0] == "start")
    table.decide(seat, plain(start))
    if table.to_move() == seat:  # a second decision of the same turn, taken back too
        table.decide(seat, plain(table.game.legal_actions()[0]))
        table.take_back(seat)
    table.take_back(seat)
    assert table.n == n and table.game.to_json()["state"] == before["state"]
    with pytest.raises(IllegalAction, match=r"flow\.take_back"):
        table.take_back(seat)  # nothing of this seat after the last other decision
    table.decide(seat, plain(start))
    while table.to_move() == seat:
        table.decide(seat, plain(table.game.legal_actions()[-1]))
    nxt = table.to_move()
    table.decide(nxt, plain(table.game.legal_actions()[-1]))  # the next player acts
    with pytest.raises(IllegalAction) as refused:
        table.take_back(seat)
    assert refused.value.rule == "flow.take_back"


def test_a_draw_from_a_face_down_pile_cannot_be_taken_back() -> None:
    table = new_table("pl", 3)
    rng = random.Random(8)
    _until(table, ("profession",), rng)
    seat = table.to_move()
    table.decide(seat, ["profession"])  # shows the seat the top cards of the profession pile
    with pytest.raises(IllegalAction) as refused:
        table.take_back(seat)
    assert refused.value.rule == "flow.take_back" and "hidden" in refused.value.message


def test_a_sealed_bid_stands() -> None:
    table = new_table("cs", 2)
    bots = [make_bot("greedy", seat, 3, table.ruleset) for seat in range(2)]  # greedy bots complete inventions
    while not any(a[0] == "bid" for a in table.game.legal_actions()):
        who = table.to_move()
        obs = Observation(who, table.game.legal_actions(), table.game.view)
        table.decide(who, plain(bots[who].choose(obs)))
    seat = table.to_move()
    table.decide(seat, plain(table.game.legal_actions()[0]))
    with pytest.raises(IllegalAction):
        table.take_back(seat)


def test_a_variant_can_forbid_take_backs(tmp_path: Path) -> None:
    house = tmp_path / "strict.yaml"
    house.write_text("variant:\n  id: strict\n  base: cs\n  title: Decisions stand\n  cites: [R19]\n  changes:\n"
                     "    - {op: replace, path: /undo/take_back, value: never}\n", encoding="utf-8")
    table = new_table("cs", 3, (str(house),))
    _until(table, "start", random.Random(4))
    seat = table.to_move()
    table.decide(seat, plain(table.game.legal_actions()[0]))
    with pytest.raises(IllegalAction, match="stand"):
        table.take_back(seat)


def test_a_take_back_survives_a_restore() -> None:
    table = new_table("pl", 2, secret=5)
    rng = random.Random(1)
    for _ in range(25):
        table.decide(table.to_move(), plain(rng.choice(table.game.legal_actions())))
    again = Table.restore(table.id, table.ruleset, table.spec, table.header, table.secret, table.lines)
    assert (again.takebacks.seat, again.takebacks.open) == (table.takebacks.seat, table.takebacks.open)

"""Tighter pairing: with bots drawing by the moment of the game, a variant that changes play keeps its games
closer to the base games than with one sequential stream per seat (how bots drew before), measured as
the correlation of paired games; and the compare report gives that correlation per metric."""

from __future__ import annotations

import numpy as np
import pytest
from tests.sim.helpers import DATA

from regola.core import play as play_module
from regola.core.game import Ruleset
from regola.core.pack import load_pack
from regola.sim.plan import game_spec
from regola.sim.worker import play_game

GULDEN = str(DATA / "one-more-gulden.yaml")


def _paired(games: int, players: int) -> dict[str, float]:
    base, variant = Ruleset(load_pack("cs")), Ruleset(load_pack("cs", variants=[GULDEN]))
    rows: dict[str, list[tuple[float, float]]] = {"decisions": [], "score": []}
    for i in range(games):
        spec = game_spec(i, 3, (players,), ("random",))
        a, b = play_game(base, spec, "beginner"), play_game(variant, spec, "beginner")
        rows["decisions"].append((len(a.history), len(b.history)))
        rows["score"].append((np.mean([p.money for p in a.state.players]), np.mean([p.money for p in b.state.players])))
    return {k: float(np.corrcoef(np.array(v).T)[0, 1]) for k, v in rows.items()}


def test_drawing_by_moment_pairs_games_more_tightly_than_one_stream_per_seat(monkeypatch: pytest.MonkeyPatch
                                                                              ) -> None:
    keyed = _paired(200, 3)
    monkeypatch.setattr(play_module, "moment_key", lambda state, visit: None)  # no moments: a sequential stream
    sequential = _paired(200, 3)
    for metric in ("decisions", "score"):
        assert keyed[metric] > sequential[metric] + 0.15, (metric, keyed, sequential)
    assert keyed["decisions"] > 0.7

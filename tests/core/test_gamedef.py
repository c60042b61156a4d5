"""The protocol a game fills in (core/gamedef.py): both games are defined through it, and what it fills
in from the conventions (player range, setup modes, result, greedy bot) matches each game's data."""

from __future__ import annotations

import pytest

from regola.core.game import Ruleset, definition_for
from regola.core.gamedef import define_game
from regola.core.pack import load_pack
from regola.core.registry import Registry
from regola.core.verbs import Place, Verb, Verbs


@pytest.mark.parametrize(("pack", "game"), [("cs", "maestro-leonardo"), ("pl", "princes-of-florence")])
def test_both_games_fill_in_the_protocol(pack: str, game: str) -> None:
    ruleset = Ruleset(load_pack(pack))
    definition = definition_for(game)
    data = ruleset.pack.data
    assert definition.players(ruleset.rules) == (data["players"]["min"], data["players"]["max"])
    assert definition.setup_modes(ruleset.rules) == tuple(data["setup"]["modes"])
    assert set(definition.bots) == {"greedy"}


def test_a_third_game_writes_only_its_own_parts() -> None:
    class Rules:
        players_min, players_max, setup_modes = 1, 2, ("solo",)

    class State:
        result = None

    definition = define_game(id="toy", registry=Registry(guards={}, effects={}, steps={}),
                             compile_rules=lambda doc: Rules(), new_state=lambda rules, n, setup: State(),
                             state_from_json=lambda rules, data: State(), view=lambda state, seat: {},
                             verbs=Verbs([Verb("go", "toy.go", "go to {a[1]}",
                                               (Place(0, lambda rules: (("a", "b"),)),))]))
    assert definition.players(Rules()) == (1, 2)
    assert definition.describe(State(), ("go", "b")) == "go to b"  # its plain words, space and secrets: its verbs'
    assert [(k.verb, k.size) for k in definition.action_kinds(Rules())] == [("go", 2)]  # type: ignore[misc]
    assert definition.secrets(Rules()) == {}  # type: ignore[misc]
    assert definition.setup_modes(Rules()) == ("solo",)
    assert definition.result(State()) is None
    assert dict(definition.bots) == {}

"""End of a round, the round schedule and the course of the game (001 §5, §10, F1, F2)."""

from __future__ import annotations

import pytest

from regola.core.errors import IllegalAction
from regola.core.game import TERMINAL

from .scenario import Scenario, canonical


@pytest.mark.rule("rounds.schedule")
def test_seven_normal_rounds_then_two_research_rounds(ruleset, doc):
    assert doc["rounds"]["schedule"] == [{"kind": "normal", "count": 7}, {"kind": "research", "count": 2}]
    rules = ruleset.rules
    assert rules.rounds == 9
    assert [k.name for k in rules.round_kinds] == ["normal"] * 7 + ["research"] * 2
    sc = Scenario(ruleset, 3, seed=71)
    rounds = []
    sc.run(lambda s: s.who == TERMINAL, default=lambda g: (rounds.append(g.state.round), ("pass",))[1])
    assert sorted(set(rounds)) == list(range(1, rules.rounds + 1))
    assert sc.state.round == rules.rounds and sc.game.result() is not None


@pytest.mark.rule("rounds.research")
def test_research_rounds_no_city_but_new_work(ruleset, doc):
    """001 §10 and F2: in rounds 8-9 the city is closed, but new inventions may be started."""
    assert doc["rounds"]["kinds"]["research"] == {"placement": ["labs"], "end_duties": []}
    sc = Scenario(ruleset, 4, seed=71)
    sc.to("planning", round=8)
    assert ("start", 0, 3) in sc.legal()
    sc.do(0, ("start", 0, 3))
    phases = []
    sc.run(lambda s: s.state.round == 9, default=lambda g: (phases.append(g.state.flow_state), ("pass",))[1])
    assert "district" not in phases and "placement" in phases
    assert sc.player(0).labs[0].target == 3


@pytest.mark.rule("round_end.council_income")
def test_a_gulden_on_the_council_after_each_normal_round(ruleset, doc):
    income, start = doc["rounds"]["council_income"], doc["setup"]["council_money"]
    sc = Scenario(ruleset, 2, seed=72)
    for rnd in range(1, 10):
        sc.to("planning", round=rnd)
        normal = min(rnd - 1, 7)
        assert sc.state.council_money == start + income * normal, rnd


@pytest.mark.rule("round_end.refill")
@pytest.mark.parametrize("n", range(2, 6))
def test_the_display_is_refilled_to_its_size_after_normal_rounds(ruleset, doc, n):
    size = doc["rounds"]["display_size"][str(n)]
    assert size == {2: 3, 3: 4, 4: 5, 5: 5}[n]  # 001 §10
    sc = Scenario(ruleset, n, seed=73)
    card = sc.state.display[0]
    sc.edit(lambda st: Scenario.start_work(st, 0, 0, card, weeks=ruleset.rules.cards[card].weeks))
    top = sc.state.deck[0]
    sc.to("planning", round=2)
    assert card not in sc.state.display and len(sc.state.display) == size
    assert sc.state.display[-1] == top  # from the top of the deck


@pytest.mark.rule("round_end.refill")
def test_no_refill_after_round_eight(ruleset):
    """F1: the display is refilled for the last time at the end of round 7."""
    sc = Scenario(ruleset, 4, seed=74)
    sc.to("planning", round=8)
    card = sc.state.display[0]
    sc.edit(lambda st: Scenario.start_work(st, 0, 0, card, weeks=ruleset.rules.cards[card].weeks))
    deck = list(sc.state.deck)
    sc.to("planning", round=9)
    assert card in sc.player(0).cards
    assert len(sc.state.display) == ruleset.rules.display_size[4] - 1 and sc.state.deck == deck


@pytest.mark.rule("flow.turn")
def test_the_phases_of_a_round(ruleset, doc):
    states = [s["name"] for s in doc["flow"]["states"]]
    assert states[:4] == ["setup", "favors", "round_start", "planning"]
    sc = Scenario(ruleset, 4, seed=75)
    sc.to("placement")
    seen = []
    sc.run(lambda s: s.state.round == 2, plan={0: [("place", "B", 1)]},
           default=lambda g: (seen.append(g.state.flow_state), ("pass",))[1])
    assert seen == ["placement"] * 4 + ["district"]  # then labs, completion, round end: nothing to decide
    assert sc.phase == "planning"


@pytest.mark.rule("flow.turn")
def test_nothing_is_legal_after_the_end(ruleset):
    sc = Scenario(ruleset, 2, seed=76)
    with pytest.raises(IllegalAction) as err:
        sc.game.sample_chance()
    assert err.value.rule == "flow.turn"
    sc.to_end()
    assert sc.game.legal_actions() == [] and sc.game.is_terminal()
    before = canonical(sc.game.to_json())
    with pytest.raises(IllegalAction) as err:
        sc.game.apply(("pass",))
    assert err.value.rule == "flow.turn"
    assert canonical(sc.game.to_json()) == before

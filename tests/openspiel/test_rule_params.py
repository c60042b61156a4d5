"""Rule values as OpenSpiel game parameters (issue 32, item 5): every value a house rule may change is a
parameter with the pack's value as default; setting one plays that rule, pickles with the game, and a
value the rules refuse is one error that names the parameter."""

from __future__ import annotations

import json
import pickle
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel")

import regola.openspiel  # noqa: E402,F401  (registers every pack)
from regola.core.pack import load_pack  # noqa: E402
from regola.mechanics.editable import fields  # noqa: E402
from regola.openspiel.bridge import BASE_PARAMETERS  # noqa: E402
from regola.openspiel.params import rule_params  # noqa: E402


def _money(state: object) -> list[int]:
    """Each seat's money once the deal is done (chance resolved at random)."""
    rng = random.Random(0)
    while state.is_chance_node():  # type: ignore[attr-defined]
        state.apply_action(rng.choice(state.chance_outcomes())[0])  # type: ignore[attr-defined]
    whole = json.loads(str(state))["state"]
    return [p["money"] for p in whole["players"]]


@pytest.mark.parametrize("pack", ["cs", "pl"])
def test_every_value_a_house_rule_may_change_is_a_parameter_with_the_pack_s_value(pack: str) -> None:
    spec = pyspiel.load_game(f"regola_{pack}").get_type().parameter_specification
    editable = fields(load_pack(pack))  # a form's own parameters included
    rules = rule_params(load_pack(pack), set(BASE_PARAMETERS))
    assert len(rules.by_name) == len(editable) == len(spec) - len(BASE_PARAMETERS) - len(rules.renamed)
    for name, field in rules.by_name.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*", name), name  # a name a game string can carry
        unset = "" if field.kind == "choice" else -1  # a parameter of a form the pack does not use, not set
        assert spec[name] == (unset if field.value is None else field.value if field.kind != "choice"
                              else str(field.value))
    assert {"rounds_count", "money_2", "mechanics_auction"} <= set(spec) if pack == "pl" else \
        {"seats_yellow_money", "display_size_2", "mechanics_start_player"} <= set(spec)


def test_a_rule_parameter_plays_its_rule_and_pickles_with_the_game() -> None:
    game = pyspiel.load_game("regola_pl(players=2,money_2=1700,rounds_count=1)")
    assert "money_2=1700" in str(game) and "rounds_count=1" in str(game)
    assert _money(game.new_initial_state()) == [1700, 1700]
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and _money(again.new_initial_state()) == [1700, 1700]
    state, rng = game.new_initial_state(), random.Random(3)
    while not state.is_terminal():
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(rng.choice(outcomes)[0])
    assert json.loads(str(state))["state"]["round"] == 1  # one round, not the printed seven
    assert _money(pyspiel.load_game("regola_pl(players=2)").new_initial_state()) == [2500, 2500]


def test_a_form_chosen_by_parameter_keeps_what_every_form_of_it_needs() -> None:
    """`mechanics_deal=draft` keeps the cards dealt and kept (every form of a deal needs them) and plays a draft."""
    game = pyspiel.load_game("regola_pl(players=2,mechanics_deal=draft,rounds_count=1)")
    state, rng = game.new_initial_state(), random.Random(5)
    while not state.is_terminal():
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(rng.choice(outcomes)[0])
    assert json.loads(str(state))["state"]["round"] == 1


def test_a_forms_own_parameters_are_game_parameters_and_what_it_needs_is_asked_for() -> None:
    """A Dutch auction in Maestro Leonardo by parameters: its first price is needed (one error naming it),
    its step and floor start from the record's suggestions, and the game plays it."""
    with pytest.raises(ValueError, match="auction_start must be set for the form chosen"):
        pyspiel.load_game("regola_cs(players=2,mechanics_auction=dutch)")
    game = pyspiel.load_game("regola_cs(players=2,mechanics_auction=dutch,auction_start=9)")
    variant = rule_params(load_pack("cs"), set(BASE_PARAMETERS)).variant((("auction_start", 9),
                                                                          ("mechanics_auction", "dutch")))
    assert variant is not None
    assert [c["value"] for c in variant.changes] == [{"kind": "dutch", "start": 9, "step": 1, "floor": 0}]
    state, rng = game.new_initial_state(), random.Random(2)
    while not state.is_terminal():
        outcomes = state.chance_outcomes() if state.is_chance_node() else [(a, 1) for a in state.legal_actions()]
        state.apply_action(rng.choice(outcomes)[0])
    # a parameter of a form not chosen changes nothing: the same game as the pack's
    assert str(pyspiel.load_game("regola_cs(players=2,auction_start=9)").new_initial_state()) == \
        str(pyspiel.load_game("regola_cs(players=2)").new_initial_state())


def test_a_parameter_at_its_default_changes_nothing() -> None:
    game = pyspiel.load_game("regola_pl(players=2,money_2=2500)")
    assert "money_2" not in str(game)
    assert game.new_initial_state().regola.ruleset is pyspiel.load_game("regola_pl(players=2)") \
        .new_initial_state().regola.ruleset


@pytest.mark.parametrize(("spec", "said"), [
    ("regola_pl(rounds_count=0)", r"rounds_count.*1 to 20"),
    ("regola_pl(rounds_count=100000)", r"rounds_count.*1 to 20"),
    ("regola_pl(mechanics_auction=auction)", r"mechanics_auction must be one of sealed, open, dutch, fixed"),
    ("regola_cs(visibility_money=everyone)", r"visibility_money must be one of"),
    ("regola_pl(rounds_count=two)", r"rounds_count"),
    ("regola_pl(raise_by=1.5)", r"raise_by"),
    ("regola_pl(no_such_value=1)", r"no_such_value"),
    # what `regola check` refuses in a variant file: a seat of the setup table starts with two labs
    ("regola_cs(players=2,limits_labs=1)", r"limits_labs=1: seat 2 starts with 2 labs, the limit is 1"),
    ("regola_pl(actions_per_turn=1)", r"actions_per_turn=1: what a round allows of one kind fits"),
])
def test_a_value_the_rules_refuse_is_one_error_naming_the_parameter(spec: str, said: str) -> None:
    with pytest.raises(Exception, match=said):
        pyspiel.load_game(spec)


def _named(doc: dict, pointers: list[str], taken: set[str] | None = None) -> list[str]:
    from regola.openspiel.params import _names, _words

    return _names([_words(doc, p) for p in pointers], taken or set())


def test_names_are_tails_of_the_pointer_never_a_number_first_and_never_shared() -> None:
    doc = {"setup": {"money": {"2": 1}, "seats": [{"money": 3}, {"money": 4}]}}
    pointers = ["/rounds/count", "/setup/money/2", "/setup/seats/0/money", "/setup/seats/1/money",
                "/scoring/count", "/players/min"]
    assert _named(doc, pointers) == ["rounds_count", "money_2", "seats_0_money", "seats_1_money",
                                     "scoring_count", "players_min"]
    assert _named({}, ["/a/players"], {"players"}) == ["a_players"]  # a game parameter's own name is kept free
    # two pointers that spell the same words, or only numbers: still a free name each, never a failure
    assert _named({}, ["/a_b/c", "/a/b_c", "/2/0"]) == ["value_a_b_c", "value_a_b_c_", "value_2_0"]


def test_an_item_of_a_list_is_named_by_its_label_and_a_name_inside_it_starts_at_the_list() -> None:
    doc = {"cards": [{"id": 7, "cost": {"iron": 1}}, {"id": 9, "cost": {"iron": 2}}],
           "seats": [{"color": "dark red", "money": 3}, {"color": "blue", "money": 4}],
           "twins": [{"kind": "a", "n": 1}, {"kind": "a", "n": 2}],  # a label two items share names neither
           "undo": {"reveals": [{"action": ["space", 3]}]}}
    assert _named(doc, ["/cards/0/cost/iron", "/cards/1/cost/iron", "/seats/0/money", "/twins/1/n",
                        "/undo/reveals/0/action/1"]) == \
        ["cards_id7_cost_iron", "cards_id9_cost_iron", "seats_dark_red_money", "twins_1_n", "reveals_0_action_1"]


@pytest.mark.parametrize("pack", ["cs", "pl"])
def test_a_former_name_is_refused_with_its_new_name_and_is_no_other_values_name(pack: str) -> None:
    from regola.openspiel.params import _former_words, _names

    rules = rule_params(load_pack(pack), set(BASE_PARAMETERS))
    # names of before: every value by the index words, anywhere; each is today's name of that value or renamed
    every = list(rules.by_name.values())
    plain = [f for f in every if f.of is None]
    former = _names([_former_words(f.whole or f.pointer) for f in plain], set(BASE_PARAMETERS))
    today = {id(f): n for n, f in rules.by_name.items()}
    for old, f in zip(former, plain, strict=True):
        assert rules.renamed.get(old, old) == today[id(f)], old  # never another value's name
    assert ("cards_0_components_iron" if pack == "cs" else "cards_0_id") in rules.renamed
    old, new = next(iter(rules.renamed.items()))
    spec = pyspiel.load_game(f"regola_{pack}").get_type().parameter_specification
    assert spec[old] == spec[new]
    value = spec[new] + 1 if isinstance(spec[new], int) and not isinstance(spec[new], bool) else \
        (not spec[new] if isinstance(spec[new], bool) else None)
    assert value is not None
    with pytest.raises(ValueError, match=f"the parameter {old} is called {new} now"):
        pyspiel.load_game(f"regola_{pack}(players=2,{old}={str(value).lower()})")


def test_a_state_begun_before_the_perfect_recall_observer_gets_the_same_information_state() -> None:
    """A state that played before the game's first perfect-recall observer existed recorded no views
    between decisions; asked for its information state, it replays its history once, so its string equals
    a fresh replay's (tree algorithms compare these strings across states made at any time)."""
    game = pyspiel.load_game("regola_cs(players=2,seats_yellow_money=4)")  # a game object of this test's own
    early, rng = game.new_initial_state(), random.Random(5)
    for _ in range(40):
        outcomes = early.chance_outcomes() if early.is_chance_node() else [(a, 1) for a in early.legal_actions()]
        early.apply_action(rng.choice(outcomes)[0])
    child = early.child(early.legal_actions()[0])  # copied before anything recorded
    texts = [early.information_state_string(seat) for seat in range(2)]  # the observer is made here
    fresh = game.new_initial_state()
    for action in early.history():
        fresh.apply_action(action)
    assert texts == [fresh.information_state_string(seat) for seat in range(2)]
    assert texts[0].count("\nsaw ") == len(early.history())
    again = fresh.child(early.legal_actions()[0])
    assert [child.information_state_string(s) for s in range(2)] == [again.information_state_string(s)
                                                                     for s in range(2)]

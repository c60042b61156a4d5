"""OpenSpiel's own game checks on every regola game (issue 32): `games_sim_test`'s `sim_game` as OpenSpiel
runs it on its built-in games (pickling of the game, its type and states, clone and serialization
compared by ``str``, random play with chance to the end); the game pickles into a fresh process;
``max_game_length`` is the rules' own bound or truncates; ``str(state)`` shows the whole state."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")
games_sim_test = pytest.importorskip("open_spiel.python.tests.games_sim_test")

import regola.openspiel  # noqa: E402  (registers every pack)
from regola.core.bounds import derive  # noqa: E402
from regola.core.caps import decision_cap  # noqa: E402

SPECS = ["regola_cs(players=2)", "regola_cs(players=5,setup=advanced)", "regola_de(players=3)",
         "regola_fr(players=4)", "regola_pl(players=2)", "regola_pl(players=5)",
         "regola_pl(players=3,variants=muse-and-princess+shared-building)",
         "regola_cs(players=2,variants=ml-tiny)", "regola_pl(players=2,rounds_count=2,mechanics_auction=fixed)"]


@pytest.mark.parametrize("spec", SPECS)
def test_openspiel_s_own_game_simulation_checks_pass(spec: str) -> None:
    checks = games_sim_test.GamesSimTest()
    checks.sim_game(pyspiel.load_game(spec))  # asserts inside, as OpenSpiel's own test does


def test_a_game_pickled_here_loads_in_a_fresh_process() -> None:
    game = pyspiel.load_game("regola_pl(players=3,variants=muse-and-princess)")
    code = ("import pickle, sys; g = pickle.loads(sys.stdin.buffer.read()); "
            "print(str(g), g.num_players(), g.max_game_length())")
    done = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(game), capture_output=True, check=True)
    assert done.stdout.decode().split() == [str(game), "3", str(game.max_game_length())]


def _random_step(state: object, rng: random.Random) -> bool:
    """One step: a chance outcome by its probability, else a uniformly random legal action; whether it
    was a player's decision."""
    if state.is_chance_node():  # type: ignore[attr-defined]
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
        state.apply_action(rng.choices(outcomes, weights)[0])  # type: ignore[attr-defined]
        return False
    state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    return True


def _play(game: object, rng: random.Random) -> tuple[int, object]:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    decisions = 0
    while not state.is_terminal():
        decisions += _random_step(state, rng)
    return decisions, state


def test_max_game_length_is_the_rules_bound_by_default_and_truncates_when_smaller() -> None:
    game = pyspiel.load_game("regola_cs(players=2)")
    ruleset = regola.openspiel.bridge._RULESETS[("regola_cs", (), ())]
    derived = derive(ruleset, 2)  # the rules' own bound (regola.core.bounds), below the engine's cap here
    assert derived is not None and game.max_game_length() == derived.decisions < decision_cap(ruleset, 2)
    assert game.max_chance_nodes_in_history() == derived.draws == len(ruleset.rules.card_ids)
    rng = random.Random(3)
    decisions, state = _play(game, rng)
    assert 20 < decisions <= game.max_game_length() and sum(state.returns()) == 1  # the rules ended it
    short = pyspiel.load_game("regola_cs(players=2,max_game_length=20)")
    assert short.max_game_length() == 20
    decisions, state = _play(short, random.Random(3))
    assert decisions == 20 and state.is_terminal() and state.returns() == [0.5, 0.5]
    assert state.legal_actions() == [] and state.current_player() == pyspiel.PlayerId.TERMINAL
    with pytest.raises(Exception, match="max_game_length"):
        pyspiel.load_game("regola_cs(players=2,max_game_length=-1)")


def test_where_the_derived_bound_passes_the_engine_cap_the_cap_is_the_game_length() -> None:
    """Princes of Florence's open auction may go on raising until a purse of 999,900 florins (its parts' most):
    the derived bound is far past the engine's decision cap, where a game stops with an error, so the cap
    is the most a game can take."""
    game = pyspiel.load_game("regola_pl(players=4)")
    ruleset = regola.openspiel.bridge._RULESETS[("regola_pl", (), ())]
    derived = derive(ruleset, 4)
    assert derived is not None and derived.decisions > decision_cap(ruleset, 4) == game.max_game_length()
    assert game.max_chance_nodes_in_history() == derived.draws < 100


def test_str_of_a_state_shows_the_whole_state_so_clones_are_compared_for_real() -> None:
    game = pyspiel.load_game("regola_pl(players=2)")
    rng = random.Random(5)
    state = game.new_initial_state()
    while state.is_chance_node():
        _random_step(state, rng)
    before = str(state)
    assert '"hand"' in before and len(before) > 500  # hidden hands are part of the omniscient string
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    assert str(other) != before and str(state) == before


def _dealt(spec: str, seed: int = 2) -> tuple[object, object]:
    game = pyspiel.load_game(spec)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 60:
        _random_step(state, rng)
    return game, state


@pytest.mark.parametrize("spec", ["regola_cs(players=3)", "regola_pl(players=3)"])
def test_the_observer_honours_the_observation_type_asked(spec: str) -> None:
    from open_spiel.python.observation import make_observation

    game, state = _dealt(spec)
    kinds = pyspiel.PrivateInfoType
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, private_info=kinds.NONE))
    single = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, private_info=kinds.SINGLE_PLAYER))
    every = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, private_info=kinds.ALL_PLAYERS))
    seen = []
    for seat in range(3):
        public.set_from(state, seat)
        seen.append((public.tensor.copy(), public.string_from(state, seat)))
    assert all((t == seen[0][0]).all() and text == seen[0][1] for t, text in seen)  # the same for everyone
    mine = [json.loads(single.string_from(state, seat)) for seat in range(3)]
    assert len({json.dumps(m, sort_keys=True) for m in mine}) == 3  # each seat's own view differs
    shown = json.loads(seen[0][1])
    for seat, view in enumerate(mine):  # what a seat holds privately is not in the public view
        private = [k for k in view["players"][seat] if k not in shown["players"][seat]]
        assert private, f"seat {seat} holds nothing private in {spec}?"
    every.set_from(state, 0)
    size = single.tensor.size
    for seat in range(3):
        single.set_from(state, seat)
        assert (every.tensor[seat * size:(seat + 1) * size] == single.tensor).all()
    with pytest.raises(ValueError, match="no parameters"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False), {"nonsense": 1})
    with pytest.raises(ValueError, match="offered"):
        make_observation(game, pyspiel.IIGObservationType(private_info=kinds.NONE, perfect_recall=True))


def test_the_information_state_keeps_what_a_seat_saw_between_its_own_decisions() -> None:
    """Once a perfect-recall observer exists, every step adds a fingerprint of each seat's view to its
    information state string, so two histories whose views differed in between never share a string
    because their views agree again later (26 of 26 such pairs once did)."""
    game = pyspiel.load_game("regola_cs(players=2)")
    state = game.new_initial_state()
    state.information_state_string(0)  # makes the perfect-recall observer
    rng = random.Random(11)
    steps = 0
    previous = ["", ""]
    while not state.is_terminal() and steps < 150:
        _random_step(state, rng)
        steps += 1
        for seat in range(2):
            text = state.information_state_string(seat)
            recalled = text.rsplit("\nnow ", 1)[0]
            assert recalled.count("\nsaw ") == steps  # one fingerprint of what it saw per step
            assert recalled.startswith(previous[seat])  # the past is kept, never rewritten
            previous[seat] = recalled


@pytest.mark.parametrize("spec", ["regola_cs(players=4)", "regola_pl(players=4)",
                                  "regola_pl(players=2,variants=muse-and-princess+shared-building)"])
def test_tensors_are_normalized_counts_the_rules_bound_within_one(spec: str) -> None:
    """Raw, a Princes of Florence tensor held florins up to 3,900 beside 0/1 entries; normalized, every
    entry is its raw value over its field's scale from the pack: within [0, 1] where the rules bound the
    count, of order 1 for open-ended amounts (measured: at most 3 in greedy games)."""
    game = pyspiel.load_game(spec)
    definition = game.ruleset.definition
    spec_ = definition.tensor_spec(game.ruleset, game.num_players())
    open_ended = ("seats", "work_marks", "pending_numbers", "turn", "auction_price")
    bounded = [i for f in spec_.fields if f.name not in open_ended
               for i in range(spec_.offsets[f.name], spec_.offsets[f.name] + f.size)]
    state, rng, seen = game.new_initial_state(), random.Random(2), 0
    while not state.is_terminal():
        if not state.is_chance_node():
            for seat in range(game.num_players()):
                values = state.observation_tensor(seat)
                assert min(values) >= 0 and max(values) <= 4, max(values)
                if spec.startswith("regola_cs"):  # every Maestro Leonardo count is bounded by its pack
                    assert max(values) <= 1
                assert max(values[i] for i in bounded) <= 1
                seen += 1
        _random_step(state, rng)
    assert seen > 50


def test_the_observation_history_is_what_a_seat_saw_and_did_step_by_step() -> None:
    """A perfect-recall history for recurrent networks: a row per moment (the start and after each step),
    the last row the observation now, and the seat's own action ids; two states whose information
    state strings differ for a seat differ in its observation history too."""
    game = pyspiel.load_game("regola_cs(players=2,variants=ml-tiny)")
    state, rng = game.new_initial_state(), random.Random(4)
    while not state.is_terminal():
        _random_step(state, rng)
    rows, taken = state.observation_history(0)
    assert rows.shape == (len(state.history()) + 1, game.observation_tensor_size())
    assert rows[-1].tolist() == pytest.approx(state.observation_tensor(0))
    assert len(taken) == len(state.history())
    mine = [a for a, who in zip(state.history(), _movers(game, state.history()), strict=True) if who == 0]
    assert [a for a in taken if a >= 0] == mine
    # on every pair of leaves of the first decisions: different information states, different histories
    root = game.new_initial_state()
    while root.is_chance_node():
        root.apply_action(root.chance_outcomes()[0][0])
    leaves = [root.child(a).child(b) for a in root.legal_actions()
              for b in root.child(a).legal_actions() if not root.child(a).is_terminal()]
    for x in leaves:
        for y in leaves:
            same_info = x.information_state_string(0) == y.information_state_string(0)
            hx, hy = x.observation_history(0), y.observation_history(0)
            same_history = hx[1] == hy[1] and hx[0].shape == hy[0].shape and (hx[0] == hy[0]).all()
            assert same_info == same_history


def _movers(game: object, history: list[int]) -> list[int]:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    out = []
    for action in history:
        out.append(state.current_player())
        state.apply_action(action)
    return out

"""regola packs as OpenSpiel games: OpenSpiel's own checks, algorithms and RL environment run through the
bridge; ids are stable, chance is explicit, serialization needs no generator, information states are
perfect recall."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import regola.openspiel  # noqa: E402  (registers every pack)
import regola.openspiel.recall  # noqa: E402
from regola.openspiel import register, short_name_for  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_openspiel_random_simulation_with_serialization_passes_maestro_leonardo(players: int) -> None:
    for setup in ("beginner", "advanced"):
        game = pyspiel.load_game(f"regola_cs(players={players},setup={setup})")
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("spec", ["regola_pl(players=2)", "regola_pl(players=5)",
                                  "regola_pl(players=3,variants=muse-and-princess+shared-building)"])
def test_openspiel_random_simulation_with_serialization_passes_princes_of_florence(spec: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=1, serialize=True, verbose=False)


def test_every_pack_is_registered_by_name_on_import_in_a_fresh_process() -> None:
    code = ("import pyspiel, regola.openspiel; g = pyspiel.load_game('regola_pl(players=4)'); "
            "h = pyspiel.load_game('regola_fr'); "
            "print(g.num_players(), h.num_players(), g.get_type().chance_mode)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[:2] == ["4", "4"]
    assert "EXPLICIT_STOCHASTIC" in out.stdout


def test_a_variant_registers_under_its_own_name_and_plays() -> None:
    name = register("cs", ["codex-leonardi-1", "codex-leonardi-2"])
    assert name == short_name_for("cs", ["codex-leonardi-1", "codex-leonardi-2"]) == \
        "regola_cs__codex_leonardi_1__codex_leonardi_2"
    assert register("cs", ["codex-leonardi-1", "codex-leonardi-2"]) == name  # once per process
    game = pyspiel.load_game(name, {"players": 4, "setup": "advanced"})
    assert game.num_distinct_actions() == pyspiel.load_game(
        "regola_cs(variants=codex-leonardi-1+codex-leonardi-2)").num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_bad_parameters_are_one_clear_error() -> None:
    with pytest.raises(Exception, match="players must be 2 to 5, not 7"):
        pyspiel.load_game("regola_cs", {"players": 7})
    with pytest.raises(Exception, match="setup must be one of"):
        pyspiel.load_game("regola_cs", {"setup": "expert"})
    with pytest.raises(Exception, match="no-such-variant"):
        pyspiel.load_game("regola_cs", {"variants": "no-such-variant"})


def _advance(state: object, rng: np.random.RandomState, decisions: int) -> None:
    """``decisions`` random decisions, and the chance draws up to the next decision."""
    made = 0
    while not state.is_terminal() and (made < decisions or state.is_chance_node()):  # type: ignore[attr-defined]
        if state.is_chance_node():  # type: ignore[attr-defined]
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
            state.apply_action(int(rng.choice(outcomes, p=probs)))  # type: ignore[attr-defined]
        else:
            legal = state.legal_actions()  # type: ignore[attr-defined]
            state.apply_action(legal[rng.randint(len(legal))])  # type: ignore[attr-defined]
            made += 1


def test_an_action_id_means_one_move_in_every_state() -> None:
    game = pyspiel.load_game("regola_cs(players=3)")
    seen: dict[int, str] = {}
    for seed in range(3):
        state = game.new_initial_state()
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                for a in state.legal_actions():
                    text = state.action_to_string(state.current_player(), a)
                    if json.loads(text)[0] != "order":  # a rearrangement names the cards it moves
                        assert seen.setdefault(a, text) == text
            _advance(state, rng, 1)
    assert len(seen) > 100


def test_chance_is_explicit_card_by_card_and_the_record_keeps_the_whole_deal() -> None:
    game = pyspiel.load_game("regola_cs(players=4)")
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 25  # the pack's invention cards
    state = game.new_initial_state()
    draws = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
        draws += 1
    assert draws == 20  # the deck, card by card (the beginner display is fixed)
    who, deal = state.regola.history[0]
    assert who == -1 and deal[0] == "deal" and len(deal[1]) == 20  # one readable outcome in the record


def test_serialization_needs_no_generator_and_restores_the_state(name: str = "regola_cs(players=4)") -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    _advance(state, np.random.RandomState(3), 60)
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
    assert again.regola.state.to_json() == state.regola.state.to_json()
    for seat in range(4):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(again.information_state_tensor(seat), state.information_state_tensor(seat))
    # a deal in progress serializes too
    fresh = game.new_initial_state()
    fresh.apply_action(fresh.chance_outcomes()[3][0])
    half = game.deserialize_state(fresh.serialize())
    assert half.chance_outcomes() == fresh.chance_outcomes()


def test_information_states_are_perfect_recall_and_tensors_come_from_the_view() -> None:
    game = pyspiel.load_game("regola_cs(players=2)")
    state = game.new_initial_state()
    _advance(state, np.random.RandomState(1), 0)
    seat = state.current_player()
    legal = state.legal_actions()
    a, b = state.clone(), state.clone()
    a.apply_action(legal[0])
    b.apply_action(legal[-1])
    assert a.information_state_string(seat) != b.information_state_string(seat)
    assert a.information_state_string(seat).startswith(f"seat {seat}\n")
    # the observation tensor of a seat does not change with what only the other seat knows
    other = 1 - seat
    hand_before = state.observation_tensor(seat)
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert np.array_equal(world.observation_tensor(seat), hand_before)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert len(state.observation_tensor(other)) == game.observation_tensor_size()
    # the view now, the seat's actions counted, and the fingerprint of its recall trail
    assert game.information_state_tensor_size() == game.observation_tensor_size() + game.num_distinct_actions() \
        + regola.openspiel.recall.PIECES
    assert np.array_equal(world.information_state_tensor(seat), state.information_state_tensor(seat))
    assert not np.array_equal(a.information_state_tensor(seat), b.information_state_tensor(seat))


def test_the_rl_environment_runs_episodes() -> None:
    env = rl_environment.Environment("regola_cs(players=2)")
    steps = 0
    rng = np.random.RandomState(0)
    step = env.reset()
    while not step.last():
        legal = step.observations["legal_actions"][step.observations["current_player"]]
        step = env.step([legal[rng.randint(len(legal))]])
        steps += 1
    assert sum(step.rewards) == pytest.approx(1.0) and steps > 50
    assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_openspiel_search_bots_play_whole_games_through_the_bridge(kind: str) -> None:
    game = pyspiel.load_game("regola_cs(players=2)")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "ismcts":
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng)
    else:
        bot = mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            _advance(state, rng, 1)
    returns = state.returns()
    assert len(returns) == 2 and sum(returns) == pytest.approx(1.0) and max(returns) > 0
    assert state.regola.result() is not None


def test_the_dqn_example_trains_and_evaluates_through_the_bridge() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("tree")
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "tools" / "train_dqn.py"
    out = subprocess.run([sys.executable, str(script), "--minutes", "0.05", "--eval-every", "5", "--eval-games", "2"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "mean return against random" in out.stdout and "untrained ->" in out.stdout


@pytest.mark.parametrize("spec", ["regola_cs(players=3)", "regola_pl(players=3)"])
def test_an_illegal_action_is_a_spiel_error_and_changes_nothing(spec: str) -> None:
    """Code that catches OpenSpiel's own error catches regola's refusals too: an action that is not legal at
    a decision, and a chance outcome out of range (-1 once drew the last outcome), at the first chance node."""
    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    seen_chance = seen_decision = False
    while not state.is_terminal() and not (seen_chance and seen_decision):
        before = state.serialize()
        if state.is_chance_node():
            bad = [-1, game.max_chance_outcomes()]
            seen_chance = True
        else:
            legal = set(state.legal_actions())
            bad = [next(a for a in range(game.num_distinct_actions()) if a not in legal), -1]
            seen_decision = True
        for action in bad:
            with pytest.raises(pyspiel.SpielError):
                state.apply_action(action)
            assert state.serialize() == before
        state.apply_action(state.legal_actions()[0])
    assert seen_chance and seen_decision

"""regola packs as OpenSpiel games: OpenSpiel's own checks and bots run through the bridge."""

from __future__ import annotations

import json

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from regola.openspiel import register, short_name_for  # noqa: E402


@pytest.fixture(scope="module")
def name() -> str:
    return register("cs")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_openspiel_random_simulation_test_passes(name: str, players: int) -> None:
    for setup in ("beginner", "advanced"):
        game = pyspiel.load_game(name, {"players": players, "setup": setup, "rng_seed": players})
        # serialize=False: a Python game cannot hand pyspiel the generator of a sampled-stochastic game
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_variant_registers_under_its_own_name_and_plays() -> None:
    name = register("cs", ["codex-leonardi-1", "codex-leonardi-2"])
    assert name == short_name_for("cs", ["codex-leonardi-1", "codex-leonardi-2"]) == \
        "regola_cs__codex_leonardi_1__codex_leonardi_2"
    assert register("cs", ["codex-leonardi-1", "codex-leonardi-2"]) == name  # once per process
    game = pyspiel.load_game(name, {"players": 4, "setup": "advanced"})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_bad_parameters_are_one_clear_error(name: str) -> None:
    with pytest.raises(Exception, match="players must be 2 to 5, not 7"):
        pyspiel.load_game(name, {"players": 7})
    with pytest.raises(Exception, match="setup must be one of"):
        pyspiel.load_game(name, {"setup": "expert"})


def _play(game: object, bot: object, seed: int) -> object:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)  # type: ignore[attr-defined]
        else:
            legal = state.legal_actions()
            action = legal[rng.randint(len(legal))]
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize("kind", ["ismcts", "mcts"])
def test_openspiel_search_bots_play_whole_games_through_the_bridge(name: str, kind: str) -> None:
    game = pyspiel.load_game(name, {"players": 2, "rng_seed": 3})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "ismcts":
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng)
    else:
        bot = mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=rng)
    state = _play(game, bot, 1)
    returns = state.returns()
    assert len(returns) == 2 and sum(returns) == pytest.approx(1.0) and max(returns) > 0
    assert state.regola.result() is not None


def test_clone_serialize_and_resample_keep_what_they_should(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 4, "rng_seed": 9})
    state = game.new_initial_state()
    for _ in range(60):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    clone = state.clone()
    clone.apply_action(0)
    assert len(clone.history()) == len(state.history()) + 1
    assert len(clone.regola.history) == len(state.regola.history) + 1
    restored = game.deserialize_state(state.serialize())
    assert restored.information_state_string(seat) == state.information_state_string(seat)
    assert restored.regola.state.to_json() == state.regola.state.to_json()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    legal = state.regola.legal_actions()
    assert [state.action_to_string(seat, a) for a in state.legal_actions()] == [
        json.dumps(list(action)) for action in legal]

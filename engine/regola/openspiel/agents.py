"""regola's own bots as OpenSpiel agents, so a learner is measured against players of the game itself.

``RegolaAgent(env, seat, "greedy")`` is an ``rl_agent.AbstractAgent`` for OpenSpiel's
``rl_environment.Environment`` over a regola game: at its seat's turn it asks the regola bot of that
spec (``greedy``, ``probe``, ``mcts:...``, ``random``; regola.bots.specs) for a move, given what the seat may
know (its view and information state, never the hidden parts), and answers with the move's action id.
The bot is made anew for each episode, its seed drawn from the agent's seed and the episode's number,
so an evaluation is reproducible.
"""

from __future__ import annotations

from typing import Any

from open_spiel.python import rl_agent

from regola.bots.specs import make_bot
from regola.core.bots import Observation

__all__ = ["RegolaAgent"]


class RegolaAgent(rl_agent.AbstractAgent):  # type: ignore[misc]
    """One seat played by a regola bot inside an OpenSpiel RL environment."""

    def __init__(self, env: Any, seat: int, spec: str = "greedy", seed: int = 0) -> None:
        self._env = env
        self._seat = seat
        self._spec = spec
        self._seed = seed
        self._episode = -1
        self._bot: Any = None
        self._game: Any = None

    def step(self, time_step: Any, is_evaluation: bool = False) -> rl_agent.StepOutput | None:
        if time_step.last():
            self._game = None  # the next decision begins a new episode
            return None
        if time_step.observations["current_player"] != self._seat:
            return None
        game = self._env.get_state.regola  # one object through an episode: the state is changed in place
        if game is not self._game:
            self._episode += 1
            self._game = game
            self._bot = make_bot(self._spec, self._seat, self._seed * 100_003 + self._episode, game.ruleset)
        search = game.ruleset.definition.search is not None
        observation = Observation(self._seat, game.legal_actions(), game.view,
                                  game.information_state if search else None, lean_fn=game.bot_view)
        action_id = game.action_id(self._bot.choose(observation))
        probs = [0.0] * self._env.action_spec()["num_actions"]
        probs[action_id] = 1.0
        return rl_agent.StepOutput(action=action_id, probs=probs)

"""``probe``: a bot that gives every kind of legal move a hearing through the rules it is given, so a
house rule's new move is played when it pays, with no code for that move (docs/BOTS.md).

At each decision with a choice:

1. **The default** is the game's heuristic bot's choice (``greedy``): written for the published rules,
   it is a sound start, and the probe keeps it unless the rules show something better.
2. **Rivals**: a few other moves, each from another *family* of moves (its verb, with the place or thing
   it names: ``("place", "I")``, ``("exchange",)``; a move with a size is split by it into the least
   size offered and the larger ones: ``("raise", "larger")``; regola.bots.families). Which families: a bandit over
   the game so far (each family's mean gain over the default when it was tried, plus an optimism bonus
   that shrinks as it is tried; families never tried come first), so across a game every family the
   rules offer is heard, and the ones that paid are heard again. Within a family, the member that leads
   by most one move ahead, by the rules' valuation (regola.bots.valuation). At a decision where the
   default bot does not know a verb (its ``knows``), the rivals are the best moves of such verbs one
   move ahead.
3. **Judged by play**: the default and the rivals are each played on in the same ``worlds`` worlds drawn
   from what the seat knows, with the same random draws, by the heuristic bot for every seat (a move it
   does not know valued one move ahead, as above), to the end or for ``depth`` decisions and then valued.
   A rival not ahead of the default after two worlds is dropped; one replaces the default only if it
   leads it by ``sure`` standard errors of the paired differences over all ``worlds``.

What it assumes: the game offers search hooks (worlds drawn from a seat's information) and a heuristic
bot; the other seats play like that bot. Where it is weak: a move whose worth shows only after more than
one further move of the same player that the heuristic would not make (a combination of two new moves)
is valued through the one-move look-ahead only; its rollouts are few (``worlds``), so it deviates from the
default only where the gain is clear; it costs about ``(1 + rivals) × worlds`` rollouts a decision.
"""

from __future__ import annotations

import math
import random
import time as clock
from typing import Any

from regola.bots.families import Family, Grouping, ahead, all_known, family, sample, screen, unknown
from regola.bots.ismcts import SCREEN_MOST, ISMCTSBot, paired_lead
from regola.core.bots import Observation
from regola.core.errors import RegolaError
from regola.core.game import Game
from regola.core.step import Action

__all__ = ["HORIZON", "ProbeBot"]

#: rollout decisions before the game's own evaluation of a position cuts a rollout short (about a round of
#: Maestro Leonardo: a placement, the city and the labs); a game without one is played to the end
HORIZON = 40
#: the most worlds and rivals a decision may ask for (a bound on what a spec can make one decision cost)
MOST = 64


class ProbeBot:
    """``probe`` in ``--bots``. A pack states its game's defaults in pack.yaml (``bots: {probe: {...}}``,
    read by regola.bots.specs); without them, these. Options: ``worlds`` (3) drawn worlds per decision;
    ``rivals`` (4) moves heard against the default; ``depth``, rollout decisions before the valuation cuts a
    rollout short (0: to the end; without a value ``HORIZON`` where the game offers its own evaluation of a
    position, else 0); ``sure`` (0.5), the standard errors by which a rival must lead; ``explore`` (1.0), the bandit's
    optimism; ``screen`` (48), the most moves valued one move ahead at one decision; ``prior`` (the
    game's greedy bot), the default and rollout bot; ``time``, seconds a decision may spend before it
    hears no further world (the first is always heard); ``seed``."""

    name = "probe"

    def __init__(self, seat: int, seed: int | str | None, rules: Any = None, worlds: int = 3, rivals: int = 4,
                 depth: int | None = None, sure: float = 0.5, explore: float = 1.0, screen: int = 48,
                 prior: str | None = None, time: float | None = None) -> None:
        whole = all(type(x) is int for x in (worlds, rivals, screen)) and (depth is None or type(depth) is int)
        if not (whole and 1 <= worlds <= MOST and 1 <= rivals <= MOST and (depth is None or depth >= 0)
                and explore >= 0 and 1 <= screen <= SCREEN_MOST and (time is None or time > 0) and sure == sure):
            raise RegolaError(f"probe needs whole numbers 1 <= worlds <= {MOST}, 1 <= rivals <= {MOST}, "
                              f"depth >= 0 and 1 <= screen <= {SCREEN_MOST}, explore >= 0, time > 0 and a number sure")
        self.seat = seat
        self.worlds = worlds
        self.rivals = rivals
        self.sure = sure
        self.explore = explore
        self.screen_most = screen
        self.seconds = time  # a decision hears no further world once this many seconds have passed
        self.rng = random.Random(f"{seed}/{seat}/probe")
        self.depth = depth  # None: HORIZON where the game has its own evaluation, else to the end
        # the rollouts, rewards and bots of the mcts bot: one search engine, two ways of choosing
        self.search = ISMCTSBot(seat, seed, rules, iters=1, depth=depth or 0, screen=screen, rollout=prior,
                                prior=prior)
        self.tried: dict[Family, list[float]] = {}  # family -> [times heard, summed gain over the default]
        self._family_of: Any = family  # the family of a move at the decision being judged (sizes: Grouping)
        self.heard = 0
        self.rollout_decisions = 0

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        info: Game = obs.info()
        search = self.search
        if self.depth is None:
            hooks = info.ruleset.definition.search
            self.depth = HORIZON if hooks is not None and hooks.evaluate is not None else 0
            search.depth = self.depth
        search.prepare(info)
        if search.prior in ("policy", "none"):
            raise RegolaError("probe needs a bot of the game as its default (prior=greedy)")
        chooser = search.bot_for(info, search.prior, self.seat)
        default = chooser.choose(obs)
        if default not in legal:  # a bot's answer is checked like any other
            default = legal[0]
        world = info.determinize(self.seat, self.rng)
        knows = getattr(chooser, "knows", None)
        self._family_of = family  # this decision's grouping sets it where it tells sizes apart (_heard)
        if knows is not None and not all_known(legal, knows):
            rivals = self._best_ahead(world, unknown(legal, knows), default)
        else:
            rivals = self._heard(world, legal, default)
        if not rivals:
            return default
        return self._judge(info, world, default, rivals)

    # -- which moves are heard ----------------------------------------------------------------------
    def _best_ahead(self, world: Game, legal: Any, default: Action) -> list[Action]:
        """The moves of ``legal`` that lead by most one move ahead (the default aside)."""
        worth = self.search.worth
        assert worth is not None
        scored = [(ahead(world, a, self.seat, worth, self.rng), a)
                  for a in sample(legal, self.rng, self.screen_most) if a != default]
        scored.sort(key=lambda t: -t[0])
        return [a for _, a in scored[:self.rivals]]

    def _heard(self, world: Game, legal: Any, default: Action) -> list[Action]:
        """A member of each of the ``rivals`` families the bandit picks (module docstring)."""
        declared = world.ruleset.definition.verbs
        grouping = Grouping(legal, self.rng, self.screen_most, declared.sizes if declared is not None else None)
        self._family_of = grouping.of  # the families the bandit learns of, sizes told apart
        groups = grouping.groups
        mine = grouping.of(default)
        others = [f for f in groups if f != mine]
        if not others:  # one family: its other members, best one move ahead
            return self._best_ahead(world, [a for a in groups[mine] if a != default], default)
        log_n = math.log(self.heard + 1)

        def hope(f: Family) -> float:
            seen = self.tried.get(f)
            if seen is None:
                return math.inf
            return seen[1] / seen[0] + self.explore * math.sqrt(log_n / seen[0])

        order = sorted(others, key=lambda f: (-hope(f), self.rng.random()))
        worth = self.search.worth
        assert worth is not None
        picks = []
        for f in order[:self.rivals]:
            members = groups[f]
            pick = members[0] if len(members) == 1 else screen(world, self.seat, members[1:], members[0], worth,
                                                                self.rng)[0]
            picks.append(pick)
        return picks

    # -- judged by play -----------------------------------------------------------------------------
    def _judge(self, info: Game, first: Game, default: Action, rivals: list[Action]) -> Action:
        search = self.search
        hooks = info.ruleset.definition.search
        assert hooks is not None
        alive = list(rivals)
        scores: dict[Action, list[float]] = {a: [] for a in (default, *rivals)}
        before = search.rollout_decisions
        deadline = None if self.seconds is None else clock.perf_counter() + self.seconds
        for k in range(self.worlds):
            if k and deadline is not None and clock.perf_counter() >= deadline:
                break
            world = first if k == 0 else info.determinize(self.seat, self.rng)
            seed = self.rng.getrandbits(64)
            for a in (default, *alive):
                g = world.clone(random.Random(seed))
                g.apply(a)
                scores[a].append(search.rollout_from(g, hooks, seed)[self.seat])
            if k >= 1:  # a rival not ahead of the default in the worlds so far is heard no more
                alive = [a for a in alive if paired_lead(scores[a], scores[default]) > 0]
                if not alive:
                    break
        self.rollout_decisions += search.rollout_decisions - before
        for a in rivals:  # the bandit learns each family's gain over the default in the worlds it was heard in
            n = len(scores[a])
            seen = self.tried.setdefault(self._family_of(a), [0, 0.0])
            seen[0] += 1
            seen[1] += (sum(scores[a]) - sum(scores[default][:n])) / n
            self.heard += 1
        if not alive:
            return default
        best = max(alive, key=lambda a: sum(scores[a]))
        return best if paired_lead(scores[best], scores[default]) > self.sure else default

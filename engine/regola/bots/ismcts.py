"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley & Whitehouse
2012), for any game that offers search hooks (regola.core.search), and by default its flat variant: a
rollout bot over a few candidate actions, which is what beats the game's greedy bot (docs/SEARCH.md).

One tree per decision, over the acting seat's information set. Each iteration draws a world from
the seat's information state (never from the true state), walks the tree with UCB1 over the actions
legal in that world (availability counts, since a child is not available in every world), adds one
node, then plays on with the game's cheap rollout policy (or uniformly, or with one of the game's
bots) — to the end, or for ``depth`` decisions and then scores the seats with the game's evaluation.

Wide decisions (placing apprentices offers some fifty actions) get progressive widening: a node adds
a child only while it has fewer than ``widen * sqrt(visits)``, and the first one it adds is the prior
policy's choice. Every seat's reward is in [0, 1], from its lead over the best other seat at the end
(the final score, in the measure that wins) or at the cut-off (the rules' valuation): ``win`` times the
win indicator plus the rest times 0.5 + 0.5 tanh(lead / scale).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from regola.bots.families import all_known, sample, screen, unknown
from regola.bots.valuation import Valuation, final_scores, score_measure, valuation
from regola.core.bots import Observation
from regola.core.errors import RegolaError
from regola.core.game import CHANCE, TERMINAL, Game
from regola.core.search import SearchHooks
from regola.core.step import Action

#: rollout policies besides the name of any bot the game offers (e.g. greedy)
ROLLOUTS = ("policy", "random")
#: the most moves a rollout values one move ahead at one decision (a bound on what data can make it do)
SCREEN_MOST = 256


class Node:
    __slots__ = ("avail", "children", "player", "visits", "wins")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat whose action led here: the rewards it keeps are that seat's
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 1
        self.wins = 0.0


class ISMCTSBot:
    """``mcts`` in ``--bots``. Budget: ``iters`` (rollouts or tree iterations per decision) and/or
    ``time`` (seconds per decision; with both, whichever ends first). ``search=flat`` (the default: a
    few candidate actions scored in the same sampled worlds, sequential halving, the prior's choice
    kept unless beaten by ``sure`` standard errors; ``width`` candidates) or ``search=tree`` (ISMCTS
    with UCB ``c``, progressive widening ``widen``). ``rollout=policy|random|<a bot of the game>``
    (default: the game's ``greedy`` bot if it has one, else its cheap policy), ``opponents`` (the other
    seats' rollout policy when it differs), ``depth`` (rollout decisions before the game's evaluation
    cuts it off; 0, the default, plays to the end), ``prior=policy|none|<a bot>`` (the first
    candidate; default like ``rollout``), reward ``win`` (weight of the win indicator) and ``scale``
    (of the margin's tanh), ``stop`` (flat: end a decision early once the candidates score alike in
    every world or the leader is ``stop`` standard errors ahead of each; 0, the default, never),
    ``cut`` (flat: end a decision early, keeping the prior's choice, once no other candidate leads it by
    more than ``cut`` standard errors of the paired differences, checked once it has been scored in
    ``cutmin`` (4) worlds; off unless given), ``screen`` (rollouts: at a decision with a move the
    rollout bot was not written for, its ``knows`` lacking the verb, the bot's choice unless one of up
    to ``screen`` such moves is better by the rules' valuation one move ahead, regola.bots.valuation;
    0, the default, never), ``seed``."""

    name = "mcts"

    def __init__(self, seat: int, seed: int | str | None, rules: Any = None, iters: int | None = None,
                 time: float | None = None, rollout: str | None = None, depth: int = 0, c: float = 0.7,
                 prior: str | None = None, widen: float = 1.0, scale: float = 20.0, opponents: str | None = None,
                 search: str = "flat", win: float = 0.5, width: int = 8, sure: float = 1.0,
                 stop: float = 0.0, cut: float | None = None, cutmin: int = 4, screen: int = 0) -> None:
        # no **options catch-all: mypyc 2.4 cannot compile a float default beside one (make_bot names
        # an unknown option instead)
        if not all(isinstance(x, str | None) for x in (rollout, prior, opponents)):
            raise RegolaError("mcts rollout and prior are names (policy, random, none or a bot of the game)")
        if search not in ("tree", "flat") or not 0 <= win <= 1 or width < 1:
            raise RegolaError("mcts needs search=tree or flat, 0 <= win <= 1 and width >= 1")
        if iters is None and time is None:
            iters = 80
        if (iters is not None and iters < 1) or (time is not None and time <= 0) or depth < 0 or scale <= 0 \
                or not 0 <= screen <= SCREEN_MOST:
            raise RegolaError(f"mcts needs iters >= 1, time > 0, depth >= 0, scale > 0 and "
                              f"0 <= screen <= {SCREEN_MOST}")
        self.seat = seat
        self.iters = iters
        self.seconds = time
        self._rollout_option = rollout  # None: chosen from the game's bots at the first decision
        self._prior_option = prior
        self.rollout = rollout or "policy"
        self.prior = prior or "policy"
        self.opponents = opponents  # the other seats' rollout policy, if not the same as the seat's own
        self.depth = depth
        self.c = c
        self.widen = widen
        self.scale = scale
        self.mode = search
        self.win = win  # weight of the win indicator in the reward; the rest is the smooth margin
        self.width = width  # flat search: candidate actions at the root
        self.sure = sure  # flat search: standard errors by which a candidate must beat the prior's choice
        self.stop = stop  # flat search: end early once the leader is this many standard errors ahead (0: off)
        self.cut = cut  # flat search: end early, keeping the prior's choice, once nothing leads it by this much
        self.cutmin = max(2, cutmin)  # … checked once the prior's choice has been scored in this many worlds
        self.rng = random.Random(f"{seed}/{seat}/mcts")
        self.last_iterations = 0  # of the last decision (for benchmarks)
        self.rollout_decisions = 0  # decisions played in all its rollouts so far: a cost no load changes
        self._bots: dict[tuple[str, int], Any] = {}
        self._seed = seed
        self.screen = screen  # rollouts: moves a rollout bot does not know are valued one move ahead (0: off)
        self.worth: Valuation | None = None  # the rules' yardstick (regola.bots.valuation), set by prepare
        self.score = "money"  # the result's measure whose most wins

    def choose(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        info: Game = obs.info()
        self.prepare(info)
        if self.mode == "flat":
            return self.flat_search(info, obs)
        return self.search(info, obs.legal)

    def prepare(self, info: Game) -> None:
        """Rollouts and prior not named: the game's greedy bot where it has one (the strongest setting
        measured, docs/SEARCH.md), else its cheap policy; the result's winning measure, and the rules'
        valuation where a cut-off or a screen needs it."""
        bots = info.ruleset.definition.bots
        fallback = "greedy" if "greedy" in bots else "policy"
        self.rollout = self._rollout_option or fallback
        self.prior = self._prior_option or fallback
        if self.worth is None:
            self.score = score_measure(info.ruleset)
            if self.screen or self.depth:
                self.worth = valuation(info.ruleset)
        known = [*ROLLOUTS, "none", *bots]
        for name in (self.rollout, self.prior, self.opponents):
            if name is not None and name not in known:
                raise RegolaError(f"mcts rollout or prior {name!r}: the game has no such bot "
                                  f"(known: {', '.join([*ROLLOUTS, *bots])})")

    # -- the search -----------------------------------------------------------------------------------
    def search(self, info: Game, legal: Sequence[Action]) -> Action:
        definition = info.ruleset.definition
        hooks = definition.search
        assert hooks is not None  # obs.info() would have failed
        root = Node(self.seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iters is None or done < self.iters) and (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, info, hooks)
            done += 1
        self.last_iterations = done
        best = max((a for a in legal if a in root.children), key=lambda a: root.children[a].visits,
                   default=legal[0])
        return best

    def _iterate(self, root: Node, info: Game, hooks: SearchHooks) -> None:
        rng = self.rng
        world = info.determinize(self.seat, rng)
        node = root
        path: list[Node] = [root]
        c = self.c
        widen = self.widen
        # selection and expansion
        while True:
            who = world.current_player()
            if who == TERMINAL:
                break
            if who == CHANCE:
                world.apply(world.sample_chance())
                continue
            legal = world.legal_actions()
            if len(legal) == 1:  # forced: no branch to keep
                world.apply(legal[0])
                continue
            children = node.children
            available = [a for a in legal if a in children]
            # progressive widening: a new child only every so often, the prior's choice first
            if len(available) < len(legal) and (not available or widen <= 0
                                                or len(available) < widen * math.sqrt(node.visits + 1)):
                action = self._expansion(world, who, legal, children, hooks)
                for a in available:
                    children[a].avail += 1
                child = children[action] = Node(who)
                world.apply(action)
                path.append(child)
                break
            best_score = -1.0
            chosen = available[0]
            for a in available:
                ch = children[a]
                ch.avail += 1
                score = ch.wins / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score = score
                    chosen = a
            node = children[chosen]
            world.apply(chosen)
            path.append(node)
        rewards = self.rollout_from(world, hooks)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.wins += rewards[n.player]

    def _expansion(self, world: Game, who: int, legal: Sequence[Action], children: dict[Action, Node],
                   hooks: SearchHooks) -> Action:
        """The untried action to add: the prior policy's choice if untried, else a random one."""
        guess: Action | None = None
        if self.prior == "policy":
            guess = hooks.playout(world.state, legal, self.rng) if hooks.playout is not None else None
        elif self.prior != "none":
            guess = self.bot_for(world, self.prior, who).choose(Observation(who, legal, world.view))
        if guess is not None and guess not in children:
            return guess
        untried = [a for a in legal if a not in children]
        return untried[self.rng.randrange(len(untried))]

    def bot_for(self, world: Game, name: str, seat: int) -> Any:
        """The game's bot ``name`` for ``seat``, kept for the whole game (rollouts and priors)."""
        bot = self._bots.get((name, seat))
        if bot is None:
            factory = world.ruleset.definition.bots.get(name)
            if factory is None:
                raise RegolaError(f"mcts rollout or prior {name!r}: the game has no such bot "
                                  f"(known: {', '.join([*ROLLOUTS, *world.ruleset.definition.bots])})")
            bot = self._bots[(name, seat)] = factory(seat, f"{self._seed}/mcts", world.ruleset.rules)
        return bot

    def rollout_from(self, world: Game, hooks: SearchHooks, seed: int | None = None) -> list[float]:
        """Plays ``world`` on; with ``seed``, every random draw of the rollout (its own and the rollout
        bots') comes from it, so two rollouts from equal worlds with one seed are alike."""
        rng = self.rng if seed is None else random.Random(seed)
        ready: dict[tuple[str, int], Any] = {}  # the bots this rollout has asked so far

        def bot(name: str, seat: int) -> Any:
            found = ready.get((name, seat))
            if found is None:
                found = ready[(name, seat)] = self.bot_for(world, name, seat)
                if seed is not None and hasattr(found, "rng"):
                    found.rng.seed(seed + seat)  # its first draw in this rollout: from the rollout's seed
            return found

        policy = hooks.playout if self.rollout == "policy" else None
        by_bot = self.rollout not in ROLLOUTS
        others = self.opponents
        me = self.seat
        worth = self.worth
        limit = self.depth if self.depth and worth is not None else -1
        screening = self.screen if worth is not None else 0
        state = world.state
        bot_view = hooks.bot_view
        view: Callable[[int], dict[str, Any]] = world.view if bot_view is None else partial(bot_view, state)
        # bound once: this loop runs once per decision of every rollout
        current_player, legal_actions, apply = world.current_player, world.legal_actions, world.apply
        rollers: dict[int, tuple[Any, Any]] = {}  # seat -> its rollout bot's choose and what it knows

        steps = 0
        while True:
            who = current_player()
            if who == TERMINAL:
                self.rollout_decisions += steps
                result = world.result()
                assert result is not None
                return self._rewards(final_scores(result, self.score))
            if steps == limit:
                self.rollout_decisions += steps
                assert worth is not None
                return self._rewards(worth(state))
            if who == CHANCE:
                apply(world.sample_chance())
                continue
            legal = legal_actions()
            if others is not None and who != me and len(legal) > 1:
                # the other seats as the search expects them to play, e.g. like the greedy bots they are
                if others == "policy" and hooks.playout is not None:
                    apply(hooks.playout(state, legal, rng))
                elif others == "random":
                    apply(legal[rng.randrange(len(legal))])
                else:
                    apply(bot(others, who).choose(Observation(who, legal, view)))
            elif by_bot:
                roller = rollers.get(who)
                if roller is None:
                    chooser = bot(self.rollout, who)
                    roller = rollers[who] = (chooser.choose, getattr(chooser, "knows", None))
                choose, knows = roller
                action = choose(Observation(who, legal, view))
                if screening and knows is not None and len(legal) > 1 and not all_known(legal, knows):
                    # moves the bot was not written for: heard against its choice, one move ahead
                    assert worth is not None
                    action = screen(world, who, sample(unknown(legal, knows), rng, screening), action, worth,
                                    rng)[0]
                apply(action)
            elif policy is not None:
                apply(policy(state, legal, rng))
            else:
                apply(legal[rng.randrange(len(legal))])
            steps += 1

    def _rewards(self, values: list[float]) -> list[float]:
        if not self.win:
            return margin_rewards(values, self.scale)
        return mixed_rewards(values, self.scale, self.win)

    # -- flat search with common worlds ---------------------------------------------------------------
    def flat_search(self, info: Game, obs: Observation) -> Action:
        """Flat Monte Carlo over a few candidate actions, all scored in the same sampled worlds (each
        world played on from every candidate with the same random draws, so the comparison is paired),
        halving the candidates after each share of the budget (sequential halving). The prior bot's
        choice stays in to the end and is kept unless the best one beats it by ``sure`` standard errors
        of the paired differences: noise alone must not talk the search out of a sound default."""
        hooks = info.ruleset.definition.search
        assert hooks is not None
        cands = self._candidates(info, obs)
        default = cands[0] if self.prior not in ("policy", "none") else None
        scores: dict[Action, list[float]] = {a: [] for a in cands}  # per world, in the order drawn
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        budget = self.iters if self.iters is not None else 10**9
        rounds = max(1, math.ceil(math.log2(len(cands))))
        done = 0
        alive = cands
        settled = False
        for r in range(rounds):
            if len(alive) == 1 or settled:
                break
            worlds = max(1, (budget - done) // (rounds - r) // len(alive))
            for k in range(worlds):
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                world = info.determinize(self.seat, self.rng)
                seed = self.rng.getrandbits(64)
                for a in alive:
                    g = world.clone(random.Random(seed))
                    g.apply(a)
                    scores[a].append(self.rollout_from(g, hooks, seed)[self.seat])
                    done += 1
                if self.stop and k % 4 == 3 and settled_early(scores, alive, self.stop):
                    settled = True
                    break
                if self.cut is not None and default is not None and len(scores[default]) >= self.cutmin and k % 2 == 1 \
                        and futile(scores, alive, default, self.cut):
                    settled = True
                    break
            if self.cut is not None and default is not None and len(scores[default]) >= self.cutmin \
                    and futile(scores, alive, default, self.cut):
                settled = True
            # the alive ones have been scored in the same worlds: keep the better half (ties: earlier)
            ranked = sorted(alive, key=lambda a: -_mean(scores[a]))
            alive = ranked[:max(1, len(alive) // 2)]
            if default is not None and default not in alive:
                alive.append(default)
        self.last_iterations = done
        best = max(alive, key=lambda a: _mean(scores[a]))
        if default is None or best == default:
            return best
        return best if paired_lead(scores[best], scores[default]) > self.sure else default

    def _candidates(self, info: Game, obs: Observation) -> list[Action]:
        """Up to ``width`` actions: the prior bot's choice first (it is the default the search keeps
        unless clearly beaten), then all the others if they fit, else the cheap policy's picks and
        random ones (distinct)."""
        legal = obs.legal
        picks: list[Action] = []
        if self.prior not in ("policy", "none"):
            pick = self.bot_for(info, self.prior, self.seat).choose(obs)
            if pick in legal:  # a bot's answer is checked like any other
                picks.append(pick)
        if len(legal) <= self.width:
            return picks + [a for a in legal if a not in picks]
        hooks = info.ruleset.definition.search
        tries = 0
        while len(picks) < self.width and tries < 4 * self.width:
            tries += 1
            if hooks is not None and hooks.playout is not None and self.prior != "none" and tries <= 2 * self.width:
                a = hooks.playout(info.state, legal, self.rng)
            else:
                a = legal[self.rng.randrange(len(legal))]
            if a not in picks:
                picks.append(a)
        return picks


def settled_early(scores: dict[Action, list[float]], alive: list[Action], z: float) -> bool:
    """Whether spending more on these candidates is pointless: every one scored alike in every world
    so far (the choice makes no difference the rollouts can see), or the leader is ahead of each
    other one by more than ``z`` standard errors of the paired differences."""
    first = scores[alive[0]]
    if all(scores[a] == first for a in alive[1:]):
        return True
    leader = max(alive, key=lambda a: _mean(scores[a]))
    return all(paired_lead(scores[leader], scores[a]) > z for a in alive if a != leader)


def futile(scores: dict[Action, list[float]], alive: list[Action], default: Action, z: float) -> bool:
    """Whether searching on is unlikely to change the choice: no candidate still in the race leads the
    prior's choice by more than ``z`` standard errors of the paired differences (the search keeps the
    prior's choice unless one leads it by ``sure`` at the end)."""
    return all(paired_lead(scores[a], scores[default]) <= z for a in alive if a != default)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else -math.inf


def paired_lead(a: list[float], b: list[float]) -> float:
    """How many standard errors the mean of ``a`` lies above that of ``b``, over the worlds both were
    scored in (the first ``min(len)``: the same worlds, drawn in the same order)."""
    n = min(len(a), len(b))
    if n == 0:
        return 0.0
    diffs = [x - y for x, y in zip(a, b, strict=False)]  # zip stops at the shorter: the first n
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    if var == 0:  # one world, or no spread: the sign says it all
        return math.inf if mean > 0 else (-math.inf if mean < 0 else 0.0)
    return mean / math.sqrt(var / n)


def margin_rewards(values: list[float], scale: float) -> list[float]:
    """Each seat's reward in [0, 1] from its lead over the best other seat: 0.5 on a tie, towards 1 as
    the lead grows (tanh of the lead over ``scale``). Smoother than the rank alone, so a rollout cut
    off mid-game still says which choice gained how much."""
    out = []
    for i, v in enumerate(values):
        best_other = max((o for j, o in enumerate(values) if j != i), default=v)
        out.append(0.5 + 0.5 * math.tanh((v - best_other) / scale))
    return out


def mixed_rewards(values: list[float], scale: float, win: float) -> list[float]:
    """``win`` times the win indicator (1 for the first place, shared among equal firsts) plus the
    rest times the smooth margin reward: the goal is winning, the margin breaks the ties between
    choices that all win or all lose."""
    top = max(values)
    firsts = sum(1 for v in values if v == top)
    return [win * ((1.0 / firsts) if v == top else 0.0) + (1 - win) * m
            for v, m in zip(values, margin_rewards(values, scale), strict=True)]

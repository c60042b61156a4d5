"""The greedy bot's lean view for rollouts holds only fields of the seat's real view, and the bot
chooses the same with it as with the whole view."""

from __future__ import annotations

import functools
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from regola.core.bots import Observation
from regola.core.game import CHANCE, Game, Ruleset
from regola.games.maestro_leonardo.greedy import GreedyBot
from regola.games.maestro_leonardo.views import greedy_view


def _is_part_of(lean: Any, full: Any) -> bool:
    """Every field of ``lean`` is in ``full`` with the same value (None stands for a left-out player)."""
    if isinstance(lean, dict):
        return isinstance(full, dict) and all(k in full and _is_part_of(v, full[k]) for k, v in lean.items())
    if isinstance(lean, list) and isinstance(full, list):
        return len(lean) == len(full) and all(x is None or _is_part_of(x, y) for x, y in zip(lean, full, strict=True))
    return bool(lean == full)


@settings(max_examples=30, deadline=None, database=None)
@given(n=st.integers(2, 5), setup=st.sampled_from(["beginner", "advanced"]), seed=st.integers(0, 10**6))
def test_greedy_chooses_the_same_from_its_lean_view(ruleset: Ruleset, n: int, setup: str, seed: int) -> None:
    _same_from_either(Game.new(ruleset, n, seed=seed, setup=setup), GreedyBot, seed, decisions=10**6)


def _same_from_either(game: Game, bot: Any, seed: int, decisions: int) -> None:
    """Up to ``decisions`` decisions of ``game``: the lean view (Game.bot_view) holds only fields of the whole
    one, never a board picture, and ``bot`` chooses the same from either; mostly greedy, now and then
    anything, to reach the states greedy reaches and others."""
    rng = random.Random(seed)
    n = len(game.state.players)
    full_bots = [bot(s, seed, game.ruleset.rules) for s in range(n)]
    lean_bots = [bot(s, seed, game.ruleset.rules) for s in range(n)]
    for _ in range(decisions):
        if game.is_terminal():
            break
        who = game.current_player()
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        lean = game.bot_view(who)
        assert _is_part_of(lean, game.view(who)) and "board" not in lean["players"][who]
        choice = full_bots[who].choose(Observation(who, legal, game.view))
        assert lean_bots[who].choose(Observation(who, legal, game.view, lean_fn=game.bot_view)) == choice
        game.apply(choice if rng.random() < 0.8 else legal[rng.randrange(len(legal))])


def test_the_lean_view_leaves_out_the_other_players() -> None:
    from regola.core.pack import load_pack

    game = Game.new(Ruleset(load_pack("cs")), 3, seed=1)
    lean = greedy_view(game.state, 1)
    assert lean["players"][0] is None and lean["players"][2] is None
    assert lean["players"][1]["money"] == game.state.players[1].money


def test_greedy_bids_beside_a_declared_move_that_brings_money() -> None:
    """A declared move that gains gulden is offered beside a completion bid: the legal actions are the bid
    range (an ActionRange, never built) followed by the move. The greedy bot narrows the decision to the
    range and bids within it (the compiled engine types Observation.narrowed: a list only, once, made a
    probe rollout under ml-council-grant fail)."""
    from regola.bots.declared import own_or_declared
    from regola.core.step import ActionRange
    from regola.mechanics.moves import Extended

    legal = Extended(ActionRange("bid", range(0, 9)), [("council_grant",)])
    obs = Observation(1, legal, lambda seat: {}, None)
    own, declared = own_or_declared(obs)
    assert declared is None and isinstance(own.legal, ActionRange) and list(own.legal)[-1] == ("bid", 8)


@settings(max_examples=20, deadline=None, database=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_princes_of_florence_greedy_chooses_the_same_from_its_lean_view(n: int, seed: int) -> None:
    """Princes of Florence's lean view (no text picture of any principality, no other player's entry) holds
    only fields of the whole view, and its greedy bot chooses the same from either (issue 44: the pictures
    were most of a search game's time)."""
    from regola.games.princes_of_florence.greedy import GreedyBot as FlorenceBot

    _same_from_either(Game.new(_florence(), n, seed=seed, setup="standard"), FlorenceBot, seed, decisions=400)


@functools.cache
def _florence() -> Ruleset:
    from regola.core.pack import load_pack

    return Ruleset(load_pack("pl"))


def test_an_observation_without_a_lean_view_gives_the_whole_view() -> None:
    calls: list[int] = []

    def whole(seat: int) -> dict[str, Any]:
        calls.append(seat)
        return {"seat": seat}

    obs = Observation(2, [("pass",)], whole)
    assert obs.lean() == {"seat": 2} and obs.view() is obs.lean() and calls == [2]


@settings(max_examples=15, deadline=None, database=None)
@given(n=st.integers(2, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 300))
def test_a_plain_view_is_the_whole_view_without_the_pictures_drawn_from_its_pieces(n: int, seed: int,
                                                                                  steps: int) -> None:
    """What a seat saw is fingerprinted from its plain view (regola.openspiel.recall): the whole view but
    the principalities' text pictures, each of which the pieces beside it draw again, so two views that
    differ differ in their plain views too."""
    from regola.games.princes_of_florence.placement import Board

    game, rng = Game.new(_florence(), n, seed=seed, setup="standard"), random.Random(seed)
    while not game.is_terminal() and steps:
        legal = game.legal_actions() if game.current_player() != CHANCE else [game.sample_chance()]
        game.apply(legal[rng.randrange(len(legal))])
        steps -= 1
    principality = game.ruleset.rules.principality
    for seat in range(n):
        whole, plain = game.view(seat), game.view(seat, plain=True)
        for entry, bare in zip(whole["players"], plain["players"], strict=True):
            # the board rebuilt from the plain entry alone draws the picture the whole entry shows
            shared = [[piece, principality.grid.mask(tuple(c) for c in cells)] for piece, cells in bare["shared"]]
            board = Board.from_json({"pieces": bare["pieces"], "shared": shared}, principality)
            assert entry.pop("board") == principality.picture(board) and "board" not in bare
        assert whole == plain


@settings(max_examples=15, deadline=None, database=None)
@given(n=st.integers(2, 5), setup=st.sampled_from(["beginner", "advanced"]), seed=st.integers(0, 10**6))
def test_greedy_chooses_as_a_fresh_bot_would(ruleset: Ruleset, n: int, setup: str, seed: int) -> None:
    """The greedy bot keeps its last ranking of inventions with what it was computed from (issue 44, item 6):
    at every decision of a game it chooses what a new bot, with no ranking kept and the same random state,
    chooses."""
    game, rng = Game.new(ruleset, n, seed=seed, setup=setup), random.Random(seed)
    bots = [GreedyBot(s, seed, game.ruleset.rules) for s in range(n)]
    while not game.is_terminal():
        who = game.current_player()
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        fresh = GreedyBot(who, seed, game.ruleset.rules)
        fresh.rng.setstate(bots[who].rng.getstate())
        expected = fresh.choose(Observation(who, legal, game.view, lean_fn=game.bot_view))
        choice = bots[who].choose(Observation(who, legal, game.view, lean_fn=game.bot_view))
        assert choice == expected
        game.apply(choice if rng.random() < 0.9 else legal[rng.randrange(len(legal))])


def test_a_kept_ranking_follows_every_input_it_was_computed_from(ruleset: Ruleset) -> None:
    """Each thing the ranking of inventions depends on, changed alone, gives the ranking of the changed view,
    not the kept one: the round (fewer weeks left), the display, the inventions done before, the seat's
    cards (discounts), its completed inventions and what its labs work on."""
    import copy

    game = Game.new(ruleset, 3, seed=5, setup="beginner")
    bots = [GreedyBot(s, 5, ruleset.rules) for s in range(3)]
    while game.state.round < 2:
        who = game.current_player()
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        game.apply(bots[who].choose(Observation(who, game.legal_actions(), game.view, lean_fn=game.bot_view)))
    base = game.bot_view(0)
    shown = sorted(base["display"])
    cheap = min(shown, key=lambda c: ruleset.rules.cards[c].weeks)
    changes = {
        "round": lambda v: v.update(round=ruleset.rules.rounds),
        "display": lambda v: v["display"].remove(shown[0]),
        "done before": lambda v: v["completed_before"].append(shown[-1]),
        "cards": lambda v: v["players"][0]["cards"].extend(shown[:2]),
        "completed": lambda v: v["players"][0]["completed"].append(cheap),
        "labs": lambda v: v["players"][0]["labs"][0].update(target=cheap, working=True),
    }
    for name, change in changes.items():
        bot = GreedyBot(0, 5, ruleset.rules)
        kept = bot._candidates(base, base["players"][0])
        changed = copy.deepcopy(base)
        change(changed)
        fresh = GreedyBot(0, 5, ruleset.rules)._rank(changed, changed["players"][0])
        assert fresh != kept, f"changing {name} should change the ranking in this position"
        assert bot._candidates(changed, changed["players"][0]) == fresh, name


def test_greedy_staffs_labs_by_the_work_the_rules_give_each_figure(ruleset: Ruleset) -> None:
    """The weeks an apprentice, the master and a robot add are the pack's (labs.work), not the bot's: at a
    placement where a lab still needs work, apprentices worth nothing are never sent there, and the same
    position under the printed numbers sends some."""
    import dataclasses

    game = Game.new(ruleset, 3, seed=2, setup="beginner")
    bots = [GreedyBot(s, 2, ruleset.rules) for s in range(3)]
    idle = dataclasses.replace(ruleset.rules, work_apprentice=0, work_master=0)
    asked = sent = 0
    while not game.is_terminal() and asked < 20:
        who = game.current_player()
        if who == CHANCE:
            game.apply(game.sample_chance())
            continue
        legal = game.legal_actions()
        obs = Observation(who, legal, game.view, lean_fn=game.bot_view)
        printed = bots[who].choose(obs)
        if any(a[0] == "place" and str(a[1]).startswith("lab") for a in legal):
            choice = GreedyBot(who, 2, idle).choose(obs)
            assert not (choice[0] in ("place", "master") and str(choice[1]).startswith("lab")), choice
            asked += 1
            sent += printed[0] in ("place", "master") and str(printed[1]).startswith("lab")
        game.apply(printed)
    assert asked and sent, "no placement into a lab was reached"

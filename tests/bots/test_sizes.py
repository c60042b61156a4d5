"""A move's size (``Verb.size``: a bid, a raise, how many people) is heard by the bots and counted by the
play loop (issue 44, item 3): at one decision the least size offered and the larger ones are two families
of moves, so the probe bot hears a larger raise as a rival of greedy's least one, and a simulation counts
the moves made larger than the least offered."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from regola.bots.families import LARGER, LEAST, Grouping, family
from regola.core.game import Game, Ruleset, definition_for
from regola.core.pack import load_pack
from regola.core.play import Moments, play
from regola.core.step import ActionRange
from regola.core.verbs import above_least, least_sizes

SIZES = {"raise": 1, "place": 2}


def test_the_least_size_and_the_larger_ones_are_two_families() -> None:
    legal = [("pass",), ("raise", 300), ("raise", 100), ("raise", 200), ("place", "D", 2), ("place", "D", 1),
             ("place", "E", 3)]
    assert least_sizes(legal, SIZES) == {("raise",): 100, ("place", "D"): 1, ("place", "E"): 3}
    grouping = Grouping(legal, random.Random(0), 48, SIZES)
    assert grouping.groups == {("pass",): [("pass",)], ("raise", LARGER): [("raise", 300), ("raise", 200)],
                               ("raise", LEAST): [("raise", 100)], ("place", "D", LARGER): [("place", "D", 2)],
                               ("place", "D", LEAST): [("place", "D", 1)], ("place", "E", LEAST): [("place", "E", 3)]}
    assert grouping.of(("raise", 200)) == ("raise", LARGER)
    # without sizes a family is its verb and the place or thing it names, as before
    assert family(("raise", 200)) == ("raise",) and family(("place", "D", 2)) == ("place", "D")


def test_a_range_of_bids_is_never_walked_for_its_least() -> None:
    bids = ActionRange("bid", range(3, 10**9))
    assert least_sizes(bids, {"bid": 1}) == {("bid",): 3}
    assert least_sizes(bids, {"raise": 1}) == {}


def test_the_games_declare_their_sizes_once_in_their_verb_records() -> None:
    assert definition_for("maestro-leonardo").verbs.sizes == {"place": 2, "bid": 1}  # type: ignore[union-attr]
    assert definition_for("princes-of-florence").verbs.sizes == \
        {"raise": 1, "convert": 1, "bid": 2, "seal": 2}  # type: ignore[union-attr]


_MOVES = st.one_of(st.just(("pass",)), st.tuples(st.just("raise"), st.integers(0, 5)),
                   st.tuples(st.just("place"), st.sampled_from("DE"), st.integers(1, 3)))


@given(legal=st.lists(_MOVES, min_size=1, max_size=12), pick=st.integers(0, 11))
def test_the_play_loop_counts_a_larger_size_as_the_table_of_least_sizes_says(legal: list, pick: int) -> None:
    """``above_least`` (what the play loop asks at every sized decision) agrees with ``least_sizes``."""
    action = legal[pick % len(legal)]
    at = SIZES.get(action[0])
    if at is None:
        return
    least = least_sizes(legal, SIZES)[action[:at]]
    assert above_least(legal, action, at) == (action[at] > least)
    bids = ActionRange("bid", range(3, 10**9))
    assert above_least(bids, ("bid", 3 + pick), 1) == (pick > 0)


class _Largest:
    """Raises by the most it may, else the first option: a bot that plays sizes by design."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, obs):  # type: ignore[no-untyped-def]
        raises = [a for a in obs.legal if a[0] == "raise" and len(a) == 2]
        return max(raises, key=lambda a: a[1]) if raises else obs.legal[0]


def test_the_play_loop_counts_the_moves_larger_than_the_least_offered() -> None:
    ruleset = Ruleset(load_pack("pl", variants=["pf-raise-more"]))
    moments = Moments()
    game = play(Game.new(ruleset, 3, seed=4, setup="standard"), [_Largest(s) for s in range(3)], moments=moments)
    raises = [a for who, a in game.history if who >= 0 and a[0] == "raise"]
    assert raises and moments.larger == {"raise": sum(1 for a in raises if a[1] > 100)} and moments.larger["raise"]
    # the printed rule raises by exactly 100: no size to choose, nothing counted
    printed = Moments()
    play(Game.new(Ruleset(load_pack("pl")), 3, seed=4, setup="standard"), [_Largest(s) for s in range(3)],
         moments=printed)
    assert printed.larger == {}

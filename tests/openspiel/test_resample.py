"""Resampled states with a history of their own (regola.openspiel.resample): every one lies in the seat's
perfect-recall information state, its history reproduces it, and what the seat cannot know is drawn
again rather than copied from the real game."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import regola.openspiel  # noqa: E402,F401  (registers every pack)
from regola.openspiel import resample  # noqa: E402
from regola.openspiel.positions import random_position  # noqa: E402

SAMPLER = pyspiel.UniformProbabilitySampler(0.0, 1.0)


def _played(name: str, seed: int, steps: int) -> object:
    """A state ``steps`` random steps (decisions and chance draws) into a game."""
    return random_position(pyspiel.load_game(name), np.random.RandomState(seed), steps)


def _seat(state: object) -> int:
    who = state.current_player()  # type: ignore[attr-defined]
    return who if who >= 0 else 0


def _same_for_the_seat(real: object, world: object, seat: int) -> None:
    game = real.get_game()  # type: ignore[attr-defined]
    # the history reproduces the world: replayed from the start, it is the same state
    again = game.new_initial_state()
    for action in world.history():  # type: ignore[attr-defined]
        again.apply_action(action)
    assert str(again) == str(world)
    assert len(world.history()) == len(real.history())  # type: ignore[attr-defined]
    # the seat saw the same, step by step: equal perfect-recall strings (each built from its own history)
    assert world.information_state_string(seat) == real.information_state_string(seat)  # type: ignore[attr-defined]
    mine, theirs = world.observation_history(seat), real.observation_history(seat)  # type: ignore[attr-defined]
    assert np.array_equal(mine[0], theirs[0]) and mine[1] == theirs[1]
    # it serializes as OpenSpiel does (by its history) and comes back the same
    back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, world))[1]
    assert str(back) == str(world)
    if real.current_player() == seat:  # type: ignore[attr-defined]
        assert world.legal_actions() == real.legal_actions()  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["regola_cs(players=2)", "regola_pl(players=2)", "regola_de(players=3)",
                                  "regola_pl(players=3,variants=muse-and-princess)"])
def test_a_resampled_state_has_a_history_the_seat_cannot_tell_from_the_real_one(name: str) -> None:
    for seed, steps in ((0, 70), (1, 120), (2, 200)):
        real = _played(name, seed, steps)
        if real.is_terminal():  # type: ignore[attr-defined]
            continue
        seat = _seat(real)
        world = real.resample_from_infostate(seat, SAMPLER)  # type: ignore[attr-defined]
        _same_for_the_seat(real, world, seat)


@pytest.mark.parametrize("name", ["regola_cs(players=2)", "regola_pl(players=2)"])
def test_what_the_seat_cannot_see_is_drawn_again_not_copied(name: str) -> None:
    """Most worlds differ from the real state, and in many the other seat's own view (its hand, its lab
    work) differs: the resample is no copy of the real state with a history attached. (Not in all: what
    the seat could infer from its past, such as a material bought from an open shop, stays.)"""
    differ = other_differs = worlds = 0
    for seed, steps in ((1, 60), (2, 90), (3, 110), (4, 130)):
        real = _played(name, seed, steps)
        seat = _seat(real)
        for pick in range(4):
            world, _ = resample.resample_history(real, seat, random.Random(pick))  # type: ignore[arg-type]
            worlds += 1
            differ += str(world) != str(real)
            other_differs += any(world.regola.view(o) != real.regola.view(o)  # type: ignore[attr-defined]
                                 for o in range(2) if o != seat)
    assert differ >= 12 and other_differs >= 6, (differ, other_differs, worlds)


def test_the_draws_of_a_deal_in_progress_are_all_drawn_again() -> None:
    real = _played("regola_pl(players=2)", 3, 12)
    assert real.is_chance_node()  # type: ignore[attr-defined]
    worlds = [real.resample_from_infostate(0, SAMPLER) for _ in range(6)]  # type: ignore[attr-defined]
    assert all(len(w.history()) == 12 and w.is_chance_node() for w in worlds)
    assert len({tuple(w.history()) for w in worlds}) >= 5  # nobody has seen any of those cards


def test_conflicts_pin_choices_back_to_the_real_history_and_still_end_in_the_information_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The worst case: a hook that claims the seat has seen no card at all, so every deal is drawn again
    and the seat's own hand, the display, everything conflicts. Pinning must still end in a state the seat
    cannot tell apart (at worst the real one)."""
    walk = resample._walk

    def blind(*args: object) -> object:
        actors, views, starts, _ = walk(*args)  # type: ignore[arg-type]
        return actors, views, starts, set()

    monkeypatch.setattr(resample, "_walk", blind)
    real = _played("regola_pl(players=2)", 4, 90)
    seat = _seat(real)
    world, stats = resample.resample_history(real, seat, random.Random(0))  # type: ignore[arg-type]
    assert stats.pinned >= 1 and stats.steps > stats.length
    _same_for_the_seat(real, world, seat)


def test_the_present_only_resample_stays_available_and_unknown_modes_are_refused() -> None:
    real = _played("regola_cs(players=2,resample=present)", 1, 80)
    seat = _seat(real)
    world = real.resample_from_infostate(seat, SAMPLER)  # type: ignore[attr-defined]
    assert world.history() == [] and np.array_equal(world.observation_tensor(seat), real.observation_tensor(seat))
    with pytest.raises(ValueError, match="resample must be one of history, present"):
        pyspiel.load_game("regola_cs(resample=future)")


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 160), pick=st.integers(0, 2**31 - 1))
def test_any_point_of_any_game_resamples_into_its_information_state(seed: int, steps: int, pick: int) -> None:
    real = _played("regola_pl(players=2)" if seed % 2 else "regola_cs(players=2)", seed, steps)
    if real.is_terminal():  # type: ignore[attr-defined]
        return
    seat = _seat(real)
    world, _ = resample.resample_history(real, seat, random.Random(pick))  # type: ignore[arg-type]
    _same_for_the_seat(real, world, seat)

"""Issue 46, item 2: a seat's observation tensor carries everything its view (the observation string) says,
for every pack and bundled variant: every value of the view moves the tensor, and over random games no two
different views share a tensor."""

from __future__ import annotations

import copy
import json
import random
import zlib
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from regola.core.errors import RegolaError
from regola.core.game import Game, Ruleset
from regola.core.pack import available_variants, load_pack

CASES = [(pack, None) for pack in ("cs", "pl")] + \
    [(pack, variant) for pack in ("cs", "pl") for variant in available_variants(pack)]

#: view values the tensor need not read, each for a reason
EXEMPT = {
    "/seat": "the observer: the tensor numbers seats from it",
    "/legal": "what the rules allow, worked out from the rest of the view (the second test holds it)",
    "/players/#/hand_size": "Maestro Leonardo: the sum of the hand beside it",
    "/awarded/#/0": "running numbers of consecutive awards: the latest is encoded, the others follow from it",
    "/step/pending/then/seat": "the merchant's holder, who is the pending seat",
}


@cache
def _ruleset(pack: str, variant: str | None) -> Ruleset:
    return Ruleset(load_pack(pack, variants=[variant] if variant else []))


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        if value and not isinstance(value[-1], dict | list):
            yield path, value
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _pattern(path: tuple[Any, ...]) -> str:
    return "/" + "/".join("#" if isinstance(k, int) else str(k) for k in path)


def _changed(value: Any) -> Any:
    """Another value of the same kind: a number one more, a list without its last item (None: none)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list) and value and value[-1] not in (0, False, None):
        return value[:-1]
    return None


def _states(rs: Ruleset, seed: int, every: int) -> Iterator[tuple[Game, int]]:
    lo, hi = rs.players_range()
    players = min(max(lo, 3), hi)
    game = Game.new(rs, players, seed, rs.definition.setup_modes(rs.rules)[0])
    rng = random.Random(seed)
    step = 0
    while not game.is_terminal():
        if game.is_chance():
            game.apply(game.sample_chance())
            continue
        step += 1
        if step % every == 0:
            yield game, rng.randrange(players)
        game.apply_legal(rng.randrange(len(game.legal_actions())))


@pytest.mark.parametrize(("pack", "variant"), CASES, ids=[f"{p}-{v or 'base'}" for p, v in CASES])
def test_every_value_of_a_view_moves_the_observation_tensor(pack: str, variant: str | None) -> None:
    rs = _ruleset(pack, variant)
    seed = zlib.crc32(f"{pack} {variant}".encode()) % 10_000
    specs: dict[int, Any] = {}
    unread: set[str] = set()
    for game, seat in _states(rs, seed, 9):
        spec = specs.get(game.state.n) or specs.setdefault(game.state.n, rs.definition.tensor_spec(rs, game.state.n))
        view = game.view(seat, plain=True)
        base = spec.encode(view, seat)
        for path, value in _leaves(view):
            pattern = _pattern(path)
            if {pattern, f"{_pattern(path[:-1])}/{path[-1]}"} & set(EXEMPT) or path[:1] in (("seat",), ("legal",)):
                continue
            if path == ("round",):  # the round counts from 1 to the last (0 before the first)
                if rs.rules.rounds < 2:
                    continue
                value_changed: Any = value - 1 if value > 1 else value + 1
            else:
                value_changed = _changed(value)
            if value_changed is None:
                continue
            other = copy.deepcopy(view)
            node = other
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value_changed
            try:
                moved = spec.encode(other, seat)
            except (KeyError, IndexError, TypeError, ValueError, RegolaError):
                continue  # a value outside the game (a card or seat that does not exist): nothing to tell apart
            if moved == base:
                unread.add(pattern)
    assert not unread, sorted(unread)


@pytest.mark.parametrize(("pack", "variant"), CASES, ids=[f"{p}-{v or 'base'}" for p, v in CASES])
def test_no_two_different_views_share_an_observation_tensor(pack: str, variant: str | None) -> None:
    rs = _ruleset(pack, variant)
    seed = zlib.crc32(f"{variant} {pack}".encode()) % 10_000
    seen: dict[tuple[int, tuple[float, ...]], str] = {}
    for game, _ in _states(rs, seed, 1):
        spec = rs.definition.tensor_spec(rs, game.state.n)
        for seat in range(game.state.n):
            view = game.view(seat, plain=True)
            text = json.dumps(view, sort_keys=True, default=list)
            earlier = seen.setdefault((seat, tuple(spec.encode(view, seat))), text)
            assert earlier == text, (seat, [k for k in json.loads(earlier) if json.loads(earlier)[k] != view.get(k)])

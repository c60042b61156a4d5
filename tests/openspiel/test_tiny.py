"""A reduced configuration of each game small enough for exact methods (issue 32, item 5): Maestro
Leonardo's ml-tiny and Princes of Florence's pf-tiny variants have trees OpenSpiel can enumerate, and
OpenSpiel's CFR+ lowers the exploitability of its average policy below the uniform random policy's,
through tools/cfr_tiny.py as a researcher runs it."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("matplotlib")

from tests.tool_modules import load_tool  # noqa: E402

import regola.openspiel  # noqa: E402,F401  (registers every pack)

GAME = "regola_cs(players=2,variants=ml-tiny)"


def _tool():  # type: ignore[no-untyped-def]
    return load_tool("cfr_tiny")


@pytest.mark.parametrize("spec", [GAME, "regola_pl(players=2,variants=pf-tiny)"])
def test_the_tiny_tree_is_small_enough_to_enumerate_and_every_game_ends_after_one_round(spec: str) -> None:
    tool = _tool()
    game = pyspiel.load_game(spec)
    size = tool.tree_size(game, 20_000)
    assert size["histories"] < 10_000 and size["longest"] <= 12, size
    assert sum(size["infosets"]) < 3_000
    assert min(size["infosets"]) > 10  # both seats decide (pf-tiny: 28 + 600, seat 1 answers seat 0)
    with pytest.raises(tool.TooBig):
        tool.tree_size(game, 1_000)
    # what the variants' comments promise: every game ends after round 1
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            assert json.loads(str(state))["state"]["round"] == 1
            assert sum(state.returns()) == pytest.approx(1.0)
            continue
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        assert actions  # a chance event that needs no draw (pf-tiny's empty reshuffle) is no chance node
        stack.extend(state.child(a) for a in actions)


def test_cfr_plus_lowers_the_exploitability_below_the_uniform_policy_s(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    # on pf-duel (724 histories), a tenth of ml-tiny's tree: the same run in a tenth of the time
    tool = _tool()
    assert tool.main(["--game", "regola_pl(players=2,variants=pf-duel)", "--iterations", "2",
                      "--out", str(tmp_path)]) == 0
    said = capsys.readouterr().out
    uniform = float(said.split("uniform random policy: exploitability ")[1].split()[0])
    with (tmp_path / "cfr.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [int(r["iteration"]) for r in rows] == [1, 2]
    values = [float(r["exploitability"]) for r in rows]
    assert 0 <= values[-1] < uniform * 0.9, (values, uniform)  # measured: 0.465 -> 0.357 after 2 iterations
    assert "(holding more than one history: 54 + 132)" in said  # hidden information on both sides
    assert (tmp_path / "exploitability.png").stat().st_size > 1000


def test_a_game_too_big_for_exact_methods_is_refused_in_one_line(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    tool = _tool()
    assert tool.main(["--game", "regola_cs(players=2)", "--max-histories", "500", "--out", str(tmp_path)]) == 1
    assert "more than 500 histories" in capsys.readouterr().err


DUEL = "regola_pl(players=2,variants=pf-duel)"


def _dealt(state: object) -> list[list[int]]:
    """Each seat's profession cards (hand and table) in the whole state."""
    players = json.loads(str(state))["state"]["players"]
    return [sorted(p["hand"] + [c for c in p["table"] if c]) for p in players]


@pytest.mark.parametrize(("params", "hidden"), [("", True), (",visibility_hand=public", False)])
def test_the_duel_hides_a_card_that_matters_from_each_seat(params: str, hidden: bool) -> None:
    """pf-duel (issue 46, item 1): each seat's information sets hold histories that differ in the other
    seat's profession card, and games through those information sets end differently."""
    tool = _tool()
    game = pyspiel.load_game(DUEL[:-1] + params + ")")
    size = tool.tree_size(game, 5_000)
    assert size["histories"] < 2_000, size
    # information set -> (the other seat's cards, seat 0's return at the end of each game through it)
    other: list[dict[str, set[tuple[int, ...]]]] = [{}, {}]
    stack: list[tuple[object, list[tuple[int, str]]]] = [(game.new_initial_state(), [])]
    outcomes: dict[tuple[int, str], set[float]] = {}
    while stack:
        state, seen = stack.pop()
        if state.is_terminal():  # type: ignore[attr-defined]
            for key in seen:
                outcomes.setdefault(key, set()).add(state.returns()[0])  # type: ignore[attr-defined]
            continue
        if state.is_chance_node():  # type: ignore[attr-defined]
            stack.extend((state.child(a), seen) for a, _ in state.chance_outcomes())  # type: ignore[attr-defined]
            continue
        seat = state.current_player()  # type: ignore[attr-defined]
        key = state.information_state_string()  # type: ignore[attr-defined]
        other[seat].setdefault(key, set()).add(tuple(_dealt(state)[1 - seat]))
        stack.extend((state.child(a), [*seen, (seat, key)]) for a in state.legal_actions())  # type: ignore[attr-defined]
    if not hidden:  # the hands laid open (the same game otherwise): nothing to tell apart
        assert not any(len(cards) > 1 for sets in other for cards in sets.values())
        return
    assert all(n > 0 for n in size["hidden"]), size
    for seat in (0, 1):
        unsure = [k for k, cards in other[seat].items() if len(cards) > 1]
        assert unsure, seat  # somewhere the seat cannot tell the other's card
        assert any(len(outcomes[(seat, k)]) > 1 for k in unsure), seat  # and there the end differs


@pytest.mark.parametrize("spec", [GAME, "regola_pl(players=2,variants=pf-tiny)", DUEL])
def test_the_observation_tensor_tells_apart_every_view_its_string_tells_apart(spec: str) -> None:
    """Issue 46, item 2: over every state of the tiny trees, as many different observation tensors as
    observation strings, seat by seat (before: Maestro Leonardo's tensor lost the order seats came into a
    district, 1,845 tensors for 1,959 strings; Princes of Florence's the piece a placement places)."""
    import numpy as np

    game = pyspiel.load_game(spec)
    pairs: set[tuple[int, str, bytes]] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        for seat in range(2):
            pairs.add((seat, state.observation_string(seat), np.asarray(state.observation_tensor(seat)).tobytes()))
        if state.is_terminal():
            continue
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        stack.extend(state.child(a) for a in actions)
    assert len({(s, text) for s, text, _ in pairs}) == len({(s, tensor) for s, _, tensor in pairs}) == len(pairs)


@pytest.mark.parametrize("spec", [GAME, "regola_pl(players=2,variants=pf-tiny)", DUEL])
def test_the_game_length_bounds_hold_over_the_whole_tree_and_are_within_four_times_random_play(spec: str) -> None:
    """Issue 46, item 3: ``max_game_length`` and ``max_chance_nodes_in_history`` are derived from the rules
    (regola.core.bounds). No history of the whole tree passes them, and neither is more than four times
    the most that 200 random games reach (before: 1,488 and 8,520 decisions for games of 11 and 8)."""
    tool = _tool()
    game = pyspiel.load_game(spec)
    size = tool.tree_size(game, 20_000)
    assert size["longest"] <= game.max_game_length()
    assert size["most_draws"] <= game.max_chance_nodes_in_history()
    longest, drawn = load_tool("game_lengths").longest(game, 200, 46)  # as docs/SEARCH.md's figures are made
    assert game.max_game_length() <= 4 * longest, (game.max_game_length(), longest)
    assert game.max_chance_nodes_in_history() <= 4 * drawn, (game.max_chance_nodes_in_history(), drawn)
    assert game.max_history_length() == game.max_game_length() + game.max_chance_nodes_in_history()


@pytest.mark.parametrize("spec", [GAME, "regola_pl(players=2,variants=pf-tiny)", DUEL])
def test_the_information_state_tensor_tells_apart_every_information_set_and_only_those(spec: str) -> None:
    """Issue 46, item 2: over the whole tree, each seat has exactly one information-state tensor per
    information set (its string), and no two sets share one (before: ml-tiny's 1,753 sets gave 679)."""
    import numpy as np

    game = pyspiel.load_game(spec)
    tensors: list[dict[str, set[bytes]]] = [{}, {}]
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
            continue
        seat = state.current_player()
        tensor = np.asarray(state.information_state_tensor(), np.float32).tobytes()
        tensors[seat].setdefault(state.information_state_string(), set()).add(tensor)
        stack.extend(state.child(a) for a in state.legal_actions())
    for seat in (0, 1):
        assert all(len(found) == 1 for found in tensors[seat].values()), seat  # a function of the set
        assert len(set().union(*tensors[seat].values())) == len(tensors[seat]), seat  # and tells them apart

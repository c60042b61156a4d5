"""House rules nobody wrote yet: hypothesis mixes the library's forms (who starts, the order of play, the
auction, the deal, who sees what and how each pile lies, an end tested at turns or rounds, an award)
into one variant, and every bot plays it to a result. No bot may crash or stall on a form it has not
seen, and a game under any mix passes the JSON round trip where it stops."""

from __future__ import annotations

import functools
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.mechanics.bots import every_bot_ends

from regola.core.game import Game, Ruleset
from regola.core.pack import load_pack
from regola.core.variant import variant_from_dict

_START = st.one_of(st.sampled_from([{"kind": "holder"}, {"kind": "fixed"}]),
                   st.builds(lambda s: {"kind": "rotate", "step": s}, st.integers(1, 3)),
                   st.builds(lambda k, by: {"kind": k, "by": by}, st.sampled_from(["fewest", "most"]),
                             st.sampled_from(["money"])))
_ORDER = st.sampled_from([{"kind": "clockwise"}, {"kind": "counterclockwise"}, {"kind": "fewest", "by": "money"},
                          {"kind": "most", "by": "money"}])
_AT = st.sampled_from(["round", "turn"])

_ML_AUCTION = st.sampled_from([{"kind": "sealed"}, {"kind": "open", "raise": {"kind": "any"}},
                               {"kind": "open", "raise": {"kind": "exactly", "by": 1}},
                               {"kind": "dutch", "start": 9, "step": 2, "floor": 1}, {"kind": "fixed", "price": 4}])
_PF_AUCTION = st.sampled_from([
    {"kind": "open", "raise": {"kind": "exactly", "by": 100}},
    {"kind": "open", "raise": {"kind": "multiple", "by": 100, "min": 100, "max": 400}},
    {"kind": "dutch", "start": 700, "step": 100, "floor": 200},
    {"kind": "fixed"}, {"kind": "fixed", "price": 500},
    {"kind": "sealed", "bids": {"by": 100, "max": 1500}}])
_PF_DEAL = st.sampled_from([{"kind": "keep"}, {"kind": "draft", "pass": "left"}, {"kind": "draft", "pass": "right"},
                            {"kind": "display"}])


@functools.cache
def _base(pack: str) -> dict[str, Any]:
    return load_pack(pack).data["mechanics"]


def _mix(pack: str, draw: Any) -> list[dict[str, Any]]:
    """JSON Patch changes of one drawn mix of forms for ``pack``."""
    base = _base(pack)
    measure = "money" if pack == "cs" else draw(st.sampled_from(["money", "prestige"]))
    threshold = draw(st.integers(15, 60)) if measure != "money" else draw(st.integers(30, 90))
    changes: list[dict[str, Any]] = [
        {"op": "replace", "path": "/mechanics/start_player", "value": draw(_START)},
        {"op": "add", "path": "/mechanics/turn_order", "value": draw(_ORDER)},
        {"op": "add", "path": "/mechanics/end/-",
         "value": {"kind": "reaches", "by": measure, "at_least": threshold, "at": draw(_AT)}},
        {"op": "add", "path": "/mechanics/awards/-",
         "value": {"when": draw(st.sampled_from(["round_start", "round_end", "game_end"])),
                   "to": draw(st.sampled_from(["each", "fewest", "most"])), "by": "money", "gain": "money",
                   "amount": draw(st.integers(1, 3)) * (1 if pack == "cs" else 100)}},
        {"op": "replace", "path": "/mechanics/auction", "value": draw(_ML_AUCTION if pack == "cs" else _PF_AUCTION)},
    ]
    if changes[3]["value"]["to"] == "each":
        del changes[3]["value"]["by"]
    for part in base["visibility"]:
        if part != "piles":
            changes.append({"op": "replace", "path": f"/mechanics/visibility/{part}",
                            "value": draw(st.sampled_from(["public", "owner"]))})
    for pile in base["piles"]:
        changes.append({"op": "add", "path": f"/mechanics/visibility/piles/{pile}",
                        "value": draw(st.sampled_from(["hidden", "public"]))})
    if pack == "pl":
        deal = draw(_PF_DEAL)
        changes.append({"op": "replace", "path": "/mechanics/deal", "value": {**deal, "dealt": 4, "kept": 3}})
    return changes


def _ruleset(pack: str, changes: list[dict[str, Any]]) -> Ruleset:
    variant = variant_from_dict({"variant": {"id": "mix", "base": [pack], "title": "Mix", "changes": changes}},
                                "a drawn mix")
    return Ruleset(load_pack(pack, variants=[variant]))


@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), pack=st.sampled_from(["cs", "pl"]), seed=st.integers(0, 2**16))
def test_every_bot_ends_a_game_under_any_mix_of_forms(data: st.DataObject, pack: str, seed: int) -> None:
    changes = _mix(pack, data.draw)
    note = yaml.safe_dump(changes, sort_keys=False)
    rs = _ruleset(pack, changes)
    every_bot_ends(rs, 3, seed, "beginner" if pack == "cs" else "standard", note)
    game = Game.new(rs, 3, seed=seed, setup="beginner" if pack == "cs" else "standard")
    while not game.is_terminal():
        game.apply(game.sample_chance() if game.is_chance() else game.legal_actions()[-1])
    again = Game.from_json(rs, game.to_json())
    assert again.is_terminal() and again.result() == game.result(), note

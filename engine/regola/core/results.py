"""A finished (or stopped) game's result as JSON: `regola play --json`, `regola replay --json` and the
server's replays all give this. A game shapes its players' entries itself (``present["result_json"]``);
without one each entry is its standings row."""

from __future__ import annotations

from typing import Any

from regola.core.game import Game

__all__ = ["result_header", "result_json"]


def result_header(game: Game) -> dict[str, Any]:
    """What every game's result says: pack, variants, seed, decisions and the winning seats."""
    result = game.result() or []
    return {
        "pack": game.ruleset.pack.id,
        "variants": [v.id for v in game.ruleset.pack.variants],
        "seed": game.seed,
        "decisions": len(game.history),
        "winner": [r["seat"] for r in result if r["rank"] == 1],
    }


def result_json(game: Game) -> dict[str, Any]:
    hook = game.ruleset.definition.present.get("result_json")
    if hook is not None:
        return dict(hook(game))
    return {**result_header(game), "players": [dict(r) for r in game.result() or []]}

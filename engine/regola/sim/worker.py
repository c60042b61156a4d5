"""Plays games and turns each into rows: what a worker process (or a Ray task) runs.

A worker receives the packs once (their content hash names them), compiles each into a Ruleset the
first time a batch needs it, and keeps it for every later batch. Rows are plain Python values: the
parent writes them to Parquet, so a worker never imports pyarrow.
"""

from __future__ import annotations

import signal
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regola.bots.specs import make_bot
from regola.core.game import CHANCE, Game, Ruleset
from regola.core.pack import Pack
from regola.core.play import Moments, play
from regola.core.record import RecordWriter
from regola.sim.metrics import LARGER, PHASE
from regola.sim.plan import GameSpec

GameRow = dict[str, Any]
ActionRow = dict[str, Any]


@dataclass(frozen=True)
class Batch:
    """Games of one arm, shipped to a worker together."""

    arm: str
    arm_index: int
    content_hash: str
    setup: str
    root_seed: int
    games: tuple[GameSpec, ...]

    @property
    def part(self) -> str:
        """The name of the batch's Parquet parts: unique among the games not yet played."""
        return f"arm{self.arm_index}-{self.games[0].index:09d}-{self.games[-1].index:09d}"


@dataclass(frozen=True)
class BatchResult:
    batch: Batch
    games: list[GameRow]
    actions: list[ActionRow]


_PACKS: Mapping[str, Pack] = {}
_RULESETS: dict[str, Ruleset] = {}


def init_worker(packs: Mapping[str, Pack]) -> None:
    """Pool initializer: the packs arrive once; Ctrl-C is the parent's to handle."""
    global _PACKS
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _PACKS = packs


def ruleset_for(content_hash: str, packs: Mapping[str, Pack] | None = None) -> Ruleset:
    ruleset = _RULESETS.get(content_hash)
    if ruleset is None:
        ruleset = _RULESETS[content_hash] = Ruleset((packs or _PACKS)[content_hash])
    return ruleset


def play_game(ruleset: Ruleset, spec: GameSpec, setup: str, record: RecordWriter | None = None,
              moments: Moments | None = None) -> Game:
    game = Game.new(ruleset, spec.players, spec.seed, setup)
    bots = [make_bot(name, seat, spec.seed, ruleset) for seat, name in enumerate(spec.bots)]
    return play(game, bots, record, moments)


def rows_of(game: Game, arm: str, spec: GameSpec, setup: str, root_seed: int,
            phases: Mapping[str, int] | None = None,
            larger: Mapping[str, int] | None = None) -> tuple[GameRow, list[ActionRow]]:
    """The game's row, and its action rows: one per verb with how many moves of it were made, one per
    flow state (kind ``@`` + its name, ``PHASE``) with how many decisions were taken there, and one per
    sized verb (kind the verb + ``+``, ``LARGER``) with how many of its moves were larger than the least
    size offered."""
    pack = game.ruleset.pack
    kinds = Counter(action[0] for who, action in game.history if who != CHANCE)
    result = game.result() or []
    rank = [0] * spec.players
    for r in result:
        rank[r["seat"]] = r["rank"]
    row: GameRow = {
        "arm": arm, "pack": pack.id, "content_hash": pack.content_hash, "variants": [v.id for v in pack.variants],
        "players": spec.players, "setup": setup, "root_seed": root_seed, "game": spec.index, "seed": spec.seed,
        "rotation": spec.rotation, "bots": list(spec.bots), "decisions": sum(kinds.values()),
        "winners": [r["seat"] for r in result if r["rank"] == 1], "rank": rank,
    }
    hook = game.ruleset.definition.metrics
    if hook is not None:
        numbers = hook(game.state)
        row.update(numbers.get("game", {}))
        seats = numbers.get("seats", [])
        for name in seats[0] if seats else ():
            row[name] = [s[name] for s in seats]
    else:
        row.update(standing_numbers(result, spec.players))
    actions = [{"arm": arm, "game": spec.index, "kind": str(kind), "count": count}
               for kind, count in sorted(kinds.items())]
    actions += [{"arm": arm, "game": spec.index, "kind": PHASE + state, "count": count}
                for state, count in sorted((phases or {}).items())]
    actions += [{"arm": arm, "game": spec.index, "kind": verb + LARGER, "count": count}
                for verb, count in sorted((larger or {}).items())]
    return row, actions


def standing_numbers(result: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """For a game without a metrics hook: the score and the tie-break share from its standings, where each
    standing carries its ranking key (the first criterion first): a seat's score is its first criterion,
    and the tie-breaks decided when another seat equalled the winner on it."""
    keys = {r["seat"]: r.get("key") for r in result}
    if len(keys) != players or not all(isinstance(k, list) and k and isinstance(k[0], int | float)
                                       for k in keys.values()):
        return {}
    first = [keys[s][0] for s in range(players)]  # type: ignore[index]
    best = max(first)
    return {"tie_break": sum(1 for x in first if x == best) > 1, "score": first}


def play_batch(batch: Batch, packs: Mapping[str, Pack] | None = None) -> BatchResult:
    ruleset = ruleset_for(batch.content_hash, packs)
    games: list[GameRow] = []
    actions: list[ActionRow] = []
    for spec in batch.games:
        moments = Moments()
        game = play_game(ruleset, spec, batch.setup, moments=moments)
        row, kinds = rows_of(game, batch.arm, spec, batch.setup, batch.root_seed, moments.decided, moments.larger)
        games.append(row)
        actions.extend(kinds)
    return BatchResult(batch, games, actions)

"""Game records: JSON Lines, one header then one line per decision or chance outcome.

A record is self-contained: the header names the game, the pack and its content hash, carries the
content of every variant in play, the setup, the players and the seed; chance outcomes (the shuffled
deck) are lines of their own, so a game played at a real table can be transcribed and refereed.

    {"format": "regola-record", "version": 1, "game": "maestro-leonardo", "pack": "cs", ...}
    {"n": 1, "chance": ["deal", [..deck, top first..], []]}
    {"n": 2, "seat": 0, "action": ["start", 0, 2]}
    ...
    {"result": [...]}
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from regola.core.errors import IllegalAction, PackError, RecordError
from regola.core.game import CHANCE, Game, Ruleset, to_action
from regola.core.pack import load_pack
from regola.core.step import Action
from regola.core.variant import variant_from_dict

FORMAT = "regola-record"
VERSION = 1


def header_for(game: Game, setup: str, players: int, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    pack = game.ruleset.pack
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": pack.game,
        "pack": pack.id,
        "content_hash": pack.content_hash,
        "variants": [
            {"id": v.id, "base": list(v.base), "title": v.title, "cites": list(v.cites), "changes": v.changes}
            for v in pack.variants
        ],
        "setup": setup,
        "players": players,
        "seed": game.seed,
        "seats": seats or [{"seat": s} for s in range(players)],
    }


class RecordWriter:
    """Appends lines as the game goes; flushes each line so a crash keeps what was played."""

    def __init__(self, stream: IO[str], header: dict[str, Any]) -> None:
        self.stream = stream
        self.n = 0
        self._write(header)

    def _write(self, obj: dict[str, Any]) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")

    def action(self, seat: int, action: Action) -> None:
        self.n += 1
        if seat == CHANCE:
            self._write({"n": self.n, "chance": _jsonable(action)})
        else:
            self._write({"n": self.n, "seat": seat, "action": _jsonable(action)})

    def result(self, result: list[dict[str, Any]] | None) -> None:
        self._write({"result": result})
        self.stream.flush()


def _jsonable(action: Action) -> list[Any]:
    return [_jsonable(a) if isinstance(a, tuple) else a for a in action]


@dataclass
class Replay:
    game: Game
    header: dict[str, Any]
    decisions: int
    warnings: list[str] = field(default_factory=list)
    recorded_result: list[dict[str, Any]] | None = None


def _lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read the record: {exc.strerror}", file=str(path)) from exc
    for i, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON ({exc.msg}, column {exc.colno})", file=str(path), line=i) from exc
        if not isinstance(obj, dict):
            raise RecordError("each line must be a JSON object", file=str(path), line=i)
        yield i, obj


def replay(path: str | Path, home: Path | None = None) -> Replay:
    """Re-execute a record. Raises RecordError naming the line, the action and the rule it breaks."""
    path = Path(path)
    lines = _lines(path)
    first = next(lines, None)
    if first is None:
        raise RecordError("the record is empty", file=str(path), line=1)
    ln, header = first
    if header.get("format") != FORMAT:
        raise RecordError(f"not a regola record (no \"format\": \"{FORMAT}\" header)", file=str(path), line=ln)
    if header.get("version") != VERSION:
        raise RecordError(f"record version {header.get('version')} is not supported (this is {VERSION})",
                          file=str(path), line=ln)
    for key in ("pack", "setup", "players"):
        if key not in header:
            raise RecordError(f"the header lacks '{key}'", file=str(path), line=ln)
    try:
        variants = [variant_from_dict(v, f"{path.name} (embedded variant {v.get('id')})")
                    for v in header.get("variants", [])]
        pack = load_pack(header["pack"], variants=variants, home=home)
        ruleset = Ruleset(pack)
        game = Game.new(ruleset, int(header["players"]), header.get("seed"), header["setup"])
    except (PackError, IllegalAction) as exc:
        raise RecordError(f"cannot set up the recorded game: {exc}", file=str(path), line=ln) from exc
    out = Replay(game, header, 0)
    if header.get("content_hash") and header["content_hash"] != pack.content_hash:
        out.warnings.append(f"the pack '{pack.id}' changed since this record was made "
                            f"({header['content_hash'][:19]}… → {pack.content_hash[:19]}…)")
    for ln, obj in lines:
        if "result" in obj:
            out.recorded_result = obj["result"]
            continue
        if "chance" in obj:
            seat, raw = CHANCE, obj["chance"]
        elif "action" in obj:
            seat, raw = obj.get("seat"), obj["action"]
        else:
            raise RecordError("a line holds 'action' (with 'seat'), 'chance' or 'result'", file=str(path), line=ln)
        if not isinstance(raw, list) or not raw:
            raise RecordError("an action is a non-empty JSON array", file=str(path), line=ln)
        action = to_action(raw)
        if game.is_terminal():
            raise RecordError(f"action {raw} after the end of the game", file=str(path), line=ln, rule="flow.turn")
        if seat != game.current_player():
            who = "chance" if game.current_player() == CHANCE else f"seat {game.current_player()}"
            raise RecordError(f"action {raw} is given to {seat!r}, but the decision is {who}'s",
                              file=str(path), line=ln, rule="flow.turn")
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"illegal action {raw}: {exc.message}", file=str(path), line=ln, rule=exc.rule) from exc
        out.decisions += 1
    if out.recorded_result is not None and game.result() is not None and out.recorded_result != game.result():
        raise RecordError("the replayed result differs from the recorded one", file=str(path), rule="scoring.winner")
    return out

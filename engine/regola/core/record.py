"""Game records: JSON Lines, one header then one line per decision or chance outcome.

A record is self-contained: the header names the game, the pack and its content hash, carries the
content of every variant in play, the setup, the players and the seed; chance outcomes (the shuffled
deck) are lines of their own, so a game played at a real table can be transcribed and refereed.

    {"format": "regola-record", "version": 1, "game": "maestro-leonardo", "pack": "cs", ...}
    {"n": 1, "chance": ["deal", [..deck, top first..], []]}
    {"n": 2, "seat": 0, "action": ["start", 0, 2]}
    ...
    {"result": [...]}

Records come from outside (a transcription, a file a stranger uploads): ``record_lines`` reads them
within bounds, this module checks every field, and every way a record can be malformed ends in one
RecordError naming the line and the field, never in another exception.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from regola.core import limits
from regola.core.caps import decision_cap, reached
from regola.core.errors import IllegalAction, PackError
from regola.core.game import CHANCE, Game, Ruleset, to_action
from regola.core.pack import available_packs, load_pack
from regola.core.patch_bounds import first_change_past
from regola.core.record_lines import RecordErrors, RecordFieldError, read_objects, show
from regola.core.step import Action
from regola.core.variant import variant_from_dict

__all__ = ["FORMAT", "VERSION", "RecordFieldError", "RecordWriter", "Replay", "header_for", "replay"]

FORMAT = "regola-record"
VERSION = 1

#: what a pack id in a record may look like: a name under rulepacks/, never a path
_PACK_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_CONTENT_HASH = re.compile(r"sha256:[0-9a-f]{64}")


def header_for(game: Game, setup: str, players: int, seats: list[dict[str, Any]] | None = None,
               lang: str | None = None) -> dict[str, Any]:
    """A record's header line; ``lang``: the language the game was played in (a resumed game keeps it)."""
    pack = game.ruleset.pack
    header = {
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
    if lang:
        header["lang"] = lang
    return header


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


# --- the header ----------------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Header:
    """The header fields, checked for type and shape (not yet against the pack)."""

    game: str
    pack: str
    content_hash: str | None
    variants: list[dict[str, Any]]
    setup: str
    players: int
    seed: int | None
    raw: dict[str, Any]


def _header(obj: dict[str, Any], ln: int, err: RecordErrors) -> Header:
    if obj.get("format") != FORMAT:
        raise err(f"not a regola record (the first line needs \"format\": \"{FORMAT}\")", ln, "format")
    if obj.get("version") != VERSION or not _is_int(obj.get("version")):
        raise err(f"record version {show(obj.get('version'), 20)} is not supported (this is {VERSION})", ln, "version")
    for key in ("game", "pack", "setup", "players"):
        if key not in obj:
            raise err("missing from the header", ln, key)
    for key in ("game", "setup"):
        if not isinstance(obj[key], str) or not obj[key]:
            raise err(f"a non-empty text is expected, not {show(obj[key])}", ln, key)
    pack = obj["pack"]
    if not isinstance(pack, str) or not _PACK_ID.fullmatch(pack):
        pathlike = isinstance(pack, str) and ("/" in pack or "\\" in pack or pack.startswith("~"))
        said = "" if pathlike else f", not {show(pack)}"  # a path is never echoed back
        raise err(f"a pack id (letters, digits, '-', '_'; never a path) is expected{said}", ln, "pack")
    content_hash = obj.get("content_hash")
    if content_hash is not None and (not isinstance(content_hash, str) or not _CONTENT_HASH.fullmatch(content_hash)):
        raise err(f"'sha256:' and 64 hex digits are expected, not {show(content_hash)}", ln, "content_hash")
    if not _is_int(obj["players"]):
        raise err(f"a whole number is expected, not {show(obj['players'])}", ln, "players")
    seed = obj.get("seed")
    if seed is not None and not _is_int(seed):
        raise err(f"a whole number or null is expected, not {show(seed)}", ln, "seed")
    variants = obj.get("variants", [])
    if not isinstance(variants, list):
        raise err(f"a list of embedded variants is expected, not {show(variants)}", ln, "variants")
    for i, v in enumerate(variants):
        if not isinstance(v, dict):
            raise err(f"an embedded variant is a JSON object with its content, not {show(v)}", ln, f"variants/{i}")
    seats = obj.get("seats", [])
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise err(f"a list of objects (one per seat) is expected, not {show(seats)}", ln, "seats")
    return Header(obj["game"], pack, content_hash, variants, obj["setup"], obj["players"], seed, obj)


def _set_up(header: Header, ln: int, err: RecordErrors, path: Path, home: Path | None,
            accept_pack_change: bool, pack_ref: str | Path | None = None) -> tuple[Game, list[str]]:
    """The recorded game at its start, on today's pack; the warnings to show. ``pack_ref`` says where
    the pack is when it is not the header's id under rulepacks/ (a folder of one's own)."""
    source = header.pack if pack_ref is None else pack_ref
    if pack_ref is None and header.pack not in available_packs(home):
        # the header is text from outside: its pack is looked up among the home's packs only, never
        # as a folder of the working directory (a pack of one's own is passed with --pack)
        raise err(f"unknown pack {show(header.pack)}; available packs: {', '.join(available_packs(home)) or 'none'}"
                  "; a pack of your own: pass its folder with --pack", ln, "pack")
    variants = []
    for i, raw in enumerate(header.variants):
        try:
            variants.append(variant_from_dict(raw, f"{path.name}:{ln} (embedded variant {i})", home))
        except PackError as exc:
            inner = (exc.field or "").removeprefix("/variant")
            why = exc.message.removeprefix("not a valid variant: ")  # the variant loader says it already
            raise err(f"not a valid variant: {why}", ln, f"variants/{i}{inner}") from None
    try:
        base = load_pack(source, home=home)
    except PackError as exc:
        hint = "" if pack_ref is not None else "; a pack of your own: pass its folder with --pack"
        raise err((exc.message + hint) if "unknown pack" in exc.message else str(exc), ln, "pack") from None
    if base.id != header.pack:
        raise err(f"the record is a game of pack {show(header.pack)}; {pack_ref} is pack '{base.id}'", ln, "pack")
    bound = limits.current().nodes
    past = first_change_past(base.data, [v.changes for v in variants], bound)
    if past is not None:
        vi, ci, nodes = past
        raise err(f"this change grows the pack past {bound} values ({nodes}); raise the bound with "
                  "REGOLA_MAX_NODES", ln, f"variants/{vi}/changes/{ci}")
    try:
        pack = load_pack(source, variants=variants, home=home)
        ruleset = Ruleset(pack)
    except PackError as exc:
        raise err(f"cannot set up the recorded game: {exc}", ln, "variants" if variants else "pack") from None
    if header.game != pack.game:
        raise err(f"the record is a game of {show(header.game)}, pack '{pack.id}' is {pack.game}", ln, "game")
    warnings = []
    if header.content_hash != pack.content_hash:
        then = f"content {header.content_hash[:15]}…" if header.content_hash else "no content hash"
        change = (f"the record names {then}, today's pack '{pack.id}'"
                  + "".join(f" + {v.id}" for v in pack.variants) + f" has {pack.content_hash[:15]}…")
        if not accept_pack_change:
            raise err(f"{change}: its rules may have changed since the game was played; to referee it "
                      "against today's pack anyway, pass --accept-pack-change", ln, "content_hash")
        warnings.append(f"{change}; refereed against today's pack as asked")
    try:
        game = Game.new(ruleset, header.players, header.seed, header.setup)
    except IllegalAction as exc:
        if exc.rule == "game.players":
            raise err(exc.message, ln, "players", exc.rule) from None
        modes = ruleset.definition.setup_modes(ruleset.rules)
        raise err(f"one of {', '.join(modes)} is expected, not {show(header.setup)}", ln, "setup", exc.rule) from None
    return game, warnings


# --- the lines after the header ------------------------------------------------------------------

_MOVE_KEYS = {"action": {"n", "seat", "action"}, "chance": {"n", "chance"}}


def _valid_part(value: Any) -> bool:
    if isinstance(value, list):
        return all(_valid_part(v) for v in value)
    return isinstance(value, str) or _is_int(value)


def _move(obj: dict[str, Any], ln: int, expected_n: int, err: RecordErrors) -> tuple[int | None, list[Any]]:
    """(seat or CHANCE, action as JSON) of a decision line, its shape and counter checked."""
    kind = "chance" if "chance" in obj else "action" if "action" in obj else None
    if kind is None:
        raise err("a line holds a decision (\"n\", \"seat\", \"action\"), a chance outcome (\"n\", \"chance\") "
                  "or the result (\"result\")", ln)
    extra = sorted(set(obj) - _MOVE_KEYS[kind])
    if extra:
        raise err(f"not part of a {'chance' if kind == 'chance' else 'decision'} line "
                  f"(it holds {', '.join(sorted(_MOVE_KEYS[kind]))})", ln, extra[0])
    if "n" not in obj:
        raise err(f"missing: each decision line is numbered (this one would be {expected_n})", ln, "n")
    if not _is_int(obj["n"]) or obj["n"] != expected_n:
        raise err(f"the line counter is {show(obj['n'], 20)}, but this is decision {expected_n}", ln, "n")
    seat: int | None = CHANCE
    if kind == "action":
        if "seat" not in obj:
            raise err("missing: who made the decision", ln, "seat")
        if not _is_int(obj["seat"]):
            raise err(f"a seat number is expected, not {show(obj['seat'])}", ln, "seat")
        seat = obj["seat"]
    raw = obj[kind]
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise err(f"an action is a JSON array that starts with its verb, not {show(raw)}", ln, kind)
    if not _valid_part(raw):
        raise err(f"an action holds texts, whole numbers and arrays of them only: {show(raw)}", ln, kind)
    return seat, raw


def _apply(game: Game, seat: int | None, raw: list[Any], ln: int, err: RecordErrors) -> None:
    if game.is_terminal():
        raise err(f"action {show(raw)} after the end of the game", ln, rule="flow.turn")
    who = game.current_player()
    if seat != who:
        whose = "chance's" if who == CHANCE else f"seat {who}'s"
        given = "chance" if seat == CHANCE else f"seat {seat}"
        raise err(f"action {show(raw)} is given to {given}, but the decision is {whose}", ln, rule="flow.turn")
    action = to_action(raw)
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise err(f"illegal action {show(raw)}: {exc.message}", ln, rule=exc.rule) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        # an action of the wrong shape for this step can trip the step's explanation of why it is
        # not legal; it is still simply not one of the legal actions
        raise err(f"action {show(raw)} is not one of the actions of this moment", ln, rule="flow.turn") from None


@dataclass
class Replay:
    game: Game
    header: dict[str, Any]
    decisions: int
    warnings: list[str] = field(default_factory=list)
    recorded_result: list[dict[str, Any]] | None = None


def replay(path: str | Path, home: Path | None = None, *, upto: int | None = None,
           accept_pack_change: bool = False, pack: str | Path | None = None) -> Replay:
    """Re-execute a record. Raises RecordError naming the line, the field and the rule it breaks.

    ``upto``: stop after that many decision lines (the position after a prefix of the game); the
    rest of the file is not read. ``accept_pack_change``: referee a record whose pack content hash
    is not today's (a warning instead of an error). ``pack``: the recorded pack's id or folder, when
    it is not found by the header's id (a pack folder of one's own); its id must be the header's.
    """
    path = Path(path)
    err = RecordErrors(path)
    if upto is not None and (not _is_int(upto) or upto < 0):
        raise err(f"upto must be a whole number of decisions, 0 or more, not {show(upto)}", None)
    lines = read_objects(path, err)
    first = next(lines, None)
    if first is None:
        raise err("the record is empty", 1)
    ln, obj = first
    header = _header(obj, ln, err)
    game, warnings = _set_up(header, ln, err, path, home, accept_pack_change, pack)
    out = Replay(game, header.raw, 0, warnings)
    cap = decision_cap(game.ruleset, header.players)
    result_line: int | None = None
    while upto is None or out.decisions < upto:  # a prefix: the lines after it are not even read
        ln, obj = next(lines, (0, {}))
        if not ln:
            break
        if result_line is not None:
            what = "a second result line" if "result" in obj else "a line after the result"
            raise err(f"{what}: the result (line {result_line}) ends the record", ln)
        if "result" in obj:
            if len(obj) != 1:
                raise err("the result line holds only \"result\"", ln, sorted(set(obj) - {"result"})[0])
            if obj["result"] is not None and not isinstance(obj["result"], list):
                raise err(f"the standings (a JSON array) are expected, not {show(obj['result'])}", ln, "result")
            out.recorded_result = obj["result"]
            result_line = ln
            continue
        seat, raw = _move(obj, ln, out.decisions + 1, err)
        if out.decisions >= cap:
            raise err(str(reached(game.ruleset, header.players, cap)), ln, "n", "game.decisions")
        _apply(game, seat, raw, ln, err)
        out.decisions += 1
    if upto is not None:
        if out.decisions < upto:
            raise err(f"the record holds {out.decisions} decision line(s), fewer than upto={upto}", None)
        return out
    if result_line is not None:
        _check_result(game, out.recorded_result, result_line, err)
    return out


def _check_result(game: Game, recorded: list[dict[str, Any]] | None, ln: int, err: RecordErrors) -> None:
    if not game.is_terminal():
        if recorded is None:
            return  # a game stopped early may say so with "result": null
        raise err("the record states a result, but the game is not over (next: "
                  + ("chance" if game.is_chance() else f"seat {game.current_player()}") + ")", ln, "result",
                  "flow.turn")
    if recorded != game.result():
        raise err("the replayed result differs from the recorded one", ln, "result", "scoring.winner")

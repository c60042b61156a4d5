"""Every number a pack holds, and the bounds its game's schema puts on it: what the extreme-number test
and ``tools/bench_hostile.py`` put to the test (the schema's own minimum and maximum, one past them,
and numbers far beyond)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from regola import paths

SKIPPED = ("/rules", "/text", "/flow", "/pack")  # texts and citations: no number there drives work


@dataclass(frozen=True)
class NumberField:
    pack: str
    pointer: str
    value: int
    low: int | None
    high: int | None

    def extremes(self) -> list[int]:
        """The values worth trying: the schema's ends, one past each, and far beyond."""
        out = {0, 1, -1, 10**6, 10**9, 10**18}
        for end, step in ((self.low, -1), (self.high, 1)):
            if end is not None:
                out |= {end, end + step}
        return sorted(out)


@cache
def _schemas() -> dict[str, Any]:
    found = {}
    for path in (paths.home() / "schemas").glob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        found[schema["$id"]] = schema
    return found


def _follow(node: dict[str, Any], root: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    while "$ref" in node:
        ref = node["$ref"]
        if ref.startswith("#"):
            target: Any = root
            for part in ref[2:].split("/"):
                target = target[part]
            node = target
        else:
            root = _schemas()[ref.split("#")[0]]
            node = root
    return node, root


def _child(node: dict[str, Any], root: dict[str, Any], token: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    import re

    node, root = _follow(node, root)
    if token in node.get("properties", {}):
        return _follow(node["properties"][token], root)
    for pattern, sub in node.get("patternProperties", {}).items():
        if re.search(pattern, token):
            return _follow(sub, root)
    if token.isdigit():
        prefix = node.get("prefixItems")
        if prefix and int(token) < len(prefix):
            return _follow(prefix[int(token)], root)
        if isinstance(node.get("items"), dict):
            return _follow(node["items"], root)
    if isinstance(node.get("additionalProperties"), dict):
        return _follow(node["additionalProperties"], root)
    return None


def _bounds(game_schema: dict[str, Any], tokens: list[str]) -> tuple[int | None, int | None] | None:
    node: tuple[dict[str, Any], dict[str, Any]] | None = (game_schema, game_schema)
    for token in tokens:
        assert node is not None
        node = _child(node[0], node[1], token)
        if node is None:
            return None
    assert node is not None
    leaf = node[0]
    return leaf.get("minimum"), leaf.get("maximum")


@cache
def number_fields(pack_id: str) -> tuple[NumberField, ...]:
    """Every whole number of the pack's document, with its schema's bounds."""
    from regola.core.pack import load_pack

    pack = load_pack(pack_id)
    schema = _schemas()[f"https://regola.dev/schemas/{pack.game}.schema.json"]
    out: list[NumberField] = []
    stack: list[tuple[list[str], Any]] = [([], pack.data)]
    while stack:
        tokens, value = stack.pop()
        pointer = "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens)
        if pointer.startswith(SKIPPED):
            continue
        if isinstance(value, dict):
            stack.extend(([*tokens, str(k)], v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend(([*tokens, str(i)], v) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            bounds = _bounds(schema, tokens)
            if bounds is not None:
                out.append(NumberField(pack_id, pointer, value, *bounds))
    return tuple(sorted(out, key=lambda f: f.pointer))


def variant_text(pack_id: str, changes: list[tuple[str, int]], name: str = "extreme") -> str:
    lines = [f"    - {{op: replace, path: '{pointer}', value: {value}}}" for pointer, value in changes]
    return f"variant:\n  id: {name}\n  base: {pack_id}\n  title: {name}\n  changes:\n" + "\n".join(lines) + "\n"


def exercise(path: Path, pack_id: str) -> dict[str, Any]:
    """Check the variant; when it passes, play one game with random bots, render its rulebook and number
    its actions.

    Returns what happened to each (``refused`` with the first error, or ``done``); any other exception
    escapes: that is the failure the callers look for."""
    from regola.bots.specs import make_bot
    from regola.check import run as check
    from regola.core.errors import RegolaError
    from regola.core.game import Game, Ruleset
    from regola.core.pack import load_pack
    from regola.core.play import play
    from regola.text.catalog import catalog_for
    from regola.text.render import build_book

    outcome: dict[str, Any] = {}
    errors = [f for f in check([path], paths.home()).findings if f.severity == "error"]
    if errors:
        outcome["check"] = ("refused", f"{errors[0].pointer}: {errors[0].message}")
        return outcome
    outcome["check"] = ("done", "")
    pack = load_pack(pack_id, variants=[path])
    ruleset = Ruleset(pack)
    low, _high = ruleset.players_range()
    setup = ruleset.definition.setup_modes(ruleset.rules)[0]
    try:
        game = Game.new(ruleset, low, 7, setup)
        play(game, [make_bot("random", seat, 7, ruleset) for seat in range(low)])
        outcome["play"] = ("done", len(game.history))
    except RegolaError as err:
        outcome["play"] = ("refused", str(err).splitlines()[0])
    book = build_book(catalog_for(pack.language), pack)
    outcome["rulebook"] = ("done", len(book.sections))
    if ruleset.definition.action_kinds is not None:  # the numbered action space (OpenSpiel, tensors)
        outcome["actions"] = ("done", ruleset.action_space().size)
    return outcome

"""What a comparison measures in each game: one SQL expression per metric over a row of the games table
(and the game's action counts), so the statistics run inside DuckDB on the Parquet files and never hold
the rows in Python.

Every metric is generic: seat win rates (and bot win rates when the lineup mixes bots), mean score and
the winner's margin, game length in decisions, each number the game's ``metrics`` hook gives (per game,
or per seat as a mean over the seats) and the count of each action kind (the verb of the action).
Which metrics answer the primary questions is data (questions.yaml); the others are exploratory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: columns every games row has; the others come from the game's metrics hook
#: the action rows of a flow state: kind ``@`` + the state's name, counting the decisions taken there (the
#: compare report's "how often a lineup met a rule"); never a metric of its own
PHASE = "@"
#: the action rows of a sized verb's moves larger than the least size offered (regola.core.play): kind the
#: verb + ``+``; a metric of its own (``actions.raise+``), the report's "how often larger sizes were chosen"
LARGER = "+"
STANDARD = frozenset({"arm", "pack", "content_hash", "variants", "players", "setup", "root_seed", "game", "seed",
                      "rotation", "bots", "decisions", "winners", "rank"})


@dataclass(frozen=True)
class Metric:
    """One number per game. ``binary``: 0 or 1 (a rate, shown in % and tested with Tango's paired score interval)."""

    name: str  # stable id: win.seat0, score.margin, actions.place, …
    group: str  # wins, bots, score, length, game, player, actions
    binary: bool
    sql: str  # the value in one game, over the columns of ``games`` and ``acts``; NULL where it has none
    params: dict[str, Any] = field(default_factory=dict, compare=False)  # seat, bot, column, kind: for words


def quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def column_kinds(described: list[tuple[str, str]]) -> dict[str, str]:
    """DuckDB's DESCRIBE rows (name, type) → name → 'list', 'bool', 'number' or 'other'."""
    out = {}
    for name, kind in described:
        kind = kind.upper()
        if kind.endswith("[]"):
            out[name] = "list"
        elif kind == "BOOLEAN":
            out[name] = "bool"
        elif kind in ("BIGINT", "INTEGER", "DOUBLE", "FLOAT", "SMALLINT", "HUGEINT", "TINYINT", "UBIGINT"):
            out[name] = "number"
        else:
            out[name] = "other"
    return out


def define(columns: dict[str, str], most_players: int, bots: list[str], kinds: list[str]) -> list[Metric]:
    """Every metric the games table allows, in a stable order."""
    out = [Metric(f"win.seat{s}", "wins", True,
                  f"CASE WHEN players > {s} THEN list_contains(winners, {s})::DOUBLE END", {"seat": s})
           for s in range(most_players)]
    if len(bots) > 1:  # a bot's win rate in a game: the share of its seats that won
        for bot in bots:
            out.append(Metric(f"win.bot.{bot}", "bots", False, (
                f"list_avg(list_transform(list_filter(range(players), lambda i: bots[i + 1] = {literal(bot)}), "
                "lambda i: list_contains(winners, i)::DOUBLE))"), {"bot": bot}))
    if columns.get("score") == "list":
        out.append(Metric("score.mean", "score", False, "list_avg(score)"))
        out.append(Metric("score.margin", "score", False, "CASE WHEN players > 1 THEN "
                          "list_sort(score, 'DESC')[1] - list_sort(score, 'DESC')[2] END"))
    out.append(Metric("length.decisions", "length", False, "decisions::DOUBLE"))
    for col, kind in columns.items():
        if col in STANDARD or col == "score":
            continue
        q = quote(col)
        if kind == "list":
            out.append(Metric(f"player.{col}", "player", False, f"list_avg({q})::DOUBLE", {"column": col}))
        elif kind == "bool":
            out.append(Metric(f"game.{col}", "game", True, f"{q}::DOUBLE", {"column": col}))
        elif kind == "number":
            out.append(Metric(f"game.{col}", "game", False, f"{q}::DOUBLE", {"column": col}))
    for k, kind in enumerate(kinds):
        params: dict[str, Any] = {"kind": kind.removesuffix(LARGER)}
        if kind.endswith(LARGER):
            params["larger"] = True
        out.append(Metric(f"actions.{kind}", "actions", False, f"coalesce(acts.k{k}, 0)::DOUBLE", params))
    return out

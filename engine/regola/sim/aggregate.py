"""The statistics' raw material, computed by DuckDB straight from the Parquet files of a results folder:
per arm and per pair of arms, a handful of sums per metric (count, means, variances, covariance), the
pattern of winners for seat balance and the counts behind the histograms. Memory does not grow with the
number of games beyond what DuckDB needs for one join on the game index (bounded by ``memory_limit``,
spilled to a temporary folder past it); Python only ever holds a few numbers per metric.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from regola.sim.metrics import column_kinds, define, literal, quote

Pattern = tuple[int, tuple[int, ...], tuple[int, ...], int]  # players, winners (base), winners (arm), games

#: DuckDB may use this much memory before it spills to disk (the statistics need far less)
MEMORY_LIMIT = "512MB"


@contextmanager
def connection(threads: int = 2) -> Iterator[duckdb.DuckDBPyConnection]:
    """An in-memory DuckDB that spills to its own temporary folder, never to the working directory."""
    with tempfile.TemporaryDirectory(prefix="regola-duckdb-") as spill:
        con = duckdb.connect(config={"threads": max(1, threads), "memory_limit": MEMORY_LIMIT,
                                     "temp_directory": spill, "preserve_insertion_order": False})
        try:
            yield con
        finally:
            con.close()


@dataclass
class ArmSums:
    n: int
    mean: float
    var: float  # sample variance (n - 1); NaN below two games
    low: float  # smallest value seen
    high: float


@dataclass
class PairSums:
    """Sums over the games both arms played (complete pairs only)."""

    n: int
    mean_a: float
    mean_b: float
    var_a: float
    var_b: float
    cov: float
    both: float  # Σ a·b: for 0/1 metrics, the games where both arms scored 1
    var_d: float  # the variance of the per-game difference b - a (exactly 0 when every pair is equal)

    @property
    def correlation(self) -> float | None:
        if self.n < 2 or not self.var_a > 0 or not self.var_b > 0:
            return None
        return max(-1.0, min(1.0, self.cov / math.sqrt(self.var_a * self.var_b)))


class Source:
    """One results folder (one lineup), its games below ``games``, as DuckDB views ``games``, ``acts`` and
    ``vals`` (one row per arm and game, one column per metric)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, folder: Path, games: int, prefix: str = "") -> None:
        self.con = con
        self.folder = folder
        self.games_limit = games
        self.p = prefix
        files = sorted(str(p) for p in (folder / "games").glob("*.parquet"))
        if not files:
            raise FileNotFoundError(f"{folder}: no games")
        acts = sorted(str(p) for p in (folder / "actions").glob("*.parquet"))
        con.execute(f"CREATE OR REPLACE TEMP VIEW {self.p}games AS SELECT * FROM read_parquet({_list(files)}) "
                    f"WHERE game < {int(games)}")
        self.columns = column_kinds([(r[0], r[1]) for r in con.execute(f"DESCRIBE {self.p}games").fetchall()])
        most = con.execute(f"SELECT coalesce(max(players), 0) FROM {self.p}games").fetchone()
        self.most_players = int(most[0]) if most else 0
        self.bots = [r[0] for r in con.execute(
            f"SELECT DISTINCT unnest(bots) AS b FROM {self.p}games ORDER BY b").fetchall()]
        if acts:
            con.execute(f"CREATE OR REPLACE TEMP VIEW {self.p}actions AS SELECT arm, game, kind, count FROM "
                        f"read_parquet({_list(acts)}) WHERE game < {int(games)}")
            self.kinds = [r[0] for r in con.execute(
                f"SELECT DISTINCT kind FROM {self.p}actions ORDER BY kind").fetchall()]
        else:
            self.kinds = []
        self.metrics = define(self.columns, self.most_players, self.bots, self.kinds)
        pivot = ", ".join(f"sum(count) FILTER (WHERE kind = {literal(k)}) AS k{i}" for i, k in enumerate(self.kinds))
        if self.kinds:
            con.execute(f"CREATE OR REPLACE TEMP VIEW {self.p}acts AS SELECT arm, game, {pivot} "
                        f"FROM {self.p}actions GROUP BY arm, game")
            join = f"LEFT JOIN {self.p}acts acts ON acts.arm = games.arm AND acts.game = games.game"
        else:
            join = ""
        values = ", ".join(f"{m.sql} AS m{i}" for i, m in enumerate(self.metrics))
        con.execute(f"CREATE OR REPLACE TEMP VIEW {self.p}vals AS SELECT games.arm AS arm, games.game AS game, "
                    f"{values} FROM {self.p}games games {join}")

    # -- what was played ------------------------------------------------------------------------------
    def games_per_arm(self) -> dict[str, int]:
        return {r[0]: int(r[1]) for r in self.con.execute(
            f"SELECT arm, count(*) FROM {self.p}games GROUP BY arm").fetchall()}

    def content_hashes(self) -> dict[str, str]:
        return {r[0]: r[1] for r in self.con.execute(
            f"SELECT arm, any_value(content_hash) FROM {self.p}games GROUP BY arm").fetchall()}

    # -- sums -----------------------------------------------------------------------------------------
    def arm_sums(self) -> dict[str, dict[str, ArmSums]]:
        """metric name → arm → its sums over that arm's games."""
        cols = ", ".join(f"count(m{i}), avg(m{i}), var_samp(m{i}), min(m{i}), max(m{i})"
                         for i in range(len(self.metrics)))
        out: dict[str, dict[str, ArmSums]] = {m.name: {} for m in self.metrics}
        for row in self.con.execute(f"SELECT arm, {cols} FROM {self.p}vals GROUP BY arm").fetchall():
            arm = row[0]
            for i, m in enumerate(self.metrics):
                n, mean, var, lo, hi = row[1 + 5 * i: 6 + 5 * i]
                out[m.name][arm] = ArmSums(int(n), _f(mean), _f(var), _f(lo), _f(hi))
        return out

    def pair_sums(self, base: str, arm: str) -> dict[str, PairSums]:
        """metric name → sums over the games both ``base`` and ``arm`` played (the pairs)."""
        inner = ", ".join(f"a.m{i} + 0 * b.m{i} AS a{i}, b.m{i} + 0 * a.m{i} AS b{i}" for i in range(len(self.metrics)))
        cols = ", ".join(f"count(a{i}), avg(a{i}), avg(b{i}), var_samp(a{i}), var_samp(b{i}), covar_samp(a{i}, b{i}), "
                         f"sum(a{i} * b{i}), var_samp(b{i} - a{i})" for i in range(len(self.metrics)))
        row = self.con.execute(
            f"SELECT {cols} FROM (SELECT {inner} FROM (SELECT * FROM {self.p}vals WHERE arm = $base) a "
            f"JOIN (SELECT * FROM {self.p}vals WHERE arm = $arm) b ON a.game = b.game)",
            {"base": base, "arm": arm}).fetchone()
        assert row is not None
        out = {}
        for i, m in enumerate(self.metrics):
            n, ma, mb, va, vb, cov, both, vd = row[8 * i: 8 * i + 8]
            out[m.name] = PairSums(int(n), _f(ma), _f(mb), _f(va), _f(vb), _f(cov), _f(both) if n else 0.0,
                                   max(0.0, _f(vd)) if n > 1 else math.nan)
        return out

    def identical_pairs(self, base: str, arm: str) -> bool:
        """True when every game of ``arm`` has exactly the numbers of the same game of ``base``."""
        same = " AND ".join(f"a.m{i} IS NOT DISTINCT FROM b.m{i}" for i in range(len(self.metrics)))
        row = self.con.execute(
            f"SELECT count(*), count(*) FILTER (WHERE {same}) FROM (SELECT * FROM {self.p}vals WHERE arm = $base) a "
            f"JOIN (SELECT * FROM {self.p}vals WHERE arm = $arm) b ON a.game = b.game",
            {"base": base, "arm": arm}).fetchone()
        return bool(row and row[0] and row[0] == row[1])

    def twins(self) -> dict[str, str]:
        """metric → an earlier metric with the same number in every game of every arm (say it once)."""
        sums = self.con.execute("SELECT " + ", ".join(
            f"count(m{i}), sum(m{i}), sum(m{i} * m{i})" for i in range(len(self.metrics)))
            + f" FROM {self.p}vals").fetchone()
        assert sums is not None
        keys = [tuple(sums[3 * i: 3 * i + 3]) for i in range(len(self.metrics))]
        out: dict[str, str] = {}
        for j, mj in enumerate(self.metrics):
            for i in range(j):
                if keys[i] == keys[j] and self.metrics[i].name not in out:
                    same = self.con.execute(f"SELECT bool_and(m{i} IS NOT DISTINCT FROM m{j}) "
                                            f"FROM {self.p}vals").fetchone()
                    if same and same[0]:
                        out[mj.name] = self.metrics[i].name
                        break
        return out

    # -- seat balance and histograms -----------------------------------------------------------------
    def winner_patterns(self, base: str, arm: str | None = None) -> list[Pattern]:
        """(players, winners in base, winners in arm, games) over the pairs; with no ``arm``, base alone
        (its winners twice)."""
        if arm is None:
            rows = self.con.execute(f"SELECT players, winners, winners, count(*) FROM {self.p}games "
                                    "WHERE arm = $base GROUP BY ALL", {"base": base}).fetchall()
        else:
            rows = self.con.execute(
                f"SELECT a.players, a.winners, b.winners, count(*) FROM (SELECT * FROM {self.p}games "
                f"WHERE arm = $base) a JOIN (SELECT * FROM {self.p}games WHERE arm = $arm) b ON a.game = b.game "
                "GROUP BY ALL",
                {"base": base, "arm": arm}).fetchall()
        return sorted((int(p), tuple(int(s) for s in wa), tuple(int(s) for s in wb), int(c)) for p, wa, wb, c in rows)

    def counts(self, expression: str, unnest: bool = False) -> dict[str, dict[float, int]]:
        """arm → value → games (or seats, with ``unnest``) with that value of ``expression``."""
        value = f"unnest({expression})" if unnest else expression
        out: dict[str, dict[float, int]] = {}
        for arm, v, c in self.con.execute(f"SELECT arm, v, count(*) FROM (SELECT arm, {value} AS v FROM "
                                          f"{self.p}games) WHERE v IS NOT NULL GROUP BY ALL").fetchall():
            out.setdefault(arm, {})[float(v)] = int(c)
        return out

    def has_column(self, name: str) -> bool:
        return name in self.columns

    @staticmethod
    def column(name: str) -> str:
        return quote(name)


def _list(files: list[str]) -> str:
    return "[" + ", ".join(literal(f) for f in files) + "]"


def _f(value: Any) -> float:
    return math.nan if value is None else float(value)

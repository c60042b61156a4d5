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

from regola.sim.metrics import PHASE, column_kinds, define, literal

Pattern = tuple[int, tuple[int, ...], tuple[int, ...], int]  # players, winners (base), winners (arm), games

#: DuckDB may use this much memory before it spills to disk (the statistics need far less)
MEMORY_LIMIT = "512MB"
#: games read at once: DuckDB's hash tables (the join of actions to games, the pairing of arms) hold this many
CHUNK = 20_000


@contextmanager
def connection(threads: int = 2) -> Iterator[duckdb.DuckDBPyConnection]:
    """An in-memory DuckDB that spills to its own temporary folder, never to the working directory."""
    with tempfile.TemporaryDirectory(prefix="regola-duckdb-") as spill:
        con = duckdb.connect(config={"threads": max(1, threads), "memory_limit": MEMORY_LIMIT,
                                     "temp_directory": spill, "preserve_insertion_order": False})
        con.execute("SET enable_progress_bar = false")  # it would print into our output
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
    changed: int = 0  # pairs whose numbers differ
    m4_d: float = math.nan  # the fourth central moment of the difference (how heavy its tails are, for plans)

    @property
    def correlation(self) -> float | None:
        if self.n < 2 or not self.var_a > 0 or not self.var_b > 0:
            return None
        return max(-1.0, min(1.0, self.cov / math.sqrt(self.var_a * self.var_b)))


def _fourth(n: int, s1: float, s2: float, s3: float, s4: float) -> float:
    """The fourth central moment (divided by n) from the raw power sums of n values."""
    mean = s1 / n
    return max(0.0, (s4 - 4 * mean * s3 + 6 * mean * mean * s2 - 3 * n * mean ** 4) / n)


class Source:
    """One results folder (one lineup), its games below ``games``, as DuckDB views ``games`` and ``actions``
    and the table macro ``vals(lo, hi)`` (one row per arm and game, one column per metric)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, folder: Path, games: int, prefix: str = "") -> None:
        self.con = con
        self.folder = folder
        self.games_limit = games
        self.p = prefix
        files = sorted(str(p) for p in (folder / "games").glob("*.parquet"))
        if not files:
            raise FileNotFoundError(f"{folder}: no games")
        acts = sorted(str(p) for p in (folder / "actions").glob("*.parquet"))
        self.has_actions = bool(acts)
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
                f"SELECT DISTINCT kind FROM {self.p}actions WHERE NOT starts_with(kind, $phase) ORDER BY kind",
                {"phase": PHASE}).fetchall()]
        else:
            self.kinds = []
        self.metrics = define(self.columns, self.most_players, self.bots, self.kinds)
        found = con.execute(f"SELECT coalesce(max(game) + 1, 0) FROM {self.p}games").fetchone()
        top = int(found[0]) if found else 0
        self.ranges = [(lo, min(lo + CHUNK, top)) for lo in range(0, top, CHUNK)]
        values = ", ".join(f"{m.sql} AS m{i}" for i, m in enumerate(self.metrics))
        if self.kinds:
            pivot = ", ".join(f"sum(count) FILTER (WHERE kind = {literal(k)}) AS k{i}"
                              for i, k in enumerate(self.kinds))
            join = (f"LEFT JOIN (SELECT arm, game, {pivot} FROM {self.p}actions WHERE game >= lo AND game < hi "
                    "GROUP BY arm, game) acts ON acts.arm = games.arm AND acts.game = games.game")
        else:
            join = ""
        # one row per arm and game, one column per metric, for the games in [lo, hi): every query below reads
        # the games a chunk at a time, so DuckDB's hash tables never hold more than CHUNK games
        con.execute(f"CREATE OR REPLACE TEMP MACRO {self.p}vals(lo, hi) AS TABLE SELECT games.arm AS arm, "
                    f"games.game AS game, {values} FROM (SELECT * FROM {self.p}games WHERE game >= lo AND game < hi) "
                    f"games {join}")
        self._shift: list[float] | None = None

    def _chunks(self, select: str, tail: str = "", params: dict[str, Any] | None = None) -> Iterator[Any]:
        """``select`` over each chunk's values (``{vals}`` in the text), rows of every chunk in turn."""
        for lo, hi in self.ranges:
            yield from self.con.execute(select.format(vals=f"{self.p}vals({lo}, {hi})") + tail, params or {}).fetchall()

    def shift(self) -> list[float]:
        """A value near each metric's mean (the first chunk's): sums of squares are taken around it, so they
        keep their precision however many games there are."""
        if self._shift is None:
            lo, hi = self.ranges[0] if self.ranges else (0, 0)
            row = self.con.execute("SELECT " + ", ".join(f"avg(m{i})" for i in range(len(self.metrics)))
                                   + f" FROM {self.p}vals({lo}, {hi})").fetchone() if self.metrics else ()
            self._shift = [0.0 if v is None else round(float(v)) for v in (row or ())]
        return self._shift

    # -- what was played ------------------------------------------------------------------------------
    def phases(self) -> dict[str, dict[str, float]]:
        """arm -> flow state -> the decisions taken there per game, on average (none for results played
        before the flow states were counted)."""
        if not self.has_actions:
            return {}
        games = self.games_per_arm()
        out: dict[str, dict[str, float]] = {}
        for arm, kind, total in self.con.execute(
                f"SELECT arm, kind, sum(count) FROM {self.p}actions WHERE starts_with(kind, $phase) "
                "GROUP BY arm, kind ORDER BY arm, kind", {"phase": PHASE}).fetchall():
            if games.get(arm):
                out.setdefault(arm, {})[kind.removeprefix(PHASE)] = float(total) / games[arm]
        return out

    def games_per_arm(self) -> dict[str, int]:
        return {r[0]: int(r[1]) for r in self.con.execute(
            f"SELECT arm, count(*) FROM {self.p}games GROUP BY arm").fetchall()}

    # -- sums -----------------------------------------------------------------------------------------
    def arm_sums(self) -> dict[str, dict[str, ArmSums]]:
        """metric name → arm → its sums over that arm's games."""
        c = self.shift()
        cols = ", ".join(f"count(m{i}), sum(m{i} - {c[i]}), sum((m{i} - {c[i]}) ** 2), min(m{i}), max(m{i})"
                         for i in range(len(self.metrics)))
        acc: dict[tuple[str, int], list[float]] = {}
        for row in self._chunks(f"SELECT arm, {cols} FROM {{vals}} GROUP BY arm"):
            for i in range(len(self.metrics)):
                n, s1, s2, lo, hi = row[1 + 5 * i: 6 + 5 * i]
                a = acc.setdefault((row[0], i), [0, 0.0, 0.0, math.inf, -math.inf])
                a[0] += n
                a[1] += s1 or 0.0
                a[2] += s2 or 0.0
                if lo is not None:
                    a[3], a[4] = min(a[3], lo), max(a[4], hi)
        out: dict[str, dict[str, ArmSums]] = {m.name: {} for m in self.metrics}
        for (arm, i), (n, s1, s2, lo, hi) in acc.items():
            n = int(n)
            mean = c[i] + s1 / n if n else math.nan
            var = max(0.0, (s2 - s1 * s1 / n) / (n - 1)) if n > 1 else math.nan
            out[self.metrics[i].name][arm] = ArmSums(n, mean, var, lo if n else math.nan, hi if n else math.nan)
        return out

    def pair_sums(self, base: str, arm: str) -> dict[str, PairSums]:
        """metric name → sums over the games both ``base`` and ``arm`` played (the pairs)."""
        c = self.shift()
        k = len(self.metrics)
        inner = ", ".join(f"a.m{i} + 0 * b.m{i} AS a{i}, b.m{i} + 0 * a.m{i} AS b{i}" for i in range(k))
        cols = ", ".join(f"count(a{i}), sum(a{i} - {c[i]}), sum(b{i} - {c[i]}), sum((a{i} - {c[i]}) ** 2), "
                         f"sum((b{i} - {c[i]}) ** 2), sum((a{i} - {c[i]}) * (b{i} - {c[i]})), sum(a{i} * b{i}), "
                         f"sum(b{i} - a{i}), sum((b{i} - a{i}) ** 2), sum((b{i} - a{i}) ** 3), "
                         f"sum((b{i} - a{i}) ** 4), count(*) FILTER (WHERE a{i} <> b{i})" for i in range(k))
        total = [0.0] * (12 * k)
        for row in self._chunks(f"SELECT {cols} FROM (SELECT {inner} FROM (SELECT * FROM {{vals}} WHERE arm = $base) "
                                f"a JOIN (SELECT * FROM {{vals}} WHERE arm = $arm) b ON a.game = b.game)",
                                params={"base": base, "arm": arm}):
            total = [t + (v or 0.0) for t, v in zip(total, row, strict=True)]
        out = {}
        for i, m in enumerate(self.metrics):
            n, sa, sb, saa, sbb, sab, both, sd, sdd, s3, s4, changed = total[12 * i: 12 * i + 12]
            n = int(n)
            if n == 0:
                out[m.name] = PairSums(0, math.nan, math.nan, math.nan, math.nan, math.nan, 0.0, math.nan)
                continue
            d = n - 1 if n > 1 else math.nan
            out[m.name] = PairSums(n, c[i] + sa / n, c[i] + sb / n, max(0.0, (saa - sa * sa / n) / d),
                                   max(0.0, (sbb - sb * sb / n) / d), (sab - sa * sb / n) / d, both,
                                   max(0.0, (sdd - sd * sd / n) / d), int(changed), _fourth(n, sd, sdd, s3, s4))
        return out

    def identical_pairs(self, base: str, arm: str) -> bool:
        """True when every game of ``arm`` has exactly the numbers of the same game of ``base``."""
        same = " AND ".join(f"a.m{i} IS NOT DISTINCT FROM b.m{i}" for i in range(len(self.metrics))) or "true"
        rows = list(self._chunks(f"SELECT count(*), count(*) FILTER (WHERE {same}) FROM (SELECT * FROM {{vals}} "
                                 f"WHERE arm = $base) a JOIN (SELECT * FROM {{vals}} WHERE arm = $arm) b "
                                 "ON a.game = b.game", params={"base": base, "arm": arm}))
        pairs, equal = sum(r[0] for r in rows), sum(r[1] for r in rows)
        return bool(pairs) and pairs == equal

    def twins(self) -> dict[str, str]:
        """metric → an earlier metric with the same number in every game of every arm (say it once)."""
        k = len(self.metrics)
        if not k:
            return {}
        keys = [[0.0, 0.0, 0.0] for _ in range(k)]
        for row in self._chunks("SELECT " + ", ".join(f"count(m{i}), sum(m{i}), sum(m{i} * m{i})" for i in range(k))
                                + " FROM {vals}"):
            for i in range(k):
                keys[i] = [x + (v or 0.0) for x, v in zip(keys[i], row[3 * i: 3 * i + 3], strict=True)]
        out: dict[str, str] = {}
        for j, mj in enumerate(self.metrics):
            for i in range(j):
                if keys[i] != keys[j] or self.metrics[i].name in out:
                    continue
                same = f"SELECT bool_and(m{i} IS NOT DISTINCT FROM m{j}) FROM {{vals}}"
                if all(r[0] is not False for r in self._chunks(same)):
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


def _list(files: list[str]) -> str:
    return "[" + ", ".join(literal(f) for f in files) + "]"


def _f(value: Any) -> float:
    return math.nan if value is None else float(value)

"""Hostile game records for the record reader: random bytes, random JSON lines, mutated golden records,
and a few hostile files at the edge of each bound.

    python tools/fuzz_records.py [--examples N]   # replay N inputs of each family, print the worst figures

The strategies below are shared with tests/core/test_record_fuzz.py (which asserts there is never
another exception than RecordError); this script measures what each input costs: wall time and the
peak of Python allocations (tracemalloc) per replay, worst case per family.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regola.core.errors import RecordError
from regola.core.record import replay

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
GOLDEN_LINES = {p.stem: p.read_text(encoding="utf-8").splitlines() for p in sorted(GOLDEN.glob("*.jsonl"))}
HEADER = json.loads(GOLDEN_LINES["cs-2p-beginner"][0])
HEADER_KEYS = [*HEADER, "extra"]
LINE_KEYS = ["n", "seat", "action", "chance", "result"]

scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats()
           | st.text(st.characters(exclude_categories=()), max_size=12))  # lone surrogates too
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=24)


def _encode(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


@st.composite
def random_bytes(draw: st.DrawFn) -> bytes:
    """Noise, after a valid header or without one."""
    noise = draw(st.binary(max_size=4096))
    return (GOLDEN_LINES["cs-2p-beginner"][0].encode() + b"\n" + noise) if draw(st.booleans()) else noise


@st.composite
def random_json(draw: st.DrawFn) -> bytes:
    """A header with some fields set to random JSON, then lines of random JSON objects and values."""
    header = dict(HEADER)
    for key in draw(st.lists(st.sampled_from(HEADER_KEYS), max_size=3)):
        if draw(st.booleans()):
            header[key] = draw(json_values)
        else:
            header.pop(key, None)
    lines = [json.dumps(header)]
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.integers(0, 4)) == 0:
            lines.append(json.dumps(draw(json_values)))
        else:
            keys = draw(st.lists(st.sampled_from(LINE_KEYS), min_size=1, max_size=4, unique=True))
            lines.append(json.dumps({k: draw(json_values) for k in keys}))
    return _encode(lines)


def _set_somewhere(value: Any, draw: st.DrawFn) -> Any:
    """``value`` with one nested element (chosen by hypothesis) replaced by random JSON."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: _set_somewhere(value[key], draw)}
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], _set_somewhere(value[i], draw), *value[i + 1:]]
    return draw(json_values | st.integers(-3, 30) | st.sampled_from(["pass", "act", "A", "lab0", "deal"]))


@st.composite
def mutated_golden(draw: st.DrawFn) -> bytes:
    """A golden record with a few lines deleted, repeated, swapped or changed, or bytes flipped."""
    lines = list(GOLDEN_LINES[draw(st.sampled_from(sorted(GOLDEN_LINES)))])
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["delete", "repeat", "swap", "change", "change", "flip", "cut"]))
        if kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "change":
            try:
                value = json.loads(lines[i])
            except ValueError:  # a line cut short by an earlier mutation
                continue
            lines[i] = json.dumps(_set_somewhere(value, draw))
        elif kind == "cut":
            lines = lines[: i + 1]
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
    data = bytearray(_encode(lines))
    if draw(st.integers(0, 3)) == 0 and data:
        data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
    return bytes(data)


FAMILIES: dict[str, Callable[[], st.SearchStrategy[bytes]]] = {
    "random bytes": random_bytes, "random JSON": random_json, "mutated golden records": mutated_golden,
}


def replay_bytes(path: Path, data: bytes) -> str:
    """Replay ``data`` from ``path``: 'ok' or 'RecordError'; any other exception propagates."""
    path.write_bytes(data)
    try:
        replay(path)
    except RecordError:
        return "RecordError"
    return "ok"


def measure(family: str, examples: int, path: Path) -> dict[str, Any]:
    worst = {"family": family, "inputs": 0, "errors": 0, "max_ms": 0.0, "max_peak_kib": 0.0, "max_input_bytes": 0}

    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(FAMILIES[family]())
    def run(data: bytes) -> None:
        tracemalloc.start()
        start = time.perf_counter()
        outcome = replay_bytes(path, data)
        elapsed = (time.perf_counter() - start) * 1000
        peak = tracemalloc.get_traced_memory()[1] / 1024
        tracemalloc.stop()
        worst["inputs"] += 1
        worst["errors"] += outcome == "RecordError"
        worst["max_ms"] = max(worst["max_ms"], round(elapsed, 1))
        worst["max_peak_kib"] = max(worst["max_peak_kib"], round(peak))
        worst["max_input_bytes"] = max(worst["max_input_bytes"], len(data))

    run()
    return worst


def hostile_files() -> dict[str, bytes]:
    """Large or crafted inputs that random generation does not reach: each bound at its edge."""
    head = GOLDEN_LINES["cs-2p-beginner"][0]
    bomb = [{"op": "copy", "from": "/city", "path": f"/city/x{i}"} for i in range(24)]
    header = {**HEADER, "variants": [{"id": "bomb", "base": ["cs"], "title": "t", "changes": bomb}]}
    return {
        "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
        "nested 60 deep, 64 KB line": (head + "\n" + "[" * 60 + "1," * 32_000 + "1" + "]" * 60).encode(),
        "16 MB of blank lines": (head + "\n").encode() + b"\n" * (16 * 1024 * 1024 - 400),
        "16 MB of short lines": (head + "\n").encode() + b"12\n" * (5 * 1024 * 1024),
        "17 MB (over the bound)": b" " * (17 * 1024 * 1024),
        "24 copies of /city into itself": (json.dumps(header) + "\n").encode(),
        "a 5,000-digit number": (head + "\n" + '{"n":' + "9" * 5000 + "}").encode(),
    }


def measure_fixed(path: Path) -> None:
    for name, data in hostile_files().items():
        tracemalloc.start()
        start = time.perf_counter()
        outcome = replay_bytes(path, data)
        elapsed = (time.perf_counter() - start) * 1000
        peak = tracemalloc.get_traced_memory()[1] / 1024
        tracemalloc.stop()
        print(f"{name:<32} {len(data):>9} bytes: {outcome}, {elapsed:.1f} ms, {peak:.0f} KiB peak allocation")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300, help="inputs per family (default: 300)")
    args = parser.parse_args()
    replay(GOLDEN / "cs-2p-beginner.jsonl")  # load the pack once, as a long-lived process would have it
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.jsonl"
        for family in FAMILIES:
            w = measure(family, args.examples, path)
            print(f"{w['family']:<24} {w['inputs']:>5} inputs ({w['errors']} refused), worst: {w['max_ms']} ms, "
                  f"{w['max_peak_kib']} KiB peak allocation; largest input {w['max_input_bytes']} bytes")
        measure_fixed(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

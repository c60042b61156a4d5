"""Fuzzing the record reader (issue 9, Tests): random bytes, random JSON, mutated golden records. The
Python reader raises RecordError or nothing; `regola replay` exits 0 or 1 with at most one line on
stderr (and a JSON object under --json). Time and memory per input: tools/fuzz_records.py."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regola.cli.main import main

TOOL = Path(__file__).resolve().parents[2] / "tools" / "fuzz_records.py"
_spec = importlib.util.spec_from_file_location("fuzz_records_tool", TOOL)
assert _spec is not None and _spec.loader is not None
fuzz = importlib.util.module_from_spec(_spec)
sys.modules["fuzz_records_tool"] = fuzz
_spec.loader.exec_module(fuzz)

def fuzz_settings(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

FOLDER = tempfile.TemporaryDirectory()
PATH = Path(FOLDER.name) / "fuzz.jsonl"


@fuzz_settings(150)
@given(fuzz.random_bytes())
def test_random_bytes_give_a_record_error_or_a_replay(data: bytes) -> None:
    assert fuzz.replay_bytes(PATH, data) in ("ok", "RecordError")


@fuzz_settings(150)
@given(fuzz.random_json())
def test_random_json_gives_a_record_error_or_a_replay(data: bytes) -> None:
    assert fuzz.replay_bytes(PATH, data) in ("ok", "RecordError")


@fuzz_settings(100)
@given(fuzz.mutated_golden(), st.booleans())
def test_regola_replay_on_mutated_records_is_one_line_or_one_json_object(data: bytes, as_json: bool) -> None:
    PATH.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", *(["--json"] if as_json else []), str(PATH)])
    assert code in (0, 1)
    if code == 1:
        if as_json:
            assert json.loads(out.getvalue())["ok"] is False and err.getvalue() == ""
        else:
            assert err.getvalue().count("\n") == 1 and err.getvalue().startswith(f"regola: {PATH}")

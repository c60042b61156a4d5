"""Golden records: committed full games must replay legally to the recorded result, and playing the
same cases now must give the same lines (any change to play shows up as a diff to review)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from regola.core.record import replay

TOOLS = Path(__file__).resolve().parents[1] / "tools" / "golden.py"
_spec = importlib.util.spec_from_file_location("golden_tool", TOOLS)
assert _spec is not None and _spec.loader is not None
golden = importlib.util.module_from_spec(_spec)
sys.modules["golden_tool"] = golden
_spec.loader.exec_module(golden)


@pytest.mark.parametrize("case", golden.CASES, ids=lambda c: c.name)
def test_golden_record_replays_to_its_result(case: object) -> None:
    rep = replay(golden.path_of(case))
    assert rep.game.is_terminal()
    assert rep.recorded_result == rep.game.result()
    assert rep.decisions == len(golden.path_of(case).read_text(encoding="utf-8").splitlines()) - 2


def _without_hash(lines: list[str]) -> list[str]:
    """The header's content hash names the data, not the play: a note edited in a card must not count."""
    header = json.loads(lines[0])
    header.pop("content_hash", None)
    return [json.dumps(header, sort_keys=True), *lines[1:]]


@pytest.mark.parametrize("case", golden.CASES, ids=lambda c: c.name)
def test_golden_record_is_what_play_gives_now(case: object) -> None:
    committed = _without_hash(golden.path_of(case).read_text(encoding="utf-8").splitlines())
    now = _without_hash(golden.render(case).splitlines())
    diff = next((i for i, (a, b) in enumerate(zip(committed, now, strict=False), start=1) if a != b), None)
    if diff is None and len(committed) != len(now):
        diff = min(len(committed), len(now)) + 1
    assert diff is None, (f"{case.name}: play changed from line {diff} on; if intended, review and run "
                          f"`python tools/golden.py`")

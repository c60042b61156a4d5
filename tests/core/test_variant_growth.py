"""A variant whose `copy` changes would grow the pack without bound is refused at the change that
crosses the node bound, before the copy is made (a few hundred bytes once asked for gigabytes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.core.errors import PackError
from regola.core.pack import load_pack


def _copies(tmp_path: Path, count: int) -> Path:
    changes = "\n".join(f"    - {{op: copy, from: /city, path: /city/x{i}}}" for i in range(count))
    path = tmp_path / "copies.yaml"
    path.write_text(f"variant:\n  id: copies\n  base: cs\n  title: copies\n  changes:\n{changes}\n", encoding="utf-8")
    return path


def test_copy_doubling_is_refused_at_the_change_that_crosses_the_bound(tmp_path: Path) -> None:
    with pytest.raises(PackError, match=r"change \d+: the pack would grow past 200,000 values") as caught:
        load_pack("cs", variants=[_copies(tmp_path, 24)])
    assert caught.value.file is not None and caught.value.file.endswith("copies.yaml")
    assert caught.value.line is not None and caught.value.field.startswith("/variant/changes/")


def test_the_bound_is_the_one_in_force(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one_copy = _copies(tmp_path, 1)
    with pytest.raises(PackError) as caught:  # within the default bound: the copy is made, the schema refuses it
        load_pack("cs", variants=[one_copy])
    assert "grow past" not in caught.value.message
    monkeypatch.setenv("REGOLA_MAX_NODES", "50")  # below the pack itself: the first copy crosses it
    with pytest.raises(PackError, match="change 1: the pack would grow past 50 values"):
        load_pack("cs", variants=[one_copy])

"""regola.text.yamlpatch: a changed YAML document written by touching only what changed, read back to the
new data, or None where a patch cannot say the change (the caller then writes the whole document)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.text.yamlpatch import patched

DOC = """\
# a comment on top
text:
  # the units
  units:
    gulden: {one: gulden, other: gulden}
  rules:
    a.b:
      title: A title
      text: 'A long text that a dumper
        folded over two lines.'
    c.d:
      title: Other
  names: {variants: {x: Ex}}
source:
  digests:
    /rules/a.b/title: 'abc'
"""


def _patch(change: Any) -> str | None:
    old = yaml.safe_load(DOC)
    new = yaml.safe_load(DOC)
    change(new)
    out = patched(DOC, old, new, yaml.SafeDumper)
    if out is not None:
        assert yaml.safe_load(out) == new
    return out


def _changed_lines(out: str) -> list[str]:
    before, after = DOC.splitlines(), out.splitlines()
    return [line for line in after if line not in before] + [f"-{line}" for line in before if line not in after]


def test_a_changed_scalar_is_rewritten_where_it_stands() -> None:
    out = _patch(lambda d: d["text"]["rules"]["c.d"].update(title="Another"))
    assert out is not None and _changed_lines(out) == ["      title: Another", "-      title: Other"]


def test_a_folded_text_becomes_one_line_and_nothing_else_moves() -> None:
    out = _patch(lambda d: d["text"]["rules"]["a.b"].update(text="Short: now"))
    assert out is not None and "      text: 'Short: now'" in out.splitlines()
    assert "# a comment on top" in out and "  # the units" in out


def test_new_keys_go_to_the_end_of_their_mapping_block_or_flow() -> None:
    def change(d: dict[str, Any]) -> None:
        d["text"]["rules"]["e.f"] = {"title": "New", "text": "Newer"}
        d["text"]["names"]["variants"]["y"] = "Why"
        d["source"]["digests"]["/rules/e.f/title"] = "012"

    out = _patch(change)
    assert out is not None
    assert "  names: {variants: {x: Ex, y: Why}}" in out.splitlines()
    assert "    /rules/e.f/title: '012'" in out.splitlines()  # a number-like string stays a string


@pytest.mark.parametrize("change", [
    lambda d: d["text"]["rules"].pop("c.d"),  # a key removed
    lambda d: d["text"]["units"].update(gulden="gulden"),  # a mapping that becomes a scalar
    lambda d: d["text"]["rules"]["c.d"].update(title={"x": 1}),  # a scalar that becomes a mapping
])
def test_a_change_a_patch_cannot_say_is_left_to_the_whole_document(change: Any) -> None:
    assert _patch(change) is None


@settings(max_examples=60, deadline=None, database=None)
@given(title=st.text(max_size=40), text=st.text(max_size=80))
def test_any_text_is_written_so_that_it_reads_back(title: str, text: str) -> None:
    """Quotes, colons, leading spaces, line breaks, a '#': whatever a translator types is patched in on its
    line and reads back as typed."""
    def change(d: dict[str, Any]) -> None:
        d["text"]["rules"]["c.d"]["title"] = title
        d["text"]["rules"]["a.b"]["text"] = text

    out = _patch(change)  # read back to the new data in _patch
    assert out is not None
    assert out.count("\n") == DOC.count("\n") - (0 if text == "A long text that a dumper folded over two lines."
                                                 else 1)

"""The replay page's form is decoded window by window (a body of 48 MiB of '%7B' decoded at once cost
gigabytes): the same text as the standard library's decoding, for any text and any window cut."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regola.serve.replies import Problem
from regola.serve.tables import replays


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.text(alphabet="ab", max_size=5), st.integers(3, 12))
def test_the_record_field_decodes_as_the_standard_library_does(text: str, lang: str, window: int) -> None:
    raw = urlencode({"lang": lang, "record": text}).encode()
    old = replays._WINDOW
    replays._WINDOW = window  # tiny windows: every escape lands on a cut somewhere
    try:
        got = replays._record_field(raw, 1 << 20)
    finally:
        replays._WINDOW = old
    want = parse_qs(raw.decode(), keep_blank_values=True)["record"][0].replace("\r\n", "\n")
    assert got == want.encode("utf-8", "surrogatepass")


def test_a_record_past_the_limit_stops_decoding_at_once() -> None:
    raw = b"record=" + b"%7B" * 100_000
    with pytest.raises(Problem) as caught:
        replays._record_field(raw, 1000)
    assert caught.value.status == 413


def test_a_form_of_many_fields_is_refused() -> None:
    with pytest.raises(Problem) as caught:
        replays._record_field(b"&" * 1_000_000 + b"record=x", 1000)
    assert caught.value.status == 400

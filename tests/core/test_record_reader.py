"""The record reader on malformed records (issue 9, "What was seen" 5): every way a record can be
broken is one RecordError naming the line and the field, never another exception."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from regola.core.errors import RecordError
from regola.core.record import replay
from regola.core.record_lines import json_depth_exceeded

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
TWO_PLAYERS = GOLDEN / "cs-2p-beginner.jsonl"


def golden_lines(name: str = "cs-2p-beginner") -> list[str]:
    return (GOLDEN / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()


def write(tmp_path: Path, lines: list[str], name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def with_header(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    lines = golden_lines()
    header = json.loads(lines[0])
    change(header)
    return write(tmp_path, [json.dumps(header), *lines[1:]])


def fails(path: Path, **kwargs: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(path, **kwargs)
    text = str(info.value)
    assert "\n" not in text and text.startswith(str(path))
    return info.value


# --- what was seen: tracebacks --------------------------------------------------------------------


def test_players_as_text_names_the_field(tmp_path: Path) -> None:
    err = fails(with_header(tmp_path, lambda h: h.update(players="three")))
    assert err.line == 1 and err.field == "players"  # type: ignore[attr-defined]
    assert '"three"' in str(err)


def test_a_variant_given_as_a_path_is_refused_without_reading_it(tmp_path: Path) -> None:
    err = fails(with_header(tmp_path, lambda h: h.update(variants=["/etc/passwd"])))
    assert err.field == "variants/0"  # type: ignore[attr-defined]
    assert "root:" not in str(err)


def test_random_bytes_name_the_line_and_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "noise.jsonl"
    path.write_bytes(TWO_PLAYERS.read_bytes().splitlines()[0] + b"\n\xff\xfe garbage")
    err = fails(path)
    assert err.line == 2 and "UTF-8" in str(err) and "0xff" in str(err)


def test_a_line_nested_100000_levels_is_refused_before_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_MAX_RECORD_LINE_BYTES", str(1_000_000))  # past the line bound: the depth bound
    path = write(tmp_path, ["[" * 100_000 + "]" * 100_000])
    err = fails(path)
    assert err.line == 1 and "nested deeper than 64" in str(err)


def test_the_line_bound_comes_first_for_a_long_line(tmp_path: Path) -> None:
    err = fails(write(tmp_path, ["[" * 100_000]))
    assert "the limit is 65536" in str(err) and "REGOLA_MAX_RECORD_LINE_BYTES" in str(err)


def test_a_record_larger_than_the_bound_is_refused_before_reading(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_MAX_RECORD_BYTES", "1000")
    err = fails(TWO_PLAYERS)
    assert "REGOLA_MAX_RECORD_BYTES" in str(err) and err.line is None


def test_an_endless_device_is_read_only_up_to_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGOLA_MAX_RECORD_BYTES", "4096")
    err = fails(Path("/dev/zero"))
    assert "larger than 4096 bytes" in str(err)


# --- what was seen: accepted although wrong -------------------------------------------------------


def test_another_pack_content_hash_fails_unless_accepted(tmp_path: Path) -> None:
    path = with_header(tmp_path, lambda h: h.update(content_hash="sha256:" + "0" * 64))
    err = fails(path)
    assert err.field == "content_hash" and "--accept-pack-change" in str(err)  # type: ignore[attr-defined]
    rep = replay(path, accept_pack_change=True)
    assert rep.game.is_terminal() and len(rep.warnings) == 1 and "today's pack" in rep.warnings[0]


def test_a_missing_content_hash_is_a_pack_change_too(tmp_path: Path) -> None:
    path = with_header(tmp_path, lambda h: h.pop("content_hash"))
    assert fails(path).field == "content_hash"  # type: ignore[attr-defined]
    assert replay(path, accept_pack_change=True).game.is_terminal()


def test_a_wrong_move_counter_names_the_line(tmp_path: Path) -> None:
    lines = golden_lines()
    lines[7] = lines[7].replace('"n":7,', '"n":8,')
    err = fails(write(tmp_path, lines))
    assert err.line == 8 and err.field == "n" and "decision 7" in str(err)  # type: ignore[attr-defined]


def test_a_missing_move_counter_is_refused(tmp_path: Path) -> None:
    lines = golden_lines()
    lines[3] = lines[3].replace('"n":3,', "")
    assert fails(write(tmp_path, lines)).field == "n"  # type: ignore[attr-defined]


def test_a_deleted_line_breaks_the_counter(tmp_path: Path) -> None:
    lines = golden_lines()
    del lines[20]
    assert fails(write(tmp_path, lines)).line == 21


def test_a_duplicated_result_line_is_refused(tmp_path: Path) -> None:
    lines = golden_lines()
    err = fails(write(tmp_path, [*lines, lines[-1]]))
    assert err.line == len(lines) + 1 and "second result line" in str(err)


def test_a_decision_after_the_result_is_refused(tmp_path: Path) -> None:
    lines = golden_lines()
    err = fails(write(tmp_path, [*lines[:-2], lines[-1], lines[-2]]))
    assert err.line == len(lines) and "after the result" in str(err)


def test_a_changed_result_names_its_line(tmp_path: Path) -> None:
    lines = golden_lines()
    result = json.loads(lines[-1])
    result["result"][0]["money"] += 1
    err = fails(write(tmp_path, [*lines[:-1], json.dumps(result)]))
    assert err.line == len(lines) and err.rule == "scoring.winner"


def test_a_result_before_the_end_of_the_game_is_refused(tmp_path: Path) -> None:
    lines = golden_lines()
    err = fails(write(tmp_path, [*lines[:40], lines[-1]]))
    assert err.line == 41 and "not over" in str(err)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + TWO_PLAYERS.read_bytes())
    assert replay(path).game.is_terminal()


def test_windows_line_ends_are_accepted(tmp_path: Path) -> None:
    path = tmp_path / "crlf.jsonl"
    path.write_bytes(TWO_PLAYERS.read_bytes().replace(b"\n", b"\r\n"))
    assert replay(path).game.is_terminal()


# --- every header field ---------------------------------------------------------------------------

HEADER_CASES: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("format", lambda h: h.update(format="something-else")),
    ("version", lambda h: h.update(version=2)),
    ("version", lambda h: h.update(version=True)),
    ("game", lambda h: h.update(game="chess")),
    ("game", lambda h: h.pop("game")),
    ("pack", lambda h: h.update(pack="../../etc")),
    ("pack", lambda h: h.update(pack="xx")),
    ("pack", lambda h: h.update(pack=7)),
    ("content_hash", lambda h: h.update(content_hash="md5:abc")),
    ("setup", lambda h: h.update(setup="expert")),
    ("setup", lambda h: h.update(setup=["beginner"])),
    ("players", lambda h: h.update(players=9)),
    ("players", lambda h: h.update(players=2.0)),
    ("players", lambda h: h.pop("players")),
    ("seed", lambda h: h.update(seed="eleven")),
    ("variants", lambda h: h.update(variants={"id": "x"})),
    ("variants/0", lambda h: h.update(variants=[{"id": "x"}])),
    ("seats", lambda h: h.update(seats=[0, 1])),
]


@pytest.mark.parametrize(("field", "change"), HEADER_CASES, ids=[f"{f}-{i}" for i, (f, _) in enumerate(HEADER_CASES)])
def test_every_malformed_header_field_is_named(tmp_path: Path, field: str,
                                               change: Callable[[dict[str, Any]], None]) -> None:
    err = fails(with_header(tmp_path, change))
    assert err.line == 1
    assert str(getattr(err, "field", "")).startswith(field), str(err)


def test_a_player_count_out_of_range_names_the_rule(tmp_path: Path) -> None:
    err = fails(with_header(tmp_path, lambda h: h.update(players=9)))
    assert err.rule == "game.players" and "2 to 5" in str(err)


def test_an_invalid_embedded_variant_points_into_it(tmp_path: Path) -> None:
    lines = golden_lines("cs-4p-beginner-codex1")
    header = json.loads(lines[0])
    header["variants"][0]["changes"][0]["op"] = "explode"
    err = fails(write(tmp_path, [json.dumps(header), *lines[1:]]))
    assert err.field == "variants/0/changes/0/op"  # type: ignore[attr-defined]


# --- every line shape -----------------------------------------------------------------------------

LINE_CASES: list[tuple[str, str | None, str]] = [
    ('{"n":1,"chance":["deal",[1,2],[]],"seat":0}', "seat", "not part of a chance line"),
    ('{"n":1}', None, "a line holds a decision"),
    ('{"n":1,"chance":"deal"}', "chance", "JSON array"),
    ('{"n":1,"chance":[]}', "chance", "JSON array"),
    ('{"n":1,"chance":[7]}', "chance", "starts with its verb"),
    ('{"n":1,"chance":["deal",[1.5],[]]}', "chance", "whole numbers"),
    ('{"n":1,"chance":["deal",[true],[]]}', "chance", "whole numbers"),
    ('{"n":1,"chance":["deal",[null],[]]}', "chance", "whole numbers"),
    ('{"n":1,"chance":["deal",{"a":1},[]]}', "chance", "whole numbers"),
    ('{"n":true,"chance":["deal",[],[]]}', "n", "line counter"),
    ('{"n":1,"action":["pass"]}', "seat", "missing"),
    ('{"n":1,"seat":"0","action":["pass"]}', "seat", "seat number"),
    ('{"n":1,"chance":["deal",[1,2],[]]}', None, "illegal action"),
    ('{"n":1,"chance":["deal",5,[]]}', None, "not one of the actions"),
    ('{"n":1,"chance":["deal",[[1],"a"],[]]}', None, "not one of the actions"),
    ('{"n":1,"seat":0,"action":["pass"]}', None, "decision is chance's"),
    ('{"result":[],"n":1}', "n", "only \"result\""),
    ('{"result":"won"}', "result", "standings"),
    ('{"n":1,"n":1,"chance":["deal",[],[]]}', None, "appears twice"),
    ('{"n":NaN,"chance":["deal",[],[]]}', None, "NaN"),
    ('{"n":' + "9" * 5000 + ',"chance":["deal",[],[]]}', None, "not valid JSON"),
    ('[1, 2]', None, "JSON object"),
    ('{"n":1,', None, "not valid JSON"),
]


@pytest.mark.parametrize(("line", "field", "words"), LINE_CASES, ids=[str(i) for i in range(len(LINE_CASES))])
def test_every_malformed_line_is_one_error_naming_it(tmp_path: Path, line: str, field: str | None,
                                                     words: str) -> None:
    err = fails(write(tmp_path, [golden_lines()[0], line]))
    assert err.line == 2
    assert getattr(err, "field", None) == field, str(err)
    assert words in str(err)


def test_a_lone_surrogate_in_a_message_is_printable(tmp_path: Path) -> None:
    err = fails(write(tmp_path, [golden_lines()[0], '{"n":1,"chance":["\\ud800"]}']))
    str(err).encode("utf-8")  # would raise UnicodeEncodeError if the surrogate came through raw


def test_a_line_separator_inside_a_string_does_not_split_the_line(tmp_path: Path) -> None:
    lines = golden_lines()
    header = json.loads(lines[0])
    header["seats"][0]["player"] = "Ada\u2028Lovelace\u0085"
    path = write(tmp_path, [json.dumps(header, ensure_ascii=False), *lines[1:]])
    assert replay(path).game.is_terminal()


def test_an_empty_record_and_a_missing_file(tmp_path: Path) -> None:
    assert "empty" in str(fails(write(tmp_path, ["", "  "])))
    assert "cannot read" in str(fails(tmp_path / "absent.jsonl"))
    assert "cannot read" in str(fails(tmp_path))


# --- prefixes -------------------------------------------------------------------------------------


def test_a_prefix_stops_after_k_decisions_and_ignores_the_rest(tmp_path: Path) -> None:
    lines = golden_lines()
    path = write(tmp_path, [*lines[:11], "this line is never read"])
    rep = replay(path, upto=10)
    assert rep.decisions == 10 and len(rep.game.history) == 10 and not rep.game.is_terminal()


def test_a_prefix_longer_than_the_record_is_an_error() -> None:
    err = fails(TWO_PLAYERS, upto=10_000)
    assert "fewer than upto=10000" in str(err)


def test_json_depth_ignores_brackets_inside_strings() -> None:
    assert json_depth_exceeded('["[[[[", "\\"[[[["]', 1) is None
    assert json_depth_exceeded("[[1]]", 1) == 2
    assert json_depth_exceeded('{"a": [{"b": []}]}', 3) == 14


def test_an_embedded_variant_that_copies_a_part_into_itself_is_stopped(tmp_path: Path) -> None:
    """24 copies of /city into itself would double it 24 times (minutes, gigabytes): refused at once."""
    bomb = [{"op": "copy", "from": "/city", "path": f"/city/x{i}"} for i in range(24)]
    variant = {"id": "bomb", "base": ["cs"], "title": "copies", "cites": [], "changes": bomb}
    err = fails(with_header(tmp_path, lambda h: h.update(variants=[variant])))
    assert str(getattr(err, "field", "")).startswith("variants/0/changes/") and "REGOLA_MAX_NODES" in str(err)


def test_thousands_of_blank_lines_are_skipped(tmp_path: Path) -> None:
    lines = golden_lines()
    path = tmp_path / "blank.jsonl"
    path.write_text(lines[0] + "\n" + " \n" * 100_000 + "\n".join(lines[1:]) + "\n", encoding="utf-8")
    assert replay(path).game.is_terminal()
    lines[5] = lines[5].replace('"n":5', '"n":6')
    path.write_text(lines[0] + "\n" + "\n" * 1000 + "\n".join(lines[1:]) + "\n", encoding="utf-8")
    assert fails(path).line == 1006

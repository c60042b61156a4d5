"""Reading a game record's lines within bounds: bytes -> JSON objects, each error one line.

A record may come from anyone, so its size is checked before it is read, each line's size before it
is decoded and its nesting before it is parsed (``regola.core.limits``: ``record_bytes``,
``record_line_bytes``, ``depth``). Duplicate keys, NaN and numbers of thousands of digits are refused;
a UTF-8 byte order mark and CRLF line ends are accepted; blank lines are skipped.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regola.core import limits
from regola.core.errors import RecordError

__all__ = ["RecordErrors", "RecordFieldError", "json_depth", "json_depth_exceeded", "read_objects", "show",
           "strict_json"]

BOM = b"\xef\xbb\xbf"
_CHUNK = 1 << 16
MESSAGE_CHARS = 400  # an error message quotes at most this much
#: the characters that matter for nesting depth: brackets, quotes and escapes
_JSON_TOKENS = re.compile(r'["\\\[\]{}]')
#: white space, which may span lines (one character class: no backtracking, no stack)
_SPACE = re.compile(rb"[ \t\r\n]*")


# --- errors --------------------------------------------------------------------------------------


@dataclass
class RecordFieldError(RecordError):
    """A RecordError that also names the field of the line (``players``, ``variants/0``, ``n``)."""

    field: str | None = None

    def __str__(self) -> str:
        where = self.file or "<record>"
        if self.line is not None:
            where += f":{self.line}"
        what = f"field '{self.field}': " if self.field else ""
        rule = f" [rule {self.rule}]" if self.rule else ""
        return f"{where}: {what}{self.message}{rule}"


def show(value: Any, width: int = 60) -> str:
    """A value as JSON for an error message: cut to ``width`` characters and always printable."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")  # lone surrogates from \ud800
    return text if len(text) <= width else text[: width - 1] + "…"


class RecordErrors:
    """Builds the errors of one record file."""

    def __init__(self, path: Path) -> None:
        self.file = str(path)

    def __call__(self, message: str, line: int | None, field: str | None = None,
                 rule: str | None = None) -> RecordFieldError:
        # a message may quote the record (through a loader's words too): keep it short and printable
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        if len(message) > MESSAGE_CHARS:
            message = message[: MESSAGE_CHARS - 1] + "…"
        return RecordFieldError(message, file=self.file, line=line, rule=rule, field=field)


# --- reading: bytes -> JSON objects, bounded ----------------------------------------------------


def _read_bytes(path: Path, err: RecordErrors, max_bytes: int) -> bytes:
    """The file's bytes; refused before reading when it is larger than ``max_bytes``."""
    hint = f"the limit is {max_bytes} bytes (raise it with REGOLA_MAX_RECORD_BYTES)"
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise err(f"the record is {size} bytes; {hint}", None)
        chunks: list[bytes] = []
        total = 0
        with path.open("rb") as stream:  # in chunks: a pipe or a device has no size to check first
            while chunk := stream.read(_CHUNK):
                total += len(chunk)
                if total > max_bytes:
                    raise err(f"the record is larger than {max_bytes} bytes; {hint}", None)
                chunks.append(chunk)
    except OSError as exc:
        raise err(f"cannot read the record: {exc.strerror or exc}", None) from None
    return b"".join(chunks)


def json_depth_exceeded(text: str, limit: int) -> int | None:
    """The column (1-based) where the nesting of arrays and objects goes past ``limit``, else None.

    Checked before parsing, because the standard parser recurses once per level.
    """
    if text.count("[") + text.count("{") <= limit:  # the common case, at C speed: cannot be deeper
        return None
    depth = 0
    in_string = False
    skip = -1
    for match in _JSON_TOKENS.finditer(text):
        i = match.start()
        if i == skip:
            continue
        char = text[i]
        if in_string:
            if char == "\\":
                skip = i + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return i + 1
        elif char in "]}":
            depth -= 1
    return None


def json_depth(text: str) -> int:
    """How deep JSON text nests (brackets inside strings do not count), in one linear pass."""
    if "[" not in text and "{" not in text:
        return 0
    depth = deepest = 0
    in_string = False
    skip = -1
    for match in _JSON_TOKENS.finditer(text):
        i = match.start()
        if i == skip:
            continue
        char = text[i]
        if in_string:
            if char == "\\":
                skip = i + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth -= 1
    return deepest


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {show(key)} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"{text[:40]} is too large for a number regola keeps")
    return value


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise ValueError(f"a number of {digits} digits; regola reads numbers of at most {_MAX_DIGITS}")
    return int(text)


_MAX_DIGITS = 4300  # Python's own bound on converting text to a number


def strict_json(text: str) -> Any:
    """``json.loads`` as regola reads text from outside: no key twice, no NaN or Infinity, no float that
    overflows to infinity. ValueError (JSONDecodeError among them) when the text is not such JSON.
    Bound the text's depth first (``json_depth_exceeded``): the parser recurses once per level."""
    value = json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant, parse_float=_finite,
                       parse_int=_whole)
    if _SURROGATE.search(text):  # rare: only then look for a \ud800 that pairs with nothing
        _no_lone_surrogate(value)
    return value


#: an escaped UTF-16 surrogate (\ud800-\udfff); json.loads joins a valid pair into one character
_SURROGATE = re.compile(r"\\[uU][dD][89a-fA-F]")


class HalfSurrogate(ValueError):
    """Text holding half of a UTF-16 pair (a lone \\ud800): valid JSON, but not Unicode text."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _no_lone_surrogate(value: Any) -> None:
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise HalfSurrogate(f"the text {show(item, 30)} holds half of a UTF-16 pair (\\ud800-\\udfff): "
                                    "not Unicode text", where) from None
        elif isinstance(item, dict):
            for key, inner in item.items():
                here = f"{where}/{key}" if where else str(key)
                stack.append((here, key))
                stack.append((here, inner))
        elif isinstance(item, list):
            stack.extend((f"{where}/{i}" if where else str(i), inner) for i, inner in enumerate(item))


def _raw_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """(line number, bytes) of each line that is not blank, without a copy of the whole file."""
    line = 1
    pos = 0
    while pos < len(data):
        space = _SPACE.match(data, pos)
        blank_end = data.rfind(b"\n", pos, space.end() if space else pos) + 1
        if blank_end > pos:  # a run of blank lines, skipped at C speed
            line += data.count(b"\n", pos, blank_end)
            pos = blank_end
            continue
        end = data.find(b"\n", pos)
        end = len(data) if end < 0 else end
        yield line, data[pos:end].removesuffix(b"\r")
        line += 1
        pos = end + 1


def read_objects(path: Path, err: RecordErrors) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, JSON object) of every non-blank line; a UTF-8 byte order mark is allowed."""
    bounds = limits.current()
    data = _read_bytes(path, err, bounds.record_bytes)
    if data.startswith(BOM):
        data = data[len(BOM):]
    for i, raw_bytes in _raw_lines(data):
        if len(raw_bytes) > bounds.record_line_bytes:
            raise err(f"the line is {len(raw_bytes)} bytes; the limit is {bounds.record_line_bytes} "
                      "(raise it with REGOLA_MAX_RECORD_LINE_BYTES)", i)
        try:
            raw = raw_bytes.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise err(f"not UTF-8 text (byte 0x{raw_bytes[exc.start]:02x} at column {exc.start + 1})", i) from None
        if not raw.strip():
            continue
        column = json_depth_exceeded(raw, bounds.depth)
        if column is not None:
            raise err(f"JSON nested deeper than {bounds.depth} levels (at column {column}); "
                      "raise the bound with REGOLA_MAX_DEPTH", i)
        try:
            obj = strict_json(raw)
        except json.JSONDecodeError as exc:
            raise err(f"not valid JSON ({exc.msg}, column {exc.colno})", i) from None
        except HalfSurrogate as exc:
            raise err(str(exc), i, exc.field) from None
        except ValueError as exc:  # duplicate keys, NaN, a number of thousands of digits
            raise err(f"not valid JSON ({exc})", i) from None
        except RecursionError:  # only when REGOLA_MAX_DEPTH was raised past what the parser can take
            raise err("JSON nested too deeply for the parser", i) from None
        if not isinstance(obj, dict):
            raise err(f"each line must be a JSON object, not {show(obj, 30)}", i)
        yield i, obj

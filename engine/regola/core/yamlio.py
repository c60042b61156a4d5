"""YAML in, JSON-shaped data out, and the line/column of any JSON pointer for error messages.

Loading is on the hot path, so it reads libyaml's event stream (``CSafeLoader``, or the pure-Python
``SafeLoader`` without libyaml) straight into dicts and lists. A pack's document must be plain JSON
(it is hashed, patched by JSON pointers and validated by JSON Schema), so the loader reads YAML the
way JSON sees it: mapping keys are always the text written, ``yes``/``no``/``on``/
``off`` stay text, dates stay text, ``010`` stays text, and a key written twice in one mapping is an
error. Locating a pointer re-reads the file into a node tree; that happens only when reporting an
error, so it may be slow, and trees are cached per file and modification time.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from regola import paths
from regola.core.errors import PackError

__all__ = ["display_path", "load_yaml", "locate", "parse_pointer"]

_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
# YAML 1.2 core-schema spellings: what a JSON user expects a number, a boolean or null to look like.
_PLAIN_CONSTANTS: dict[str, Any] = {
    "": None, "~": None, "null": None, "Null": None, "NULL": None,
    "true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False,
}
_NUMBER_START = frozenset("-+.0123456789")
_INT = re.compile(r"[-+]?(?:0|[1-9][0-9_]*)\Z")
_FLOAT = re.compile(
    r"[-+]?(?:[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?"
    r"|\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?"
    r"|[0-9][0-9_]*[eE][-+]?[0-9]+)\Z"
)


_INFINITY = float("inf")


def _plain(text: str) -> Any:
    """A plain (unquoted) scalar as JSON reads it: null, boolean, integer, number, else text."""
    if text in _PLAIN_CONSTANTS:
        return _PLAIN_CONSTANTS[text]
    if text[0] in _NUMBER_START:
        if _INT.match(text):
            return int(text.replace("_", ""))
        if _FLOAT.match(text):
            number = float(text.replace("_", ""))
            return number if number not in (_INFINITY, -_INFINITY) else text  # JSON has no infinity
    return text


def _tagged(event: ScalarEvent) -> Any:
    """A scalar with an explicit tag: only the JSON types are allowed."""
    tag, text = event.tag, event.value
    shown = tag.replace("tag:yaml.org,2002:", "!!")
    if tag in ("!", _STR):
        return text
    try:
        if tag == "tag:yaml.org,2002:int":
            return int(text.replace("_", ""))
        if tag == "tag:yaml.org,2002:float":
            return float(text.replace("_", ""))
    except ValueError:
        raise _at(event, f"'{text}' is not a number") from None
    if tag in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"):
        value = _PLAIN_CONSTANTS.get(text, ...)
        if value is not ... and (value is None) == tag.endswith("null"):
            return value
        raise _at(event, f"'{text}' does not fit the tag {shown}")
    raise _at(event, f"the YAML tag {shown} is not supported here (only plain JSON values are)")


class _Located(Exception):
    """Internal: a problem at an event's position, turned into a PackError by load_yaml."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


def _at(event: Event, message: str) -> _Located:
    return _Located(message, event.start_mark.line + 1, event.start_mark.column + 1)


class _Builder:
    """Turns libyaml's event stream straight into dicts and lists (about twice as fast as the
    generic constructor, and it enforces the JSON rules above)."""

    def __init__(self, parser: yaml.SafeLoader) -> None:
        self.get = parser.get_event
        self.anchors: dict[str, Any] = {}

    def document(self) -> Any:
        self.get()  # StreamStart
        event = self.get()
        if isinstance(event, StreamEndEvent):
            return None
        value = self.value(self.get())
        self.get()  # DocumentEnd
        event = self.get()
        if not isinstance(event, StreamEndEvent):
            raise _at(event, "a file may hold only one YAML document (remove the second '---')")
        return value

    def value(self, event: Event) -> Any:
        cls = event.__class__
        if cls is ScalarEvent and event.tag is None:
            value = _plain(event.value) if event.implicit[0] else event.value
        elif cls is ScalarEvent:
            value = _tagged(event)
        elif cls is MappingStartEvent:
            value = self.mapping(event)
        elif cls is SequenceStartEvent:
            value = []
            if event.anchor is not None:
                self.anchors[event.anchor] = value
            item = self.get()
            while item.__class__ is not SequenceEndEvent:
                value.append(self.value(item))
                item = self.get()
            return value
        elif cls is AliasEvent:
            if event.anchor not in self.anchors:
                raise _at(event, f"unknown alias '*{event.anchor}'")
            return self.anchors[event.anchor]
        else:  # pragma: no cover - libyaml never emits anything else here
            raise _at(event, f"unexpected {cls.__name__}")
        if event.anchor is not None:
            self.anchors[event.anchor] = value
        return value

    def mapping(self, start: MappingStartEvent) -> dict[str, Any]:
        mapping: dict[str, Any] = {}
        if start.anchor is not None:
            self.anchors[start.anchor] = mapping
        merged: list[dict[str, Any]] = []
        key = self.get()
        while key.__class__ is not MappingEndEvent:
            if key.__class__ is not ScalarEvent:
                raise _at(key, "a field name must be plain text, not a list, a mapping or an alias")
            value_event = self.get()
            if key.value == "<<" and key.implicit[0] and key.tag is None:
                merged.extend(self.merge_sources(value_event))
            elif key.value in mapping:
                raise _at(key, f"the field '{key.value}' appears twice in this mapping")
            else:
                mapping[key.value] = self.value(value_event)
            key = self.get()
        for source in merged:  # YAML merge keys: explicit fields win, earlier merges win
            for name, item in source.items():
                mapping.setdefault(name, item)
        return mapping

    def merge_sources(self, event: Event) -> list[dict[str, Any]]:
        value = self.value(event)
        sources = value if isinstance(value, list) else [value]
        if not all(isinstance(source, dict) for source in sources):
            raise _at(event, "'<<' merges only a mapping or a list of mappings")
        return sources


def display_path(path: Path, home: Path | None = None) -> str:
    """How a file is named in messages: relative to the regola home, else to the working folder."""
    for base in (home if home is not None else paths.home(), Path.cwd()):
        try:
            return Path(path).resolve().relative_to(Path(base).resolve()).as_posix()
        except (ValueError, OSError):
            continue
    return str(path)


def _read_text(path: Path, name: str) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise PackError("file not found", file=name) from None
    except IsADirectoryError:
        raise PackError("this is a folder, not a file", file=name) from None
    except OSError as exc:
        raise PackError(f"cannot read the file: {exc.strerror or exc}", file=name) from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise PackError("the file is not UTF-8 text", file=name, line=line, column=column) from None


def _yaml_error(exc: yaml.YAMLError, name: str) -> PackError:
    """One readable line from a PyYAML error, positioned at the problem (not at its context)."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        context = exc.context or ""
        if exc.context_mark is not None and mark is not exc.context_mark and context:
            context += f" (from line {exc.context_mark.line + 1})"
        parts = [part for part in (context, exc.problem) if part]
        message = "YAML syntax: " + (", ".join(parts) if parts else "invalid YAML")
        if mark is not None:
            return PackError(message, file=name, line=mark.line + 1, column=mark.column + 1)
        return PackError(message, file=name)
    return PackError(f"YAML syntax: {exc}", file=name)


def load_yaml(path: Path, *, name: str | None = None) -> Any:
    """The content of one YAML file. Any failure is a PackError at the file, line and column.

    ``name`` is how the file is shown in errors (defaults to the path as given).
    """
    shown = name if name is not None else str(path)
    parser = _BaseLoader(_read_text(path, shown))
    try:
        return _Builder(parser).document()
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, shown) from None
    except _Located as exc:
        raise PackError(exc.message, file=shown, line=exc.line, column=exc.column) from None
    except RecursionError:
        raise PackError("the YAML nests too deeply", file=shown) from None
    finally:
        parser.dispose()


# --- locating pointers (error path only) ---------------------------------------------------------

_trees: dict[Path, tuple[int, int, Node | None]] = {}
_TREE_CACHE_SIZE = 64


def parse_pointer(pointer: str) -> list[str] | None:
    """The reference tokens of an RFC 6901 pointer ("" is the whole document); None if malformed."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        return None
    return [token.replace("~1", "/").replace("~0", "~") for token in pointer[1:].split("/")]


def _tree(path: Path) -> Node | None:
    try:
        resolved = path.resolve()
        stat = resolved.stat()
    except OSError:
        return None
    cached = _trees.get(resolved)
    if cached is not None and cached[0] == stat.st_mtime_ns and cached[1] == stat.st_size:
        return cached[2]
    try:
        node = yaml.compose(_read_text(resolved, str(resolved)), Loader=_BaseLoader)
    except (PackError, yaml.YAMLError, RecursionError):
        node = None
    if len(_trees) >= _TREE_CACHE_SIZE:
        _trees.pop(next(iter(_trees)))
    _trees[resolved] = (stat.st_mtime_ns, stat.st_size, node)
    return node


def _member(node: MappingNode, token: str) -> tuple[ScalarNode, Node] | None:
    """The (key, value) nodes of ``token`` in a mapping, looking through ``<<`` merges last."""
    merges: list[Node] = []
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE:
            merges.append(value_node)
        elif isinstance(key_node, ScalarNode) and key_node.value == token:
            return key_node, value_node
    for merged in merges:
        sources = merged.value if isinstance(merged, SequenceNode) else [merged]
        for source in sources:
            if isinstance(source, MappingNode):
                found = _member(source, token)
                if found is not None:
                    return found
    return None


def _position(node: Node, key: Node | None) -> tuple[int, int]:
    # A block mapping or list under a key starts on the line after the key: point at the key.
    if key is not None and isinstance(node, MappingNode | SequenceNode) and not node.flow_style:
        node = key
    return node.start_mark.line + 1, node.start_mark.column + 1


def locate(path: Path, pointer: str) -> tuple[int | None, int | None]:
    """1-based (line, column) of the value at ``pointer`` in a YAML file.

    A pointer that goes further than the file does stops at the deepest existing ancestor, so a
    missing required field points at the mapping that should hold it. (None, None) when the file
    cannot be read or parsed.
    """
    node = _tree(path)
    if node is None:
        return None, None
    tokens = parse_pointer(pointer) or []
    key: Node | None = None
    for token in tokens:
        if isinstance(node, MappingNode):
            found = _member(node, token)
            if found is None:
                break
            key, node = found
        elif isinstance(node, SequenceNode):
            if not token.isdigit() or (len(token) > 1 and token[0] == "0") or int(token) >= len(node.value):
                break
            key, node = None, node.value[int(token)]
        else:
            break
    return _position(node, key)

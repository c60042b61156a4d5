"""YAML in, JSON-shaped data out, and the line/column of any JSON pointer for error messages.

``yaml_loader`` says what YAML means here (JSON's types, no key twice). A parsed file is kept in the
parse cache (``diskcache``) under the digest of its bytes, so a file that has not changed since it was
last read costs a file read and an unmarshal instead of a parse, and PyYAML is not even imported.
Locating a pointer re-reads the file into a node tree; that happens only when reporting an error, so
it may be slow, and trees are cached per file and modification time.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regola import paths
from regola.core import diskcache
from regola.core.errors import PackError
from regola.core.limits import Limits, current

if TYPE_CHECKING:
    from yaml.nodes import MappingNode, Node, ScalarNode

__all__ = ["display_path", "load_yaml", "locate", "parse_pointer", "parse_text"]

def display_path(path: Path, home: Path | None = None) -> str:
    """How a file is named in messages: relative to the regola home, else to the working folder."""
    return _shown(Path(path), home if home is not None else paths.home(), Path.cwd())


@lru_cache(maxsize=256)
def _shown(path: Path, home: Path, cwd: Path) -> str:
    # memoised: a check may name the same file for each of thousands of findings, and resolving a
    # path costs a system call per folder in it
    for base in (home, cwd):
        try:
            return path.resolve().relative_to(Path(base).resolve()).as_posix()
        except (ValueError, OSError):
            continue
    return str(path)


def too_large(size: int, limit: int, name: str, what: str = "the file",
              env: str = "REGOLA_MAX_FILE_BYTES") -> PackError:
    """The refusal of ``what`` of ``size`` bytes (or more) when the bound is ``limit``."""
    return PackError(f"{what} is larger than {limit:,} bytes ({size:,} or more); regola refuses a file "
                     f"this large (the bound can be raised with {env})", file=name, code="limit")


def _read_bytes(path: Path, name: str, limit: int | None = None) -> bytes:
    """The file's bytes; with ``limit``, never more than limit + 1 of them are read."""
    try:
        if limit is None:
            return path.read_bytes()
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
        if len(raw) > limit:
            raise too_large(len(raw), limit, name)
        return raw
    except FileNotFoundError:
        raise PackError("file not found", file=name) from None
    except IsADirectoryError:
        raise PackError("this is a folder, not a file", file=name) from None
    except OSError as exc:
        raise PackError(f"cannot read the file: {exc.strerror or exc}", file=name) from None


def _decode(raw: bytes, name: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise PackError("the file is not UTF-8 text", file=name, line=line, column=column) from None


#: what yaml_loader makes of YAML; bump it when the same bytes would load differently, and the parse
#: cache ignores what the old loader stored
LOADER_VERSION = "json-yaml-3"


def _cache_version(limits: Limits) -> str:
    # The bounds a parse passed are part of its key: lowered bounds never meet a parse made under higher ones.
    return f"{LOADER_VERSION}/{limits.yaml_aliases}/{limits.depth}/{limits.nodes}"


def load_yaml(path: Path, *, name: str | None = None, limits: Limits | None = None) -> Any:
    """The content of one YAML file, within ``limits`` (default: those in force, ``limits.current()``).

    Any failure, a bound passed among them, is a PackError at the file, line and column. ``name`` is how
    the file is shown in errors (defaults to the path as given). Every call returns new objects: callers
    may change what they get.
    """
    shown = name if name is not None else str(path)
    bounds = limits if limits is not None else current()
    raw = _read_bytes(path, shown, bounds.file_bytes)

    def parse() -> Any:
        from regola.core.yaml_loader import parse_with_tree

        data, tree = parse_with_tree(_decode(raw, shown), shown, bounds)
        if len(raw) >= BIG_FILE:
            _keep_big_tree(path, tree)
        return data

    return diskcache.parsed("yaml", _cache_version(bounds), raw, parse)


def parse_text(text: str | bytes, name: str, limits: Limits | None = None) -> Any:
    """The content of a YAML or JSON text that is not a file (a request body, a pasted variant).

    The same reading and the same bounds as ``load_yaml`` (``file_bytes`` bounds the text's UTF-8 size);
    any failure is a PackError naming ``name``, line and column. Not cached.
    """
    bounds = limits if limits is not None else current()
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    if len(raw) > bounds.file_bytes:
        raise too_large(len(raw), bounds.file_bytes, name, "the text")
    from regola.core.yaml_loader import parse

    return parse(_decode(raw, name), name, bounds)


# --- locating pointers (error path only) ---------------------------------------------------------

_trees: dict[str, tuple[int, int, Node | None]] = {}
_TREE_CACHE_SIZE = 64
#: a file this large keeps the node tree its load built, so that locating its findings does not read it
#: again (a 1 MiB file took 0.7 s a reading); one such tree at a time, as a large tree is large in memory
BIG_FILE = 64 * 1024
_big: list[tuple[str, int, int, Node | None]] = []


def _keep_big_tree(path: Path, tree: Node | None) -> None:
    try:
        stat = os.stat(path)
    except OSError:
        return
    _big[:] = [(os.fspath(path), stat.st_mtime_ns, stat.st_size, tree)]


def parse_pointer(pointer: str) -> list[str] | None:
    """The reference tokens of an RFC 6901 pointer ("" is the whole document); None if malformed."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        return None
    return [token.replace("~1", "/").replace("~0", "~") for token in pointer[1:].split("/")]


def _tree(path: Path) -> Node | None:
    # keyed by the path as given (a path spelled two ways is parsed twice): resolving it on every
    # call would cost more than the lookup, and a check may locate thousands of findings in one file
    resolved = os.fspath(path)
    try:
        stat = os.stat(resolved)
    except OSError:
        return None
    cached = _trees.get(resolved)
    if cached is not None and cached[0] == stat.st_mtime_ns and cached[1] == stat.st_size:
        return cached[2]
    if _big and _big[0][:3] == (resolved, stat.st_mtime_ns, stat.st_size):
        return _big[0][3]
    import yaml

    from regola.core.yaml_loader import compose_text

    try:  # the same bounds as a load: this tree is built from the same untrusted bytes
        bounds = current()
        node = compose_text(_decode(_read_bytes(Path(resolved), resolved, bounds.file_bytes), resolved),
                            resolved, bounds)
    except (PackError, yaml.YAMLError, RecursionError):
        node = None
    if len(_trees) >= _TREE_CACHE_SIZE:
        _trees.pop(next(iter(_trees)))
    _trees[resolved] = (stat.st_mtime_ns, stat.st_size, node)
    return node


def _member(node: MappingNode, token: str) -> tuple[ScalarNode, Node] | None:
    """The (key, value) nodes of ``token`` in a mapping, looking through ``<<`` merges last."""
    from yaml.nodes import MappingNode, SequenceNode

    written, merges = _index(node)
    found = written.get(token)
    if found is not None:
        return found
    for merged in merges:
        sources = merged.value if isinstance(merged, SequenceNode) else [merged]
        for source in sources:
            if isinstance(source, MappingNode):
                found = _member(source, token)
                if found is not None:
                    return found
    return None


def _index(node: MappingNode) -> tuple[dict[str, tuple[ScalarNode, Node]], list[Node]]:
    """A mapping's written keys (the first of equals) and its merges, indexed once per node: locating
    every key of a mapping of 70,000 keys is then linear, not quadratic."""
    from yaml.nodes import ScalarNode

    from regola.core.yaml_loader import MERGE

    cached: tuple[dict[str, tuple[ScalarNode, Node]], list[Node]] | None = getattr(node, "_regola_index", None)
    if cached is None:
        from regola.core.yaml_loader import no_collection

        written: dict[str, tuple[ScalarNode, Node]] = {}
        merges: list[Node] = []
        with no_collection():  # 50,000 new entries beside a large tree: no collector passes over it meanwhile
            for key_node, value_node in node.value:
                if key_node.tag == MERGE:
                    merges.append(value_node)
                elif isinstance(key_node, ScalarNode):
                    written.setdefault(key_node.value, (key_node, value_node))
        cached = (written, merges)
        node._regola_index = cached  # type: ignore[attr-defined]
    return cached


def _position(node: Node, key: Node | None) -> tuple[int, int]:
    from yaml.nodes import MappingNode, SequenceNode

    # A block mapping or list under a key starts on the line after the key: point at the key.
    if key is not None and isinstance(node, MappingNode | SequenceNode) and not node.flow_style:
        node = key
    return node.start_mark.line + 1, node.start_mark.column + 1


#: lookups in one large file answered by a walk that stops at the value, before its whole tree is built
_WALKS_PER_FILE = 8
_walks: dict[tuple[str, int, int], int] = {}


def _walk_to(path: Path, tokens: list[str]) -> tuple[int, int] | None:
    """The position of the value at ``tokens`` in a large file, found by walking libyaml's events and
    stopping there (a finding near the top of a 1 MiB file: milliseconds, not the 0.7 s of its tree).

    Only for the first few lookups in a file not yet composed, and only on the plain way there: None
    (the caller builds the tree) when the way meets an alias or a merge key, when a key is missing
    (the tree finds the deepest ancestor), or when the file cannot be read.
    """
    resolved = os.fspath(path)
    try:
        stat = os.stat(resolved)
    except OSError:
        return None
    key = (resolved, stat.st_mtime_ns, stat.st_size)
    if stat.st_size < BIG_FILE or resolved in _trees or (_big and _big[0][:3] == key):
        return None
    if _walks.get(key, 0) >= _WALKS_PER_FILE:
        return None
    if len(_walks) > _TREE_CACHE_SIZE:
        _walks.clear()
    _walks[key] = _walks.get(key, 0) + 1
    import yaml

    from regola.core.yaml_loader import BaseLoader

    try:
        loader = BaseLoader(_decode(_read_bytes(Path(resolved), resolved, current().file_bytes), resolved))
    except PackError:
        return None
    try:
        return _walk(loader, tokens)
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()


def _walk(loader: Any, tokens: list[str]) -> tuple[int, int] | None:
    from yaml.events import (
        AliasEvent,
        CollectionEndEvent,
        CollectionStartEvent,
        MappingStartEvent,
        ScalarEvent,
        StreamEndEvent,
    )

    # the way down: per open collection on it, [is a mapping, next index or None, key event waiting]
    way: list[list[Any]] = []
    skip = 0  # depth inside a collection off the way
    key_event: Any = None
    for _ in range(2):  # stream start, document start
        loader.get_event()
    if not tokens:
        event = loader.peek_event()
        return event.start_mark.line + 1, event.start_mark.column + 1
    while True:
        event = loader.get_event()
        if isinstance(event, StreamEndEvent):
            return None
        if skip:
            if isinstance(event, CollectionStartEvent):
                skip += 1
            elif isinstance(event, CollectionEndEvent):
                skip -= 1
            continue
        if isinstance(event, CollectionEndEvent):
            return None  # a collection on the way ended without the wanted key or index: the tree says more
        if isinstance(event, AliasEvent):
            return None
        if not way:  # the root
            if not isinstance(event, CollectionStartEvent):
                return None
            way.append([isinstance(event, MappingStartEvent), 0, None])
            continue
        frame = way[-1]
        if frame[0] and frame[2] is None:  # a mapping's key
            if not isinstance(event, ScalarEvent) or event.value == "<<":
                return None
            frame[2] = event
            continue
        if frame[0]:
            token, key_event, frame[2] = frame[2].value, frame[2], None
        else:
            token, key_event = str(frame[1]), None
            frame[1] += 1
        if token != tokens[len(way) - 1]:
            if isinstance(event, CollectionStartEvent):
                skip = 1
            continue
        if len(way) == len(tokens):  # the value itself
            at = event
            if key_event is not None and isinstance(event, CollectionStartEvent) and not event.flow_style:
                at = key_event  # a block mapping or list under a key: point at the key, as the tree does
            return at.start_mark.line + 1, at.start_mark.column + 1
        if not isinstance(event, CollectionStartEvent):
            return None  # the pointer goes deeper than the file: the tree finds the deepest ancestor
        way.append([isinstance(event, MappingStartEvent), 0, None])


def locate(path: Path, pointer: str) -> tuple[int | None, int | None]:
    """1-based (line, column) of the value at ``pointer`` in a YAML file.

    A pointer that goes further than the file does stops at the deepest existing ancestor, so a
    missing required field points at the mapping that should hold it. (None, None) when the file
    cannot be read or parsed.
    """
    tokens = parse_pointer(pointer) or []
    walked = _walk_to(path, tokens)
    if walked is not None:
        return walked
    node = _tree(path)
    if node is None:
        return None, None
    from yaml.nodes import MappingNode, SequenceNode

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

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
        from regola.core.yaml_loader import parse

        return parse(_decode(raw, shown), shown, bounds)

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
        written: dict[str, tuple[ScalarNode, Node]] = {}
        merges: list[Node] = []
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


def locate(path: Path, pointer: str) -> tuple[int | None, int | None]:
    """1-based (line, column) of the value at ``pointer`` in a YAML file.

    A pointer that goes further than the file does stops at the deepest existing ancestor, so a
    missing required field points at the mapping that should hold it. (None, None) when the file
    cannot be read or parsed.
    """
    node = _tree(path)
    if node is None:
        return None, None
    from yaml.nodes import MappingNode, SequenceNode

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

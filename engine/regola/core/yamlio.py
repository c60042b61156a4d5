"""YAML in, JSON-shaped data out, and the line/column of any JSON pointer for error messages.

Loading uses libyaml's parser (``CSafeLoader``, or the pure-Python ``SafeLoader`` without libyaml)
with PyYAML's own hooks narrowed to JSON. A pack's document must be plain JSON
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
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from regola import paths
from regola.core.errors import PackError

__all__ = ["display_path", "load_yaml", "locate", "parse_pointer"]

_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_MERGE = "tag:yaml.org,2002:merge"


class JsonLoader(_BaseLoader):  # type: ignore[misc,valid-type]
    """PyYAML's safe loader, narrowed to what JSON can hold (the resolver and constructor hooks PyYAML
    offers for exactly this): YAML 1.2 core scalars, field names kept as written, no field twice."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[str, Any]:
        seen: set[str] = set()
        for key_node, _ in node.value:  # written fields only: a merge ('<<') may be overridden
            if not isinstance(key_node, ScalarNode):
                raise yaml.constructor.ConstructorError(
                    None, None, "a field name must be plain text, not a list or a mapping", key_node.start_mark)
            if key_node.tag == _MERGE:
                continue
            if key_node.value in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the field '{key_node.value}' appears twice in this mapping", key_node.start_mark)
            seen.add(key_node.value)
        self.flatten_mapping(node)  # merged fields first, so written ones win below
        return {key_node.value: self.construct_object(value_node, deep=deep) for key_node, value_node in node.value}

    def construct_number(self, node: Node) -> Any:
        try:
            if node.tag.endswith(":int"):
                return int(str(node.value).replace("_", ""))
            return float(str(node.value).replace("_", ""))
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, f"'{node.value}' is not a number", node.start_mark) from None

    def construct_unsupported(self, node: Node) -> Any:
        shown = str(node.tag).replace("tag:yaml.org,2002:", "!!")
        raise yaml.constructor.ConstructorError(
            None, None, f"the YAML tag {shown} is not supported here (only plain JSON values are)", node.start_mark)


# Implicit typing as YAML 1.2's core schema (and JSON) has it: no yes/no/on/off booleans, no dates,
# no octal '010', no sexagesimal numbers. Everything else stays text.
JsonLoader.yaml_implicit_resolvers = {}
JsonLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
JsonLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$"), list("-+0123456789"))
JsonLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?"
               r"|[0-9][0-9_]*[eE][-+]?[0-9]+)$"), list("-+.0123456789"))
JsonLoader.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
JsonLoader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^<<$"), ["<"])
JsonLoader.add_constructor("tag:yaml.org,2002:int", JsonLoader.construct_number)
JsonLoader.add_constructor("tag:yaml.org,2002:float", JsonLoader.construct_number)
for _tag in ("timestamp", "binary", "set", "omap", "pairs"):
    JsonLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", JsonLoader.construct_unsupported)
JsonLoader.add_constructor(None, JsonLoader.construct_unsupported)


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
    loader = JsonLoader(_read_text(path, shown))
    try:
        value = loader.get_single_data()
    except yaml.YAMLError as exc:
        raise _yaml_error(exc, shown) from None
    except RecursionError:
        raise PackError("the YAML nests too deeply", file=shown) from None
    finally:
        loader.dispose()
    return value


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

"""Variant overlays: RFC 6902 JSON Patch operations written in YAML, applied on top of a pack.

A variant names the packs it applies to (``base``) and lists its ``changes``. Several variants stack
in the order given. The patching itself is the ``jsonpatch`` library's; this module adds what a user
needs when it fails: which variant file, which line, which change, and why in plain words.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonpatch
import jsonpointer

from regola import paths
from regola.core.errors import PackError
from regola.core.schema_words import show
from regola.core.schemas import schema_id, schema_set
from regola.core.yamlio import display_path, load_yaml, locate, parse_pointer

__all__ = [
    "Change",
    "Variant",
    "apply_variants",
    "apply_variants_traced",
    "blame",
    "blamed",
    "canonical_hash",
    "copy_json",
    "last_change_over",
    "load_variant",
    "variant_from_dict",
]


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars): several times faster than deepcopy."""
    if type(value) is dict:
        return {key: copy_json(item) for key, item in value.items()}
    if type(value) is list:
        return [copy_json(item) for item in value]
    return value


def canonical_hash(value: Any) -> str:
    """``sha256:`` + SHA-256 of the canonical JSON of ``value`` (sorted keys, no spaces, UTF-8)."""
    try:
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise PackError("the data holds text that is not Unicode (half of a UTF-16 pair, \\ud800-\\udfff)") from None
    except (TypeError, ValueError) as exc:
        raise PackError(f"the data holds a value JSON cannot represent ({exc})") from None
    return "sha256:" + hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Variant:
    """One variant overlay, as loaded from a file or re-created from a game record."""

    id: str
    base: tuple[str, ...]
    title: str
    cites: tuple[str, ...]
    changes: list[dict[str, Any]] = field(hash=False)
    path: Path | None
    content_hash: str
    source: str = field(default="", compare=False)  # how errors name it: a file, or a record
    raw: dict[str, Any] = field(default_factory=dict, hash=False, compare=False, repr=False)

    @property
    def titles(self) -> dict[str, str]:
        """The titles the file gives in other languages (``titles``), by language code."""
        return dict(self.raw.get("titles") or {})

    def to_dict(self) -> dict[str, Any]:
        """The variant's content, ready to embed in a record and to re-create with variant_from_dict."""
        return {"variant": copy.deepcopy(self.raw)}

    def where(self, pointer: str) -> tuple[str, int | None, int | None]:
        """(file, line, column) of a pointer inside the variant file, e.g. '/variant/changes/2/path'."""
        if self.path is None:
            return self.source, None, None
        line, column = locate(self.path, pointer)
        return self.source, line, column


def _build(content: Any, source: str, path: Path | None, home: Path | None) -> Variant:
    schemas = schema_set((home if home is not None else paths.home()) / "schemas")
    findings = schemas.validate(content, schema_id("variant"))
    if findings:
        from regola.core.pack import join_errors  # pack imports this module: import it late

        errors = []
        for finding in findings:
            line, column = locate(path, finding.pointer) if path is not None else (None, None)
            errors.append(PackError(f"not a valid variant: {finding.message}", file=source, line=line,
                                    column=column, field=finding.pointer, code="schema"))
        raise join_errors(errors)
    raw: dict[str, Any] = content["variant"]
    base = raw["base"]
    return Variant(
        id=raw["id"],
        base=(base,) if isinstance(base, str) else tuple(base),
        title=raw["title"],
        cites=tuple(raw.get("cites", ())),
        changes=raw["changes"],
        path=path,
        content_hash=canonical_hash(content),
        source=source,
        raw=raw,
    )


def load_variant(path: Path, home: Path | None = None) -> Variant:
    """A variant file, validated against variant.schema.json (of ``home``'s schemas folder)."""
    path = Path(path).resolve()
    source = display_path(path, home)
    return _build(load_yaml(path, name=source), source, path, home)


def variant_from_dict(data: dict[str, Any], source_name: str, home: Path | None = None) -> Variant:
    """A variant from its content (``{"variant": {...}}`` or the inner mapping), e.g. from a record.

    The content hash equals the one of the file it came from, so a record can check it.
    """
    content = data if isinstance(data, dict) and "variant" in data else {"variant": data}
    return _build(copy.deepcopy(content), source_name, None, home)


@dataclass(frozen=True)
class Change:
    """Where one applied operation put its value: used to locate later errors in the variant file."""

    pointer: str  # the document location the op wrote (``-`` resolved to the index it got)
    variant: Variant
    index: int  # position in variant.changes
    op: str


def blame(changes: Sequence[Change], pointer: str | None) -> Change | None:
    """The change most likely to have caused a fault at ``pointer`` of the patched document.

    The base pack was valid on its own, so a fault that appears once variants are applied is theirs: of
    the changes, the one whose location shares the longest stretch of path with the fault (the last of
    equals: it wrote last). None without changes. The changes are indexed once per list (a trie of their
    paths), so each question costs the length of ``pointer``: a check that blames every finding of a
    variant with thousands of changes stays linear in the variant's size.
    """
    if not changes:
        return None
    index = _blame_index(changes)
    node, found = index.root, index.root.last
    for token in parse_pointer(pointer or "") or []:
        child = node.children.get(token)
        if child is None:
            break
        node, found = child, child.last
    return changes[found]


def last_change_over(changes: Sequence[Change], pointer: str) -> Change | None:
    """The last change that wrote ``pointer`` or a part of the document holding it (None if none did),
    found through the same index as ``blame``: the length of ``pointer``, however many changes there are."""
    if not changes:
        return None
    tokens = parse_pointer(pointer)
    if tokens is None:
        return None
    node = _blame_index(changes).root
    found = node.ends
    for token in tokens:
        child = node.children.get(token)
        if child is None:
            break
        node = child
        found = max(found, node.ends)
    return changes[found] if found >= 0 else None


class _Prefix:
    """One step of the trie: the changes whose path starts with the tokens that lead here."""

    __slots__ = ("children", "ends", "last")

    def __init__(self) -> None:
        self.children: dict[str, _Prefix] = {}
        self.last = -1  # the index of the last change whose path passes here
        self.ends = -1  # the index of the last change whose path ends here


@dataclass
class _BlameIndex:
    changes: Sequence[Change]
    size: int
    root: _Prefix


def _build_index(changes: Sequence[Change]) -> _BlameIndex:
    root = _Prefix()
    for i, change in enumerate(changes):
        node = root
        node.last = i
        tokens = parse_pointer(change.pointer)
        for token in tokens or []:
            child = node.children.get(token)
            if child is None:
                child = node.children[token] = _Prefix()
            node = child
            node.last = i
        if tokens is not None:
            node.ends = i
    return _BlameIndex(changes, len(changes), root)


_last_index: list[_BlameIndex] = []  # the index of the change list asked about last (one pack at a time)


def _blame_index(changes: Sequence[Change]) -> _BlameIndex:
    if _last_index and _last_index[0].changes is changes and _last_index[0].size == len(changes):
        return _last_index[0]
    index = _build_index(changes)
    _last_index[:] = [index]
    return index


def blamed(err: PackError, change: Change) -> PackError:
    """``err`` (located in a base pack's file) said at the variant change that caused it, the base place as context."""
    variant = change.variant
    at = f"/variant/changes/{change.index}"
    _, line, column = variant.where(at)
    place = err.file or "the base pack"
    if err.line is not None:
        place += f":{err.line}" + (f":{err.column}" if err.column is not None else "")
    return PackError(f"variant '{variant.id}', change {change.index + 1} ({change.op} {change.pointer}): "
                     f"{err.message} (in the patched pack, at {place})",
                     file=variant.source, line=line, column=column, field=err.field, code=err.code)


def apply_variants(document: dict[str, Any], variants: Sequence[Variant], pack_id: str) -> dict[str, Any]:
    """The document with the variants applied in order. The input is never modified."""
    return apply_variants_traced(document, variants, pack_id)[0]


def apply_variants_traced(
    document: dict[str, Any], variants: Sequence[Variant], pack_id: str
) -> tuple[dict[str, Any], list[Change]]:
    """apply_variants, plus the list of locations each operation wrote (for Pack.locate)."""
    from regola.core.limits import current
    from regola.core.patch_bounds import count_nodes

    result: Any = copy_json(document)
    trace: list[Change] = []
    # a `copy` duplicates a subtree: two dozen copies of a part into itself would double the pack two
    # dozen times, so the values the changes add are counted against the node bound before they are made
    bound = current().nodes
    nodes = count_nodes(result, bound) if any(op.get("op") == "copy" for v in variants for op in v.changes) else 0
    for variant in variants:
        if pack_id not in variant.base:
            bases = ", ".join(f"'{b}'" for b in variant.base)
            _, line, column = variant.where("/variant/base")
            raise PackError(f"variant '{variant.id}' applies to packs [{bases}], not '{pack_id}'",
                            file=variant.source, line=line, column=column, field="/variant/base")
        for index, operation in enumerate(variant.changes):
            op = copy_json(operation)  # jsonpatch inserts values as they are: keep the variant clean
            target = _written_pointer(result, op)
            try:
                if nodes and op.get("op") in ("copy", "add", "replace"):
                    added = op.get("value") if op.get("op") != "copy" else jsonpointer.resolve_pointer(
                        result, str(op.get("from")))
                    nodes += count_nodes(added, bound)
                    if nodes > bound:
                        _, line, column = variant.where(f"/variant/changes/{index}")
                        raise PackError(
                            f"variant '{variant.id}', change {index + 1}: the pack would grow past {bound:,} "
                            "values (REGOLA_MAX_NODES raises the limit)", file=variant.source, line=line,
                            column=column, field=f"/variant/changes/{index}", code="limit")
                result = jsonpatch.JsonPatch([op]).apply(result, in_place=True)
            except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException,
                    TypeError, KeyError, IndexError, ValueError) as exc:
                reason, member = _why(result, op, exc)
                pointer = f"/variant/changes/{index}/{member}"
                _, line, column = variant.where(pointer)
                raise PackError(
                    f"variant '{variant.id}', change {index + 1}: cannot {op.get('op')} "
                    f"{op.get(member, op.get('path'))}: {reason}",
                    file=variant.source, line=line, column=column, field=pointer,
                ) from None
            if op.get("op") != "test":
                trace.append(Change(target, variant, index, str(op.get("op"))))
    return result, trace


def _written_pointer(document: Any, op: dict[str, Any]) -> str:
    path = str(op.get("path", ""))
    if op.get("op") == "add" and path.endswith("/-"):
        parent = jsonpointer.resolve_pointer(document, path[:-2], None)
        if isinstance(parent, list):
            return f"{path[:-2]}/{len(parent)}"
    return path


_MISSING = object()


def _why(document: Any, op: dict[str, Any], exc: Exception) -> tuple[str, str]:
    """Why an operation failed, in words, and which member of the op is to blame ('path' or 'from')."""
    kind = op.get("op")
    path = str(op.get("path", ""))
    if isinstance(exc, jsonpatch.JsonPatchTestFailed):
        actual = jsonpointer.resolve_pointer(document, path, _MISSING)
        if actual is _MISSING:
            return f"{path} does not exist", "path"
        wanted = show(op.get("value"))
        return f"the test failed: the pack has {show(actual)}, the variant expects {wanted}", "path"
    if kind in ("move", "copy"):
        source = str(op.get("from", ""))
        missing = _missing(document, source, whole=True)
        if missing:
            return missing, "from"
    missing = _missing(document, path, whole=kind in ("replace", "remove", "test"))
    if missing:
        return missing, "path"
    text = str(exc)
    return (text if len(text) <= 160 else text[:157] + "…"), "path"


def _missing(document: Any, pointer: str, whole: bool) -> str | None:
    """What part of ``pointer`` the document lacks (only its parent must exist unless ``whole``)."""
    tokens = parse_pointer(pointer)
    if tokens is None:
        return f"'{pointer}' is not a JSON pointer (it must start with '/')"
    if not whole and tokens:
        last, tokens = tokens[-1], tokens[:-1]
    node, walked = document, ""
    for token in tokens:
        here = walked or "the document"
        if isinstance(node, dict):
            if token not in node:
                import difflib

                close = difflib.get_close_matches(token, [str(key) for key in node], n=1, cutoff=0.6)
                return f"{here} has no field '{token}'" + (f"; did you mean '{close[0]}'?" if close else "")
            node = node[token]
        elif isinstance(node, list):
            if not token.isdigit() or int(token) >= len(node):
                return f"{here} is a list of {len(node)} items, it has no item '{token}'"
            node = node[int(token)]
        else:
            return f"{here} is {show(node)}, not a mapping or a list"
        walked += "/" + token.replace("~", "~0").replace("/", "~1")
    if not whole and tokens is not None and pointer:
        here = walked or "the document"
        if isinstance(node, list) and last != "-" and (not last.isdigit() or int(last) > len(node)):
            return f"{here} is a list of {len(node)} items, '{last}' is not a place to add to it"
        if not isinstance(node, dict | list):
            return f"{here} is {show(node)}, not a mapping or a list"
    return None

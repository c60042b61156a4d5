"""PyYAML's safe loader narrowed to JSON: what a rule pack's YAML means.

A pack's document must be plain JSON (it is hashed, patched by JSON pointers and validated by JSON
Schema), so YAML is read the way JSON sees it: mapping keys are always the text written,
``yes``/``no``/``on``/``off`` stay text, dates stay text, ``010`` stays text, and a key written twice
in one mapping is an error. libyaml's parser (``CSafeLoader``) does the reading when it is there.
Only ``yamlio`` imports this module, and only when a file is not in the parse cache.

The node tree is composed here, from libyaml's events, rather than by libyaml's own composer: that
one recurses in C (a 200 KB file of ``[`` crashes the interpreter) and knows no bounds. Composing
event by event, without recursion, lets every document be refused at the line where it passes a
bound of ``regola.core.limits``: nesting depth, alias uses, and nodes counted with every alias
expanded, so a 600-byte alias chain that would expand to gigabytes stops at its first costly alias,
before anything is built.
"""

from __future__ import annotations

import contextlib
import gc
import math
import re
from collections.abc import Iterator
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import CollectionNode, MappingNode, Node, ScalarNode, SequenceNode

from regola.core.errors import PackError
from regola.core.limits import Limits, current

__all__ = ["MERGE", "BaseLoader", "JsonLoader", "compose", "compose_text", "no_collection", "parse", "parse_with_tree",
           "yaml_error"]

# A change to what this loader makes of some bytes must bump yamlio.LOADER_VERSION (the parse cache key).

BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MERGE = "tag:yaml.org,2002:merge"


class _JsonConstruction:
    """PyYAML's safe loader, narrowed to what JSON can hold (the resolver and constructor hooks PyYAML
    offers for exactly this): YAML 1.2 core scalars, field names kept as written, no field twice."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[str, Any]:
        seen: set[str] = set()
        for key_node, _ in node.value:  # written fields only: a merge ('<<') may be overridden
            if not isinstance(key_node, ScalarNode):
                raise yaml.constructor.ConstructorError(
                    None, None, "a field name must be plain text, not a list or a mapping", key_node.start_mark)
            if key_node.tag == MERGE:
                continue
            if key_node.value in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the field '{key_node.value}' appears twice in this mapping", key_node.start_mark)
            seen.add(key_node.value)
        base: Any = self  # a mixin of PyYAML's SafeLoader: its hooks are the loader's
        base.flatten_mapping(node)  # merged fields first, so written ones win below
        return {key_node.value: base.construct_object(value_node, deep=deep) for key_node, value_node in node.value}

    def construct_number(self, node: Node) -> Any:
        text = str(node.value).replace("_", "")
        try:
            if node.tag.endswith(":int"):
                return int(text)
            value = float(text)
        except ValueError:
            shown = text if len(text) <= 40 else f"{text[:20]}…({len(text)} characters)"
            raise yaml.constructor.ConstructorError(
                None, None, f"'{shown}' is not a number regola reads (at most 4300 digits)", node.start_mark) from None
        if value in (math.inf, -math.inf):  # 1e400: JSON has no infinity, and no rule needs one
            raise yaml.constructor.ConstructorError(
                None, None, f"'{text[:40]}' is too large for a number (it would be infinite)", node.start_mark)
        return value

    def construct_unsupported(self, node: Node) -> Any:
        shown = str(node.tag).replace("tag:yaml.org,2002:", "!!")
        raise yaml.constructor.ConstructorError(
            None, None, f"the YAML tag {shown} is not supported here (only plain JSON values are)", node.start_mark)


class JsonLoader(_JsonConstruction, BaseLoader):  # type: ignore[misc,valid-type]
    """The loader every text goes through: libyaml's parser where it is installed."""


class PureJsonLoader(_JsonConstruction, yaml.SafeLoader):  # type: ignore[misc]
    """The same loader on PyYAML's pure-Python parser, which has no nesting bound of its own.

    libyaml (as bundled from PyYAML 6.0.4 on) refuses flow nesting past 1,000 levels while it scans
    ahead, before a single event reaches ``compose``, so regola's own, lower bound never sees the
    text. Such a text is read again with this loader, which stops at regola's bound after a few
    events: the refusal names the same bound at the same place whatever libyaml does.
    """


def _narrow(loader: type[yaml.SafeLoader]) -> None:
    # Implicit typing as YAML 1.2's core schema (and JSON) has it: no yes/no/on/off booleans, no dates,
    # no octal '010', no sexagesimal numbers. Everything else stays text.
    loader.yaml_implicit_resolvers = {}
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9_]*)$"), list("-+0123456789"))
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:float",
        re.compile(r"^[-+]?(?:[0-9][0-9_]*\.[0-9_]*(?:[eE][-+]?[0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?"
                   r"|[0-9][0-9_]*[eE][-+]?[0-9]+)$"), list("-+.0123456789"))
    loader.add_implicit_resolver(
        "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
    loader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^<<$"), ["<"])
    loader.add_constructor("tag:yaml.org,2002:int", _JsonConstruction.construct_number)
    loader.add_constructor("tag:yaml.org,2002:float", _JsonConstruction.construct_number)
    for tag in ("timestamp", "binary", "set", "omap", "pairs"):
        loader.add_constructor(f"tag:yaml.org,2002:{tag}", _JsonConstruction.construct_unsupported)
    loader.add_constructor(None, _JsonConstruction.construct_unsupported)


_narrow(JsonLoader)
_narrow(PureJsonLoader)


def _libyaml_nesting(exc: yaml.YAMLError) -> bool:
    """Whether libyaml refused the text for its own nesting bound (its wording: 'exceeded maximum
    nesting depth'); any refusal that mentions nesting counts, so a reworded message still does."""
    return "nesting" in str(getattr(exc, "problem", "") or "")


def _refuse(what: str, event: Event, shown: str, env: str) -> PackError:
    mark = event.start_mark
    return PackError(f"{what}; regola refuses a file this costly (the bound can be raised with {env})",
                     file=shown, line=mark.line + 1 if mark else None,
                     column=mark.column + 1 if mark else None, code="limit")


def compose(loader: yaml.SafeLoader, limits: Limits, shown: str) -> Node | None:
    """The node tree of the single document of ``loader``'s stream, within ``limits``, without recursion.

    What PyYAML's Composer does (same nodes, same errors for a missing alias or a second document),
    plus the bounds. An alias of a collection that is still open (a loop, which JSON cannot hold) is
    refused too. Written as one flat loop: it runs for every event of every file parsed.
    """
    max_nodes, max_depth, max_aliases = limits.nodes, limits.depth, limits.yaml_aliases
    nodes = 0  # so far, every alias expanded
    aliases = 0
    anchors: dict[str, Node] = {}
    costs: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, height) of its value, aliases expanded
    # per open collection: [node, key waiting for its value, nodes count at its start, height below it]
    stack: list[list[Any]] = []
    root: Node | None = None
    resolve = loader.resolve
    get_event = loader.get_event
    tags: dict[tuple[str, Any], str] = {}  # a pack repeats its field names: resolve each text once

    loader.get_event()  # StreamStartEvent
    if loader.check_event(StreamEndEvent):
        loader.get_event()
        return None
    loader.get_event()  # DocumentStartEvent
    while True:
        event = get_event()
        kind = event.__class__
        height = 0
        if kind is ScalarEvent:
            tag = event.tag
            if tag is None or tag == "!":
                key = (event.value, event.implicit)
                tag = tags.get(key)
                if tag is None:
                    tag = tags[key] = resolve(ScalarNode, event.value, event.implicit)
            node: Node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
            nodes += 1
            if event.anchor is not None:
                _anchor(anchors, event, node)
                costs[event.anchor] = (1, 0)
        elif kind is SequenceStartEvent or kind is MappingStartEvent:
            node_kind = SequenceNode if kind is SequenceStartEvent else MappingNode
            tag = event.tag
            if tag is None or tag == "!":
                tag = resolve(node_kind, None, event.implicit)
            nodes += 1
            if len(stack) >= max_depth:
                raise _refuse(f"the document nests deeper than {max_depth} levels", event, shown,
                              "REGOLA_MAX_DEPTH")
            node = node_kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
            if event.anchor is not None:
                _anchor(anchors, event, node)
            stack.append([node, None, nodes, 0])
            continue
        elif kind is SequenceEndEvent or kind is MappingEndEvent:
            node, _, first, below = stack.pop()
            node.end_mark = event.end_mark
            height = below + 1
            anchor = getattr(node, "_regola_anchor", None)
            if anchor is not None:
                costs[anchor] = (nodes - first + 1, height)
        elif kind is AliasEvent:
            node = anchors.get(event.anchor)  # type: ignore[assignment]
            if node is None:
                raise yaml.composer.ComposerError(None, None, f"found undefined alias {event.anchor!r}",
                                                  event.start_mark)
            cost = costs.get(event.anchor)
            if cost is None:
                raise _refuse(f"the alias *{event.anchor} stands inside the value it names (a loop, which "
                              "JSON cannot hold)", event, shown, "nothing: a loop is never allowed")
            aliases += 1
            if aliases > max_aliases:
                raise _refuse(f"the document uses aliases (*name) more than {max_aliases} times", event,
                              shown, "REGOLA_MAX_YAML_ALIASES")
            nodes += cost[0]
            height = cost[1]
            if len(stack) + height > max_depth:
                raise _refuse(f"the document nests deeper than {max_depth} levels once the alias "
                              f"*{event.anchor} is expanded", event, shown, "REGOLA_MAX_DEPTH")
        elif kind is DocumentEndEvent:
            break
        else:  # a stream or document start inside a document: libyaml never sends it
            raise yaml.composer.ComposerError(None, None, "unexpected YAML event", event.start_mark)
        if nodes > max_nodes:
            raise _refuse(f"the document holds more than {max_nodes:,} values once its aliases are expanded",
                          event, shown, "REGOLA_MAX_NODES")
        if not stack:
            root = node
            continue
        parent = stack[-1]
        if height > parent[3]:
            parent[3] = height
        if parent[0].__class__ is SequenceNode:
            parent[0].value.append(node)
        elif parent[1] is None:
            parent[1] = node
        else:
            parent[0].value.append((parent[1], node))
            parent[1] = None
    if not loader.check_event(StreamEndEvent):
        event = loader.get_event()
        raise yaml.composer.ComposerError("expected a single document in the stream",
                                          root.start_mark if root is not None else None,
                                          "but found another document", event.start_mark)
    loader.get_event()
    return root


@contextlib.contextmanager
def no_collection() -> Iterator[None]:
    """Python's cycle collector paused while a document is built: each of its passes walks every object
    made so far, which makes building 100,000 nodes quadratic (a 1 MiB file: 2.1 s instead of 0.3 s).
    What is built here holds no cycles (an alias loop is refused), so reference counting frees it all."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _anchor(anchors: dict[str, Node], event: Event, node: Node) -> None:
    name: str = event.anchor  # type: ignore[attr-defined]
    if name in anchors:
        raise yaml.composer.ComposerError(f"found duplicate anchor {name!r}; first occurrence",
                                          anchors[name].start_mark, "second occurrence", event.start_mark)
    anchors[name] = node
    if isinstance(node, CollectionNode):
        node._regola_anchor = name  # type: ignore[attr-defined]  # its cost is known when it closes


def compose_text(text: str, shown: str, limits: Limits, construct: bool = False) -> Any:
    """The node tree of ``text`` within ``limits`` (with ``construct``, the pair (content, node tree)).

    libyaml reads it; a text libyaml refuses for its own nesting bound is read again by the
    pure-Python parser, so regola's depth bound, not the library's, decides (see PureJsonLoader).
    PyYAML's errors and PackError pass through.
    """
    for loader_class in (JsonLoader, PureJsonLoader):
        loader = loader_class(text)
        try:
            with no_collection():
                node = compose(loader, limits, shown)
                if not construct:
                    return node
                return (None if node is None else loader.construct_document(node)), node
        except yaml.YAMLError as exc:
            if loader_class is PureJsonLoader or not _libyaml_nesting(exc):
                raise
        finally:
            loader.dispose()
    raise AssertionError("unreachable: the pure-Python reading returns or raises")


def parse(text: str, shown: str, limits: Limits | None = None) -> Any:
    """The content of one YAML (or JSON) text within ``limits`` (default: those in force).

    Any failure, a bound passed among them, is a PackError at ``shown``, line and column.
    """
    return parse_with_tree(text, shown, limits)[0]


def parse_with_tree(text: str, shown: str, limits: Limits | None = None) -> tuple[Any, Node | None]:
    """(content, node tree) of one text: the tree locates findings later without reading it again."""
    try:
        return compose_text(text, shown, limits if limits is not None else current(), construct=True)
    except yaml.YAMLError as exc:
        raise yaml_error(exc, shown) from None
    except RecursionError:  # not with the default depth; a user may raise it past Python's stack
        raise PackError("the YAML nests too deeply for this interpreter", file=shown, code="limit") from None


def yaml_error(exc: yaml.YAMLError, name: str) -> PackError:
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

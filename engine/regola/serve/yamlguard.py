"""A posted YAML body's cost, measured on its node graph before anything builds values from it.

A few hundred bytes of YAML aliases can stand for billions of nodes once expanded (and `regola
check` walks the expanded document). The body is composed into nodes with the project's own loader
class (aliases stay shared nodes, so this is linear in the text), then its expanded node count and
nesting depth are computed over that graph and held to ``core.limits``. The loaders themselves
enforce the same bounds; this check answers a stranger with a 422 before the engine is involved.
"""

from __future__ import annotations

import sys
from typing import Any

from regola.core import limits
from regola.serve.replies import Problem

__all__ = ["guard_yaml"]


def _refuse(detail: str) -> Problem:
    return Problem(422, "Unprocessable Content", f"body: {detail}")


def guard_yaml(text: str) -> None:
    """422 when the YAML expands past the node bound, nests past the depth bound or uses too many aliases."""
    import yaml
    from yaml.nodes import MappingNode, Node, SequenceNode

    from regola.core.yaml_loader import BaseLoader

    bound = limits.current()
    if text.count("*") > bound.yaml_aliases and _aliases(text, yaml, BaseLoader) > bound.yaml_aliases:
        raise _refuse(f"more than {bound.yaml_aliases} YAML aliases")
    try:
        root = yaml.compose(text, Loader=BaseLoader)
    except yaml.YAMLError:
        return  # the check itself reports the syntax error, at its line and column
    except RecursionError:
        raise _refuse("the YAML nests too deeply") from None
    sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (expanded nodes, depth); shared by aliases

    def measure(node: Node, level: int) -> tuple[int, int]:
        if level > bound.depth:
            raise _refuse(f"the YAML nests deeper than {bound.depth} levels")
        known = sizes.get(id(node))
        if known is not None:
            return known
        children: list[Any] = []
        if isinstance(node, MappingNode):
            children = [part for pair in node.value for part in pair]
        elif isinstance(node, SequenceNode):
            children = list(node.value)
        count, depth = 1, 0
        for child in children:
            c, d = measure(child, level + 1)
            count += c
            depth = max(depth, d + 1)
            if count > bound.nodes:
                raise _refuse(f"the YAML stands for more than {bound.nodes} nodes once its aliases are expanded")
        sizes[id(node)] = (count, depth)
        return count, depth

    if root is not None:
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, bound.depth * 4 + 200))
        try:
            measure(root, 0)
        finally:
            sys.setrecursionlimit(old)


def _aliases(text: str, yaml: Any, loader: Any) -> int:
    try:
        return sum(1 for event in yaml.parse(text, Loader=loader) if isinstance(event, yaml.AliasEvent))
    except yaml.YAMLError:
        return 0

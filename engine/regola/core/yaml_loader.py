"""PyYAML's safe loader narrowed to JSON: what a rule pack's YAML means.

A pack's document must be plain JSON (it is hashed, patched by JSON pointers and validated by JSON
Schema), so YAML is read the way JSON sees it: mapping keys are always the text written,
``yes``/``no``/``on``/``off`` stay text, dates stay text, ``010`` stays text, and a key written twice
in one mapping is an error. libyaml's parser (``CSafeLoader``) does the reading when it is there.
Only ``yamlio`` imports this module, and only when a file is not in the parse cache.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode

from regola.core.errors import PackError

__all__ = ["MERGE", "BaseLoader", "JsonLoader", "parse", "yaml_error"]

# A change to what this loader makes of some bytes must bump yamlio.LOADER_VERSION (the parse cache key).

BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MERGE = "tag:yaml.org,2002:merge"


class JsonLoader(BaseLoader):  # type: ignore[misc,valid-type]
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


def parse(text: str, shown: str) -> Any:
    """The content of one YAML text; any failure is a PackError at ``shown``, line and column."""
    loader = JsonLoader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        raise yaml_error(exc, shown) from None
    except RecursionError:
        raise PackError("the YAML nests too deeply", file=shown) from None
    finally:
        loader.dispose()


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

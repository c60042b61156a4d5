"""Write a changed YAML document by touching only the lines of what changed.

A translator who imports one message into a rule catalog expects a diff of one line, not a file
rewritten by a YAML dumper (its comments gone, its lines wrapped anew: ~1,200 changed lines for one
message). :func:`patched` takes the file's text and the data it held and the data it should hold, and
edits the text in place: a changed scalar is rewritten where it stands (on one line), a new key is added
at the end of its mapping (block or flow style), everything else keeps its bytes, comments included.
Where the change is of another kind (a key removed, a list that grows or shrinks, a scalar that becomes a
mapping) it returns None, and the caller writes the whole document. The result is read back and must
hold exactly the new data, else None too: a patch never writes anything but what was asked.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

__all__ = ["patched"]

#: an edit of the text: replace text[start:end] by the string
_Edit = tuple[int, int, str]


class _Refused(Exception):
    """The change is not one a patch makes: the whole document is written instead."""


def patched(text: str, old: Any, new: Any, dumper: type[yaml.SafeDumper]) -> str | None:
    """``text`` (a YAML document holding ``old``) edited to hold ``new``, only the changed values' lines
    touched; None where a patch cannot say it (module docstring). ``dumper`` writes new values."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if root is None:
        return None
    edits: list[_Edit] = []
    try:
        _diff(root, old, new, text, dumper, edits)
    except _Refused:
        return None
    out = text
    for start, end, replacement in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + replacement + out[end:]
    try:
        if yaml.safe_load(out) != new:
            return None
    except yaml.YAMLError:
        return None
    return out


def _scalar(value: Any, dumper: type[yaml.SafeDumper]) -> str:
    """``value`` as one line of YAML (a flow scalar: never folded, whatever its length)."""
    if isinstance(value, dict | list):
        raise _Refused
    said = _one(value, dumper, None)
    if _BREAKS.intersection(said):  # a text with a line break (YAML counts five): double-quoted, escaped
        said = _one(value, dumper, '"')
    if _BREAKS.intersection(said):
        raise _Refused
    return said


#: what YAML reads as a line break inside a scalar
_BREAKS = frozenset("\n\r\x85\u2028\u2029")


def _one(value: Any, dumper: type[yaml.SafeDumper], style: str | None) -> str:
    said = yaml.dump(value, Dumper=dumper, allow_unicode=True, default_flow_style=True, width=float("inf"),
                     default_style=style)
    return said.removesuffix("\n").removesuffix("\n...").rstrip("\n")


def _diff(node: Node, old: Any, new: Any, text: str, dumper: type[yaml.SafeDumper], edits: list[_Edit]) -> None:
    if isinstance(node, ScalarNode):
        if old != new or type(old) is not type(new):
            edits.append((node.start_mark.index, node.end_mark.index, _scalar(new, dumper)))
        return
    if isinstance(node, SequenceNode):
        if not isinstance(old, list) or not isinstance(new, list) or len(old) != len(new):
            raise _Refused
        for child, before, after in zip(node.value, old, new, strict=True):
            _diff(child, before, after, text, dumper, edits)
        return
    if not isinstance(node, MappingNode) or not isinstance(old, dict) or not isinstance(new, dict):
        raise _Refused
    if set(old) - set(new):
        raise _Refused
    values = {str(key.value): value for key, value in node.value if isinstance(key, ScalarNode)}
    if set(values) != set(map(str, old)):
        raise _Refused
    added = [key for key in new if key not in old]
    for key in new:
        if key in old:
            _diff(values[str(key)], old[key], new[key], text, dumper, edits)
    if added:
        edits.append(_addition(node, {key: new[key] for key in added}, text, dumper))


def _addition(node: MappingNode, entries: dict[str, Any], text: str, dumper: type[yaml.SafeDumper]) -> _Edit:
    """The edit that adds ``entries`` at the end of the mapping ``node``."""
    if node.flow_style:  # {a: 1, b: 2}: before the closing brace
        if not node.value:
            raise _Refused
        end = node.value[-1][1].end_mark.index
        said = "".join(f", {_scalar(k, dumper)}: {_scalar(v, dumper)}" for k, v in entries.items())
        return end, end, said
    if not node.value:
        raise _Refused
    first_key = node.value[0][0]
    indent = " " * first_key.start_mark.column
    last = node.value[-1][1]
    end = last.end_mark.index
    if isinstance(last, MappingNode | SequenceNode) and not last.flow_style:
        end = _line_end_before(text, end)  # a block collection ends at the start of the line after it
    block = yaml.dump(entries, Dumper=dumper, allow_unicode=True, sort_keys=False, default_flow_style=False,
                      width=float("inf"))
    lines = [indent + line for line in block.rstrip("\n").split("\n")]
    return end, end, "\n" + "\n".join(lines)


def _line_end_before(text: str, index: int) -> int:
    """The end of the last line with content before ``index`` (a block's end mark lies past its newline)."""
    at = index
    while at > 0 and text[at - 1] in " \n":
        at -= 1
    return at

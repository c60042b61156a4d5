"""Constraints as data: what a pack's numbers must satisfy, declared in ``pack.constraints`` with the
source that says so, checked on the pack and on every variant applied to it (``CONSTRAINT``).

The vocabulary (one test per entry, ``path`` may hold ``*`` for every member of a mapping or list):

- ``increasing`` / ``decreasing``: ``strict`` or ``weak``, for a list, or for the values ``*`` selects;
- ``range: [low, high]``: every selected number (``null``: open);
- ``at_most`` / ``at_least``: every selected number against a number or a pointer (a ``*`` in that
  pointer stands for what the path's ``*`` matched: ``/setup/freedoms/*/each`` ≤ ``/components/…``);
- ``total`` / ``count``: the sum / the number of the selected values, ``{at_most|at_least|equals: bound}``.

Where a value is missing the declaration is wrong, not the data: ``REF_POINTER``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from regola.check.findings import Finding
from regola.check.subject import Subject, pointer
from regola.core.schemas import escape_token
from regola.core.yamlio import parse_pointer

__all__ = ["check_constraints", "check_tuning", "select"]

_COMPARE = {"at_most": (lambda a, b: a <= b, "at most"), "at_least": (lambda a, b: a >= b, "at least"),
            "equals": (lambda a, b: a == b, "equal to")}


def select(doc: Any, path: str) -> Iterator[tuple[str, tuple[str, ...], Any]]:
    """(pointer, what each ``*`` matched, value) for every value ``path`` selects."""
    Selected = Iterator[tuple[str, tuple[str, ...], Any]]

    def walk(node: Any, tokens: list[str], at: str, bound: tuple[str, ...]) -> Selected:
        if not tokens:
            yield at, bound, node
            return
        token, rest = tokens[0], tokens[1:]
        if token == "*":
            members = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
            for key, value in members:
                yield from walk(value, rest, f"{at}/{escape_token(key)}", (*bound, str(key)))
        elif isinstance(node, dict) and token in node:
            yield from walk(node[token], rest, f"{at}/{escape_token(token)}", bound)
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            yield from walk(node[int(token)], rest, f"{at}/{token}", bound)

    yield from walk(doc, parse_pointer(path) or [], "", ())


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numbers(selected: list[tuple[str, tuple[str, ...], Any]]) -> list[tuple[str, tuple[str, ...], Any]]:
    """The selection with each list of numbers spread into its items."""
    out = []
    for at, bound, value in selected:
        if isinstance(value, list):
            out += [(f"{at}/{i}", bound, v) for i, v in enumerate(value) if _number(v)]
        elif _number(value):
            out.append((at, bound, value))
    return out


class _Checker:
    def __init__(self, subject: Subject, index: int, entry: dict[str, Any]) -> None:
        self.subject = subject
        self.entry = entry
        self.at = pointer("pack", "constraints", index)
        cites = entry.get("cites", [])
        self.said = f" [{', '.join(cites)}]" if cites else ""
        self.why = f"{entry['why']}: " if entry.get("why") else ""
        self.findings: list[Finding] = []

    def fail(self, where: str, detail: str) -> None:
        self.findings.append(self.subject.at("CONSTRAINT", f"{self.why}{detail}{self.said}", where))

    def bound(self, value: Any, matched: tuple[str, ...]) -> Any:
        """A number, or the number at a pointer whose ``*`` stand for ``matched``; None when unresolvable."""
        if not isinstance(value, str):
            return value
        tokens = parse_pointer(value) or []
        filled = iter(matched)
        concrete = "".join("/" + escape_token(next(filled, "*") if t == "*" else t) for t in tokens)
        found = [v for _, _, v in select(self.subject.doc, concrete)]
        if len(found) != 1 or not _number(found[0]):
            self.findings.append(self.subject.at("REF_POINTER", f"constraint {self.entry['path']}: {concrete} is "
                                                 "not one number in this document", self.at))
            return None
        return found[0]

    def run(self) -> list[Finding]:
        entry = self.entry
        selected = list(select(self.subject.doc, entry["path"]))
        if not selected:
            return [self.subject.at("REF_POINTER", f"constraint: {entry['path']} selects nothing in the document",
                                    f"{self.at}/path")]
        for direction in ("increasing", "decreasing"):
            if direction in entry:
                self.monotonic(selected, direction, entry[direction] == "strict")
        if "range" in entry:
            low, high = entry["range"]
            for at, _, value in _numbers(selected):
                if (low is not None and value < low) or (high is not None and value > high):
                    self.fail(at, f"{value} at {at} is outside {_range(low, high)}")
        for name, (test, words) in _COMPARE.items():
            if name in entry:
                for at, matched, value in _numbers(selected):
                    limit = self.bound(entry[name], matched)
                    if limit is not None and not test(value, limit):
                        self.fail(at, f"{value} at {at} must be {words} {limit} ({entry[name]})")
        for measure in ("total", "count"):
            if measure in entry:
                self.aggregate(selected, measure, entry[measure])
        return self.findings

    def monotonic(self, selected: list[tuple[str, tuple[str, ...], Any]], direction: str, strict: bool) -> None:
        if len(selected) == 1 and isinstance(selected[0][2], list):
            base = selected[0][0]
            items = [(f"{base}/{i}", v) for i, v in enumerate(selected[0][2])]
        else:
            items = [(at, value) for at, _, value in selected]
        relation = {("increasing", True): "above", ("increasing", False): "at least",
                    ("decreasing", True): "below", ("decreasing", False): "at most"}[(direction, strict)]
        broken: list[tuple[str, str]] = []
        for (_, before), (at, after) in pairwise(items):
            if not (_number(before) and _number(after)):
                continue
            rising = after > before if strict else after >= before
            falling = after < before if strict else after <= before
            if not (rising if direction == "increasing" else falling):
                broken.append((at, f"{after} at {at} is not {relation} {before}"))
        if broken:  # one finding for the sequence, at its first break
            self.fail(broken[0][0], f"{self.entry['path']} must be {direction}"
                      f"{' step by step' if strict else ''}: {'; '.join(text for _, text in broken)}")

    def aggregate(self, selected: list[tuple[str, tuple[str, ...], Any]], measure: str, test: dict[str, Any]) -> None:
        if measure == "total":
            value = sum(v for _, _, v in _numbers(selected))
            what = "the total"
        else:
            value = len(selected[0][2]) if len(selected) == 1 and isinstance(selected[0][2], list) else len(selected)
            what = "the number of values"
        for name, (check, words) in _COMPARE.items():
            if name in test:
                limit = self.bound(test[name], ())
                if limit is not None and not check(value, limit):
                    self.fail(selected[0][0], f"{what} of {self.entry['path']} is {value}; it must be {words} "
                              f"{limit} ({test[name]})")


def _range(low: Any, high: Any) -> str:
    if low is None:
        return f"at most {high}"
    if high is None:
        return f"at least {low}"
    return f"{low} to {high}"


def check_constraints(subject: Subject) -> list[Finding]:
    """Every declared constraint of the pack, on this document (the pack, or the pack and a variant)."""
    findings: list[Finding] = []
    for index, entry in enumerate(subject.pack.meta.get("constraints", []) or []):
        findings += _Checker(subject, index, entry).run()
    return findings


def check_tuning(subject: Subject) -> list[Finding]:
    """Every value the pack lets `regola tune` move (``pack.tuning``) names a whole number of this document, or
    a key absent from a mapping that exists (a count of 0), for the first seat where ``{seat}`` stands."""
    findings: list[Finding] = []
    for goal, entry in (subject.pack.meta.get("tuning") or {}).items():
        for index, item in enumerate(entry.get("vary", [])):
            path = item["path"].replace("{seat}", "0")
            at = pointer("pack", "tuning", goal, "vary", index, "path")
            value = [v for _, _, v in select(subject.doc, path)]
            parent = path.rpartition("/")[0]
            if value and not (_number(value[0]) and float(value[0]).is_integer()):
                findings.append(subject.at("REF_POINTER", f"tuning {goal}: {path} is {value[0]!r}, not a whole "
                                           "number to tune", at))
            elif not value and not any(isinstance(v, dict) for _, _, v in select(subject.doc, parent)):
                findings.append(subject.at("REF_POINTER", f"tuning {goal}: {path} is in no mapping of this "
                                           "document", at))
            low, high = item["range"]
            if low > high:
                findings.append(subject.at("REF_POINTER", f"tuning {goal}: range [{low}, {high}] is empty", at))
    return findings

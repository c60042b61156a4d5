"""Packs of one game against each other: every data difference is either declared or an error.

The packs transcribe different documents of the same game, so where they differ, either a source
says so (and the pack declares it in ``pack.divergences`` with a citation) or someone mistyped. Rule
entries, texts and annotations (provenance, notes, docs) are not game data and are not compared.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from typing import Any

from regola.check.findings import Finding
from regola.check.subject import MISSING, Subject, pointer, walk
from regola.core.pack import HASH_EXCLUDED

__all__ = ["ANNOTATIONS", "check_reconstructed", "check_sources"]

#: fields that explain data rather than being it: never compared between packs
ANNOTATIONS = frozenset({"provenance", "note", "doc", "cites"})


def _walk(node: Any, at: str) -> Iterator[tuple[str, Any]]:
    """Leaves as walk() gives them, except that a list of plain values is one leaf (read as a whole)."""
    if isinstance(node, dict) and node:
        for key, value in node.items():
            if key not in ANNOTATIONS:
                yield from _walk(value, at + pointer(key))
    elif isinstance(node, list) and any(isinstance(item, dict | list) for item in node):
        for index, value in enumerate(node):
            yield from _walk(value, f"{at}/{index}")
    else:
        yield at, node


def _leaves(doc: dict[str, Any]) -> dict[str, Any]:
    return {ptr: leaf for key, value in doc.items() if key not in HASH_EXCLUDED
            for ptr, leaf in _walk(value, pointer(key))}


def _within(ptr: str, prefix: str) -> bool:
    return ptr == prefix or ptr.startswith(prefix.rstrip("/") + "/")


def _show(value: Any) -> str:
    return "nothing" if value is MISSING else repr(value)


def _divergences(subject: Subject) -> list[tuple[int, dict[str, Any]]]:
    entries = subject.pack.meta.get("divergences") or []
    return [(i, d) for i, d in enumerate(entries) if isinstance(d, dict) and d.get("path") and d.get("cites")]


def check_sources(packs: Iterable[Subject], targets: set[str]) -> list[Finding]:
    """Compare each pair of packs with a target among them, leaf by leaf (after borrows)."""
    by_id = {s.pack.id: s for s in sorted(packs, key=lambda s: s.pack.id)}
    leaves = {pack_id: _leaves(s.doc) for pack_id, s in by_id.items()}
    covered: dict[tuple[str, int], list[str]] = {}
    undeclared: dict[tuple[str, str], list[str]] = {}
    findings: list[Finding] = []

    def declared(owner: str, other: str, ptr: str) -> tuple[int, dict[str, Any]] | None:
        """A divergence of ``owner`` covering ``ptr`` from a pack whose value there is ``other``'s."""
        for index, entry in _divergences(by_id[owner]):
            base = entry.get("from")
            if _within(ptr, entry["path"]) and base in leaves and \
                    leaves[base].get(ptr, MISSING) == leaves[other].get(ptr, MISSING):
                return index, entry
        return None

    for a, b in itertools.combinations(by_id, 2):
        if a not in targets and b not in targets:
            continue
        if by_id[a].pack.game != by_id[b].pack.game:
            continue
        for ptr in sorted(set(leaves[a]) | set(leaves[b])):
            va, vb = leaves[a].get(ptr, MISSING), leaves[b].get(ptr, MISSING)
            if va == vb and type(va) is type(vb):
                continue
            for owner, other in ((a, b), (b, a)):
                found = declared(owner, other, ptr)
                if found is not None:
                    covered.setdefault((owner, found[0]), []).append(ptr)
                    break
            else:
                odd = _odd_one(ptr, a, b, leaves)
                undeclared.setdefault((odd, ptr), []).append(b if odd == a else a)
    for (odd, ptr), others in undeclared.items():
        theirs = "; ".join(f"{o} has {_show(leaves[o].get(ptr, MISSING))}" for o in others)
        findings += by_id[odd].adopt([by_id[odd].at(
            "SRC_DIFF_UNDECLARED", f"{odd} has {_show(leaves[odd].get(ptr, MISSING))} at {ptr}, {theirs}: declare "
            "it in pack.divergences of the pack that differs (path, from, cites) or align the data", ptr)])
    for pack_id in targets & set(by_id):
        subject = by_id[pack_id]
        for index, entry in _divergences(subject):
            ptr = pointer("pack", "divergences", index)
            hits = covered.get((pack_id, index))
            cites = ", ".join(entry["cites"])
            if hits:
                shown = _summary(list(dict.fromkeys(hits)), by_id[pack_id], by_id.get(entry["from"]))
                findings.append(subject.at("SRC_DIVERGENCE_DECLARED", f"{pack_id} diverges from {entry['from']} "
                                           f"as declared [{cites}]: {shown}", ptr))
            elif entry.get("from") in leaves:
                findings.append(subject.at("SRC_DIVERGENCE_UNUSED", f"{pack_id} declares a divergence from "
                                           f"{entry['from']} at {entry['path']}, but the packs agree there", ptr))
            else:
                findings.append(subject.at("SRC_DIVERGENCE_UNUSED", f"{pack_id} declares a divergence from "
                                           f"{entry.get('from')!r}, which is not a pack of this run", ptr))
    return findings


def _odd_one(ptr: str, a: str, b: str, leaves: dict[str, dict[str, Any]]) -> str:
    """Of two differing packs, the one fewer packs agree with (the later one on a tie): it gets the finding."""
    def agreeing(pack: str) -> int:
        mine = leaves[pack].get(ptr, MISSING)
        return sum(1 for other in leaves.values() if other.get(ptr, MISSING) == mine)

    return a if agreeing(a) < agreeing(b) else b


def _summary(pointers: list[str], owner: Subject, base: Subject | None, limit: int = 3) -> str:
    """'/a (de 2, cs 3); /b (…) and 4 more': the first differences with both values."""
    own, other = _leaves(owner.doc), _leaves(base.doc) if base is not None else {}
    parts = [f"{p} ({owner.pack.id} {_show(own.get(p, MISSING))}"
             + (f", {base.pack.id} {_show(other.get(p, MISSING))})" if base is not None else ")")
             for p in pointers[:limit]]
    more = f" and {len(pointers) - limit} more" if len(pointers) > limit else ""
    return "; ".join(parts) + more


def check_reconstructed(subject: Subject) -> list[Finding]:
    """How many data fields no source states (provenance 'reconstructed'): a number to watch shrink."""
    marks = [ptr for ptr, value in walk(subject.doc) if value == "reconstructed" and "/provenance/" in ptr]
    if not marks:
        return []
    borrowed = [p for entry in subject.pack.meta.get("borrows", []) for p in entry.get("paths", [])]
    lent = sum(1 for ptr in marks if any(_within(ptr, b) for b in borrowed))
    of_which = f", {lent} of them in borrowed parts" if lent else ""
    return [subject.at("SRC_RECONSTRUCTED", f"pack {subject.pack.id}: {len(marks)} field(s) are reconstructed "
                       f"(provenance 'reconstructed': no source states them{of_which})", "/pack")]

"""The flow: every name resolves in the game's registry, and the graph can be played to its end.

Flow.build already resolves names (raising at the first unknown one) and Flow.check_graph already
finds unreachable states and dead ends; this module only turns both into findings.
"""

from __future__ import annotations

from regola.check.findings import CODES, Finding
from regola.check.subject import Subject
from regola.core.errors import PackError
from regola.core.flow import Flow
from regola.core.game import definition_for

__all__ = ["check_flow"]

_NAME_CODES = frozenset({"FLOW_UNKNOWN_EFFECT", "FLOW_UNKNOWN_GUARD", "FLOW_UNKNOWN_STEP", "FLOW_UNKNOWN_STATE"})


def check_flow(subject: Subject) -> list[Finding]:
    """Build the flow against the game's registry, then run the graph checks on it."""
    try:
        registry = definition_for(subject.pack.game).registry
    except PackError as err:
        return [subject.at("LOAD", err.message, "/pack/game")]
    try:
        flow = Flow.build(subject.doc["flow"], registry, locate=subject.pack.locate)
    except PackError as err:
        code = "REF_FLOW_NAME" if err.code in _NAME_CODES else "FLOW_MALFORMED"
        return [Finding(code, err.message, err.file, err.line, err.column, err.field)]
    return [subject.at(f.code if f.code in CODES else "FLOW_MALFORMED", f.message, f.pointer or "/flow")
            for f in flow.check_graph()]

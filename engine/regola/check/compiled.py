"""The last word goes to the game itself: compile the rules as a game would, once nothing else is wrong.

The finer checks name most faults first and better; this catches whatever compile_rules rejects that
they do not know about yet, so a pack that passes `regola check` also loads for play.
"""

from __future__ import annotations

from typing import Any

from regola.check.findings import Finding
from regola.check.subject import Subject
from regola.core.errors import PackError
from regola.core.game import definition_for

__all__ = ["check_compiles"]


def check_compiles(subject: Subject) -> list[Finding]:
    try:
        rules = definition_for(subject.pack.game).compile_rules(subject.doc)
    except PackError as err:
        if err.field and err.file is None:
            return [subject.at("COMPILE", err.message, err.field)]
        return [Finding("COMPILE", err.message, err.file, err.line, err.column, err.field)]
    except (KeyError, TypeError, ValueError, IndexError) as exc:  # data the compiler did not expect
        return [subject.at("COMPILE", f"the game cannot compile this pack: {type(exc).__name__}: {exc}", "")]
    mechanics = getattr(rules, "mechanics", None)
    ends = [*unreachable_ends(subject, mechanics), *unstoppable_ends(subject, mechanics)] if mechanics is not None \
        else []
    return [*ends, *uncited_verbs(subject, rules)]


def uncited_verbs(subject: Subject, rules: Any) -> list[Finding]:
    """A move the pack offers (a kind of its action space, or a chance event, which has no place) whose
    verb cites a rule the pack's rule index lacks: the rule a person reads for it would be missing."""
    verbs = definition_for(subject.pack.game).verbs
    if verbs is None:
        return []
    have = subject.doc.get("rules") or {}
    return [subject.at("VERB_UNCITED", f"the move '{verb.name}' cites the rule '{verb.cites}', which this pack's "
                       "rules do not have", "/rules")
            for verb in verbs if verb.cites not in have and verb.offered(rules)]


def unreachable_ends(subject: Subject, mechanics: Any) -> list[Finding]:
    """An end condition no player can ever meet: its threshold above the most the game allows."""
    found = []
    for condition in mechanics.end:
        if condition.kind != "reaches":  # a pile can always run out as far as the data shows
            continue
        part = mechanics.parts.get(condition.by)
        most = part.most if part is not None else None
        if most is not None and condition.at_least > most:
            found.append(subject.at("MECH_UNREACHABLE", f"nobody can have {condition.at_least} {condition.by}: "
                                    f"at most {most} under this pack, so this end never comes",
                                    f"/mechanics/end/{condition.index}/at_least"))
    return found


def unstoppable_ends(subject: Subject, mechanics: Any) -> list[Finding]:
    """An end tested as a turn ends needs the flow's ``end`` transition: without one the game could not
    stop there (the driver refuses to load such a pack, MECH_NO_STOP)."""
    transitions = (subject.doc.get("flow") or {}).get("transitions") or ()
    if any(isinstance(t, dict) and t.get("trigger") == "end" for t in transitions):
        return []
    return [subject.at("MECH_NO_STOP", "this end is tested as each turn ends, but the flow has no 'end' transition "
                       "(from the states where players decide to the final scoring) to stop the game there",
                       f"/mechanics/end/{c.index}/at") for c in mechanics.end if c.at == "turn"]

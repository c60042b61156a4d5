"""Dead data: every value of a pack that no code reads is a finding (``DATA_UNREAD``).

A house-ruler who changes such a value changes nothing, and nobody tells him. The reads are recorded
(``check.reads``) while the game compiles the document, builds its flow, runs the game's own document
checks, and plays a deterministic reference set of games: every setup mode, every player count, three
seeds, random and greedy bots. Not reported: annotations (``provenance``, ``note``, ``doc``), ids (texts
name things by them), the rule index, texts and rulebook layout, and what ``pack.unread`` declares with
a reason (box contents no rule depends on). A variant is judged on the values its changes write.

The verdict depends only on the document and the game's code, so it is kept in the cache folder under
the document's content hash and the stamps of the game's modules.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from regola.check.findings import Finding
from regola.check.reads import Reads, seen
from regola.check.subject import Subject, walk
from regola.core import diskcache

__all__ = ["check_unread", "unread_pointers"]

#: top-level parts that are not game data (the rule index, texts, rulebook layout) or are read whole
NOT_DATA = frozenset({"rules", "text", "rulebook"})
ANNOTATIONS = frozenset({"provenance", "note", "notes", "doc", "id", "why", "cites"})
SEEDS = (0, 1, 2)
MAX_DECISIONS = 20_000  # per reference game: a game that does not end is cut, not waited for


def _annotation(pointer: str) -> bool:
    tokens = pointer.split("/")[1:]
    if not tokens or tokens[0] in NOT_DATA:
        return True
    return any(t in ANNOTATIONS or t.endswith("_provenance") for t in tokens)


def _play(ruleset: Any) -> None:
    from regola.core.bots import Observation
    from regola.core.game import CHANCE, TERMINAL, Game

    definition = ruleset.definition
    low, high = ruleset.players_range()
    greedy = definition.bots.get("greedy")
    for setup in definition.setup_modes(ruleset.rules):
        for players in range(low, high + 1):
            for seed in SEEDS:
                game = Game.new(ruleset, players, seed, setup)
                rng = random.Random(f"unread/{seed}/{players}")
                # seed 0: random bots only (they try what no plan would); then greedy on alternate seats
                bots = [greedy(s, seed, ruleset.rules) if greedy and seed and (s + seed) % 2 else None
                        for s in range(players)]
                for _ in range(MAX_DECISIONS):
                    who = game.current_player()
                    if who == TERMINAL:
                        break
                    if who == CHANCE:
                        game.apply(game.sample_chance())
                        continue
                    bot = bots[who]
                    legal = game.legal_actions()
                    game.apply(bot.choose(Observation(who, legal, game.view)) if bot else rng.choice(legal))


def _other_readers(data: Any) -> None:
    """What the engine reads of a document outside play: a table's take-back policy (``/undo``)."""
    from regola.core.undo import UndoPolicy

    UndoPolicy.of(data)


def _record(subject: Subject) -> Reads | None:
    """The reads of the engine and the game's checks on this document; None when it does not play."""
    from regola.core.game import Ruleset

    reads = Reads(frozenset({"flow"}))  # the flow is read whole by Flow.build
    tracked = replace(subject.pack, data=seen(subject.pack.data, "", reads))
    try:
        ruleset = Ruleset(tracked)
        _play(ruleset)
        _other_readers(tracked.data)
    except Exception:  # a document that does not compile or play: COMPILE and the other checks say why
        return None
    for check in ruleset.definition.pack_checks:  # what the game's own checks read counts as read
        try:
            check(replace(subject, pack=tracked))
        except Exception:  # a check that cannot read the view: its reads are simply not counted
            continue
    return reads


def _code_stamps(game: str) -> tuple[diskcache.Stamp, ...]:
    """The files a verdict depends on: the game's package, the core's driver and flow, this check."""
    from regola.core.game import definition_for

    rules_module = sys.modules[definition_for(game).compile_rules.__module__]
    package = Path(rules_module.__file__ or ".").parent
    core = Path(__file__).parents[1] / "core"
    files = sorted({*package.rglob("*.py"), core / "game.py", core / "flow.py", Path(__file__),
                    Path(__file__).with_name("reads.py"), core.parent / "tables" / "undo.py"})
    return tuple(diskcache.stamp(f) for f in files)


def unread_pointers(subject: Subject) -> list[str] | None:
    """Every leaf of the document no code reads (annotations aside); None when it does not play."""
    key = f"{subject.pack.game}\n{subject.pack.content_hash}\n{sorted(subject.doc.get('text', {}))}"
    stored = diskcache.load_stamped("unread", key)
    if stored is not None:
        return list(stored[1]) if stored[1] is not None else None
    reads = _record(subject)
    found = None if reads is None else [p for p, _ in walk(subject.doc) if not _annotation(p) and not reads.covers(p)]
    diskcache.store_stamped("unread", key, _code_stamps(subject.pack.game), found)
    return found


def _declared(subject: Subject) -> list[tuple[int, str]]:
    return [(i, entry["path"]) for i, entry in enumerate(subject.pack.meta.get("unread", []) or [])]


def _under(pointer: str, prefix: str) -> bool:
    return pointer == prefix or pointer.startswith(prefix + "/")


def check_unread(subject: Subject) -> list[Finding]:
    """DATA_UNREAD for every value no code reads (a variant: for the values its changes write);
    DATA_UNREAD_DECLARED (a warning) for a ``pack.unread`` entry that is read after all or is not there."""
    unread = unread_pointers(subject)
    if unread is None:
        return []
    declared = _declared(subject)
    findings = []
    written = [change.pointer for change in subject.pack._locator.changes] if subject.variant else None
    borrowed = [path for entry in subject.pack.meta.get("borrows", []) for path in entry.get("paths", [])]
    for pointer in unread:
        if any(_under(pointer, path) for _, path in declared) or any(_under(pointer, b) for b in borrowed):
            continue  # declared; or borrowed, which the lending pack's own check judges
        if written is not None and not any(_under(pointer, w) or _under(w, pointer) for w in written):
            continue
        findings.append(subject.at("DATA_UNREAD", f"no code reads {pointer}: changing it changes nothing in "
                                   "play (read it in the game's code, remove it, or declare it in pack.unread "
                                   "with the reason)", pointer))
    if subject.variant is None:
        for index, path in declared:
            if not any(_under(p, path) for p in unread):
                findings.append(subject.at("DATA_UNREAD_DECLARED", f"pack.unread names {path}, but the game "
                                           "reads it (or it is not there): drop the declaration",
                                           f"/pack/unread/{index}/path"))
    return findings

"""The words of a seat's legal actions and of the events, in the reader's language: the game's own
terminal words (``GameDefinition.terminal``: ``describe``, ``option``) over the state of the table the
seat's token opens, so a choice names its cost exactly as the terminal game does."""

from __future__ import annotations

from typing import Any

from regola.core.step import Action
from regola.tables.table import Table
from regola.tables.words import language_for
from regola.text.declared import DeclaredWords
from regola.text.speech import Speech, speech_for

__all__ = ["Choice", "choices", "event_words", "speech_of"]

#: (position in the legal list, group heading or None, label)
Choice = tuple[int, str | None, str]


def speech_of(table: Table, lang: str) -> Speech:
    """The table's game words in the language a reader asking ``lang`` reads it in (``language_for``)."""
    pack = table.ruleset.pack
    return speech_for(pack, language_for(pack, lang))


def _as_action(value: Any) -> Action:
    return tuple(_as_action(v) if isinstance(v, list) else v for v in value)


def choices(table: Table, legal: list[Any], speech: Speech) -> list[Choice]:
    """Each legal action of the seat to move as (index, group, label)."""
    hook = table.ruleset.definition.terminal
    state = table.game.state
    if hook is None:
        return [(i, None, " ".join(str(p) for p in action)) for i, action in enumerate(legal)]
    words = DeclaredWords(hook())  # a move the pack declares is said from its operations
    out: list[Choice] = []
    for i, raw in enumerate(legal):
        group, label = words.option(state, _as_action(raw), speech)
        out.append((i, group, label))
    return out


def event_words(events: list[dict[str, Any]]) -> list[str]:
    """The sentences of a message's events, as the table told them in the message's language (``said``:
    regola.text.moves, the same words the terminal uses)."""
    return [str(sentence) for event in events for sentence in event.get("said", ())]

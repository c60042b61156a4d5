"""The words of a seat's legal actions and of the events, in the reader's language: the game's own
terminal words (``GameDefinition.terminal``: ``describe``, ``option``) over the state of the table the
seat's token opens, so a choice names its cost exactly as the terminal game does."""

from __future__ import annotations

from typing import Any

from regola.core.step import Action
from regola.tables.table import Table
from regola.tables.words import Words
from regola.text.speech import Speech, speech_for

__all__ = ["Choice", "choices", "event_words", "speech_of"]

#: (position in the legal list, group heading or None, label)
Choice = tuple[int, str | None, str]


def speech_of(table: Table, lang: str) -> Speech:
    from regola.text.catalog import languages_of
    from regola.text.lang import LanguageError, negotiate

    pack = table.ruleset.pack
    try:
        language = negotiate(lang, pack.language, languages_of(pack.game), pack.id)
    except LanguageError:
        language = pack.language
    return speech_for(pack, language)


def _as_action(value: Any) -> Action:
    return tuple(_as_action(v) if isinstance(v, list) else v for v in value)


def choices(table: Table, legal: list[Any], speech: Speech) -> list[Choice]:
    """Each legal action of the seat to move as (index, group, label)."""
    hook = table.ruleset.definition.terminal
    state = table.game.state
    if hook is None:
        return [(i, None, " ".join(str(p) for p in action)) for i, action in enumerate(legal)]
    words = hook()
    out: list[Choice] = []
    for i, raw in enumerate(legal):
        group, label = words.option(state, _as_action(raw), speech)
        out.append((i, group, label))
    return out


def event_words(events: list[dict[str, Any]], words: Words) -> list[str]:
    """The events of a message as short sentences: who, and what kind of decision (the kind as the rule
    catalog names it; a decision the reader may not know is told as a secret one)."""
    catalog = words.catalog
    names: dict[str, str] = {}
    for verb, template in catalog.names("actions").items():
        if isinstance(template, str):
            names[str(verb)] = template.split("{", 1)[0].strip(" :") or str(verb)
    names.update({str(verb): str(name) for verb, name in catalog.names("action_kinds").items()})
    out = []
    for event in events:
        action = event.get("action")
        what = names.get(str(action[0]), str(action[0])) if action else words.gettext("decides in secret")
        out.append(words.gettext("Seat {seat}: {what}", seat=words.number(int(event["seat"]) + 1), what=what))
    return out

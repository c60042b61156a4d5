"""What happened in a game, in words: the one place every surface turns a decision, and what the flow did
by itself after it, into sentences (issue 30 item 2). The terminal's news, the tables' move log (and the
messages a program reads), the replay viewer and `regola replay --moves` all call here, so a move reads
the same wherever it is told.

The sentences are the game's own (``GameDefinition.terminal``: ``narrate`` for a decision, told before it
is applied so its price and place are still on the board; ``happenings`` for what the flow did, from two
public views). They are what every player may hear: a secret decision is told as one, never its content.
A game with no words of its own is told generically: the seat's name and the action's parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regola.core.game import GameDefinition
from regola.core.step import Action
from regola.text.declared import DeclaredWords
from regola.text.seats import seat_name
from regola.text.speech import Speech

__all__ = ["flow_words", "move_words"]


def move_words(definition: GameDefinition, state: Any, seat: int, action: Action, speech: Speech) -> str:
    """What ``seat`` does with ``action``, as every player may hear it. Call it before the action is
    applied: the sentence names what the action costs and where, as the board showed it."""
    if definition.terminal is not None:
        return str(DeclaredWords(definition.terminal()).narrate(state, seat, action, speech))
    # TRANSLATORS: what another player did: who, then the action in the rule catalog's words
    return speech.gettext("{who}: {what}", who=seat_name(speech, seat), what=" ".join(str(p) for p in action))


def flow_words(definition: GameDefinition, state: Any, before: Mapping[str, Any], after: Mapping[str, Any],
               speech: Speech) -> list[str]:
    """What the flow did by itself between two public views of ``state``'s game (an invention completed
    and its reward, a lot won): nothing a seat may not see, since both views are public."""
    if definition.terminal is None:
        return []
    telling = getattr(definition.terminal(), "happenings", None)
    return [] if telling is None else [str(s) for s in telling(state, before, after, speech)]
